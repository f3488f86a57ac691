/**
 * Entities and key templates: Java records stored as items, with partition and sort keys built from their
 * components by {@link dev.nosqlpatterns.entity.KeyTemplate}s, tagged with their entity type, and grouped into
 * item collections that one query reads back typed.
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
 * Key placeholders hold strings, booleans, enums, integers, decimals, floating-point numbers, instants, dates,
 * year-months and UUIDs, written in the forms described by {@code KeyTemplate} and the entity type: numbers,
 * instants and dates in fixed-width or order-preserving forms, so a sort key of one numeric or time placeholder
 * sorts in value order. Values containing the template's separators are escaped, never refused.
 */
package dev.nosqlpatterns.entity;
