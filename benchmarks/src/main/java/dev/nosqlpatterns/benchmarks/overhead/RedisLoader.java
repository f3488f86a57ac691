package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;

/**
 * A bulk load with Jedis on the Redis adapter's layout (see {@link RedisBaseline}): two pipelines per chunk. The
 * first claims every unique entry with the baseline's put-if-absent script (EVALSHA: the hash written and its
 * sort-key and partition set members added only if the hash does not exist); once every claim is granted, the
 * second writes every item's and index entry's hash (HSET) and adds their sort keys and partitions to the sorted
 * sets, one ZADD per partition and one per table. Not atomic, as a bulk load need not be.
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
    public String how() {
        return "two pipelines per chunk: EVALSHA put-if-absent claims, then HSET and ZADD";
    }

    @Override
    public void close() {
        redis.close();
    }
}
