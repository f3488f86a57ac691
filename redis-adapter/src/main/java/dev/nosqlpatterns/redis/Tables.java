package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.item.ValueCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import redis.clients.jedis.UnifiedJedis;

/**
 * The indexes of each logical table, which every write must know to keep index entries in step. Kept in
 * the table's metadata hash, so that every client of the same Redis maintains the same indexes, and
 * cached here.
 */
final class Tables {
    private static final byte[] INDEXES = Keys.utf8("indexes");

    private final UnifiedJedis jedis;
    private final Keys keys;
    private final Map<String, List<IndexSpec>> known = new ConcurrentHashMap<>();

    Tables(UnifiedJedis jedis, Keys keys) {
        this.jedis = jedis;
        this.keys = keys;
    }

    /** Records the table's indexes; a table without any needs no metadata, so an empty table has no key. */
    void create(TableSpec spec, CostMeter meter) {
        meter.roundTrip();
        byte[] meta = keys.meta(spec.name());
        if (spec.indexes().isEmpty()) {
            Failures.guard(spec.name(), null, () -> jedis.del(meta));
        } else {
            Failures.guard(spec.name(), null, () -> jedis.hset(meta, INDEXES, encode(spec.indexes())));
        }
        known.put(spec.name(), spec.indexes());
    }

    /** The table's indexes; read from Redis once when this client did not create the table. */
    List<IndexSpec> indexes(String table, CostMeter meter) {
        List<IndexSpec> cached = known.get(table);
        if (cached != null) {
            return cached;
        }
        meter.roundTrip();
        byte[] stored = Failures.guard(table, null, () -> jedis.hget(keys.meta(table), INDEXES));
        List<IndexSpec> indexes = stored == null ? List.of() : decode(stored);
        known.put(table, indexes);
        return indexes;
    }

    /** True for a table this client declared or read the indexes of, and has not dropped since. */
    boolean knows(String table) {
        return known.containsKey(table);
    }

    void forget(String table) {
        known.remove(table);
    }

    private static byte[] encode(List<IndexSpec> indexes) {
        List<Value> list = new ArrayList<>();
        for (IndexSpec index : indexes) {
            Map<String, Value> m = new LinkedHashMap<>();
            m.put("name", Value.of(index.name()));
            m.put("partition", Value.of(index.partitionAttribute()));
            index.sortAttribute().ifPresent(s -> m.put("sort", Value.of(s)));
            list.add(Value.map(m));
        }
        return ValueCodec.encode(Value.list(list));
    }

    private static List<IndexSpec> decode(byte[] bytes) {
        List<IndexSpec> out = new ArrayList<>();
        for (Value v : ((Value.ListValue) ValueCodec.decode(bytes)).value()) {
            Map<String, Value> m = ((Value.MapValue) v).value();
            out.add(new IndexSpec(str(m.get("name")), str(m.get("partition")),
                    Optional.ofNullable(m.get("sort")).map(Tables::str)));
        }
        return List.copyOf(out);
    }

    private static String str(Value v) {
        return ((Value.Str) v).value();
    }
}
