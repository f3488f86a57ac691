package dev.nosqlpatterns.benchmarks.overhead;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The overhead family's operations written with the DataStax Java driver on the Cassandra adapter's
 * layout (its {@code TableInfo} and {@code ItemRows}): table {@code <keyspace>."<table>"} with
 * {@code pk text, sk text, attrs map<text, blob>} (values in {@link ValueCodec} bytes) and {@code stamp
 * bigint}, a random number every write replaces. Prepared statements; the session configured as the
 * adapter's (server-side timestamps, the URI's consistency levels). The conditional put is
 * {@code INSERT ... IF NOT EXISTS}; the counter, since a counter column cannot live in this table, a read
 * then {@code UPDATE attrs[?] = ? ... IF stamp = ?} (or an insert if absent), retried on a lost race; a
 * batch one unlogged batch of the partition's inserts.
 */
final class CassandraBaseline implements Baseline {
    final CqlSession session;
    private final String keyspace;
    final ConsistencyLevel consistency;
    final ConsistencyLevel serial;
    private final Map<String, PreparedStatement> prepared = new ConcurrentHashMap<>();

    CassandraBaseline(String uri) {
        URI u = URI.create(uri);
        Map<String, String> options = new HashMap<>();
        for (String pair : (u.getQuery() == null ? "" : u.getQuery()).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                options.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        this.keyspace = u.getPath().substring(1);
        this.consistency = DefaultConsistencyLevel.valueOf(options.getOrDefault("consistency", "LOCAL_QUORUM"));
        this.serial = DefaultConsistencyLevel.valueOf(options.getOrDefault("serialConsistency", "SERIAL"));
        this.session = CqlSession.builder().addContactPoint(new InetSocketAddress(u.getHost(), u.getPort()))
                .withLocalDatacenter(options.getOrDefault("datacenter", "datacenter1"))
                .withConfigLoader(DriverConfigLoader.programmaticBuilder()
                        .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
                        .withString(DefaultDriverOption.TIMESTAMP_GENERATOR_CLASS, "ServerSideTimestampGenerator").build())
                .build();
    }

    PreparedStatement ps(String table, String cql) {
        String text = cql.replace("$t", "\"" + keyspace + "\".\"" + table + "\"");
        return prepared.computeIfAbsent(text, session::prepare);
    }

    static Map<String, ByteBuffer> attrs(Item item) {
        Map<String, ByteBuffer> out = new HashMap<>(item.attributes().size() * 2);
        item.attributes().forEach((name, value) -> out.put(name, ByteBuffer.wrap(ValueCodec.encode(value))));
        return out;
    }

    static Item item(Key key, Map<String, ByteBuffer> attrs) {
        Map<String, Value> values = new HashMap<>(attrs.size() * 2);
        attrs.forEach((name, b) -> {
            byte[] bytes = new byte[b.remaining()];
            b.duplicate().get(bytes);
            values.put(name, ValueCodec.decode(bytes));
        });
        return new Item(key, values);
    }

    @Override
    public Optional<Item> get(String table, Key key) {
        Row row = session.execute(ps(table, "SELECT attrs FROM $t WHERE pk = ? AND sk = ?")
                .bind(key.partition(), key.sort()).setConsistencyLevel(consistency)).one();
        return row == null ? Optional.empty() : Optional.of(item(key, row.getMap(0, String.class, ByteBuffer.class)));
    }

    @Override
    public void put(String table, Item item) {
        session.execute(ps(table, "INSERT INTO $t (pk, sk, attrs, stamp) VALUES (?, ?, ?, ?)")
                .bind(item.key().partition(), item.key().sort(), attrs(item), ThreadLocalRandom.current().nextLong())
                .setConsistencyLevel(consistency).setIdempotent(true));
    }

    @Override
    public boolean putIfAbsent(String table, Item item) {
        return session.execute(ps(table, "INSERT INTO $t (pk, sk, attrs, stamp) VALUES (?, ?, ?, ?) IF NOT EXISTS")
                .bind(item.key().partition(), item.key().sort(), attrs(item), ThreadLocalRandom.current().nextLong())
                .setConsistencyLevel(consistency).setSerialConsistencyLevel(serial)).wasApplied();
    }

    @Override
    public long add(String table, Key key, String attribute, long delta) {
        while (true) {
            Row row = session.execute(ps(table, "SELECT attrs[?], stamp FROM $t WHERE pk = ? AND sk = ?")
                    .bind(attribute, key.partition(), key.sort()).setConsistencyLevel(consistency)).one();
            long sum = delta;
            boolean applied;
            long stamp = ThreadLocalRandom.current().nextLong();
            if (row == null) {
                applied = session.execute(ps(table, "INSERT INTO $t (pk, sk, attrs, stamp) VALUES (?, ?, ?, ?) IF NOT EXISTS")
                        .bind(key.partition(), key.sort(), Map.of(attribute, number(sum)), stamp)
                        .setConsistencyLevel(consistency).setSerialConsistencyLevel(serial)).wasApplied();
            } else {
                ByteBuffer old = row.getByteBuffer(0);
                if (old != null) {
                    byte[] bytes = new byte[old.remaining()];
                    old.duplicate().get(bytes);
                    sum += ((Value.Num) ValueCodec.decode(bytes)).value().longValueExact();
                }
                applied = session.execute(ps(table, "UPDATE $t SET attrs[?] = ?, stamp = ? WHERE pk = ? AND sk = ? IF stamp = ?")
                        .bind(attribute, number(sum), stamp, key.partition(), key.sort(), row.isNull(1) ? null : row.getLong(1))
                        .setConsistencyLevel(consistency).setSerialConsistencyLevel(serial)).wasApplied();
            }
            if (applied) {
                return sum;
            }
        }
    }

    private static ByteBuffer number(long n) {
        return ByteBuffer.wrap(ValueCodec.encode(Value.of(BigDecimal.valueOf(n))));
    }

    @Override
    public List<Item> query(String table, String partition, String from, String to) {
        List<Item> out = new ArrayList<>();
        for (Row row : session.execute(ps(table, "SELECT sk, attrs FROM $t WHERE pk = ? AND sk >= ? AND sk <= ?")
                .bind(partition, from, to).setConsistencyLevel(consistency))) {
            out.add(item(Key.of(partition, row.getString(0)), row.getMap(1, String.class, ByteBuffer.class)));
        }
        return out;
    }

    @Override
    public void writeBatch(String table, List<Item> items) {
        Map<String, BatchStatementBuilder> byPartition = new HashMap<>();
        PreparedStatement insert = ps(table, "INSERT INTO $t (pk, sk, attrs, stamp) VALUES (?, ?, ?, ?)");
        for (Item item : items) {
            byPartition.computeIfAbsent(item.key().partition(), p -> BatchStatement.builder(BatchType.UNLOGGED))
                    .addStatement(insert.bind(item.key().partition(), item.key().sort(), attrs(item),
                            ThreadLocalRandom.current().nextLong()));
        }
        List<java.util.concurrent.CompletableFuture<?>> sent = new ArrayList<>();
        for (BatchStatementBuilder b : byPartition.values()) {
            sent.add(session.executeAsync(b.setConsistencyLevel(consistency).setIdempotence(true).build()).toCompletableFuture());
        }
        sent.forEach(java.util.concurrent.CompletableFuture::join);
    }

    @Override
    public void close() {
        session.close();
    }
}
