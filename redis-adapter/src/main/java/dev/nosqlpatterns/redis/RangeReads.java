package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.PrefixScans;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.internal.Segments;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Partition queries, scans and index reads: ZRANGEBYLEX over sorted sets of score 0, which Redis
 * orders by bytes (memcmp), hence UTF-8 order. A partition query or index read is a script that lists a range
 * and reads its items in the same step, so its page is one consistent view of the partition. A scan, which
 * promises no snapshot across partitions, lists the sort keys of its partitions with one script call
 * ({@code list.lua}) and reads their hashes with pipelined HGETALL, which the server answers natively: reading
 * the hashes inside the script cost the server several times as much per item. An item removed between the
 * two steps is left out, as a scan that started a moment later would leave it out. In a cluster, where a scan
 * reads one partition per call, the call reads its items too ({@code scan.lua}): a second round trip per
 * partition would cost more than the server saves.
 */
final class RangeReads {
    /** Items per script call, so that one call never blocks the server for long. */
    static final int CHUNK = 1000;
    /**
     * Partitions read from a table's registry at least per request of a scan; up to a page (and {@link #CHUNK})
     * more, so that a page of items in partitions of one item each costs one registry read, not one per 256.
     */
    private static final int REGISTRY_BATCH = 256;
    private static final byte[] MIN = {'-'};
    private static final byte[] MAX = {'+'};

    private final UnifiedJedis jedis;
    private final Keys keys;
    private final boolean cluster;
    private final int maxInFlight;

    RangeReads(UnifiedJedis jedis, Keys keys, boolean cluster, int maxInFlight) {
        this.jedis = jedis;
        this.keys = keys;
        this.cluster = cluster;
        this.maxInFlight = maxInFlight;
    }

    QueryResult query(KeyQuery q, CostMeter meter) {
        return complete(partitionRead(q), meter).queryResult();
    }

    /**
     * Serves partition reads together, each answered as {@link #query} answers it: the next chunk of every
     * read still open travels in pipelines of at most {@code maxInFlight} calls, one after another (cluster
     * mode too: Jedis' cluster pipeline sends each call to the node of its partition's slot), so the caller
     * waits for one round trip per pipeline where reading one after another waits for one per read; only a read whose first chunk did not finish it (limit above
     * {@link #CHUNK}, members left out by the condition) needs another round. Each call counts as a round
     * trip, as it does for {@link #query}. A call the pipeline did not deliver (its slot moved, its node gave
     * no answer) or did not send again (its node lacked the script when another call failed) is sent alone,
     * as {@link #query} sends it, with the redirects and retries of the client; any other error fails the
     * whole call, mapped as {@link #query} maps it.
     */
    List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        List<RangeRead> all = queries.stream().map(this::partitionRead).toList();
        List<RangeRead> open = all;
        while (!open.isEmpty()) {
            List<RangeRead> round = open;
            List<Pipelines.Call> calls = round.stream().map(RangeRead::next).toList();
            Object[] replies = Failures.guard(round.get(0).table(), round.get(0).where(),
                    () -> Pipelines.together(jedis, maxInFlight, Script.RANGE, calls, meter));
            List<RangeRead> unfinished = new ArrayList<>();
            for (int i = 0; i < round.size(); i++) {
                RangeRead r = round.get(i);
                Object reply = replies[i];
                if (reply == null || Pipelines.undelivered(reply)) {
                    reply = alone(r, calls.get(i), meter);
                } else if (reply instanceof JedisException e) {
                    throw Failures.translate(e, r.table(), r.where());
                } else if (reply instanceof RuntimeException e) {
                    throw e;
                }
                if (!r.accept(MsgPack.reply(reply))) {
                    unfinished.add(r);
                }
            }
            open = unfinished;
        }
        return all.stream().map(r -> r.result().queryResult()).toList();
    }

    /** The read of a partition query: its condition and resume point as ZRANGEBYLEX bounds. */
    private RangeRead partitionRead(KeyQuery q) {
        byte[] min = q.condition().lower().map(b -> bound(b.inclusive(), b.value())).orElse(MIN);
        byte[] max = q.condition().upper().map(b -> bound(b.inclusive(), b.value())).orElse(MAX);
        if (q.startAfter().isPresent()) {
            String after = q.startAfter().get();
            if (!q.descending() && q.condition().lower().map(b -> Utf8Order.compare(after, b.value()) >= 0).orElse(true)) {
                min = bound(false, after);
            }
            if (q.descending() && q.condition().upper().map(b -> Utf8Order.compare(after, b.value()) <= 0).orElse(true)) {
                max = bound(false, after);
            }
        }
        String partition = q.partition();
        return new RangeRead(q.table(), Key.of(partition, "-"), keys.sortKeys(q.table(), partition), min, max,
                q.descending(), q.limit(), keys.itemPrefix(q.table(), partition),
                m -> Key.of(partition, utf8(m)), k -> q.selects(k.sort()));
    }

    /** The items of one range and whether more follow; {@code last} is the last member read. */
    record Range(List<Item> items, boolean more, byte[] last) {
        QueryResult queryResult() {
            return new QueryResult(items, more);
        }
    }

    /** Reads up to {@code limit} items of a sorted set's range, chunk by chunk. */
    Range range(String table, Key where, byte[] set, byte[] min, byte[] max, boolean descending, int limit,
                byte[] itemPrefix, Function<byte[], Key> keyOf, Predicate<Key> selects, CostMeter meter) {
        return complete(new RangeRead(table, where, set, min, max, descending, limit, itemPrefix, keyOf, selects), meter);
    }

    /** Reads the chunks of one range one after another, until it is complete. */
    private Range complete(RangeRead read, CostMeter meter) {
        boolean complete;
        do {
            complete = read.accept(alone(read, read.next(), meter));
        } while (!complete);
        return read.result();
    }

    /** Sends one call of a read by itself, with the client's redirects and retries, loading the script if need be. */
    private List<?> alone(RangeRead read, Pipelines.Call call, CostMeter meter) {
        return MsgPack.reply(Failures.guard(read.table(), read.where(),
                () -> Script.RANGE.run(jedis, meter, call.keys(), call.args())));
    }

    ScanResult scan(ScanRequest s, CostMeter meter) {
        return scan(s, null, meter);
    }

    /**
     * A page of a scan of the table, or of the partitions from {@code prefix} to its end alone when there is one:
     * a range of the sorted set that registers the table's partitions.
     */
    ScanResult scan(ScanRequest s, String prefix, CostMeter meter) {
        String table = s.table();
        String resumePartition = null;
        String resumeSort = null;
        if (s.token().isPresent()) {
            String token = s.token().get();
            int colon = token.indexOf(':');
            int len = colon > 0 ? parseLength(token.substring(0, colon)) : -1;
            if (len < 1 || colon + 1 + len >= token.length()) {
                throw new InvalidRequestException("scan token '" + token + "' of table '" + table + "' is damaged");
            }
            resumePartition = token.substring(colon + 1, colon + 1 + len);
            resumeSort = token.substring(colon + 1 + len);
        }
        if (prefix != null && resumePartition != null && !resumePartition.startsWith(prefix)) {
            throw new InvalidRequestException("the scan token of table '" + table + "' is not of a scan of the"
                    + " partitions beginning with '" + prefix + "'");
        }
        byte[] registry = keys.partitions(table);
        byte[] registryMin = resumePartition != null ? bound(true, resumePartition)
                : prefix != null ? bound(true, prefix) : MIN;
        byte[] registryMax = prefix == null ? MAX : bound(false, PrefixScans.end(prefix));
        List<Item> out = new ArrayList<>();
        int registryBatch = (int) Math.max(REGISTRY_BATCH, Math.min((long) s.limit() + 1, CHUNK));
        while (true) {
            byte[] from = registryMin;
            meter.roundTrip();
            List<byte[]> batch = Failures.guard(table, null, () -> jedis.zrangeByLex(registry, from, registryMax, 0, registryBatch));
            List<String> mine = new ArrayList<>();
            for (byte[] p : batch) {
                String partition = utf8(p);
                if (Segments.of(partition, s.totalSegments()) == s.segment()) {
                    mine.add(partition);
                }
            }
            int i = 0;
            while (i < mine.size()) {
                List<String> group = mine.subList(i, cluster ? i + 1 : mine.size());
                byte[] firstMin = group.get(0).equals(resumePartition) ? bound(false, resumeSort) : MIN;
                int want = (int) Math.min((long) s.limit() - out.size() + 1, CHUNK);
                List<byte[]> setKeys = new ArrayList<>();
                for (String p : group) {
                    setKeys.add(keys.sortKeys(table, p));
                }
                int got = 0;
                int lastGroupPosition = 0;
                Key lastRead = null;
                if (cluster) {
                    // one partition per call: its items read in the same call, one round trip
                    List<byte[]> args = new ArrayList<>(List.of(num(want), firstMin, keys.itemPrefix(table, group.get(0))));
                    List<?> reply = MsgPack.reply(Failures.guard(table, null, () -> Script.SCAN.run(jedis, meter, setKeys, args)));
                    for (int r = 0; r + 1 < reply.size(); r += 2) {
                        List<?> items = (List<?>) reply.get(r + 1);
                        for (int j = 0; j + 1 < items.size(); j += 2) {
                            got++;
                            lastRead = Key.of(group.get(0), utf8((byte[]) items.get(j)));
                            ItemHash.fromFlat(lastRead, (List<?>) items.get(j + 1)).ifPresent(out::add);
                        }
                    }
                } else {
                    List<byte[]> args = List.of(num(want), firstMin);
                    List<?> reply = MsgPack.reply(Failures.guard(table, null, () -> Script.LIST.run(jedis, meter, setKeys, args)));
                    List<Key> listed = new ArrayList<>();
                    List<byte[]> hashKeys = new ArrayList<>();
                    for (int r = 0; r + 1 < reply.size(); r += 2) {
                        lastGroupPosition = ((Long) reply.get(r)).intValue() - 1;
                        String partition = group.get(lastGroupPosition);
                        for (Object member : (List<?>) reply.get(r + 1)) {
                            String sort = utf8((byte[]) member);
                            listed.add(Key.of(partition, sort));
                            hashKeys.add(keys.item(table, partition, sort));
                        }
                    }
                    got = listed.size();
                    lastRead = got == 0 ? null : listed.get(got - 1);
                    if (got > 0) {
                        List<Map<byte[], byte[]>> hashes = Failures.guard(table, null,
                                () -> Pipelines.hashes(jedis, maxInFlight, hashKeys, meter));
                        for (int j = 0; j < got; j++) {
                            ItemHash.snapshot(listed.get(j), hashes.get(j)).item().ifPresent(out::add);
                        }
                    }
                }
                if (out.size() > s.limit()) {
                    List<Item> page = out.subList(0, s.limit());
                    Key k = page.get(page.size() - 1).key();
                    return new ScanResult(page, Optional.of(k.partition().length() + ":" + k.partition() + k.sort()));
                }
                if (got < want) {
                    i += group.size();
                } else {
                    // The chunk filled up inside the group: go on from the last item read.
                    resumePartition = lastRead.partition();
                    resumeSort = lastRead.sort();
                    i += lastGroupPosition;
                }
            }
            if (batch.size() < registryBatch) {
                return new ScanResult(out, Optional.empty());
            }
            registryMin = Keys.concat((byte) '(', batch.get(batch.size() - 1));
        }
    }

    private static int parseLength(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static byte[] bound(boolean inclusive, String value) {
        return Keys.concat((byte) (inclusive ? '[' : '('), Keys.utf8(value));
    }

    static byte[] num(long n) {
        return Keys.utf8(Long.toString(n));
    }

    static String utf8(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
