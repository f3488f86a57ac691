package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.internal.InFlightWindow;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Opens a {@link Store} on Amazon DynamoDB or DynamoDB Local.
 *
 * <p>Give either a client you built and configured yourself (the store never closes it) or a URI, from
 * which the store builds and owns its client:
 * <pre>{@code
 * Store store = DynamoDbStore.builder().client(dynamoDbClient).build();
 * Store local = DynamoDbStore.builder().uri("dynamodb://localhost:8000?table=app").build();
 * }</pre>
 *
 * <p>By default every logical table lives in one physical table ({@value #DEFAULT_TABLE}) whose string
 * partition key {@code pk} holds {@code <logical table>#<partition>} and whose string sort key {@code sk}
 * holds the sort key: the single-table design. {@link Builder#tablePerLogicalTable} gives each logical
 * table its own physical table instead. Missing tables are created on demand (pay per request) unless
 * {@link Builder#createTables} is off; an existing table is used as it is when its key attributes match
 * {@link Builder#keyAttributes}. In the single-table layout a scan of one logical table reads the whole
 * physical table (and is charged for it), and dropping a logical table scans it and deletes its items in
 * batches; prefer the per-table layout for tables that are scanned often.
 *
 * <p>Limits are DynamoDB's, less what the layout stores besides the item: the key attribute names and,
 * in the single-table layout, the longest table-name prefix (49 bytes) on the item size and partition
 * key. Sizes, keys and transactions are checked before the request; an update that would grow an item
 * past the limit is refused by DynamoDB atomically, and nothing is written.
 *
 * <p>URI form: {@code dynamodb://host:port?options} for an endpoint such as DynamoDB Local (plain HTTP
 * unless {@code tls=true}; dummy credentials unless {@code credentials=default}), or
 * {@code dynamodb:///?region=eu-west-1} for AWS with the default credentials chain. Options:
 * {@code region}, {@code table} (single-table name), {@code tablePrefix} (switches to one table per
 * logical table, named prefix + logical name), {@code prefix} and {@code suffix} (partition and sort key
 * attribute names), {@code create=false}, {@code consistentReads=false}, {@code maxAttempts}, {@code maxInFlight},
 * {@code connectTimeoutMillis}, {@code socketTimeoutMillis}.
 */
public final class DynamoDbStore {
    /** The physical table of the single-table layout when none is named. */
    public static final String DEFAULT_TABLE = "nosqlpatterns";

    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z0-9_.-]{3,255}");
    private static final Pattern TABLE_PREFIX = Pattern.compile("[A-Za-z0-9_.-]{0,207}");

    private DynamoDbStore() {
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A store from a URI; see the class comment for its form. */
    public static Store open(String uri) {
        return builder().uri(uri).build();
    }

    /** Collects the settings of a DynamoDB store; {@link #build} checks them all at once. */
    public static final class Builder {
        private DynamoDbClient client;
        private ClientSettings clientSettings;
        private boolean singleTable = true;
        private String table = DEFAULT_TABLE;
        private String tablePrefix = "";
        private String partitionAttribute = "pk";
        private String sortAttribute = "sk";
        private boolean createTables = true;
        private boolean consistentReads = true;
        private int maxAttempts = 8;
        private int maxInFlight = ConcurrentQueries.DEFAULT_MAX_IN_FLIGHT;
        private Duration baseDelay = Duration.ofMillis(25);
        private Duration maxDelay = Duration.ofSeconds(2);
        private Sender.Sleeper sleeper = d -> Thread.sleep(d.toMillis(), d.toNanosPart() % 1_000_000);

        private Builder() {
        }

        /** A client you built and configured; the store uses it and never closes it. */
        public Builder client(DynamoDbClient client) {
            this.client = Objects.requireNonNull(client, "client must not be null");
            return this;
        }

        /** Settings and endpoint from a URI; see {@link DynamoDbStore}. The store builds and closes its client. */
        public Builder uri(String uri) {
            Objects.requireNonNull(uri, "uri must not be null");
            try {
                return uri(URI.create(uri));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("DynamoDB store URI '" + uri + "' is malformed: " + e.getMessage(), e);
            }
        }

        public Builder uri(URI uri) {
            Objects.requireNonNull(uri, "uri must not be null");
            UriOptions.apply(uri, this);
            return this;
        }

        /** Keeps every logical table in the one physical table {@code physicalTable} (the default layout). */
        public Builder singleTable(String physicalTable) {
            this.singleTable = true;
            this.table = Objects.requireNonNull(physicalTable, "physical table name must not be null");
            return this;
        }

        /** Gives each logical table its own physical table, named {@code prefix} + the logical name. */
        public Builder tablePerLogicalTable(String prefix) {
            this.singleTable = false;
            this.tablePrefix = Objects.requireNonNull(prefix, "table prefix must not be null");
            return this;
        }

        /** Names of the string partition and sort key attributes (default {@code pk} and {@code sk}). */
        public Builder keyAttributes(String partition, String sort) {
            this.partitionAttribute = Objects.requireNonNull(partition, "partition key attribute must not be null");
            this.sortAttribute = Objects.requireNonNull(sort, "sort key attribute must not be null");
            return this;
        }

        /** Whether missing physical tables and index slots are created (default true). */
        public Builder createTables(boolean create) {
            this.createTables = create;
            return this;
        }

        /**
         * Whether gets, batch gets, queries and scans are strongly consistent (default true). Strongly
         * consistent reads cost twice the read units of eventually consistent ones; turning them off
         * trades the read-your-writes guarantee of the storage contract for half the cost, which is what
         * DynamoDB's own scan cost figures assume.
         */
        public Builder consistentReads(boolean consistent) {
            this.consistentReads = consistent;
            return this;
        }

        /**
         * The retry budget for throttling, server errors and lost connections: at most {@code maxAttempts}
         * tries per request, waiting about {@code baseDelay} doubled each time, at most {@code maxDelay}.
         */
        public Builder retries(int maxAttempts, Duration baseDelay, Duration maxDelay) {
            this.maxAttempts = maxAttempts;
            this.baseDelay = Objects.requireNonNull(baseDelay, "base delay must not be null");
            this.maxDelay = Objects.requireNonNull(maxDelay, "max delay must not be null");
            return this;
        }

        /**
         * The most requests of one call (a {@code queryEach}, a batch read or write) in flight at once, 1 to 65536;
         * 16 by default. They run on a pool of as many threads, shared by the calls of the backend, the rest
         * sent as earlier ones answer: a large call waits longer but does not open a connection per request
         * (keep it within the HTTP client's connection pool, 50 by default in the SDK).
         */
        public Builder maxInFlight(int requests) {
            this.maxInFlight = InFlightWindow.check("maxInFlight", requests);
            return this;
        }

        Builder sleeper(Sender.Sleeper sleeper) {
            this.sleeper = sleeper;
            return this;
        }

        ClientSettings clientSettings() {
            if (clientSettings == null) {
                clientSettings = new ClientSettings();
            }
            return clientSettings;
        }

        void maxAttempts(int attempts) {
            this.maxAttempts = attempts;
        }

        /** A store over the backend. */
        public Store build() {
            return Store.of(buildBackend());
        }

        /** The storage backend alone, for wrapping or testing. */
        public StoreBackend buildBackend() {
            List<String> problems = new ArrayList<>();
            if (client == null && clientSettings == null) {
                problems.add("give a DynamoDbClient with client(...) or an endpoint with uri(...)");
            }
            if (client != null && clientSettings != null) {
                problems.add("give either client(...) or uri(...), not both");
            }
            if (singleTable && !TABLE_NAME.matcher(table).matches()) {
                problems.add("physical table name '" + table + "' must be 3 to 255 letters, digits, '_', '.' or '-'");
            }
            if (!singleTable && !TABLE_PREFIX.matcher(tablePrefix).matches()) {
                problems.add("table prefix '" + tablePrefix + "' must be at most 207 letters, digits, '_', '.' or '-'");
            }
            checkKeyAttribute("partition", partitionAttribute, problems);
            checkKeyAttribute("sort", sortAttribute, problems);
            if (partitionAttribute.equals(sortAttribute)) {
                problems.add("the partition and sort key attributes must differ, both are '" + partitionAttribute + "'");
            }
            if (maxAttempts < 1 || maxAttempts > 100) {
                problems.add("max attempts must be between 1 and 100, got " + maxAttempts);
            }
            if (baseDelay.isNegative() || baseDelay.isZero()) {
                problems.add("base retry delay must be positive, got " + baseDelay);
            }
            if (maxDelay.compareTo(baseDelay) < 0) {
                problems.add("max retry delay " + maxDelay + " must not be shorter than the base delay " + baseDelay);
            }
            if (clientSettings != null) {
                clientSettings.check(problems);
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid DynamoDB store settings: " + String.join("; ", problems));
            }
            Layout layout = new Layout(singleTable, table, tablePrefix, partitionAttribute, sortAttribute);
            Sender sender = new Sender(maxAttempts, baseDelay, maxDelay, sleeper);
            boolean owns = client == null;
            DynamoDbClient c = owns ? clientSettings.build() : client;
            return new DynamoDbBackend(c, owns, layout, sender, createTables, consistentReads, maxInFlight);
        }

        private static void checkKeyAttribute(String which, String name, List<String> problems) {
            if (name.isEmpty() || Utf8Order.utf8Length(name) > 255) {
                problems.add("the " + which + " key attribute name must be 1 to 255 bytes, got '" + name + "'");
            } else if (name.startsWith(Layout.ESCAPE)) {
                problems.add("the " + which + " key attribute name '" + name + "' must not start with '"
                        + Layout.ESCAPE + "', which marks the store's own attributes");
            }
        }
    }
}
