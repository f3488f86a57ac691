/**
 * Entities and key templates: Java records stored as items, with partition and sort keys built from their
 * components by {@link dev.nosqlpatterns.entity.KeyTemplate}s, tagged with their entity type, and grouped into
 * item collections that one query reads back typed.
 *
 * <h2>Access patterns an entity type declares</h2>
 * An {@link dev.nosqlpatterns.entity.EntityType} declares its indexes ({@link dev.nosqlpatterns.entity.EntityIndex}:
 * unique, sorted, sparse) and, optionally, a version component. The
 * {@link dev.nosqlpatterns.entity.EntityRepository} keeps them in step on every save, update, patch and delete:
 * <ul>
 *   <li>an index is kept by the store's native index where its reads see every acknowledged write, otherwise
 *       by an index table written atomically with the item where the store can, or in an order whose only
 *       leftovers are stale entries that reads skip and {@code repair()} removes; every index table of a type is
 *       written by the same write ({@link dev.nosqlpatterns.index.IndexGroup});</li>
 *   <li>queries by index are typed and paged ({@link dev.nosqlpatterns.entity.IndexedQuery},
 *       {@link dev.nosqlpatterns.entity.EntityPage}), in the index's order, with cursors bound to the query;</li>
 *   <li>a versioned type is written by compare-and-set: a stale save or delete fails with
 *       {@link dev.nosqlpatterns.entity.VersionConflictException}, and {@code update} retries a change on the
 *       current version;</li>
 *   <li>a patch ({@link dev.nosqlpatterns.entity.EntityPatch}) changes components in place, in one request
 *       unless an index depends on them;</li>
 *   <li>{@code verify()} and {@code repair()} cover every index table ({@link dev.nosqlpatterns.entity.EntityVerification}).</li>
 * </ul>
 * Items written by a repository carry, beside the type tag, a version ({@code _version}) and, per index, its
 * value ({@code _ix_<name>}) and order ({@code _ixo_<name>}); records never see them.
 *
 * <h2>How components become attributes</h2>
 * Every record component that no key template names becomes one attribute of the same name (by reflection on
 * the record components; the mapping of each record class is built once and cached):
 * <ul>
 *   <li>{@code String} is a string; {@code char} a string of that one char; {@code boolean} a boolean.</li>
 *   <li>{@code byte}, {@code short}, {@code int}, {@code long}, {@code float}, {@code double}, their boxes,
 *       {@code BigInteger} and {@code BigDecimal} are exact numbers. Floating-point values are stored by their
 *       shortest decimal form and must be finite; numbers come back numerically equal, but a BigDecimal's scale is
 *       not kept ({@code 1.50} reads as {@code 1.5}), and a value that does not fit the component is an error.</li>
 *   <li>An enum is the string of its name. An {@code Instant} is the string
 *       {@code yyyy-MM-ddTHH:mm:ss.nnnnnnnnnZ} (UTC, always nine fraction digits, so text order is time order);
 *       only 0000-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z can be stored, others are refused. A
 *       {@code LocalDate} is {@code yyyy-MM-dd}, a {@code YearMonth} {@code yyyy-MM} (years 0000 to 9999), a
 *       {@code UUID} its lower-case text.</li>
 *   <li>{@code byte[]} is binary; a component declared as {@link dev.nosqlpatterns.item.Value} is stored as it is.</li>
 *   <li>A nested record is a map of its components, mapped by these same rules.</li>
 *   <li>{@code List<T>} is a list (null elements become null values); {@code Map<String, T>} a map whose keys
 *       must be valid attribute names; {@code Set<T>} of strings, enums, UUIDs, dates or instants is a string
 *       set, and of numbers a number set. Collections read back are unmodifiable.</li>
 *   <li>Absent and null are one: a null component, an empty {@code Optional} and an empty set are left out of
 *       the item, and an absent attribute reads as null, an empty {@code Optional} or an empty set (and is an
 *       error for a primitive). Attributes the record does not declare are ignored, so old code reads items
 *       written by newer code.</li>
 * </ul>
 * Anything else (other collections, raw or wildcard types, type variables) is refused when the entity type is
 * defined, with a message naming the record, the component and the type.
 *
 * <h2>Keys</h2>
 * A placeholder of a key template names a component, whose value is written as text in a form that keeps value
 * order where the type has one, so that a sort key made of one typed placeholder sorts in value order:
 * <ul>
 *   <li>{@code String}: as it is; a {@code UUID}: its lower-case text; an enum: its name; a boolean:
 *       {@code false} or {@code true}.</li>
 *   <li>{@code byte}, {@code short}, {@code int}, {@code long} (and boxes): fixed-width decimal, 3, 5, 10 and 19
 *       digits; a negative value is {@code -} followed by the value plus 10<sup>width</sup>, so {@code 1001} as a long
 *       is {@code 0000000000000001001} and {@code -1} is {@code -9999999999999999999}.</li>
 *   <li>{@code BigInteger}, {@code BigDecimal}, {@code float}, {@code double}: the DECIMAL token of
 *       {@link dev.nosqlpatterns.key.CompositeKeyCodec} without its trailing separator ({@code 42} is
 *       {@code >a142}).</li>
 *   <li>{@code Instant}, {@code LocalDate}, {@code YearMonth}: the same fixed-width text as attributes.</li>
 * </ul>
 * The template then escapes its stop characters inside the text (see {@link dev.nosqlpatterns.entity.KeyTemplate}),
 * so values containing a separator are stored and read back, never refused. Order is kept unless a stop character
 * occurs in the forms of some values but not at the same place in others: separators such as {@code |}, {@code #}
 * or {@code /} never occur in the forms of numbers, instants and dates, while {@code -} as a separator would move
 * negative numbers after positive ones.
 */
package dev.nosqlpatterns.entity;
