package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;

/**
 * A bulk load with Jedis on the Redis adapter's layout (see {@link RedisBaseline}): two pipelines per chunk. The
 * first claims every unique entry with the baseline's put-if-absent script (EVALSHA: the hash written and its
 * sort-key and partition set members added only if the hash does not exist); once every claim is granted, the
 * second writes every item's and index entry's hash (HSET) and adds their sort keys and partitions to the sorted
 * sets, one ZADD per partition and one per table. Not atomic, as a bulk load need not be.
 *
 * <p>A scan reads the table's registry of partitions a page at a time (ZRANGE by rank), then in one pipeline the
 * sort keys of the page's partitions (ZRANGE), then in one pipeline their hashes (HGETALL): three round trips per
 * page. A bulk write is the load's second pipeline: HSET per item, ZADD per partition and one for the table.
 */
final class RedisLoader implements Loader {
    private final RedisBaseline redis;

    RedisLoader(String uri) {
        this.redis = new RedisBaseline(uri);
    }

    @Override
    public long load(String table, List<Item> items, String uniqueTable, List<Item> uniqueEntries, String indexTable,
                     List<Item> entries) {
        List<Response<Object>> claims = new ArrayList<>(uniqueEntries.size());
        try (AbstractPipeline p = redis.jedis.pipelined()) {
            for (Item e : uniqueEntries) {
                List<byte[]> args = new ArrayList<>(4 + 2 * e.attributes().size());
                args.add(RedisBaseline.utf8(e.key().sort()));
                args.add(RedisBaseline.utf8(e.key().partition()));
                RedisBaseline.fields(e).forEach((name, value) -> {
                    args.add(name);
                    args.add(value);
                });
                claims.add(p.evalsha(redis.putIfAbsentSha, List.of(redis.itemKey(uniqueTable, e.key().partition(),
                        e.key().sort()), redis.sortKeys(uniqueTable, e.key().partition()), redis.registry(uniqueTable)), args));
            }
        }
        for (int i = 0; i < claims.size(); i++) {
            if (((Long) claims.get(i).get()) != 1) {
                throw new IllegalStateException("unique value " + uniqueEntries.get(i).key().partition() + " is taken");
            }
        }
        try (AbstractPipeline p = redis.jedis.pipelined()) {
            write(p, table, items);
            write(p, indexTable, entries);
        }
        return 2;
    }

    private void write(AbstractPipeline p, String table, List<Item> items) {
        Map<String, Map<byte[], Double>> byPartition = new LinkedHashMap<>();
        for (Item item : items) {
            p.hset(redis.itemKey(table, item.key().partition(), item.key().sort()), RedisBaseline.fields(item));
            byPartition.computeIfAbsent(item.key().partition(), k -> new HashMap<>())
                    .put(RedisBaseline.utf8(item.key().sort()), 0.0);
        }
        Map<byte[], Double> partitions = new HashMap<>();
        byPartition.forEach((partition, sorts) -> {
            p.zadd(redis.sortKeys(table, partition), sorts);
            partitions.put(RedisBaseline.utf8(partition), 0.0);
        });
        if (!partitions.isEmpty()) {
            p.zadd(redis.registry(table), partitions);
        }
    }

    @Override
    public long scan(String table, int page, Consumer<List<Item>> each) {
        long requests = 0;
        for (long from = 0; ; from += page) {
            List<byte[]> partitions = redis.jedis.zrange(redis.registry(table), from, from + page - 1);
            requests++;
            if (partitions.isEmpty()) {
                return requests;
            }
            List<String> names = partitions.stream().map(p -> new String(p, StandardCharsets.UTF_8)).toList();
            List<Response<List<byte[]>>> sorts = new ArrayList<>(names.size());
            try (AbstractPipeline p = redis.jedis.pipelined()) {
                names.forEach(name -> sorts.add(p.zrange(redis.sortKeys(table, name), 0, -1)));
            }
            List<Key> keys = new ArrayList<>(names.size());
            for (int i = 0; i < names.size(); i++) {
                for (byte[] sort : sorts.get(i).get()) {
                    keys.add(Key.of(names.get(i), new String(sort, StandardCharsets.UTF_8)));
                }
            }
            List<Response<Map<byte[], byte[]>>> hashes = new ArrayList<>(keys.size());
            try (AbstractPipeline p = redis.jedis.pipelined()) {
                keys.forEach(k -> hashes.add(p.hgetAll(redis.itemKey(table, k.partition(), k.sort()))));
            }
            requests += 2;
            List<Item> items = new ArrayList<>(keys.size());
            for (int i = 0; i < keys.size(); i++) {
                RedisBaseline.decode(keys.get(i), hashes.get(i).get()).ifPresent(items::add);
            }
            each.accept(items);
            if (partitions.size() < page) {
                return requests;
            }
        }
    }

    @Override
    public long write(String table, List<Item> items) {
        try (AbstractPipeline p = redis.jedis.pipelined()) {
            write(p, table, items);
        }
        return 1;
    }

    @Override
    public String howScanAndWrite() {
        return "scan: ZRANGE of the partition registry per page, then a pipeline of ZRANGE and one of HGETALL;"
                + " write: one pipeline of HSET and ZADD per page";
    }

    @Override
    public String how() {
        return "two pipelines per chunk: EVALSHA put-if-absent claims, then HSET and ZADD";
    }

    @Override
    public void close() {
        redis.close();
    }
}
