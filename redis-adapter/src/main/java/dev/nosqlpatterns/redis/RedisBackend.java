package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.Updates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.UnifiedJedis;

/**
 * The storage SPI on Redis. Layout in {@link Keys}, item hashes in {@link ItemHash}. Every mutation is one
 * call of {@code write.lua}, which checks the conditions and changes item hashes, sort-key sets, the
 * partition registry and index entries together, so they never disagree, even when a client dies
 * mid-batch; but unconditional puts to tables without indexes on a single server, which need nothing
 * checked, are MULTI/EXEC transactions ({@link PlainPuts}), and a single put on a condition to a table
 * without indexes is one call of a smaller script ({@link CheckedPuts}). Updates are compare-and-set: read the item and its version, apply {@link Updates#apply}
 * here (exact decimals, the reference semantics), write back only if the version is unchanged, retry
 * otherwise. In a cluster the partition registry lives in another slot than the items: it gains an
 * entry before an item is written and loses it only when the table is dropped, so scans skip empty
 * partitions and never miss an item.
 */
final class RedisBackend implements StoreBackend {
    private static final long CAS_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final int DROP_PARTITIONS = 100;
    /** Writes per script call of a batch: enough to share the call's cost, few enough not to block the server long. */
    private static final int BATCH_CALL = 100;
    /** How long the marker of an applied token-carrying write lives: far longer than its retries last. */
    static final long TOKEN_TTL_MS = 60_000;

    private final UnifiedJedis jedis;
    private final boolean ownsClient;
    private final boolean cluster;
    private final Keys keys;
    private final Limits limits;
    private final Tables tables;
    private final RangeReads reads;
    private final RedisGeo geo;
    private final ServerAdds adds;
    private final PlainPuts plainPuts;
    private final CheckedPuts checkedPuts;
    private final ReplicaWait wait;
    /** The most commands of one call in a pipeline: script calls, hashes read, puts, members added. */
    private final int maxInFlight;

    RedisBackend(UnifiedJedis jedis, boolean ownsClient, boolean cluster, String keyPrefix, Limits limits) {
        this(jedis, ownsClient, cluster, keyPrefix, limits, ReplicaWait.NONE, RedisStore.DEFAULT_MAX_IN_FLIGHT);
    }

    RedisBackend(UnifiedJedis jedis, boolean ownsClient, boolean cluster, String keyPrefix, Limits limits,
                 ReplicaWait wait, int maxInFlight) {
        this.maxInFlight = maxInFlight;
        this.jedis = jedis;
        this.ownsClient = ownsClient;
        this.cluster = cluster;
        this.keys = new Keys(keyPrefix);
        this.limits = limits;
        this.tables = new Tables(jedis, keys);
        this.reads = new RangeReads(jedis, keys, cluster, maxInFlight);
        this.geo = new RedisGeo(jedis, keys, maxInFlight);
        this.adds = new ServerAdds(jedis, keys, cluster, limits, wait);
        this.plainPuts = new PlainPuts(jedis, keys, wait, maxInFlight);
        this.checkedPuts = new CheckedPuts(jedis, keys, cluster, wait);
        this.wait = wait;
    }

    @Override
    public String kind() {
        return "redis";
    }

    @Override
    public Capabilities capabilities() {
        Capabilities.Builder caps = Capabilities.builder().with(Capability.ATOMIC_WRITES_SINGLE_PARTITION,
                Capability.SHARED_ACROSS_PROCESSES, Capability.NATIVE_EXPIRY)
                .nativeGeo(geo).linkedReads(new RedisLinkedReads(jedis, keys)).prefixScans(reads::scan);
        if (!cluster) {
            // index entries and multi-key transactions need every key on one server
            caps.with(Capability.ATOMIC_WRITES, Capability.CONSISTENT_NATIVE_INDEX_READS).nativeIndexes(this::readIndex);
        }
        if (!cluster || jedis instanceof redis.clients.jedis.JedisCluster) {
            caps.footprints(new RedisFootprint(jedis, keys, tables::knows));
        }
        return caps.build();
    }

    @Override
    public Limits limits() {
        return limits;
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        tables.create(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        List<IndexSpec> indexes = tables.indexes(table, meter);
        byte[] registry = keys.partitions(table);
        while (true) {
            meter.roundTrip();
            List<byte[]> batch = Failures.guard(table, null, () -> jedis.zrange(registry, 0, DROP_PARTITIONS - 1));
            if (batch.isEmpty()) {
                break;
            }
            List<Pipelines.Call> calls = new ArrayList<>();
            for (byte[] p : batch) {
                String partition = RangeReads.utf8(p);
                byte[] set = keys.sortKeys(table, partition);
                calls.add(new Pipelines.Call(cluster ? List.of(set) : List.of(set, registry),
                        List.of(keys.itemPrefix(table, partition), p, RangeReads.num(RangeReads.CHUNK))));
            }
            List<Object> left = Failures.guard(table, null, () -> Pipelines.scripts(jedis, maxInFlight, Script.DROP, calls, meter));
            if (cluster) {
                List<byte[]> emptied = new ArrayList<>();
                for (int i = 0; i < batch.size(); i++) {
                    if ((Long) left.get(i) == 0) {
                        emptied.add(batch.get(i));
                    }
                }
                if (!emptied.isEmpty()) {
                    meter.roundTrip();
                    Failures.guard(table, null, () -> jedis.zrem(registry, emptied.toArray(new byte[0][])));
                }
            }
        }
        List<byte[]> tableKeys = new ArrayList<>(List.of(keys.meta(table), registry));
        indexes.forEach(i -> tableKeys.add(keys.index(table, i.name())));
        meter.roundTrip();
        Failures.guard(table, null, () -> jedis.del(tableKeys.toArray(new byte[0][])));
        tables.forget(table);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        meter.roundTrip();
        Map<byte[], byte[]> hash = Failures.guard(table, key,
                () -> jedis.hgetAll(keys.item(table, key.partition(), key.sort())));
        return ItemHash.snapshot(key, hash).item();
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        List<byte[]> hashKeys = refs.stream().map(r -> keys.item(r.table(), r.key().partition(), r.key().sort())).toList();
        ItemRef first = refs.get(0);
        List<Map<byte[], byte[]>> hashes = Failures.guard(first.table(), first.key(),
                () -> Pipelines.hashes(jedis, maxInFlight, hashKeys, meter));
        Map<ItemRef, Item> found = new LinkedHashMap<>();
        for (int i = 0; i < refs.size(); i++) {
            ItemRef ref = refs.get(i);
            ItemHash.snapshot(ref.key(), hashes.get(i)).item().ifPresent(item -> found.put(ref, item));
        }
        return found;
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        if (plain(List.of(put), meter)) {
            Failures.retrying(put.table(), put.key(), () -> {
                plainPuts.write(List.of(put), meter);
                return null;
            });
        } else if (CheckedPuts.takes(put) && tables.indexes(put.table(), meter).isEmpty()) {
            registerPartitions(List.of(put), meter);
            if (!checkedPuts.write(put, meter)) {
                throw new ConditionFailedException(put.table(), put.key(), put.condition(), -1);
            }
        } else {
            applyChecked(List.of(put), meter);
        }
    }

    /** True for unconditional puts to tables without indexes on a single server: {@link PlainPuts} writes them. */
    private boolean plain(List<? extends Write> writes, CostMeter meter) {
        if (cluster || !PlainPuts.onlyUnconditionalPuts(writes)) {
            return false;
        }
        for (Write w : writes) {
            if (!tables.indexes(w.table(), meter).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        applyChecked(List.of(delete), meter);
    }

    /** A counter update in one script call when {@link ServerAdds} can add exactly; otherwise compare-and-set. */
    @Override
    public Item update(Write.Update update, CostMeter meter) {
        if (ServerAdds.applies(update) && tables.indexes(update.table(), meter).isEmpty()) {
            registerPartitions(List.of(update), meter);
            Optional<Item> added = adds.run(update, meter);
            if (added.isPresent()) {
                return added.get();
            }
        }
        return compareAndSet(List.of(update), meter).get(0);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return reads.query(query, meter);
    }

    /**
     * The queries' range reads pipelined together, so the caller waits for about one round trip instead of
     * one per query; see {@link RangeReads#queryEach}.
     */
    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        return reads.queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return reads.scan(scan, meter);
    }

    /**
     * Unconditional puts to tables without indexes in {@link PlainPuts}' transactions; other writes up to
     * {@link #BATCH_CALL} of them per call of {@code write.lua} (in a cluster,
     * per call only writes of one partition, whose keys share a slot), the calls pipelined: the script's
     * fixed cost is paid per call, not per write, and each item still changes atomically with its sort-key
     * set and index entries.
     */
    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        Write first = writes.get(0);
        if (plain(writes, meter)) {
            List<Write.Put> puts = writes.stream().map(Write.Put.class::cast).toList();
            Failures.guard(first.table(), first.key(), () -> plainPuts.write(puts, meter));
            return;
        }
        registerPartitions(writes, meter);
        Map<String, List<Write>> groups = new LinkedHashMap<>();
        for (Write w : writes) {
            groups.computeIfAbsent(cluster ? w.table() + '\u0000' + w.key().partition() : "", g -> new ArrayList<>()).add(w);
        }
        List<Pipelines.Call> calls = new ArrayList<>();
        for (List<Write> group : groups.values()) {
            for (int from = 0; from < group.size(); from += BATCH_CALL) {
                WriteArgs args = new WriteArgs(keys, !cluster);
                for (Write w : group.subList(from, Math.min(from + BATCH_CALL, group.size()))) {
                    add(args, w, WriteArgs.Check.of(w.condition()), meter);
                }
                calls.add(new Pipelines.Call(args.keys(), args.args()));
            }
        }
        Failures.guard(first.table(), first.key(), () -> Pipelines.scripts(jedis, maxInFlight, Script.WRITE, calls, meter, wait));
    }

    /**
     * One call of {@code write.lua} per write, with its own condition, the calls pipelined: the caller waits for
     * about one round trip per pipeline instead of one per write, and each write is checked and applied alone.
     */
    @Override
    public List<Boolean> writeEach(List<Write> writes, CostMeter meter) {
        registerPartitions(writes, meter);
        List<Pipelines.Call> calls = new ArrayList<>(writes.size());
        for (Write w : writes) {
            WriteArgs args = new WriteArgs(keys, !cluster);
            add(args, w, WriteArgs.Check.of(w.condition()), meter);
            calls.add(new Pipelines.Call(args.keys(), args.args()));
        }
        Write first = writes.get(0);
        List<Object> replies = Failures.guard(first.table(), first.key(),
                () -> Pipelines.scripts(jedis, maxInFlight, Script.WRITE, calls, meter, wait));
        List<Boolean> applied = new ArrayList<>(replies.size());
        replies.forEach(r -> applied.add(((Long) r) == 0L));
        return applied;
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        if (writes.stream().anyMatch(w -> w instanceof Write.Update)) {
            compareAndSet(writes, meter);
        } else {
            applyChecked(writes, meter);
        }
    }

    /** Writes with their own conditions, checked by the script: one round trip. */
    private void applyChecked(List<Write> writes, CostMeter meter) {
        registerPartitions(writes, meter);
        WriteArgs args = new WriteArgs(keys, !cluster);
        for (Write w : writes) {
            add(args, w, WriteArgs.Check.of(w.condition()), meter);
        }
        int failed = runWrite(args, writes.get(0), meter);
        if (failed > 0) {
            Write w = writes.get(failed - 1);
            throw new ConditionFailedException(w.table(), w.key(), w.condition(), writes.size() > 1 ? failed - 1 : -1);
        }
    }

    /**
     * Writes that include updates: read every item with its version, check conditions and apply the updates
     * here exactly as the in-memory reference does, then write all of it if no version changed meanwhile.
     */
    private List<Item> compareAndSet(List<Write> writes, CostMeter meter) {
        Write first = writes.get(0);
        long deadline = System.nanoTime() + CAS_TIMEOUT_NANOS;
        List<byte[]> hashKeys = writes.stream().map(w -> keys.item(w.table(), w.key().partition(), w.key().sort())).toList();
        for (int attempt = 1; ; attempt++) {
            List<Map<byte[], byte[]>> hashes = Failures.retrying(first.table(), first.key(), () -> writes.size() == 1
                    ? List.of(count(meter, jedis.hgetAll(hashKeys.get(0)))) : Pipelines.hashes(jedis, maxInFlight, hashKeys, meter));
            WriteArgs args = new WriteArgs(keys, !cluster);
            List<Item> after = new ArrayList<>();
            for (int i = 0; i < writes.size(); i++) {
                Write w = writes.get(i);
                ItemHash.Snapshot now = ItemHash.snapshot(w.key(), hashes.get(i));
                if (!w.condition().test(now.item())) {
                    throw new ConditionFailedException(w.table(), w.key(), w.condition(), writes.size() > 1 ? i : -1);
                }
                WriteArgs.Check unchanged = WriteArgs.Check.version(now.version());
                if (w instanceof Write.Update u) {
                    Item updated = Updates.apply(now.item(), u);
                    if (updated.sizeInBytes() > limits.maxItemBytes()) {
                        throw new ItemTooLargeException(u.table(), u.key(), "the updated item would be "
                                + updated.sizeInBytes() + " bytes, more than the limit of " + limits.maxItemBytes());
                    }
                    args.put(w.table(), updated, unchanged, tables.indexes(w.table(), meter));
                    after.add(updated);
                } else {
                    add(args, w, unchanged, meter);
                    after.add(w instanceof Write.Put p ? p.item() : null);
                }
            }
            registerPartitions(writes, meter);
            if (runWrite(args, first, meter) == 0) {
                return after;
            }
            if (System.nanoTime() > deadline) {
                throw new StoreUnavailableException("gave up after " + attempt + " attempts: the item kept changing"
                        + " between reading and writing it", first.table(), first.key(), null);
            }
            if (attempt > 2) {
                LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1, 1 + 50_000L * Math.min(attempt, 40)));
            }
        }
    }

    private static <T> T count(CostMeter meter, T value) {
        meter.roundTrip();
        return value;
    }

    private void add(WriteArgs args, Write w, WriteArgs.Check check, CostMeter meter) {
        if (w instanceof Write.Put p) {
            args.put(w.table(), p.item(), check, tables.indexes(w.table(), meter));
        } else if (w instanceof Write.Delete) {
            args.delete(w.table(), w.key(), check, tables.indexes(w.table(), meter));
        } else if (w instanceof Write.Check) {
            args.check(w.table(), w.key(), check);
        } else {
            throw new IllegalArgumentException("cannot apply " + w + " here");
        }
    }

    /**
     * Runs the writes in one script call, sent again on failures that may pass (see {@link Failures#retrying}).
     * Unconditional writes are idempotent; conditional ones carry a request token, so that a call whose reply
     * was lost and that is sent again is not applied twice (nor reported as failing its own condition).
     */
    private int runWrite(WriteArgs args, Write first, CostMeter meter) {
        if (!(first.condition() instanceof dev.nosqlpatterns.store.model.Condition.None)
                || args.hasConditions()) {
            args.token(first.table(), first.key().partition(), TOKEN_TTL_MS);
        }
        Object reply = Failures.retrying(first.table(), first.key(),
                () -> Script.WRITE.run(jedis, meter, args.keys(), args.args(), wait, first.table(), first.key()));
        return ((Long) reply).intValue();
    }

    /** In a cluster: adds the partitions of puts and updates to their registries before writing them. */
    private void registerPartitions(List<Write> writes, CostMeter meter) {
        if (!cluster) {
            return;
        }
        List<byte[][]> entries = writes.stream()
                .filter(w -> w instanceof Write.Put || w instanceof Write.Update)
                .map(w -> new byte[][] {keys.partitions(w.table()), Keys.utf8(w.key().partition())})
                .toList();
        if (!entries.isEmpty()) {
            Write first = writes.get(0);
            Failures.retrying(first.table(), first.key(), () -> {
                Pipelines.addMembers(jedis, maxInFlight, entries, meter);
                return null;
            });
        }
    }

    private IndexResult readIndex(IndexRead q, CostMeter meter) {
        IndexSpec index = q.index();
        byte[][] bounds = IndexEntries.bounds(q.partitionValue(), q.sortCondition());
        if (q.after().isPresent()) {
            IndexPosition after = q.after().get();
            byte[] last = IndexEntries.member(index, after.asItem(index, q.partitionValue()),
                    keys.item(q.tableName(), after.key().partition(), after.key().sort())).orElseThrow();
            bounds[q.isDescending() ? 1 : 0] = Keys.concat((byte) '(', last);
        }
        RangeReads.Range r = reads.range(q.tableName(), null, keys.index(q.tableName(), index.name()), bounds[0], bounds[1],
                q.isDescending(), q.limit(), new byte[0], IndexEntries::keyOf, k -> true, meter);
        // An entry outlives its item when Redis expires the item's hash; the key may hold another item since.
        List<Item> holding = r.items().stream().filter(item -> IndexEntries.member(index, item,
                keys.item(q.tableName(), item.key().partition(), item.key().sort()))
                .filter(m -> within(m, bounds[0], bounds[1])).isPresent()).toList();
        return new IndexResult(holding, r.more() ? Optional.of(IndexEntries.position(index, r.last())) : Optional.empty());
    }

    /** True when {@code member} lies between two ZRANGEBYLEX bounds ({@code -}, {@code +}, {@code [x}, {@code (x}). */
    static boolean within(byte[] member, byte[] min, byte[] max) {
        return bound(member, min, true) && bound(member, max, false);
    }

    private static boolean bound(byte[] member, byte[] bound, boolean lower) {
        if (bound.length == 1 && (bound[0] == '-' || bound[0] == '+')) {
            return (bound[0] == '-') == lower;
        }
        int c = java.util.Arrays.compareUnsigned(member, 0, member.length, bound, 1, bound.length);
        boolean inclusive = bound[0] == '[';
        return lower ? (inclusive ? c >= 0 : c > 0) : (inclusive ? c <= 0 : c < 0);
    }

    @Override
    public void close() {
        if (ownsClient) {
            jedis.close();
        }
    }

    @Override
    public String toString() {
        return "RedisBackend[" + (cluster ? "cluster, " : "") + "prefix " + RangeReads.utf8(keys.prefix()) + "]";
    }
}
