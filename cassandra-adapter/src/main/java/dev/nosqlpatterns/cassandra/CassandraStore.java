package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Builds {@link Store}s on Apache Cassandra (4.x and 5.x; native secondary indexes need 5.0) with the
 * DataStax Java driver 4.x.
 *
 * <p>Each logical table is one CQL table {@code PRIMARY KEY ((pk), sk)} in one keyspace, its sort keys
 * ordered by the clustering column (text compares by UTF-8 bytes, the library's order). Attributes live in
 * a {@code map<text, blob>} of canonically encoded values; declared attributes are also projected into
 * typed columns, which Storage-Attached Indexes index. Conditional writes and updates are lightweight
 * transactions; multi-item atomic writes are conditional batches, so they are offered within one
 * partition only. See the module's README for what each guarantee rests on.
 *
 * <pre>{@code
 * Store store = CassandraStore.builder().session(session).keyspace("app").build();
 * }</pre>
 */
public final class CassandraStore {
    /**
     * Cassandra's limits: keys up to 64 KiB (the storage engine's bound), items up to 1 MiB (large cells
     * hurt reads and repairs long before the 16 MiB mutation ceiling), and atomic writes of up to 100
     * items and 4 MiB in one conditional batch.
     */
    public static final Limits LIMITS = new Limits(1024 * 1024, 65_535, 65_535, 100, 4L * 1024 * 1024);

    /**
     * The most requests one call has in flight at once by default: a quarter of the driver's default
     * {@code advanced.connection.max-requests-per-connection} (1024), so that a call of thousands of reads
     * (a geohash cover of the whole world is 32,768 range queries) never finds the connection full, and a
     * few such calls side by side still fit on one connection.
     */
    public static final int DEFAULT_MAX_IN_FLIGHT = 256;

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");
    private static final Pattern DATACENTER = Pattern.compile("[A-Za-z0-9_.\\-]{1,64}");

    private CassandraStore() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** What dropping a logical table does to the CQL table behind it. */
    public enum DropMode {
        /** DROP TABLE: the CQL table and its indexes go away (a schema change, about half a second). */
        DROP_TABLE,
        /**
         * TRUNCATE: every item goes away at once but the empty CQL table stays, and is reused if the
         * logical table is created again. Far cheaper than a schema change: meant for test suites that
         * create and drop hundreds of tables in a throw-away keyspace.
         */
        TRUNCATE
    }

    /** Options of a Cassandra store; each setter checks its argument at once. */
    public static final class Builder {
        private CqlSession session;
        private final List<InetSocketAddress> contactPoints = new ArrayList<>();
        private String localDatacenter;
        private String keyspace;
        private boolean createKeyspace = true;
        private String replication = "{'class': 'SimpleStrategy', 'replication_factor': 1}";
        private ConsistencyLevel consistency = DefaultConsistencyLevel.LOCAL_QUORUM;
        private ConsistencyLevel serialConsistency = DefaultConsistencyLevel.LOCAL_SERIAL;
        private DropMode dropMode = DropMode.DROP_TABLE;
        private Limits limits = LIMITS;
        private int maxInFlight = DEFAULT_MAX_IN_FLIGHT;
        private int gcGraceSeconds = -1;

        private Builder() {
        }

        /** A session the caller built and keeps owning: the store never closes it. */
        public Builder session(CqlSession cqlSession) {
            this.session = Objects.requireNonNull(cqlSession, "session must not be null");
            return this;
        }

        /** A node to connect to when no session is given; the store then owns and closes its session. */
        public Builder contactPoint(String host, int port) {
            Objects.requireNonNull(host, "contact point host must not be null");
            if (host.isBlank()) {
                throw new IllegalArgumentException("contact point host must not be blank");
            }
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("contact point port must be 1 to 65535, got " + port);
            }
            contactPoints.add(InetSocketAddress.createUnresolved(host, port));
            return this;
        }

        /** The local data centre of an owned session (required with contact points). */
        public Builder localDatacenter(String datacenter) {
            this.localDatacenter = checkDatacenter(datacenter);
            return this;
        }

        /** The keyspace holding the tables: 1 to 48 letters, digits or underscores, starting with a letter. */
        public Builder keyspace(String name) {
            Objects.requireNonNull(name, "keyspace must not be null");
            if (!NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("keyspace '" + name
                        + "' is invalid: use 1 to 48 letters, digits or underscores, starting with a letter");
            }
            this.keyspace = name;
            return this;
        }

        /** Whether to create the keyspace when absent (default); false attaches to an existing one only. */
        public Builder createKeyspace(boolean create) {
            this.createKeyspace = create;
            return this;
        }

        /** Replication of a created keyspace: SimpleStrategy with this factor (default 1). */
        public Builder simpleStrategy(int replicationFactor) {
            if (replicationFactor < 1) {
                throw new IllegalArgumentException("replication factor must be at least 1, got " + replicationFactor);
            }
            this.replication = "{'class': 'SimpleStrategy', 'replication_factor': " + replicationFactor + "}";
            return this;
        }

        /** Replication of a created keyspace: NetworkTopologyStrategy with a factor per data centre. */
        public Builder networkTopologyStrategy(Map<String, Integer> factors) {
            Objects.requireNonNull(factors, "replication factors must not be null");
            if (factors.isEmpty()) {
                throw new IllegalArgumentException("replication factors must name at least one data centre");
            }
            StringBuilder sb = new StringBuilder("{'class': 'NetworkTopologyStrategy'");
            for (Map.Entry<String, Integer> e : new LinkedHashMap<>(factors).entrySet()) {
                String dc = checkDatacenter(e.getKey());
                Integer rf = Objects.requireNonNull(e.getValue(), () -> "replication factor of '" + dc + "'");
                if (rf < 0) {
                    throw new IllegalArgumentException("replication factor of '" + dc + "' must not be negative");
                }
                sb.append(", '").append(dc).append("': ").append(rf);
            }
            this.replication = sb.append('}').toString();
            return this;
        }

        /** Consistency of reads and writes; LOCAL_QUORUM by default (ONE suits a single node). */
        public Builder consistency(ConsistencyLevel level) {
            Objects.requireNonNull(level, "consistency must not be null");
            if (level.isSerial()) {
                throw new IllegalArgumentException("consistency " + level
                        + " is a serial level; set it with serialConsistency()");
            }
            this.consistency = level;
            return this;
        }

        /** Consistency of the Paxos phase of lightweight transactions: LOCAL_SERIAL (default) or SERIAL. */
        public Builder serialConsistency(ConsistencyLevel level) {
            Objects.requireNonNull(level, "serial consistency must not be null");
            if (!level.isSerial()) {
                throw new IllegalArgumentException("serial consistency must be SERIAL or LOCAL_SERIAL, got " + level);
            }
            this.serialConsistency = level;
            return this;
        }

        /** What dropping a logical table does; {@link DropMode#DROP_TABLE} by default. */
        public Builder dropMode(DropMode mode) {
            this.dropMode = Objects.requireNonNull(mode, "drop mode must not be null");
            return this;
        }

        /** Limits to enforce instead of {@link #LIMITS}, e.g. {@link Limits#PORTABLE}; keys stay within 64 KiB. */
        public Builder limits(Limits storeLimits) {
            Objects.requireNonNull(storeLimits, "limits must not be null");
            if (storeLimits.maxPartitionKeyBytes() > LIMITS.maxPartitionKeyBytes()
                    || storeLimits.maxSortKeyBytes() > LIMITS.maxSortKeyBytes()) {
                throw new IllegalArgumentException("Cassandra keys cannot exceed 65535 bytes, got " + storeLimits);
            }
            this.limits = storeLimits;
            return this;
        }

        /**
         * The most requests one call (a {@code queryEach}, a batch read or write) has in flight at once, 1 to
         * 65536; {@link #DEFAULT_MAX_IN_FLIGHT} by default. The rest are sent as earlier ones answer, so a
         * large call waits longer but never overruns the driver's in-flight requests per connection
         * ({@code advanced.connection.max-requests-per-connection} times the connections per node): keep it
         * well below that.
         */
        public Builder maxInFlight(int requests) {
            this.maxInFlight = InFlightWindow.check("maxInFlight", requests);
            return this;
        }

        /**
         * How long the tables this store creates keep the marks of deleted rows (tombstones) before compaction
         * may purge them ({@code gc_grace_seconds}); Cassandra's default of ten days when not set. Tombstones
         * slow every read that passes them, and a read that meets more than the server's
         * {@code tombstone_failure_threshold} fails: scans here then read narrower token ranges, other reads
         * fail. Tables that lose many rows at once (a pool tenant off-boarded, a bulk delete) recover sooner
         * with a shorter grace, but a replica that is down for longer than it and not repaired afterwards can
         * bring deleted rows back: keep it above the interval of your repairs. 0 only on a single node.
         * Applies to tables created from now on; existing ones keep theirs ({@code ALTER TABLE} changes them).
         */
        public Builder gcGrace(Duration grace) {
            Objects.requireNonNull(grace, "gc grace must not be null");
            if (grace.isNegative() || grace.getSeconds() > Integer.MAX_VALUE || grace.getNano() != 0) {
                throw new IllegalArgumentException("gc grace must be whole seconds from 0 to " + Integer.MAX_VALUE
                        + ", got " + grace);
            }
            this.gcGraceSeconds = (int) grace.getSeconds();
            return this;
        }

        /** A store over a new backend; closing the store closes the backend (and an owned session). */
        public Store build() {
            return Store.of(buildBackend());
        }

        /** The backend alone, for {@code Store.of} or the conformance kit. */
        public StoreBackend buildBackend() {
            List<String> problems = new ArrayList<>();
            if (keyspace == null) {
                problems.add("keyspace() is required");
            }
            if (session == null && contactPoints.isEmpty()) {
                problems.add("give either session() or contactPoint()");
            }
            if (session != null && !contactPoints.isEmpty()) {
                problems.add("give either session() or contactPoint(), not both");
            }
            if (session == null && !contactPoints.isEmpty() && localDatacenter == null) {
                problems.add("localDatacenter() is required with contact points");
            }
            if (!problems.isEmpty()) {
                throw new IllegalStateException("cannot build a Cassandra store: " + String.join("; ", problems));
            }
            boolean owned = session == null;
            CqlSession s = owned ? connect() : session;
            Settings settings = new Settings(keyspace, createKeyspace, replication, consistency, serialConsistency,
                    dropMode, limits, owned, maxInFlight, gcGraceSeconds);
            try {
                return new CassandraBackend(s, settings);
            } catch (RuntimeException e) {
                if (owned) {
                    s.close();
                }
                throw e;
            }
        }

        private CqlSession connect() {
            DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                    .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10))
                    .withDuration(DefaultDriverOption.CONTROL_CONNECTION_AGREEMENT_INTERVAL, Duration.ofMillis(20))
                    .withString(DefaultDriverOption.TIMESTAMP_GENERATOR_CLASS, "ServerSideTimestampGenerator")
                    // A CREATE TABLE returns once the driver has refreshed its schema, which it delays until no other
                    // change came for this window (1 s by default): creating tables one by one waited 1 s each.
                    .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, Duration.ofMillis(100))
                    .build();
            try {
                return CqlSession.builder().addContactPoints(contactPoints).withLocalDatacenter(localDatacenter)
                        .withConfigLoader(config).build();
            } catch (RuntimeException e) {
                throw Failures.unavailable("cannot connect to Cassandra at " + contactPoints, e);
            }
        }

        private static String checkDatacenter(String dc) {
            Objects.requireNonNull(dc, "data centre name must not be null");
            if (!DATACENTER.matcher(dc).matches()) {
                throw new IllegalArgumentException("data centre name '" + dc
                        + "' is invalid: use 1 to 64 letters, digits, '_', '.' or '-'");
            }
            return dc;
        }
    }
}
