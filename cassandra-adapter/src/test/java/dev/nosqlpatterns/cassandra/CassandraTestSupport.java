package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.UUID;

/**
 * The Cassandra the tests run against, shared by every test class of the JVM, the first of: the node named
 * by {@code NOSQLPATTERNS_CASSANDRA_URI} (environment variable or system property, e.g.
 * {@code cassandra://10.0.0.5:9042/?datacenter=dc1}); a {@code cassandra:5} container when a Docker engine
 * answers; the embedded node, started once per JVM.
 */
final class CassandraTestSupport {
    static final String URI_VARIABLE = "NOSQLPATTERNS_CASSANDRA_URI";

    private static final java.util.concurrent.atomic.AtomicLong NAMES = new java.util.concurrent.atomic.AtomicLong();
    private static CqlSession session;
    private static String keyspace;
    private static boolean userGiven;

    private CassandraTestSupport() {
    }

    /** A backend on the shared session; tables are truncated rather than dropped, which is ~10x faster. */
    static StoreBackend backend() {
        return builder().dropMode(CassandraStore.DropMode.TRUNCATE).buildBackend();
    }

    static CassandraStore.Builder builder() {
        CqlSession s = session();
        return CassandraStore.builder().session(s).keyspace(keyspace)
                .consistency(userGiven ? DefaultConsistencyLevel.LOCAL_QUORUM : DefaultConsistencyLevel.ONE)
                .serialConsistency(userGiven ? DefaultConsistencyLevel.LOCAL_SERIAL : DefaultConsistencyLevel.SERIAL);
    }

    /** A table name no other test of this run uses. */
    static String uniqueName(String prefix) {
        return prefix + "_" + Long.toString(System.nanoTime() % 1_000_000_000L, 36) + "_" + NAMES.incrementAndGet();
    }

    static String keyspace() {
        session();
        return keyspace;
    }

    static synchronized CqlSession session() {
        if (session != null) {
            return session;
        }
        String given = System.getProperty(URI_VARIABLE, System.getenv(URI_VARIABLE));
        InetSocketAddress address;
        String datacenter = EmbeddedCassandra.DATACENTER;
        if (given != null && !given.isBlank()) {
            URI uri = URI.create(given);
            address = new InetSocketAddress(uri.getHost(), uri.getPort() < 0 ? 9042 : uri.getPort());
            String query = uri.getQuery() == null ? "" : uri.getQuery();
            for (String option : query.split("&")) {
                if (option.startsWith("datacenter=")) {
                    datacenter = option.substring("datacenter=".length());
                }
            }
            userGiven = true;
            // a keyspace of its own, removed at the end, so that a shared cluster is left as it was
            keyspace = "np_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        } else {
            keyspace = "kit";
            java.util.Optional<InetSocketAddress> container = CassandraContainer.startIfDocker();
            if (container.isPresent()) {
                address = container.get();
            } else {
                EmbeddedCassandra node = EmbeddedCassandra.shared();
                System.out.println("embedded Cassandra accepted clients after " + node.startupTime().toMillis() + " ms");
                address = node.address();
            }
        }
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
                .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(10))
                .withBoolean(DefaultDriverOption.METADATA_SCHEMA_ENABLED, false)
                .withBoolean(DefaultDriverOption.METADATA_TOKEN_MAP_ENABLED, false)
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_INTERVAL, Duration.ofMillis(10))
                .withString(DefaultDriverOption.TIMESTAMP_GENERATOR_CLASS, "ServerSideTimestampGenerator")
                // Cassandra 4.0 and later speak v5: skip the negotiation from DSE protocols
                .withString(DefaultDriverOption.PROTOCOL_VERSION, "V5")
                // the session closes at JVM exit: no need to linger
                .withInt(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, 0)
                .build();
        long begin = System.nanoTime();
        session = CqlSession.builder().addContactPoint(address).withLocalDatacenter(datacenter)
                .withConfigLoader(config).build();
        System.out.println("driver session opened in " + (System.nanoTime() - begin) / 1_000_000 + " ms");
        CqlSession s = session;
        boolean drop = userGiven;
        String ks = keyspace;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                if (drop) {
                    s.execute("DROP KEYSPACE IF EXISTS " + ks);
                }
            } finally {
                s.close();
            }
        }, "cassandra-test-session-close"));
        return session;
    }
}
