package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.model.Write;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The storage SPI: what an adapter implements to bring a store to this library.
 *
 * <p>An ordered key-value model every store here can serve: items addressed by a partition key and a
 * sort key, sort keys ordered by UTF-8 bytes, ranges inside a partition, conditional writes, atomic
 * updates, batches and segmented scans. Adapters implement only this; {@link dev.nosqlpatterns.store.Store}
 * wraps a backend and does everything that is the same for every store: argument and limit checks
 * (so a backend only ever sees valid, declared, size-checked requests), cursor encoding, duplicate
 * collapsing and cost reporting.
 *
 * <p>Rules every backend follows, proven by the conformance kit:
 * <ul>
 *   <li>Conditions are checked atomically with the write; a failed one throws
 *       {@link dev.nosqlpatterns.store.model.ConditionFailedException} and writes nothing.</li>
 *   <li>Each call records its round trips, and consumed capacity when the store reports it, on the meter.</li>
 *   <li>Read-your-writes: a read after a completed write sees it.</li>
 *   <li>Errors name the table and key ({@link dev.nosqlpatterns.store.model.StoreException} subtypes), never a
 *       driver exception.</li>
 * </ul>
 */
public interface StoreBackend extends AutoCloseable {

    /** A short name of the store, e.g. {@code "dynamodb"}. */
    String kind();

    /**
     * What the backend guarantees and the ports of its native features. Asked once, when a store wraps the
     * backend: a backend whose features depend on the server finds them out before it is wrapped.
     */
    Capabilities capabilities();

    Limits limits();

    /** Makes the logical table usable, creating what it needs when absent; idempotent. */
    void createTable(TableSpec spec, CostMeter meter);

    /** Removes the logical table and all its items; nothing happens when it is absent. */
    void dropTable(String table, CostMeter meter);

    Optional<Item> get(String table, Key key, CostMeter meter);

    /**
     * Reads many items at once, across tables; refs are distinct. Absent items are left out of the map.
     * By default one {@link #get} after another; a store with a batch read overrides it.
     */
    default Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        Map<ItemRef, Item> found = new LinkedHashMap<>();
        for (ItemRef ref : refs) {
            get(ref.table(), ref.key(), meter).ifPresent(item -> found.put(ref, item));
        }
        return found;
    }

    void put(Write.Put put, CostMeter meter);

    void delete(Write.Delete delete, CostMeter meter);

    /** Applies the actions atomically and returns the item as it is afterwards. */
    Item update(Write.Update update, CostMeter meter);

    /**
     * Reads one partition. Must return only matching items strictly after {@code startAfter} in the query's
     * direction, at most {@code limit}; {@code more} is false only when nothing further matches; a result
     * with {@code more} set holds at least one item.
     */
    QueryResult query(KeyQuery query, CostMeter meter);

    /**
     * Serves independent partition reads together: one answer per query, in the order of the queries, each
     * following the rules of {@link #query}. By default one query after another; a backend whose store can
     * take them at once (concurrent requests, a pipeline, one request for all) overrides it, and reports
     * the wait with {@link CostMeter#concurrentRoundTrips} or {@link CostMeter#joinConcurrent}.
     */
    default List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        List<QueryResult> out = new java.util.ArrayList<>(queries.size());
        for (KeyQuery q : queries) {
            out.add(query(q, meter));
        }
        return out;
    }

    /**
     * Reads one page of one scan segment, resuming after the backend's own token. A segment returns
     * each partition's items together and in sort-key order (partitions in any order), so that
     * techniques can process a table frame by frame, one partition at a time. A page may be short, or
     * empty, while its token goes on (see {@link ScanResult}).
     */
    ScanResult scan(ScanRequest scan, CostMeter meter);

    /**
     * Applies unconditional puts and deletes of distinct items, not atomically, as fast as the store allows.
     * By default one {@link #put} or {@link #delete} after another; a store with batch writes overrides it.
     */
    default void writeBatch(List<Write> writes, CostMeter meter) {
        for (Write w : writes) {
            if (w instanceof Write.Put p) {
                put(p, meter);
            } else if (w instanceof Write.Delete d) {
                delete(d, meter);
            } else {
                throw new IllegalArgumentException("a batch takes puts and deletes, got " + w);
            }
        }
    }

    /**
     * Applies independent puts and deletes of distinct items, each with its own condition, not atomically and in
     * no particular order, each as if sent alone; answers, in the order of the writes, whether each was applied
     * ({@code false}: its condition refused it and nothing of it was written). A failure other than a refusal is
     * thrown once every write sent has ended; writes other than the failed one may then be applied. By default
     * one {@link #put} or {@link #delete} after another; a store that can take many at once (a pipeline of
     * scripts, concurrent asynchronous requests, an unordered bulk write) overrides it and reports the wait with
     * {@link CostMeter#concurrentRoundTrips} or {@link CostMeter#joinConcurrent}.
     */
    default List<Boolean> writeEach(List<Write> writes, CostMeter meter) {
        List<Boolean> applied = new java.util.ArrayList<>(writes.size());
        for (Write w : writes) {
            try {
                if (w instanceof Write.Put p) {
                    put(p, meter);
                } else if (w instanceof Write.Delete d) {
                    delete(d, meter);
                } else {
                    throw new IllegalArgumentException("writeEach takes puts and deletes, got " + w);
                }
                applied.add(true);
            } catch (dev.nosqlpatterns.store.model.ConditionFailedException refused) {
                applied.add(false);
            }
        }
        return applied;
    }

    /**
     * Applies the writes (distinct items, any kinds, with conditions) all or nothing. Called only when
     * {@link #capabilities()} allows it for these writes.
     */
    default void writeAtomically(List<Write> writes, CostMeter meter) {
        throw new UnsupportedCapabilityException(kind(), Capability.ATOMIC_WRITES, "");
    }

    @Override
    void close();
}
