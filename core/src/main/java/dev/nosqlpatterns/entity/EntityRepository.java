package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.load.BulkLoad;
import dev.nosqlpatterns.load.WindowWriter;

import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Direction;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Saves, reads, deletes and queries records through their {@link EntityType}s on a {@link Store}.
 *
 * <p>Why: the mapping, the key templates and the type tag are only safe when every read and write goes through
 * them; this is that one door. Reads check the type tag, so an item of another entity type that happens to sit
 * at a key or under a prefix is never returned as this type. Every call is a plain store call, so its cost is
 * reported to the store's listeners.
 *
 * <pre>{@code
 * EntityRepository repo = EntityRepository.of(store, articles, authors);
 * repo.save(new Article("neumann", "theory_of_automata", ...));
 * Optional<Article> a = repo.get(articles, Map.of("author", "neumann", "id", "theory_of_automata"));
 * List<Article> all = repo.query(articles, Map.of("author", "neumann")).toList();
 * }</pre>
 *
 * Thread-safe when the store is.
 */
public final class EntityRepository {

    private final Store store;
    private final List<EntityType<?>> types;
    private final Map<EntityType<?>, EntityIndexing> indexing = new java.util.concurrent.ConcurrentHashMap<>();
    private final WriteFollowers followers = new WriteFollowers();

    private EntityRepository(Store store, List<EntityType<?>> types) {
        this.store = store;
        this.types = types;
    }

    /**
     * A repository on {@code store} that knows {@code types}, so that {@link #save(Record)} finds an entity's
     * type by its class.
     *
     * @throws IllegalArgumentException when a type is null, two types in one table share a name (their items
     *                                  could not be told apart), or a {@link EntityType#tenantScoped() tenant-scoped}
     *                                  type is given a store that is no tenant's handle
     */
    public static EntityRepository of(Store store, EntityType<?>... types) {
        Objects.requireNonNull(types, "entity types are null");
        return of(store, Arrays.asList(types));
    }

    /** A repository on {@code store} that knows {@code types}; see {@link #of(Store, EntityType[])}. */
    public static EntityRepository of(Store store, Collection<? extends EntityType<?>> types) {
        Objects.requireNonNull(store, "store is null");
        Objects.requireNonNull(types, "entity types are null");
        List<EntityType<?>> list = new ArrayList<>(new LinkedHashSet<>(types));
        Map<String, EntityType<?>> seen = new LinkedHashMap<>();
        for (EntityType<?> t : list) {
            Objects.requireNonNull(t, () -> "entity type " + list.indexOf(null) + " is null");
            if (t.tenantScoped() && store.tenant().isEmpty()) {
                throw new IllegalArgumentException(t + " is tenant-scoped, and the " + store.kind()
                        + " store given is shared by every tenant; build the repository on the tenant's handle, "
                        + "Tenants.forTenant(tenantId)");
            }
            EntityType<?> earlier = seen.putIfAbsent(t.table() + '\u0000' + t.name(), t);
            if (earlier != null) {
                throw new IllegalArgumentException(earlier + " and " + t + " share the name '" + t.name()
                        + "' in table " + t.table() + "; give them different names");
            }
            for (EntityIndex ix : t.indexes()) {
                EntityType<?> other = seen.putIfAbsent(t.table() + "\u0000index\u0000" + ix.name(), t);
                if (other != null) {
                    throw new IllegalArgumentException(other + " and " + t + " both declare an index '" + ix.name()
                            + "' in table " + t.table() + "; index names must differ within a table");
                }
                String indexTable = EntityIndexing.indexTableName(t, ix);
                try {
                    TableSpec.checkName(indexTable);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("index '" + ix.name() + "' of " + t + " would be kept in table '"
                            + indexTable + "', an invalid name (" + e.getMessage() + "); shorten the table or index name", e);
                }
            }
            EntityIndexing.nativeByIndex(store, t);
        }
        return new EntityRepository(store, List.copyOf(list));
    }

    public Store store() {
        return store;
    }

    /** The entity types this repository knows. */
    public List<EntityType<?>> types() {
        return types;
    }

    /**
     * Declares the tables of the known types on the store, with the native indexes their declared indexes use,
     * and the index tables of the others (creating them when absent; idempotent).
     */
    public void createTables() {
        Map<String, TableSpec.Builder> specs = new LinkedHashMap<>();
        for (EntityType<?> t : types) {
            TableSpec.Builder spec = specs.computeIfAbsent(t.table(), TableSpec::builder);
            EntityIndexing.nativeSpecs(store, t).forEach(spec::index);
        }
        specs.values().forEach(spec -> store.createTable(spec.build()));
        types.forEach(this::indexing);
    }

    /**
     * Every logical table this repository uses on its store: the tables of its types, then the index tables of
     * the declared indexes that are not native here.
     */
    public List<String> tables() {
        Set<String> out = new LinkedHashSet<>();
        types.forEach(t -> out.add(t.table()));
        for (EntityType<?> t : types) {
            Map<String, Boolean> natives = EntityIndexing.nativeByIndex(store, t);
            t.indexes().stream().filter(ix -> !natives.get(ix.name()))
                    .forEach(ix -> out.add(EntityIndexing.indexTableName(t, ix)));
        }
        return List.copyOf(out);
    }

    /**
     * How the declared index {@code indexName} of {@code type} is kept on this store, in words: the store's native
     * index, or an index table written atomically with each item or in a repairable order.
     */
    public String howIndexed(EntityType<?> type, String indexName) {
        Objects.requireNonNull(type, "entity type is null");
        EntityIndex ix = type.indexKeys(indexName).index();
        if (EntityIndexing.nativeByIndex(store, type).get(indexName)) {
            return "the store's native index";
        }
        boolean atomic = ix.consistency() == dev.nosqlpatterns.index.IndexConsistency.ATOMIC
                || (ix.consistency() == dev.nosqlpatterns.index.IndexConsistency.AUTO
                && store.has(dev.nosqlpatterns.store.model.Capability.ATOMIC_WRITES));
        return (ix.isUnique() ? "a unique index table " : "an index table ")
                + (atomic ? "written atomically with the item" : "written in a repairable order");
    }

    /**
     * The entities of {@code type} found through its declared index {@code indexName}: say the value with
     * {@link IndexedQuery#eq}, then read a page, a stream or the one entity of a unique index.
     *
     * @throws IllegalArgumentException when the type declares no such index (the message lists those it does)
     */
    public <T extends Record> IndexedQuery<T> query(EntityType<T> type, String indexName) {
        Objects.requireNonNull(type, "entity type is null");
        IndexKeys keys = type.indexKeys(indexName);
        return new IndexedQuery<>(store, type, keys, () -> indexing(type).reader(indexName));
    }

    /**
     * Compares every declared index table of every known type with the items, changing nothing. Native indexes
     * are kept by the store and are not examined.
     */
    public EntityVerification verify() {
        return audit(false);
    }

    /** Adds missing index entries and removes stale ones, for every declared index table; returns what it found. */
    public EntityVerification repair() {
        return audit(true);
    }

    private EntityVerification audit(boolean fix) {
        String table = types.isEmpty() ? "" : types.get(0).table();
        return TechniqueCalls.call(store, fix ? "entity.repair" : "entity.verify", table, () -> auditNow(fix));
    }

    private EntityVerification auditNow(boolean fix) {
        Map<String, dev.nosqlpatterns.index.IndexVerification> out = new LinkedHashMap<>();
        for (EntityType<?> t : types) {
            if (!t.indexes().isEmpty()) {
                indexing(t).audit(fix).forEach((ix, drift) -> out.put(t.name() + "." + ix, drift));
            }
        }
        return new EntityVerification(out);
    }

    /**
     * Reads the entity at the key given by {@code keyValues}, applies {@code change} and writes the result with a
     * compare-and-set on the item's version, keeping declared indexes in step; when another write lands in
     * between, reads and applies again (so {@code change} must have no side effects), up to 20 attempts.
     *
     * @return the entity as written, or empty when there is none of this type at the key
     * @throws IllegalArgumentException when {@code change} returns null or changes the key
     */
    public <T extends Record> Optional<T> update(EntityType<T> type, Map<String, ?> keyValues, java.util.function.UnaryOperator<T> change) {
        Objects.requireNonNull(type, "entity type is null");
        Objects.requireNonNull(change, "change is null");
        return update(type, type.key(keyValues), change);
    }

    /**
     * {@link #update(EntityType, Map, java.util.function.UnaryOperator)} of the entity at {@code key}, such as a
     * key from {@link EntityType#keyOf} or {@link EntityType#key(Record)}.
     */
    public <T extends Record> Optional<T> update(EntityType<T> type, Key key, java.util.function.UnaryOperator<T> change) {
        Objects.requireNonNull(type, "entity type is null");
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(change, "change is null");
        return TechniqueCalls.call(store, "entity.update", type.table(), () -> {
            WriteFollowers.Followed followed = followers.before(type, key);
            Optional<Item> stored = indexing(type).group().update(key, type::isTypeOf, item -> {
                T next = change.apply(type.fromItem(item));
                if (next == null) {
                    throw new IllegalArgumentException("the change of " + EntityChecks.describe(type, key)
                            + " returned null");
                }
                Item made = EntityIndexing.item(type, next, store.clock().instant());
                EntityChecks.check(store, type, indexing(type), made);
                return made;
            });
            followed.after(key, stored);
            return stored.map(type::fromItem);
        });
    }

    /**
     * A partial update of the entity at the key given by {@code keyValues}: say what changes, then
     * {@link EntityPatch#apply()}. Without reading the entity first unless a change touches a declared index.
     */
    public <T extends Record> EntityPatch<T> patch(EntityType<T> type, Map<String, ?> keyValues) {
        Objects.requireNonNull(type, "entity type is null");
        return new EntityPatch<>(this, type, type.key(keyValues));
    }

    /**
     * Tells the followers of {@code type} that the item at {@code key} is about to be written; the returned
     * followers are told once it was.
     */
    WriteFollowers.Followed following(EntityType<?> type, Key key) {
        return followers.before(type, key);
    }

    /**
     * Registers {@code follower} to be told of every write of {@code type} (or of a type built again with its table
     * and name) through this repository (save, insert,
     * update, patch, delete and batches): {@link WriteFollower#beforeWrite} before it, which may refuse it by
     * throwing, and {@link WriteFollower#afterWrite} once it is acknowledged. This is how a running migration
     * keeps a second form of the type's items in step (dual writes, see {@code dev.nosqlpatterns.migration});
     * writes made directly on the store are not seen.
     *
     * @return the registration, through which the follower writes its own items; closing it stops the following
     */
    public Following follow(EntityType<?> type, WriteFollower follower) {
        Objects.requireNonNull(type, "entity type is null");
        Objects.requireNonNull(follower, "follower is null");
        Store.Registration registration = followers.add(type, follower);
        return new Following() {
            @Override
            public void putItem(EntityType<?> t, Item item) {
                EntityRepository.this.putItem(t, item);
            }

            @Override
            public void putItems(EntityType<?> t, List<Item> items) {
                EntityRepository.this.putItems(t, items);
            }

            @Override
            public List<Key> updateItems(EntityType<?> t, List<Item> items) {
                return EntityRepository.this.updateItems(t, items);
            }

            @Override
            public boolean deleteItem(EntityType<?> t, Key key) {
                return EntityRepository.this.deleteItem(t, key);
            }

            @Override
            public void close() {
                registration.close();
            }
        };
    }

    /**
     * The item of {@code entity} exactly as a save through this repository writes it: its attributes, the type
     * tag, schema version, index attributes, expiry and a fresh {@code _version}: what a follower writes with
     * {@link Following#putItem}.
     */
    public <T extends Record> Item itemOf(EntityType<T> type, T entity) {
        Objects.requireNonNull(type, "entity type is null");
        return item(type, entity);
    }

    /** {@link Following#putItem}. */
    private void putItem(EntityType<?> type, Item item) {
        Objects.requireNonNull(type, "entity type is null");
        Objects.requireNonNull(item, "item is null");
        TechniqueCalls.run(store, "entity.putItem", type.table(), () -> {
            if (indexing(type).hasTables()) {
                indexing(type).group().compute(item.key(), old -> item);
            } else {
                store.put(type.table(), item);
            }
        });
    }

    /** {@link Following#putItems}. */
    private void putItems(EntityType<?> type, List<Item> items) {
        Objects.requireNonNull(type, "entity type is null");
        Objects.requireNonNull(items, "items is null");
        items.forEach(item -> EntityChecks.check(store, type, indexing(type),
                Objects.requireNonNull(item, "an item to put is null")));
        TechniqueCalls.run(store, "entity.putItems", type.table(), () -> {
            if (indexing(type).hasTables()) {
                indexing(type).group().replaceAll(items);
            } else {
                store.writeBatch(items.stream().map(item -> Write.put(type.table(), item)).toList());
            }
        });
    }

    /** {@link Following#updateItems}. */
    private List<Key> updateItems(EntityType<?> type, List<Item> items) {
        Objects.requireNonNull(type, "entity type is null");
        Objects.requireNonNull(items, "items is null");
        items.forEach(item -> EntityChecks.check(store, type, indexing(type),
                Objects.requireNonNull(item, "an item to update is null")));
        return TechniqueCalls.call(store, "entity.updateItems", type.table(), () -> {
            List<Item> versioned = items.stream().filter(i -> i.get(EntityType.VERSION_ATTRIBUTE).isPresent()).toList();
            if (!indexing(type).hasTables() || versioned.isEmpty()) {
                return items.stream().map(Item::key).toList();
            }
            List<Key> left = new ArrayList<>(indexing(type).group().updateAll(versioned));
            items.stream().filter(i -> i.get(EntityType.VERSION_ATTRIBUTE).isEmpty()).forEach(i -> left.add(i.key()));
            return left;
        });
    }

    /** {@link Following#deleteItem}. */
    private boolean deleteItem(EntityType<?> type, Key key) {
        Objects.requireNonNull(type, "entity type is null");
        Objects.requireNonNull(key, "key is null");
        return TechniqueCalls.call(store, "entity.deleteItem", type.table(), () -> deleteTyped(type, key));
    }

    /** Deletes the item of {@code type} at {@code key} with its index entries; false when there was none of it. */
    private boolean deleteTyped(EntityType<?> type, Key key) {
        if (indexing(type).hasTables()) {
            return indexing(type).group().delete(key, type::isTypeOf);
        }
        try {
            store.delete(new Write.Delete(type.table(), key,
                    Condition.attributeEquals(EntityType.TYPE_ATTRIBUTE, Value.of(type.name()))));
            return true;
        } catch (ConditionFailedException e) {
            return false;
        }
    }

    private EntityIndexing indexing(EntityType<?> type) {
        return indexing.computeIfAbsent(type, t -> EntityIndexing.of(store, t));
    }

    /**
     * Writes an entity, replacing any item at its key; returns it as stored (at its next version, for a type with
     * a version component).
     *
     * @throws IllegalArgumentException when no known type, or more than one, maps the entity's class, or the
     *                                  entity cannot be written; nothing is written then
     */
    @SuppressWarnings("unchecked")
    public <T extends Record> T save(T entity) {
        EntityType<?> type = typeOf(entity);
        return (T) TechniqueCalls.call(store, "entity.save", type.table(), () -> put(type, entity, false));
    }

    /**
     * Writes an entity as {@code type}, replacing any item at its key; returns it as stored. An entity of a
     * versioned type must carry the version it was read at (0 when new) and comes back at the next one.
     *
     * @throws VersionConflictException when the stored version is another; nothing is written then
     */
    @SuppressWarnings("unchecked")
    public <T extends Record> T save(EntityType<T> type, T entity) {
        Objects.requireNonNull(type, "entity type is null");
        return (T) TechniqueCalls.call(store, "entity.save", type.table(), () -> put(type, entity, false));
    }

    /**
     * Deletes the entity of a versioned type at the key given by {@code keyValues}, if it is at
     * {@code expectedVersion}, with its index entries.
     *
     * @return true when it was deleted; false when there was none and version 0 was expected
     * @throws VersionConflictException when the stored version is another (0 when there is none)
     * @throws IllegalArgumentException when the type has no version component
     */
    public <T extends Record> boolean delete(EntityType<T> type, Map<String, ?> keyValues, long expectedVersion) {
        Objects.requireNonNull(type, "entity type is null");
        if (type.versionComponent().isEmpty()) {
            throw new IllegalArgumentException("entity type '" + type.name() + "' has no version component; declare "
                    + "one with version(component) or delete without a version");
        }
        Key key = type.key(keyValues);
        return TechniqueCalls.call(store, "entity.delete", type.table(), () -> {
            WriteFollowers.Followed followed = followers.before(type, key);
            boolean deleted = VersionedWrites.delete(indexing(type).group(), type, key, expectedVersion);
            followed.afterDelete(key, deleted);
            return deleted;
        });
    }

    /**
     * Writes an entity that must be new.
     *
     * @return the entity as stored
     * @throws ConditionFailedException when an item exists at its key; nothing is written then
     */
    @SuppressWarnings("unchecked")
    public <T extends Record> T insert(T entity) {
        EntityType<?> type = typeOf(entity);
        return (T) TechniqueCalls.call(store, "entity.insert", type.table(), () -> put(type, entity, true));
    }

    /**
     * Writes many entities in as few requests as the store allows, not atomically: after a failure of the store
     * some may be written. Every entity is mapped and checked with its index entries (keys, names, values,
     * sizes) before anything is written, so bad input anywhere in the collection writes nothing. Entities of types
     * with index tables are written in windows with their entries, by batch reads and batched writes that keep the
     * index tables exact (see {@link Batch}); a unique value already taken fails the save with
     * {@link dev.nosqlpatterns.index.UniqueConstraintException} once the entities before it are written.
     */
    public void saveAll(Collection<? extends Record> entities) {
        Objects.requireNonNull(entities, "entities are null");
        String table = entities.stream().filter(Objects::nonNull).findFirst()
                .flatMap(e -> types.stream().filter(t -> t.recordClass() == e.getClass()).findFirst())
                .map(EntityType::table).orElse("");
        TechniqueCalls.run(store, "entity.saveAll", table, () -> {
            Batch batch = batch();
            entities.forEach(batch::save);
            batch.writeNow();
        });
    }

    /**
     * A save of a stream of entities too large to hold in memory, one window at a time with a report of its
     * progress and cost: see {@link BulkLoad}. Each entity of a window is mapped and checked as
     * {@link Batch#save} checks it before any of the window is written; the window is then written as
     * {@link #saveAll} writes (index tables kept exact). Nothing is read from the stream before
     * {@link BulkLoad#run()}.
     */
    public BulkLoad<Record> load(Stream<? extends Record> entities) {
        return BulkLoad.of(store, entities, new WindowWriter<>() {
            private Batch batch = batch();

            @Override
            public void check(Record entity) {
                batch.save(entity);
            }

            @Override
            public void write(List<Record> window) {
                Batch checked = batch;
                batch = batch();
                checked.write();
            }
        });
    }

    /** A batch of saves of any types, for entities whose class alone does not say their type. */
    public Batch batch() {
        return new Batch();
    }

    /**
     * The entity at the key given by {@code keyValues}, or empty when there is none or the item there belongs to
     * another entity type.
     */
    public <T extends Record> Optional<T> get(EntityType<T> type, Map<String, ?> keyValues) {
        Objects.requireNonNull(type, "entity type is null");
        return read(type, type.key(keyValues));
    }

    /** The entity at the key given by the key components of {@code keyHolder}; see {@link EntityType#key(Record)}. */
    public <T extends Record> Optional<T> get(EntityType<T> type, Record keyHolder) {
        Objects.requireNonNull(type, "entity type is null");
        return read(type, type.key(keyHolder));
    }

    /**
     * Deletes the entity at the key given by {@code keyValues}, in one conditional write.
     *
     * @return true when an item of this type was deleted; false when there was none, or the item there belongs to
     *         another type (it is then left alone)
     */
    public <T extends Record> boolean delete(EntityType<T> type, Map<String, ?> keyValues) {
        Objects.requireNonNull(type, "entity type is null");
        return remove(type, type.key(keyValues));
    }

    /** Deletes the entity at the key given by {@code keyHolder}; see {@link #delete(EntityType, Map)}. */
    public <T extends Record> boolean delete(EntityType<T> type, Record keyHolder) {
        Objects.requireNonNull(type, "entity type is null");
        return remove(type, type.key(keyHolder));
    }

    /**
     * Every entity of {@code type} in one partition, in sort-key order: a prefix query on the sort template's
     * constant prefix, read page by page as the stream is consumed; items of other types are skipped.
     */
    public <T extends Record> Stream<T> query(EntityType<T> type, Map<String, ?> partitionValues) {
        return query(type, partitionValues, Map.of(), Direction.ASCENDING);
    }

    /**
     * The entities of {@code type} in one partition whose leading sort placeholders have the given values (see
     * {@link EntityType#sortPrefix}), in the given direction, read page by page as the stream is consumed.
     */
    public <T extends Record> Stream<T> query(EntityType<T> type, Map<String, ?> partitionValues,
                                              Map<String, ?> leadingSortValues, Direction direction) {
        Objects.requireNonNull(type, "entity type is null");
        Objects.requireNonNull(direction, "direction is null");
        String partition = type.partitionKey(partitionValues);
        String prefix = type.sortPrefix(leadingSortValues);
        Query q = Query.in(type.table(), partition)
                .where(prefix.isEmpty() ? SortKeyCondition.all() : SortKeyCondition.beginsWith(prefix));
        q = direction == Direction.DESCENDING ? q.descending() : q;
        return store.queryAll(q).filter(type::isTypeOf).map(type::fromItem);
    }

    /**
     * One item collection, read with one query (paged when it is large), each item decoded by its type tag;
     * items of no member type (untagged, tagged otherwise, or with a key their tag's templates do not match) are
     * left out and counted in {@link ItemCollection#skipped()}.
     */
    public ItemCollection collection(ItemCollectionType collection, Map<String, ?> partitionValues) {
        Objects.requireNonNull(collection, "item collection type is null");
        String partition = collection.partitionKey(partitionValues);
        return TechniqueCalls.call(store, "entity.collection", collection.table(), () -> collect(collection, partition));
    }

    private ItemCollection collect(ItemCollectionType collection, String partition) {
        List<EntityType<?>> found = new ArrayList<>();
        List<Record> entities = new ArrayList<>();
        int skipped = 0;
        for (Item item : (Iterable<Item>) store.queryAll(Query.in(collection.table(), partition))::iterator) {
            Optional<EntityType<?>> type = item.get(EntityType.TYPE_ATTRIBUTE)
                    .filter(Value.Str.class::isInstance).flatMap(v -> collection.type(((Value.Str) v).value()))
                    .filter(t -> t.isTypeOf(item));
            if (type.isEmpty()) {
                skipped++;
            } else {
                found.add(type.get());
                entities.add(type.get().fromItem(item));
            }
        }
        return new ItemCollection(collection, partition, found, entities, skipped);
    }

    private <T extends Record> Optional<T> read(EntityType<T> type, Key key) {
        return TechniqueCalls.call(store, "entity.get", type.table(),
                () -> store.get(type.table(), key).filter(type::isTypeOf).map(type::fromItem));
    }

    private boolean remove(EntityType<?> type, Key key) {
        return TechniqueCalls.call(store, "entity.delete", type.table(), () -> removeNow(type, key));
    }

    private boolean removeNow(EntityType<?> type, Key key) {
        WriteFollowers.Followed followed = followers.before(type, key);
        boolean deleted = oneByOne(type) ? indexing(type).group().delete(key, type::isTypeOf) : deleteTyped(type, key);
        followed.afterDelete(key, deleted);
        return deleted;
    }

    private Record put(EntityType<?> type, Record entity, boolean mustBeNew) {
        Item item = item(type, entity);
        EntityChecks.check(store, type, indexing(type), item);
        WriteFollowers.Followed followed = followers.before(type, item.key());
        Item stored = write(type, entity, item, mustBeNew);
        followed.afterPut(stored);
        return type.versionComponent().isPresent()
                ? withVersion(type, entity, stored.getLong(EntityType.VERSION_ATTRIBUTE).orElseThrow()) : entity;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    /** Writes the entity's item; returns the item as stored (with its new version, for versioned types). */
    private Item write(EntityType<?> type, Record entity, Item item, boolean mustBeNew) {
        if (type.versionComponent().isPresent()) {
            return VersionedWrites.save(indexing(type).group(), (EntityType) type, entity, mustBeNew,
                    store.clock().instant());
        }
        if (!type.indexes().isEmpty() && indexing(type).hasTables()) {
            return mustBeNew ? indexing(type).group().insert(item) : indexing(type).group().put(item);
        }
        store.put(new Write.Put(type.table(), item, mustBeNew ? Condition.ifAbsent() : Condition.none()));
        return item;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Record withVersion(EntityType type, Record entity, long version) {
        return type.withVersion(entity, version);
    }

    /** True when saves of the type go one by one (index tables or versions), not in a batch. */
    private boolean oneByOne(EntityType<?> type) {
        return type.versionComponent().isPresent() || (!type.indexes().isEmpty() && indexing(type).hasTables());
    }

    @SuppressWarnings("unchecked")
    private <T extends Record> Item item(EntityType<T> type, Record entity) {
        Objects.requireNonNull(entity, "entity is null");
        if (!type.recordClass().isInstance(entity)) {
            throw new IllegalArgumentException(entity.getClass().getName() + " is not the record of " + type);
        }
        return EntityIndexing.item(type, (T) entity, store.clock().instant());
    }

    private EntityType<?> typeOf(Record entity) {
        Objects.requireNonNull(entity, "entity is null");
        List<EntityType<?>> matching = types.stream().filter(t -> t.recordClass() == entity.getClass()).toList();
        if (matching.size() == 1) {
            return matching.get(0);
        }
        if (matching.isEmpty()) {
            throw new IllegalArgumentException("no entity type of this repository maps " + entity.getClass().getName()
                    + "; known types: " + types.stream().map(EntityType::name).toList());
        }
        throw new IllegalArgumentException("entity types " + matching.stream().map(EntityType::name).toList()
                + " all map " + entity.getClass().getName() + "; say which with save(type, entity) or batch().save(type, entity)");
    }

    /**
     * Saves collected for as few store calls as the store allows: not atomic, but every entity is mapped and checked
     * with its index entries when it is added, so bad input fails before anything is written. Entities of types
     * without index tables go in one {@link Store#writeBatch}; those of types with index tables go through
     * {@link dev.nosqlpatterns.index.IndexGroup#putAll}, which keeps the index tables exact with batch reads and
     * writes per window of entities; entities of versioned types, and of types a {@link WriteFollower} follows, are
     * written one by one after them. Not thread-safe.
     */
    public final class Batch {
        private final List<Write> writes = new ArrayList<>();
        private final Map<EntityType<?>, IndexGroup.Batch> indexed = new LinkedHashMap<>();
        private final List<Runnable> oneByOne = new ArrayList<>();

        private Batch() {
        }

        /** Adds an entity, typed by its class as in {@link EntityRepository#save(Record)}. */
        public Batch save(Record entity) {
            add(typeOf(entity), entity);
            return this;
        }

        private void add(EntityType<?> type, Record entity) {
            Item item = item(type, entity);
            boolean eachAlone = followers.any(type) || type.versionComponent().isPresent();
            if (!eachAlone && indexing(type).hasTables()) {
                // The group's batch checks the item and its entries, once, as they are added.
                IndexGroup.Batch group = indexed.computeIfAbsent(type, t -> indexing(t).group().batch());
                try {
                    group.put(item);
                } catch (StoreException e) {
                    throw EntityChecks.inEntityTerms(type, item.key(), e);
                }
                return;
            }
            EntityChecks.check(store, type, indexing(type), item);
            if (eachAlone) {
                oneByOne.add(() -> put(type, entity, false));
            } else {
                writes.add(Write.put(type.table(), item));
            }
        }

        /** Adds an entity of {@code type}. */
        public <T extends Record> Batch save(EntityType<T> type, T entity) {
            Objects.requireNonNull(type, "entity type is null");
            add(type, entity);
            return this;
        }

        /** Writes the collected saves (a later save of the same key wins) and empties the batch. */
        public void write() {
            String table = !writes.isEmpty() ? writes.get(0).table()
                    : indexed.keySet().stream().findFirst().map(EntityType::table).orElse("");
            TechniqueCalls.run(store, "entity.saveAll", table, this::writeNow);
        }

        /** {@link #write()} inside a technique call already open. */
        private void writeNow() {
            List<Write> all = List.copyOf(writes);
            List<IndexGroup.Batch> groups = List.copyOf(indexed.values());
            List<Runnable> each = List.copyOf(oneByOne);
            writes.clear();
            indexed.clear();
            oneByOne.clear();
            if (!all.isEmpty()) {
                store.writeBatch(all);
            }
            groups.forEach(IndexGroup.Batch::write);
            each.forEach(Runnable::run);
        }
    }
}
