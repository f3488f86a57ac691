package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.LoggerFactory;

/** Keyspace, table and index definitions, and what the server is. */
final class Schema {
    private static final long INDEX_BUILD_TIMEOUT_MILLIS = 120_000;
    /** Keyspaces known to exist, per session, so that each new backend does not ask again. */
    private static final Map<CqlSession, Set<String>> KEYSPACES = Collections.synchronizedMap(new WeakHashMap<>());
    private static final Map<CqlSession, Server> SERVERS = Collections.synchronizedMap(new WeakHashMap<>());

    private Schema() {
    }

    /** What a backend needs to know about the cluster. */
    record Server(String partitioner, int majorVersion) {
        boolean murmur3() {
            return partitioner.endsWith("Murmur3Partitioner");
        }

        boolean hasStorageAttachedIndexes() {
            return majorVersion >= 5;
        }
    }

    static Server server(Cql cql) {
        Server known = SERVERS.get(cql.session);
        if (known != null) {
            return known;
        }
        warnOnClientTimestamps(cql.session);
        Row row = cql.execute(SimpleStatement.newInstance("SELECT partitioner, release_version FROM system.local"),
                new CostMeter(), null, null).one();
        if (row == null) {
            throw new StoreUnavailableException("Cassandra did not describe itself (system.local is empty)",
                    null, null, null);
        }
        String version = String.valueOf(row.getString("release_version"));
        int major;
        try {
            major = Integer.parseInt(version.split("\\.")[0]);
        } catch (NumberFormatException e) {
            major = 0;
        }
        Server server = new Server(String.valueOf(row.getString("partitioner")), major);
        SERVERS.put(cql.session, server);
        return server;
    }

    /** Plain writes with client-side timestamps may shadow lightweight transactions: say so once per session. */
    private static void warnOnClientTimestamps(CqlSession session) {
        String generator = session.getContext().getConfig().getDefaultProfile()
                .getString(DefaultDriverOption.TIMESTAMP_GENERATOR_CLASS, "AtomicTimestampGenerator");
        if (!generator.endsWith("ServerSideTimestampGenerator")) {
            LoggerFactory.getLogger(CassandraStore.class).warn("The Cassandra session uses {}: a plain put or delete"
                    + " may then be ordered after a later conditional write or update of the same item. Set"
                    + " advanced.timestamp-generator.class = ServerSideTimestampGenerator on the session.", generator);
        }
    }

    static void ensureKeyspace(Cql cql) {
        Settings s = cql.settings;
        Set<String> known = KEYSPACES.computeIfAbsent(cql.session, k -> ConcurrentHashMap.newKeySet());
        if (known.contains(s.keyspace())) {
            return;
        }
        if (s.createKeyspace()) {
            cql.ddl("CREATE KEYSPACE IF NOT EXISTS " + TableInfo.quote(s.keyspace()) + " WITH replication = "
                    + s.replication(), new CostMeter(), null);
        } else {
            Row row = cql.execute(SimpleStatement.newInstance(
                    "SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", s.keyspace()),
                    new CostMeter(), null, null).one();
            if (row == null) {
                throw new InvalidRequestException("keyspace '" + s.keyspace()
                        + "' does not exist and the store was told not to create it");
            }
        }
        known.add(s.keyspace());
    }

    /** Creates the table when absent, adds missing typed columns, then creates and awaits the indexes. */
    static void createTable(Cql cql, TableInfo table, CostMeter meter) {
        cql.ddl(table.createTable(cql.settings.gcGraceSeconds()), meter, table.name);
        if (!table.projections.isEmpty()) {
            Map<String, String> existing = columns(cql, table, meter);
            for (Projection p : table.projections) {
                String type = existing.get(p.column());
                if (type == null) {
                    cql.ddl("ALTER TABLE " + table.cqlName + " ADD " + TableInfo.quote(p.column()) + " "
                            + p.cqlType(), meter, table.name);
                } else if (!type.replace(" ", "").equalsIgnoreCase(p.cqlType().replace(" ", ""))) {
                    throw new InvalidRequestException("table '" + table.name + "' already holds attribute '"
                            + p.attribute() + "' as " + type + ", not " + p.cqlType()
                            + "; drop the table or declare the attribute as before");
                }
            }
        }
        for (IndexSpec index : table.indexes.values()) {
            Projection p = table.byAttribute.get(index.partitionAttribute());
            cql.ddl("CREATE INDEX IF NOT EXISTS " + TableInfo.quote(table.cqlIndexName(index)) + " ON "
                    + table.cqlName + " (" + TableInfo.quote(p.column()) + ") USING 'sai'", meter, table.name);
        }
        if (!table.indexes.isEmpty()) {
            awaitIndexes(cql, table, meter);
        }
    }

    private static Map<String, String> columns(Cql cql, TableInfo table, CostMeter meter) {
        Map<String, String> out = new HashMap<>();
        for (Row row : cql.execute(SimpleStatement.newInstance("SELECT column_name, type FROM system_schema.columns"
                + " WHERE keyspace_name = ? AND table_name = ?", cql.settings.keyspace(), table.name),
                meter, table.name, null)) {
            out.put(row.getString(0), row.getString(1));
        }
        return out;
    }

    /** Waits until every index of the table answers queries: a new index builds for a second or two. */
    private static void awaitIndexes(Cql cql, TableInfo table, CostMeter meter) {
        long deadline = System.currentTimeMillis() + INDEX_BUILD_TIMEOUT_MILLIS;
        while (true) {
            int ready = 0;
            for (Row row : cql.execute(SimpleStatement.newInstance("SELECT index_name, is_queryable FROM"
                    + " system_views.sai_column_indexes WHERE keyspace_name = ?", cql.settings.keyspace()),
                    meter, table.name, null)) {
                for (IndexSpec index : table.indexes.values()) {
                    if (table.cqlIndexName(index).equals(row.getString(0)) && row.getBoolean(1)) {
                        ready++;
                    }
                }
            }
            if (ready == table.indexes.size()) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new StoreUnavailableException("the indexes of table '" + table.name + "' were not built within "
                        + INDEX_BUILD_TIMEOUT_MILLIS / 1000 + " s", table.name, null, null);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreUnavailableException("interrupted while waiting for the indexes of table '"
                        + table.name + "'", table.name, null, e);
            }
        }
    }

    /** Drops the table, or empties it in {@link CassandraStore.DropMode#TRUNCATE} mode; absent is fine. */
    static void dropTable(Cql cql, String name, CostMeter meter) {
        String cqlName = TableInfo.quote(cql.settings.keyspace()) + "." + TableInfo.quote(name);
        if (cql.settings.dropMode() == CassandraStore.DropMode.DROP_TABLE) {
            cql.ddl("DROP TABLE IF EXISTS " + cqlName, meter, name);
            cql.forget(cqlName);
            return;
        }
        try {
            cql.ddl("TRUNCATE TABLE " + cqlName, meter, name);
        } catch (dev.nosqlpatterns.store.model.TableNotFoundException absent) {
            // nothing to empty
        }
    }
}
