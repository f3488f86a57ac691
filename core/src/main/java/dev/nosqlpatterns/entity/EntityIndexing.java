package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.internal.OptimisticRetry;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.IndexSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How one entity type's declared indexes live on one store: which are native and which are index tables, the
 * index attributes its items carry, and the group that writes an item with every index table's entries.
 *
 * <p>Every item of an indexed type carries, per index, the attribute {@code _ix_<name>} (the value) and
 * {@code _ixo_<name>} (the sort text and the item's key, encoded so that their order is the index's order).
 * A native index is declared on these two attributes; an index table reads them, so changing an index's
 * strategy needs no rewrite of the items.
 */
final class EntityIndexing {
    static final String VALUE_PREFIX = "_ix_";
    static final String ORDER_PREFIX = "_ixo_";
    /** The attribute versioning every item the repository writes. */
    static final String VERSION = "_version";
    private static final CompositeKeyCodec ORDER = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.STRING);

    private final EntityType<?> type;
    private final Map<String, IndexTable> readers;
    private final List<IndexTable> tables;
    private final IndexGroup group;

    private EntityIndexing(EntityType<?> type, Map<String, IndexTable> readers, List<IndexTable> tables,
                           IndexGroup group) {
        this.type = type;
        this.readers = readers;
        this.tables = tables;
        this.group = group;
    }

    /** Whether each index of {@code type} is native on {@code store}; fails naming every index that cannot be kept. */
    static Map<String, Boolean> nativeByIndex(Store store, EntityType<?> type) {
        Map<String, Boolean> out = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        boolean hasNative = store.has(Capability.NATIVE_SECONDARY_INDEX);
        boolean consistentNative = hasNative && store.has(Capability.CONSISTENT_NATIVE_INDEX_READS);
        IndexConsistency tableMode = null;
        for (EntityIndex ix : type.indexes()) {
            IndexConsistency mode = ix.consistency();
            boolean isNative = mode == IndexConsistency.NATIVE || (mode == IndexConsistency.AUTO && !ix.isUnique()
                    && (consistentNative || (hasNative && ix.allowsLaggingReads())));
            if (isNative && !hasNative) {
                problems.add("index '" + ix.name() + "' asks for the native index, which the " + store.kind()
                        + " store lacks; use AUTO, ATOMIC or REPAIRABLE");
            }
            if (!isNative) {
                IndexConsistency resolved = resolve(store, mode);
                if (resolved == IndexConsistency.ATOMIC && !store.has(Capability.ATOMIC_WRITES)) {
                    problems.add("index '" + ix.name() + "' asks for ATOMIC, but the " + store.kind()
                            + " store has no atomic writes; use AUTO or REPAIRABLE");
                } else if (tableMode != null && tableMode != resolved) {
                    problems.add("index '" + ix.name() + "' is " + resolved + " while another index of the type is "
                            + tableMode + "; the index tables of one entity type are written together, in one mode");
                }
                tableMode = resolved;
            }
            out.put(ix.name(), isNative);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("the indexes of entity type '" + type.name() + "' cannot be kept on the "
                    + store.kind() + " store: " + String.join("; ", problems));
        }
        return out;
    }

    private static IndexConsistency resolve(Store store, IndexConsistency mode) {
        if (mode == IndexConsistency.AUTO) {
            return store.has(Capability.ATOMIC_WRITES) ? IndexConsistency.ATOMIC : IndexConsistency.REPAIRABLE;
        }
        return mode;
    }

    /** The index table holding the entries of one index of a type. */
    static String indexTableName(EntityType<?> type, EntityIndex ix) {
        return type.table() + "_" + ix.name();
    }

    /** The native index specs the type's table must declare on {@code store}. */
    static List<IndexSpec> nativeSpecs(Store store, EntityType<?> type) {
        Map<String, Boolean> natives = nativeByIndex(store, type);
        return type.indexes().stream().filter(ix -> natives.get(ix.name()))
                .map(ix -> IndexSpec.of(ix.name(), VALUE_PREFIX + ix.name(), ORDER_PREFIX + ix.name())).toList();
    }

    /** The indexing of {@code type} on {@code store}, whose table (with its native indexes) must exist. */
    static EntityIndexing of(Store store, EntityType<?> type) {
        Map<String, Boolean> natives = nativeByIndex(store, type);
        Map<String, IndexTable> readers = new LinkedHashMap<>();
        List<IndexTable> tables = new ArrayList<>();
        for (EntityIndex ix : type.indexes()) {
            String valueAttribute = VALUE_PREFIX + ix.name();
            String orderAttribute = ORDER_PREFIX + ix.name();
            IndexTable.Builder b = IndexTable.builder(store).baseTable(type.table());
            if (natives.get(ix.name())) {
                b.attribute(valueAttribute).nativeIndex(ix.name());
            } else {
                b.indexTable(indexTableName(type, ix)).unique(ix.isUnique())
                        .consistency(resolve(store, ix.consistency()))
                        .value(item -> type.isTypeOf(item) ? item.getString(valueAttribute) : Optional.empty())
                        .sortValue(item -> item.getString(orderAttribute));
            }
            IndexTable built = b.build();
            readers.put(ix.name(), built);
            if (!natives.get(ix.name())) {
                tables.add(built);
            }
        }
        IndexGroup group = tables.isEmpty() ? IndexGroup.withoutIndexes(store, type.table()) : IndexGroup.of(tables);
        return new EntityIndexing(type, readers, List.copyOf(tables), group);
    }

    /** The writes of the type's items: with every index table's entries, versioned. */
    IndexGroup group() {
        return group;
    }

    /** True when writes must go through the group (some index is an index table). */
    boolean hasTables() {
        return !tables.isEmpty();
    }

    /** The reader of one declared index. */
    IndexTable reader(String indexName) {
        type.indexKeys(indexName);
        return readers.get(indexName);
    }

    /** Every index table's drift, by index name: a verify, or with {@code fix} a repair. */
    Map<String, IndexVerification> audit(boolean fix) {
        Map<String, IndexVerification> out = new LinkedHashMap<>();
        readers.forEach((name, ix) -> {
            if (tables.contains(ix)) {
                out.put(name, fix ? ix.repair() : ix.verify());
            }
        });
        return out;
    }

    /**
     * The item of an entity as the repository writes it: its attributes, a fresh version and, per index it is in,
     * the value and order attributes, and the expiry the type declares for a save at {@code now}.
     *
     * @throws IllegalArgumentException when an index cannot place it (a null component of a non-sparse index)
     */
    static <T extends Record> Item item(EntityType<T> type, T entity, java.time.Instant now) {
        Item base = type.expiring(type.toItem(entity), entity, now);
        // A fresh version on every save, so that an update's compare-and-set notices a save landing in between.
        Item.Builder b = base.toBuilder().put(VERSION, OptimisticRetry.firstVersion(System.currentTimeMillis()));
        for (EntityIndex ix : type.indexes()) {
            Optional<IndexKeys.Place> place;
            try {
                place = type.indexKeys(ix.name()).place(entity);
            } catch (IllegalArgumentException refused) {
                // Named by its key values, so that the one refused among many saved together can be found.
                throw new IllegalArgumentException("cannot write " + EntityChecks.describe(type, base.key()) + ": "
                        + refused.getMessage(), refused);
            }
            place.ifPresent(p -> {
                b.put(VALUE_PREFIX + ix.name(), Value.of(p.value()));
                b.put(ORDER_PREFIX + ix.name(), Value.of(ORDER.encode(p.sort(), base.key().partition(), base.key().sort())));
            });
        }
        return b.build();
    }
}
