package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How one kind of record is stored: its logical table, the key templates that build its partition and sort
 * keys from its components, and the entity-type name every item of it is tagged with.
 *
 * <p>Why: in single-table designs several kinds of items share a table and even a partition (e.g. a news reader's
 * subscriber rows {@code <BASE>}, {@code <LIKES>}, ...), so reads must know which items are which. Each item
 * carries its type name in the attribute {@value #TYPE_ATTRIBUTE}; {@link #fromItem} refuses, and the
 * repository's queries skip, items of any other type, so a query never returns another entity's items by
 * accident.
 *
 * <pre>{@code
 * record Article(String author, String id, String title, Set<String> topics, Instant published) {}
 * EntityType<Article> articles = EntityType.builder(Article.class)
 *         .table("articles").partitionKey("author:{author}").sortKey("article:{id}").build();
 * }</pre>
 *
 * <p>Components named in a template form the key and, unless {@link Builder#copyKeyFieldsToAttributes} is
 * set, are not repeated as attributes: they are read back from the key (see {@link KeyTemplate}, whose
 * escaping makes that exact for every value). Every other component becomes an attribute as described by
 * the package documentation. Immutable and thread-safe.
 *
 * @param <T> the record class
 */
public final class EntityType<T extends Record> {

    /** The attribute holding the entity-type name of every item written through an entity type. */
    public static final String TYPE_ATTRIBUTE = "_type";
    /** The attribute holding the version of every item a repository writes (the version component's value). */
    public static final String VERSION_ATTRIBUTE = "_version";
    /**
     * The attribute holding the schema version an item was written at, when above 1; an item without it is at
     * schema version 1.
     */
    public static final String SCHEMA_VERSION_ATTRIBUTE = "~schemaVersion";

    private final Class<T> recordClass;
    private final String name;
    private final String table;
    private final KeyTemplate partition;
    private final KeyTemplate sort;
    private final RecordCodec codec;
    private final EntityKeys keys;
    private final Map<String, RecordCodec.Component> keyComponents;
    private final Set<String> notStored;
    private final Value.Str tag;
    private final Map<String, IndexKeys> indexes;
    private final RecordCodec.Component version;
    private final java.time.Duration timeToLive;
    private final RecordCodec.Component expiresAt;
    private final SchemaUpgrades schema;
    private final boolean tenantScoped;
    /** The last item {@link #isTypeOf} was asked about, and its answer. */
    private volatile TypeAnswer lastAnswer;

    private EntityType(Builder<T> b, Map<String, KeyForm> forms) {
        this.recordClass = b.recordClass;
        this.name = b.name;
        this.table = b.table;
        this.partition = b.partition;
        this.sort = b.sort;
        this.codec = b.codec;
        this.keys = new EntityKeys(name, recordClass.getSimpleName(), partition, sort, forms);
        Map<String, RecordCodec.Component> components = new LinkedHashMap<>();
        forms.keySet().forEach(n -> components.put(n, codec.component(n)));
        this.keyComponents = java.util.Collections.unmodifiableMap(components);
        Set<String> skipped = new java.util.HashSet<>(b.copyKeyFields ? Set.of() : forms.keySet());
        if (b.version != null) {
            skipped.add(b.version);
        }
        this.notStored = Set.copyOf(skipped);
        this.version = b.version == null ? null : codec.component(b.version);
        this.timeToLive = b.timeToLive;
        this.expiresAt = b.expiresAt == null ? null : codec.component(b.expiresAt);
        this.tag = Value.of(name);
        this.schema = new SchemaUpgrades(b.name, b.schemaVersion, b.upgrades);
        this.tenantScoped = b.tenantScoped;
        Map<String, IndexKeys> declared = new LinkedHashMap<>();
        b.indexes.forEach((n, ix) -> declared.put(n, new IndexKeys(ix, name, recordClass.getSimpleName(), codec,
                b.indexForms.get(n))));
        this.indexes = java.util.Collections.unmodifiableMap(declared);
    }

    /**
     * Starts the definition of an entity type for {@code recordClass}.
     *
     * @throws IllegalArgumentException naming the record, component and type when a component cannot be stored
     */
    public static <T extends Record> Builder<T> builder(Class<T> recordClass) {
        return new Builder<>(recordClass);
    }

    public Class<T> recordClass() {
        return recordClass;
    }

    /** The entity-type name items are tagged with. */
    public String name() {
        return name;
    }

    public String table() {
        return table;
    }

    public KeyTemplate partitionTemplate() {
        return partition;
    }

    public KeyTemplate sortTemplate() {
        return sort;
    }

    /**
     * Whether the type's entities belong to tenants ({@link Builder#tenantScoped()}): a repository holding it is
     * built on a tenant's handle ({@code Tenants.forTenant(id)}) only.
     */
    public boolean tenantScoped() {
        return tenantScoped;
    }

    /** The name of the component holding each entity's version, when the type is versioned. */
    Optional<String> versionComponent() {
        return Optional.ofNullable(version).map(RecordCodec.Component::name);
    }

    /**
     * The schema version this type writes its items at (1 unless declared with {@link Builder#schemaVersion}).
     * Items written at an older schema version are upgraded when read, by the steps declared with
     * {@link Builder#upgrade}.
     */
    public int schemaVersion() {
        return schema.version();
    }

    /**
     * The item of an entity saved at {@code now}, with the expiry the type declares
     * ({@link dev.nosqlpatterns.item.Expiry}): {@code now} plus the time to live, or the instant in the expiry
     * component (none when it is null); unchanged when the type declares neither.
     */
    Item expiring(Item item, Record entity, java.time.Instant now) {
        if (timeToLive != null) {
            return dev.nosqlpatterns.item.Expiry.at(item, now.plus(timeToLive));
        }
        if (expiresAt != null) {
            Object at = codec.get(entity, expiresAt);
            return at == null ? item : dev.nosqlpatterns.item.Expiry.at(item, (java.time.Instant) at);
        }
        return item;
    }

    long versionOf(T entity) {
        if (version == null) {
            return 0;
        }
        Object v = codec.get(entity, version);
        return v == null ? 0 : ((Number) v).longValue();
    }

    /** The entity with {@code newVersion} in its version component. */
    T withVersion(T entity, long newVersion) {
        Map<String, Object> given = new LinkedHashMap<>();
        given.put(version.name(), versionValue(newVersion));
        return recordClass.cast(codec.copyWith(entity, given));
    }

    private Object versionValue(long v) {
        Class<?> t = version.rawType();
        return Numbers.fromBigDecimal(java.math.BigDecimal.valueOf(v), t == long.class ? Long.class : t == int.class ? Integer.class : t);
    }

    /**
     * The component a partial update may change, checked: it exists and is neither a key component nor the
     * version component.
     *
     * @throws IllegalArgumentException naming the component and why it cannot be changed in place
     */
    RecordCodec.Component patchable(String component) {
        Objects.requireNonNull(component, "component name is null");
        RecordCodec.Component c = codec.component(component);
        if (c == null) {
            throw new IllegalArgumentException(recordClass.getSimpleName() + " has no component '" + component + "'");
        }
        if (keyComponents.containsKey(component)) {
            throw new IllegalArgumentException("'" + component + "' is in the key of entity type '" + name
                    + "'; a key cannot change in place: delete the entity and save it under its new key");
        }
        if (version != null && version.name().equals(component)) {
            throw new IllegalArgumentException("'" + component + "' is the version of entity type '" + name
                    + "'; every write sets it");
        }
        return c;
    }

    /** The attribute value of {@code value} for component {@code c} (null to leave it out). */
    Value encode(RecordCodec.Component c, Object value) {
        return value == null ? null : c.codec().encode(value, recordClass.getSimpleName() + "." + c.name());
    }

    /** A copy of the entity with the named components replaced. */
    T with(T entity, Map<String, Object> replaced) {
        return recordClass.cast(codec.copyWith(entity, replaced));
    }

    /** The value of a component of an entity. */
    Object get(T entity, RecordCodec.Component c) {
        return codec.get(entity, c);
    }

    /** True when a declared index's templates name {@code component}. */
    boolean indexed(String component) {
        return indexes.values().stream().map(IndexKeys::index).anyMatch(ix -> ix.partition().placeholders().contains(component)
                || ix.sort().map(t -> t.placeholders().contains(component)).orElse(false));
    }

    /** The indexes this type declares, in declaration order. */
    public List<EntityIndex> indexes() {
        return indexes.values().stream().map(IndexKeys::index).toList();
    }

    /** The keys of a declared index; fails naming the declared ones when there is none of this name. */
    IndexKeys indexKeys(String indexName) {
        IndexKeys keysOf = indexes.get(Objects.requireNonNull(indexName, "index name is null"));
        if (keysOf == null) {
            throw new IllegalArgumentException("entity type '" + name + "' declares no index '" + indexName
                    + "'; it declares " + indexes.keySet());
        }
        return keysOf;
    }

    /** The component types of the key placeholders, by name. */
    Map<String, Class<?>> keyTypes() {
        return keys.types();
    }

    /**
     * The key of an entity.
     *
     * @throws IllegalArgumentException when a key component is null or has no key form (an instant outside the
     *                                  supported range, say)
     */
    public Key keyOf(T entity) {
        Objects.requireNonNull(entity, () -> "entity of type '" + name + "' is null");
        Map<String, Object> values = new LinkedHashMap<>();
        keyComponents.forEach((placeholder, c) -> values.put(placeholder, codec.get(entity, c)));
        return keys.key(values);
    }

    /**
     * The key of the entity whose key components have the given values (names as in the templates).
     *
     * @throws IllegalArgumentException when a placeholder has no value, a name is unknown, or a value has the
     *                                  wrong type for its component
     */
    public Key key(Map<String, ?> keyValues) {
        Objects.requireNonNull(keyValues, "key values are null");
        keys.checkNames(keyValues.keySet(), keyComponents.keySet(), "the key");
        return keys.key(keys.accept(keyValues));
    }

    /**
     * The key given by the components of {@code keyHolder} that the templates name: the entity itself, or any
     * record with components of those names (a small key record).
     *
     * @throws IllegalArgumentException when the holder lacks a component the templates name, or it has the
     *                                  wrong type
     */
    public Key key(Record keyHolder) {
        Objects.requireNonNull(keyHolder, "key holder is null");
        if (recordClass.isInstance(keyHolder)) {
            return keyOf(recordClass.cast(keyHolder));
        }
        Map<String, Object> values = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        Map<String, java.lang.reflect.Method> accessors = Accessors.of(keyHolder.getClass());
        for (String placeholder : keyComponents.keySet()) {
            java.lang.reflect.Method accessor = accessors.get(placeholder);
            if (accessor == null) {
                missing.add(placeholder);
            } else {
                values.put(placeholder, Accessors.invoke(accessor, keyHolder));
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("record " + keyHolder.getClass().getName() + " cannot give the key of '"
                    + name + "': it has no component " + missing + "; the key templates name " + keyComponents.keySet());
        }
        return key(values);
    }

    /**
     * The partition key for the partition template's placeholders.
     *
     * @throws IllegalArgumentException as {@link #key(Map)} does, for the partition template's names
     */
    public String partitionKey(Map<String, ?> partitionValues) {
        Objects.requireNonNull(partitionValues, "partition values are null");
        keys.checkNames(partitionValues.keySet(), new LinkedHashSet<>(partition.placeholders()), "the partition key");
        return keys.render(partition, keys.accept(partitionValues));
    }

    /**
     * The sort-key prefix that selects this type's items whose leading sort placeholders have the given values
     * (see {@link KeyTemplate#prefix}); with no values, the sort template's constant prefix.
     */
    public String sortPrefix(Map<String, ?> leadingSortValues) {
        Objects.requireNonNull(leadingSortValues, "leading sort values are null");
        return keys.sortPrefix(keys.accept(leadingSortValues));
    }

    /** The item of an entity: its key, its components as attributes and the type tag. */
    public Item toItem(T entity) {
        Key key = keyOf(entity);
        Map<String, Value> attributes = codec.encodeFields(entity, recordClass.getSimpleName(), notStored);
        attributes.put(TYPE_ATTRIBUTE, tag);
        if (schema.version() > 1) {
            attributes.put(SCHEMA_VERSION_ATTRIBUTE, Value.of((long) schema.version()));
        }
        return new Item(key, attributes);
    }

    /**
     * True when the item is one of this type's: tagged with its name, and with a key its templates match. Reads
     * skip every other item, so an item of another type under the same key prefix is never returned as this one.
     */
    public boolean isTypeOf(Item item) {
        TypeAnswer last = lastAnswer;
        if (last != null && last.item() == item) {
            return last.typed();
        }
        boolean typed = isTagged(item) && keys.matches(item.key());
        lastAnswer = new TypeAnswer(item, typed);
        return typed;
    }

    /** An item and whether it is of this type: one write asks about the same item once per index and per step. */
    private record TypeAnswer(Item item, boolean typed) {
    }

    private boolean isTagged(Item item) {
        return tag.equals(item.attributes().get(TYPE_ATTRIBUTE));
    }

    /**
     * The entity an item holds.
     *
     * <p>An item written at an older schema version is upgraded first, step by step, by the functions declared
     * with {@link Builder#upgrade} (a lazy migration: the stored item is left as it is until it is written again).
     *
     * @throws EntityMappingException when the item has another type tag (or none), its key does not match the
     *                                templates, its attributes cannot be read as the record's components, it was
     *                                written at a newer schema version than this type's, or at an older one for
     *                                which no upgrade step is declared (the message names both versions)
     */
    public T fromItem(Item item) {
        Objects.requireNonNull(item, "item is null");
        if (!isTagged(item)) {
            throw new EntityMappingException("item " + item.key() + " is tagged " + item.attributes().get(TYPE_ATTRIBUTE)
                    + ", not as an entity of type '" + name + "'");
        }
        item = schema.upgraded(item);
        Map<String, Object> keyValues = new LinkedHashMap<>(keyValues(item.key()));
        if (version != null) {
            long v = item.getLong(VERSION_ATTRIBUTE).orElse(0L);
            keyValues.put(version.name(), versionValue(v));
        }
        return recordClass.cast(codec.decodeFields(item.attributes(), recordClass.getSimpleName(), keyValues));
    }

    /** The schema version {@code item} was written at: its {@value #SCHEMA_VERSION_ATTRIBUTE}, or 1 without one. */
    public static int schemaVersionOf(Item item) {
        return Objects.requireNonNull(item, "item is null").getLong(SCHEMA_VERSION_ATTRIBUTE).orElse(1L).intValue();
    }

    /**
     * The key components a key was built from, by name.
     *
     * @throws EntityMappingException when the key does not match the templates, or a placeholder that appears in
     *                                both templates has two different values
     */
    public Map<String, Object> keyValues(Key key) {
        return keys.read(Objects.requireNonNull(key, "key is null"));
    }

    @Override
    public String toString() {
        return "EntityType[" + name + ": " + recordClass.getSimpleName() + " in " + table + " as (" + partition + ", "
                + sort + ")]";
    }

    /**
     * Collects an entity type's definition. Each setter checks its own argument at once; {@link #build()} checks
     * that the templates name existing components of key-able types and reports every problem together.
     *
     * @param <T> the record class
     */
    public static final class Builder<T extends Record> {
        private final Class<T> recordClass;
        private final RecordCodec codec;
        private String name;
        private String table;
        private KeyTemplate partition;
        private KeyTemplate sort;
        private boolean copyKeyFields;
        private String version;
        private java.time.Duration timeToLive;
        private String expiresAt;
        private int schemaVersion = 1;
        private boolean tenantScoped;
        private final Map<Integer, java.util.function.UnaryOperator<Item>> upgrades = new java.util.HashMap<>();
        private final Map<String, EntityIndex> indexes = new LinkedHashMap<>();
        private final Map<String, Map<String, KeyForm>> indexForms = new LinkedHashMap<>();
        private final List<String> indexProblems = new ArrayList<>();

        private Builder(Class<T> recordClass) {
            Objects.requireNonNull(recordClass, "record class is null");
            if (!recordClass.isRecord()) {
                throw new IllegalArgumentException(recordClass.getName() + " is not a record class");
            }
            this.recordClass = recordClass;
            this.codec = RecordCodec.of(recordClass);
            this.name = recordClass.getSimpleName();
        }

        /** The entity-type name items are tagged with (1 to 100 characters); by default the record's simple name. */
        public Builder<T> name(String typeName) {
            Objects.requireNonNull(typeName, "entity type name is null");
            if (typeName.isEmpty() || Utf8Order.firstUnpairedSurrogate(typeName) >= 0 || typeName.length() > 100) {
                throw new IllegalArgumentException("entity type name \"" + typeName
                        + "\" must be 1 to 100 characters of well-formed text");
            }
            this.name = typeName;
            return this;
        }

        /** The logical table the items live in; see {@link TableSpec#checkName}. */
        public Builder<T> table(String tableName) {
            this.table = TableSpec.checkName(tableName);
            return this;
        }

        /** The partition key template, e.g. {@code author:{author}}; see {@link KeyTemplate}. */
        public Builder<T> partitionKey(String template) {
            this.partition = KeyTemplate.parse(template);
            return this;
        }

        /** The sort key template, e.g. {@code article:{id}} or the constant {@code <BASE>}. */
        public Builder<T> sortKey(String template) {
            this.sort = KeyTemplate.parse(template);
            return this;
        }

        /** Whether key components are also written as attributes (for native indexes or readable data); off by default. */
        public Builder<T> copyKeyFieldsToAttributes(boolean copy) {
            this.copyKeyFields = copy;
            return this;
        }

        /**
         * Declares a non-unique index finding entities by the value of {@code partitionTemplate}, e.g.
         * {@code index("byCity", "{city}")}; see {@link EntityIndex}.
         */
        public Builder<T> index(String indexName, String partitionTemplate) {
            return index(EntityIndex.named(indexName, partitionTemplate));
        }

        /**
         * Declares a non-unique index ordered by {@code sortTemplate} within a value, e.g.
         * {@code index("byCity", "{city}", "{name}")}.
         */
        public Builder<T> index(String indexName, String partitionTemplate, String sortTemplate) {
            return index(EntityIndex.named(indexName, partitionTemplate).sortedBy(sortTemplate));
        }

        /** Declares a unique index: at most one entity holds each value of {@code template}, e.g. {@code {email}}. */
        public Builder<T> uniqueIndex(String indexName, String template) {
            return index(EntityIndex.named(indexName, template).unique());
        }

        /**
         * Versions the entities in {@code component} (a {@code long}, {@code int} or their box): a save must carry
         * the version it read (0 for a new entity) and stores the next one, a delete can require one, and a
         * conflicting write fails with {@link VersionConflictException} naming both versions.
         */
        public Builder<T> version(String component) {
            this.version = Objects.requireNonNull(component, "version component is null");
            return this;
        }

        /**
         * Entities expire {@code ttl} after each save ({@link dev.nosqlpatterns.item.Expiry}), by the store's
         * clock: reads leave them out from then on, and their index entries expire with them.
         *
         * @throws IllegalArgumentException when {@code ttl} is not positive
         */
        public Builder<T> timeToLive(java.time.Duration ttl) {
            Objects.requireNonNull(ttl, "time to live is null");
            if (ttl.isNegative() || ttl.isZero()) {
                throw new IllegalArgumentException("time to live must be positive, got " + ttl);
            }
            this.timeToLive = ttl;
            return this;
        }

        /**
         * Entities expire at the instant in {@code component} (a {@link java.time.Instant}; null: never), with
         * their index entries; checked by {@link #build()}.
         */
        public Builder<T> expiresAt(String component) {
            this.expiresAt = Objects.requireNonNull(component, "expiry component is null");
            return this;
        }

        /**
         * Declares that every entity of this type belongs to a tenant: {@link EntityRepository#of(
         * dev.nosqlpatterns.store.Store, EntityType[]) EntityRepository.of} then refuses a store that is no tenant's
         * handle, so that no code path reaches the type's items, or its index entries, through the shared store,
         * where one call could read or change every tenant's data. Get the handle from
         * {@code dev.nosqlpatterns.tenant.Tenants#forTenant(String)}.
         */
        public Builder<T> tenantScoped() {
            this.tenantScoped = true;
            return this;
        }

        /**
         * The schema version this type writes its items at (1 by default; items without one are at 1). Reading an
         * item written at a newer version fails naming both; an older one is upgraded by the declared steps.
         *
         * @throws IllegalArgumentException when {@code version} is below 1
         */
        public Builder<T> schemaVersion(int version) {
            if (version < 1) {
                throw new IllegalArgumentException("schema version must be at least 1, got " + version);
            }
            this.schemaVersion = version;
            return this;
        }

        /**
         * Declares how an item stored at schema version {@code fromVersion} becomes one at {@code fromVersion + 1}
         * (renamed or derived attributes, say), applied when such an item is read: a lazy migration. Checked by
         * {@link #build()}: below the type's schema version, declared once.
         */
        public Builder<T> upgrade(int fromVersion, java.util.function.UnaryOperator<Item> step) {
            Objects.requireNonNull(step, "upgrade step is null");
            if (upgrades.put(fromVersion, step) != null) {
                indexProblems.add("the upgrade from schema version " + fromVersion + " is declared twice");
            }
            return this;
        }

        /** Declares an index; its templates are checked against the record's components by {@link #build()}. */
        public Builder<T> index(EntityIndex declared) {
            Objects.requireNonNull(declared, "index is null");
            if (indexes.putIfAbsent(declared.name(), declared) != null) {
                indexProblems.add("index '" + declared.name() + "' is declared twice");
            }
            return this;
        }

        /** Checks that each placeholder of {@code template} names a key-able component, collecting its form. */
        private void checkPlaceholders(KeyTemplate template, String which, String holder, List<String> components,
                                       List<String> problems, Map<String, KeyForm> into) {
            for (String placeholder : template.placeholders()) {
                RecordCodec.Component c = codec.component(placeholder);
                if (c == null) {
                    problems.add(which + " names {" + placeholder + "}, which is not a component of "
                            + recordClass.getSimpleName() + "; its components are " + components);
                } else if (KeyForm.of(c.rawType()) == null) {
                    problems.add(which + " names {" + placeholder + "}, a component of type "
                            + c.accessor().getGenericReturnType().getTypeName() + "; " + holder + " holds "
                            + KeyForm.SUPPORTED);
                } else {
                    into.put(placeholder, KeyForm.of(c.rawType()));
                }
            }
        }

        /**
         * The entity type.
         *
         * @throws IllegalArgumentException listing every problem: no table or template, a placeholder naming a
         *                                  missing component (with the list of components), a component whose
         *                                  type a key cannot hold, or a component named {@value #TYPE_ATTRIBUTE}
         */
        public EntityType<T> build() {
            List<String> problems = new ArrayList<>();
            List<String> components = Arrays.stream(recordClass.getRecordComponents())
                    .map(java.lang.reflect.RecordComponent::getName).toList();
            if (table == null) {
                problems.add("no table: call table(name)");
            }
            if (partition == null) {
                problems.add("no partition key template: call partitionKey(template)");
            }
            if (sort == null) {
                problems.add("no sort key template: call sortKey(template), e.g. with a constant such as \"<BASE>\"");
            }
            if (components.contains(TYPE_ATTRIBUTE)) {
                problems.add("component '" + TYPE_ATTRIBUTE + "' clashes with the type tag attribute; rename it");
            }
            Map<String, KeyForm> forms = new LinkedHashMap<>();
            for (KeyTemplate template : new KeyTemplate[] {partition, sort}) {
                if (template == null) {
                    continue;
                }
                String which = (template == partition ? "partition" : "sort") + " key template \"" + template + "\"";
                checkPlaceholders(template, which, "a key placeholder", components, problems, forms);
            }
            problems.addAll(indexProblems);
            if (version != null) {
                RecordCodec.Component c = codec.component(version);
                Class<?> t = c == null ? null : c.rawType();
                if (c == null) {
                    problems.add("version component '" + version + "' is not a component of " + recordClass.getSimpleName()
                            + "; its components are " + components);
                } else if (t != long.class && t != Long.class && t != int.class && t != Integer.class) {
                    problems.add("version component '" + version + "' is a " + t.getSimpleName()
                            + "; a version is a long, int, Long or Integer");
                } else if (forms.containsKey(version) || indexes.values().stream().anyMatch(ix ->
                        ix.partition().placeholders().contains(version)
                                || ix.sort().map(st -> st.placeholders().contains(version)).orElse(false))) {
                    problems.add("version component '" + version + "' is in a key or index template; it changes on "
                            + "every write, so it cannot be");
                }
            }
            SchemaUpgrades.check(schemaVersion, upgrades.keySet(), problems);
            if (timeToLive != null && expiresAt != null) {
                problems.add("both a time to live (" + timeToLive + ") and an expiry component ('" + expiresAt
                        + "'); declare one");
            }
            if (expiresAt != null) {
                RecordCodec.Component c = codec.component(expiresAt);
                if (c == null) {
                    problems.add("expiry component '" + expiresAt + "' is not a component of "
                            + recordClass.getSimpleName() + "; its components are " + components);
                } else if (c.rawType() != java.time.Instant.class) {
                    problems.add("expiry component '" + expiresAt + "' is a " + c.rawType().getSimpleName()
                            + "; an expiry is an Instant");
                }
            }
            for (EntityIndex ix : indexes.values()) {
                Map<String, KeyForm> ixForms = new LinkedHashMap<>();
                List<KeyTemplate> templates = new ArrayList<>(List.of(ix.partition()));
                ix.sort().ifPresent(templates::add);
                for (KeyTemplate template : templates) {
                    String which = "index '" + ix.name() + "' template \"" + template + "\"";
                    checkPlaceholders(template, which, "an index placeholder", components, problems, ixForms);
                }
                indexForms.put(ix.name(), ixForms);
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("entity type '" + name + "' (record " + recordClass.getName()
                        + ") is invalid: " + String.join("; ", problems));
            }
            return new EntityType<>(this, forms);
        }
    }
}
