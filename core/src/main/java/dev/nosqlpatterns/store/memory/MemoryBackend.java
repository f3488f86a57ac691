package dev.nosqlpatterns.store.memory;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.model.Footprint;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.PrefixScans;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.internal.LinkedWalk;
import dev.nosqlpatterns.internal.Segments;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.Updates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Supplier;

/**
 * The in-memory backend: sorted maps in this JVM, guarded by one read-write lock, so every write,
 * including a multi-item atomic write, is atomic and isolated. The reference the conformance kit is
 * written against. State lives only as long as the object and is not shared across processes. Its
 * {@link dev.nosqlpatterns.store.spi.StorageFootprint} is an estimate: the items' logical sizes, without the maps' own overhead. It
 * follows links itself ({@link dev.nosqlpatterns.store.spi.LinkedReads}): a linked read walks the partition's map under one read lock,
 * one request at any depth.
 */
public final class MemoryBackend implements StoreBackend {
    private final Limits limits;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final Map<String, NavigableMap<String, NavigableMap<String, Item>>> tables = new HashMap<>();
    /** True for a JVM-wide named store, whose items outlive the stores opened on it. */
    private final boolean keptOnClose;
    private final dev.nosqlpatterns.internal.ExpirySweep sweep;

    public MemoryBackend() {
        this(Limits.PORTABLE);
    }

    public MemoryBackend(Limits limits) {
        this(limits, false, java.time.Clock.systemUTC());
    }

    /**
     * A backend whose background sweep removes expired items ({@link dev.nosqlpatterns.item.Expiry}) by
     * {@code clock}, about once a second once an item with an expiry was written; give the store over it the
     * same clock ({@link MemoryStore#create(Limits, java.time.Clock)}).
     */
    public MemoryBackend(Limits limits, java.time.Clock clock) {
        this(Objects.requireNonNull(limits, "limits must not be null"), false,
                Objects.requireNonNull(clock, "clock must not be null"));
    }

    MemoryBackend(Limits limits, boolean keptOnClose) {
        this(limits, keptOnClose, java.time.Clock.systemUTC());
    }

    private MemoryBackend(Limits limits, boolean keptOnClose, java.time.Clock clock) {
        this.limits = limits;
        this.keptOnClose = keptOnClose;
        this.sweep = new dev.nosqlpatterns.internal.ExpirySweep(() -> removeExpired(clock.millis()));
    }

    /** Removes every item expired at {@code nowMillis}; returns how many. */
    int removeExpired(long nowMillis) {
        return write(() -> {
            int removed = 0;
            for (NavigableMap<String, NavigableMap<String, Item>> table : tables.values()) {
                var partitions = table.values().iterator();
                while (partitions.hasNext()) {
                    NavigableMap<String, Item> partition = partitions.next();
                    int before = partition.size();
                    partition.values().removeIf(item -> dev.nosqlpatterns.item.Expiry.isExpired(item, nowMillis));
                    removed += before - partition.size();
                    if (partition.isEmpty()) {
                        partitions.remove();
                    }
                }
            }
            return removed;
        });
    }

    @Override
    public String kind() {
        return "memory";
    }

    @Override
    public Capabilities capabilities() {
        return Capabilities.builder().with(Capability.ATOMIC_WRITES, Capability.ATOMIC_WRITES_SINGLE_PARTITION)
                .linkedReads(this::follow).footprints(this::footprint).prefixScans(this::scan).build();
    }

    @Override
    public Limits limits() {
        return limits;
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        meter.roundTrip();
        write(() -> tables.computeIfAbsent(spec.name(), t -> new TreeMap<>(Utf8Order.COMPARATOR)));
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        meter.roundTrip();
        write(() -> tables.remove(table));
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        meter.roundTrip();
        return read(() -> find(table, key));
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        meter.roundTrip();
        return read(() -> {
            Map<ItemRef, Item> found = new LinkedHashMap<>();
            for (ItemRef ref : refs) {
                find(ref.table(), ref.key()).ifPresent(item -> found.put(ref, item));
            }
            return found;
        });
    }

    /** The whole walk under one read lock, so it sees one state: one request, as a batch read is. */
    List<Item> follow(LinkedRead read, CostMeter meter) {
        meter.roundTrip();
        return read(() -> {
            NavigableMap<String, Item> partition = table(read.table()).get(read.partition());
            return partition == null ? List.<Item>of() : LinkedWalk.walk(read, s -> true, level -> partition);
        });
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        meter.roundTrip();
        apply(List.of(put));
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        meter.roundTrip();
        apply(List.of(delete));
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        meter.roundTrip();
        return write(() -> {
            apply(List.of(update));
            return find(update.table(), update.key()).orElseThrow();
        });
    }

    @Override
    public QueryResult query(KeyQuery q, CostMeter meter) {
        meter.roundTrip();
        return select(q);
    }

    /** All queries in one call, as one request would serve them. */
    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        meter.roundTrip();
        List<QueryResult> out = new ArrayList<>(queries.size());
        for (KeyQuery q : queries) {
            out.add(select(q));
        }
        return out;
    }

    private QueryResult select(KeyQuery q) {
        return read(() -> {
            NavigableMap<String, Item> partition = table(q.table()).get(q.partition());
            if (partition == null) {
                return new QueryResult(List.of(), false);
            }
            NavigableMap<String, Item> range = range(partition, q.condition());
            Iterable<Item> ordered = q.descending() ? range.descendingMap().values() : range.values();
            List<Item> out = new ArrayList<>();
            for (Item item : ordered) {
                if (!q.selects(item.key().sort())) {
                    continue;
                }
                if (out.size() == q.limit()) {
                    return new QueryResult(out, true);
                }
                out.add(item);
            }
            return new QueryResult(out, false);
        });
    }

    private static NavigableMap<String, Item> range(NavigableMap<String, Item> partition, SortKeyCondition c) {
        NavigableMap<String, Item> range = partition;
        Optional<SortKeyCondition.Bound> lower = c.lower();
        Optional<SortKeyCondition.Bound> upper = c.upper();
        if (lower.isPresent()) {
            range = range.tailMap(lower.get().value(), lower.get().inclusive());
        }
        if (upper.isPresent()) {
            range = range.headMap(upper.get().value(), upper.get().inclusive());
        }
        return range;
    }

    @Override
    public ScanResult scan(ScanRequest s, CostMeter meter) {
        return scan(s, null, meter);
    }

    /** A scan of the table's partitions, or of those from {@code prefix} to its end alone when there is one. */
    private ScanResult scan(ScanRequest s, String prefix, CostMeter meter) {
        String end = prefix == null ? null : PrefixScans.end(prefix);
        meter.roundTrip();
        return read(() -> {
            NavigableMap<String, NavigableMap<String, Item>> table = table(s.table());
            if (prefix != null) {
                table = table.subMap(prefix, true, end, false);
            }
            String afterPartition = null;
            String afterSort = null;
            if (s.token().isPresent()) {
                String token = s.token().get();
                int colon = token.indexOf(':');
                int len = Integer.parseInt(token.substring(0, colon));
                afterPartition = token.substring(colon + 1, colon + 1 + len);
                afterSort = token.substring(colon + 1 + len);
                if (prefix != null && !afterPartition.startsWith(prefix)) {
                    throw new InvalidRequestException("the scan token of table '" + s.table() + "' is not of a scan"
                            + " of the partitions beginning with '" + prefix + "'");
                }
            }
            NavigableMap<String, NavigableMap<String, Item>> partitions =
                    afterPartition == null ? table : table.tailMap(afterPartition, true);
            List<Item> out = new ArrayList<>();
            for (Map.Entry<String, NavigableMap<String, Item>> p : partitions.entrySet()) {
                if (Segments.of(p.getKey(), s.totalSegments()) != s.segment()) {
                    continue;
                }
                NavigableMap<String, Item> items = p.getKey().equals(afterPartition)
                        ? p.getValue().tailMap(afterSort, false) : p.getValue();
                for (Item item : items.values()) {
                    if (out.size() == s.limit()) {
                        Key last = out.get(out.size() - 1).key();
                        return new ScanResult(out, Optional.of(last.partition().length() + ":" + last.partition()
                                + last.sort()));
                    }
                    out.add(item);
                }
            }
            return new ScanResult(out, Optional.empty());
        });
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        meter.roundTrip();
        apply(writes);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        meter.roundTrip();
        apply(writes);
    }

    private Footprint footprint(String table, CostMeter meter) {
        meter.roundTrip();
        TableSpec.checkName(table);
        long bytes = read(() -> table(table).values().stream().flatMap(p -> p.values().stream())
                .mapToLong(Item::sizeInBytes).sum());
        return new Footprint(table, bytes, "memory store: the items' logical sizes (Item.sizeInBytes), no overhead",
                Footprint.Accuracy.ESTIMATE, false);
    }

    @Override
    public void close() {
        if (!keptOnClose) {
            sweep.stop();
            write(tables::clear);
        }
    }

    /** Checks every condition and size, then applies every write, under the write lock. */
    private void apply(List<Write> writes) {
        write(() -> {
            List<Runnable> changes = new ArrayList<>(writes.size());
            for (int i = 0; i < writes.size(); i++) {
                Write w = writes.get(i);
                NavigableMap<String, NavigableMap<String, Item>> table = table(w.table());
                Optional<Item> current = find(w.table(), w.key());
                if (!w.condition().test(current)) {
                    throw new ConditionFailedException(w.table(), w.key(), w.condition(), writes.size() > 1 ? i : -1);
                }
                if (w instanceof Write.Put p) {
                    if (p.item().has(dev.nosqlpatterns.item.Expiry.ATTRIBUTE)) {
                        sweep.start();
                    }
                    changes.add(() -> table.computeIfAbsent(p.key().partition(),
                            k -> new TreeMap<>(Utf8Order.COMPARATOR)).put(p.key().sort(), p.item()));
                } else if (w instanceof Write.Update u) {
                    Item after = Updates.apply(current, u);
                    if (after.sizeInBytes() > limits.maxItemBytes()) {
                        throw new ItemTooLargeException(u.table(), u.key(), "the updated item would be "
                                + after.sizeInBytes() + " bytes, more than the limit of " + limits.maxItemBytes());
                    }
                    changes.add(() -> table.computeIfAbsent(u.key().partition(),
                            k -> new TreeMap<>(Utf8Order.COMPARATOR)).put(u.key().sort(), after));
                } else if (w instanceof Write.Delete d) {
                    changes.add(() -> {
                        NavigableMap<String, Item> partition = table.get(d.key().partition());
                        if (partition != null) {
                            partition.remove(d.key().sort());
                            if (partition.isEmpty()) {
                                table.remove(d.key().partition());
                            }
                        }
                    });
                }
            }
            changes.forEach(Runnable::run);
            return null;
        });
    }

    private Optional<Item> find(String table, Key key) {
        NavigableMap<String, Item> partition = table(table).get(key.partition());
        return partition == null ? Optional.empty() : Optional.ofNullable(partition.get(key.sort()));
    }

    private NavigableMap<String, NavigableMap<String, Item>> table(String name) {
        NavigableMap<String, NavigableMap<String, Item>> table = tables.get(name);
        if (table == null) {
            throw new TableNotFoundException(name);
        }
        return table;
    }

    private <T> T read(Supplier<T> body) {
        lock.readLock().lock();
        try {
            return body.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    private <T> T write(Supplier<T> body) {
        lock.writeLock().lock();
        try {
            return body.get();
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void write(Runnable body) {
        write(() -> {
            body.run();
            return null;
        });
    }
}
