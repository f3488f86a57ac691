package dev.nosqlpatterns.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Opens a {@link Store} on MongoDB (4.2 or later, or a wire-compatible server).
 *
 * <p>Each logical table is a collection of one database, each item a document whose {@code _id} is the
 * compound {@code {p: partition, s: sort}}, so the primary index serves every partition read and no
 * other index is needed. Conditions are filters, updates run in place ({@code $inc}, {@code $addToSet},
 * {@code $pull}, {@code $set}, {@code $unset}), batches are unordered bulk writes.
 *
 * <p>What the server can do is discovered when the store opens, never assumed: multi-document
 * transactions ({@code ATOMIC_WRITES}) need a replica set or sharded cluster; secondary indexes, 2dsphere
 * geo and {@code $elemMatch} are each declared only after a probe shows the server really has them.
 *
 * <p>Give it a client you built and keep owning, or a connection string from which it builds and owns one:
 * <pre>{@code
 * Store store = MongoStore.builder().uri("mongodb://localhost:27017/shop?collectionPrefix=app_").build();
 * Store shared = MongoStore.builder().client(mongoClient).database("shop").build();
 * }</pre>
 * The URI's path names the database; its option {@code collectionPrefix} starts every collection name,
 * {@code maxInFlight} bounds the finds one call has in flight ({@link Builder#maxInFlight});
 * every other option goes to the driver.
 */
public final class MongoStore {
    /** The database when neither the builder nor the URI names one. */
    public static final String DEFAULT_DATABASE = "nosqlpatterns";

    /**
     * The largest limits a MongoDB store accepts: items up to 16 MiB less room for the key and the
     * adapter's own fields; keys far past DynamoDB's. The default is {@link Limits#PORTABLE}.
     */
    public static final Limits MAX_LIMITS = new Limits(16 * 1024 * 1024 - 64 * 1024, 8 * 1024, 8 * 1024, 1000,
            16L * 1024 * 1024);

    private static final String PREFIX_OPTION = "collectionPrefix";
    private static final String IN_FLIGHT_OPTION = "maxInFlight";

    /**
     * The most finds one call ({@code queryEach}) has in flight at once by default: well within the
     * driver's default pool of 100 connections, so that a call of thousands of partition reads neither
     * waits for a connection nor crowds out other callers.
     */
    public static final int DEFAULT_MAX_IN_FLIGHT = 16;

    private MongoStore() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects the options of a MongoDB store; {@link #build()} checks them all and reports every problem at once. */
    public static final class Builder {
        private static final int SELECTION_SECONDS = 5;
        private MongoClient client;
        private String uri;
        private String database;
        private String collectionPrefix;
        private Limits limits = Limits.PORTABLE;
        private Integer maxInFlight;

        private Builder() {
        }

        /** A client the caller built and keeps owning: closing the store leaves it open. */
        public Builder client(MongoClient client) {
            this.client = client;
            return this;
        }

        /** A connection string ({@code mongodb://} or {@code mongodb+srv://}); the store builds a client and closes it. */
        public Builder uri(String uri) {
            this.uri = uri;
            return this;
        }

        public Builder uri(URI uri) {
            this.uri = uri == null ? null : uri.toString();
            return this;
        }

        /** The database holding the tables; default: the URI's, else {@value #DEFAULT_DATABASE}. */
        public Builder database(String database) {
            this.database = database;
            return this;
        }

        /** Starts every collection name, so several applications can share a database; default none. */
        public Builder collectionPrefix(String collectionPrefix) {
            this.collectionPrefix = collectionPrefix;
            return this;
        }

        /** Size limits enforced before writing; default {@link Limits#PORTABLE}, at most {@link #MAX_LIMITS}. */
        public Builder limits(Limits limits) {
            this.limits = limits;
            return this;
        }

        /**
         * The most finds one call (a {@code queryEach}) has in flight at once, 1 to 65536;
         * {@link #DEFAULT_MAX_IN_FLIGHT} by default, or the URI's option {@code maxInFlight}. They run on a
         * pool of as many threads, shared by the calls of the backend; the rest are sent as earlier ones
         * answer, so a large call waits longer but never holds more connections than this.
         */
        public Builder maxInFlight(int finds) {
            this.maxInFlight = finds;
            return this;
        }

        /** Opens the store: connects and discovers what the server can do. */
        public Store build() {
            return Store.of(buildBackend());
        }

        /** Opens the backend alone, for wrapping or for the conformance kit. */
        public StoreBackend buildBackend() {
            Options options = check();
            MongoClient c = client != null ? client : MongoClients.create(settings(options.connection()));
            try {
                MongoDatabase db = c.getDatabase(options.database());
                Tables tables = new Tables(db, options.prefix());
                ServerFeatures features = Failures.call("connect", "*", null,
                        () -> Discovery.features(c, tables.database(), tables.internalName("probe")));
                return new MongoBackend(c, client == null, tables, limits, features, options.maxInFlight());
            } catch (RuntimeException e) {
                if (client == null) {
                    c.close();
                }
                throw e;
            }
        }

        /**
         * The client settings of a URI; an unreachable server is reported after {@value #SELECTION_SECONDS} s
         * unless the URI sets {@code serverSelectionTimeoutMS}, not after the driver's 30 s.
         */
        private static MongoClientSettings settings(ConnectionString connection) {
            MongoClientSettings.Builder b = MongoClientSettings.builder().applyConnectionString(connection);
            if (connection.getServerSelectionTimeout() == null) {
                b.applyToClusterSettings(c -> c.serverSelectionTimeout(SELECTION_SECONDS, TimeUnit.SECONDS));
            }
            return b.build();
        }

        private Options check() {
            List<String> problems = new ArrayList<>();
            if ((client == null) == (uri == null)) {
                problems.add("give exactly one of client(...) and uri(...)");
            }
            ConnectionString connection = null;
            String prefix = collectionPrefix;
            Integer inFlight = maxInFlight == null ? null : inFlight(maxInFlight, problems);
            if (uri != null) {
                UriOptions parsed = UriOptions.parse(uri, Set.of(PREFIX_OPTION, IN_FLIGHT_OPTION), problems);
                if (parsed != null) {
                    connection = parsed.connection();
                    if (prefix == null) {
                        prefix = parsed.options().get(PREFIX_OPTION);
                    }
                    if (inFlight == null && parsed.options().containsKey(IN_FLIGHT_OPTION)) {
                        inFlight = inFlight(parsed.options().get(IN_FLIGHT_OPTION), problems);
                    }
                }
            }
            String db = database != null ? database
                    : connection != null && connection.getDatabase() != null ? connection.getDatabase() : DEFAULT_DATABASE;
            Names.database(db, problems);
            prefix = prefix == null ? "" : prefix;
            Names.prefix(prefix, problems);
            if (limits == null) {
                problems.add("limits must not be null");
            } else {
                Names.limits(limits, MAX_LIMITS, problems);
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid MongoDB store options: " + String.join("; ", problems));
            }
            return new Options(connection, db, prefix, inFlight == null ? DEFAULT_MAX_IN_FLIGHT : inFlight);
        }

        private static Integer inFlight(String value, List<String> problems) {
            try {
                return inFlight(Integer.parseInt(value), problems);
            } catch (NumberFormatException e) {
                problems.add(IN_FLIGHT_OPTION + " must be a number, got '" + value + "'");
                return null;
            }
        }

        private static Integer inFlight(int value, List<String> problems) {
            try {
                return InFlightWindow.check(IN_FLIGHT_OPTION, value);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
                return null;
            }
        }
    }

    private record Options(ConnectionString connection, String database, String prefix, int maxInFlight) {
    }
}
