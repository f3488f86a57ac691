package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra;
import dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.examples.cli.CliErrors;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.StoreAddresses;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;

/**
 * Opens the stores the runner compares: the address in {@code NOSQLPATTERNS_<STORE>_URI} when set, else
 * the embedded default each adapter ships (the in-memory reference store, DynamoDB Local in this JVM,
 * a Cassandra node in a child JVM, the in-process MongoDB wire-protocol server, a redis-server process,
 * an in-memory Lucene index). The Cassandra node, slow to start, is launched in the background as soon
 * as it is asked for, while other stores open; their cells wait for it to be up ({@link #awaitBackgroundStarts}).
 *
 * <p>For the runner the node runs as production nodes do, with the optimizing compiler, which halves its
 * CPU per request once its request paths are compiled; so before its first use it is sent
 * {@value #WARM_UP_ROUNDS} rounds of reads and writes (about {@value #WARM_UP_REQUESTS_PER_ROUND} requests
 * each, for at most a minute after the warm-up's set-up), or the fewer rounds of the run's mode for as much
 * less time (the quick mode's fifth: 600 rounds, 10,800 requests, for at most 12 s; still more than the 5,000
 * calls after which the JVM's optimizing compiler takes a method). DynamoDB Local, which runs in the runner's JVM, gets the same warm-up. The
 * tests' targets keep the quick compiler and no warm-up.
 */
final class StoreTargets implements AutoCloseable {
    /** The stores reached over TCP, which a latency proxy can be put in front of. */
    private static final java.util.Set<String> NETWORKED = java.util.Set.of("dynamodb", "cassandra", "mongodb", "redis");
    private final java.time.Duration latency;
    private final Map<String, String> environment;
    private final java.util.List<LatencyProxy> proxies = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, Supplier<String>> embedded = Map.of(
            "memory", () -> "memory:",
            "dynamodb", () -> inThisJvm("dynamodb", DynamoDbLocal.shared().storeUri()),
            "cassandra", () -> cassandraNode().uri("nosqlpatterns_bench").toString(),
            "mongodb", () -> inThisJvm("mongodb", EmbeddedMongo.shared().uri() + "/nosqlpatterns_bench"),
            "redis", () -> EmbeddedRedis.shared().uri(),
            "lucene", () -> "lucene:memory");
    /** Rounds of requests that warm the runner's Cassandra node up. */
    static final int WARM_UP_ROUNDS = 3_000;
    /**
     * Requests per warm-up round: eight queries at once (whole partitions and ranges), a get, a put, and a
     * geohash cover's eight range queries.
     */
    static final int WARM_UP_REQUESTS_PER_ROUND = 18;
    /** Points of the warm-up's geo index, and the radii its searches take in turn. */
    private static final int WARM_UP_POINTS = 1_000;
    private static final double[] WARM_UP_RADII = {100, 1_000, 10_000};
    private static final java.time.Duration WARM_UP_LIMIT = java.time.Duration.ofMinutes(1);
    private final boolean steadyState;
    private final int warmUpRounds;
    private CompletableFuture<EmbeddedCassandra> cassandra;
    /** What the warm-up of each embedded store that had one did, for the report. */
    private final Map<String, String> warmUps = new java.util.concurrent.ConcurrentHashMap<>();

    /** Targets at loopback speed. */
    StoreTargets() {
        this(java.time.Duration.ZERO);
    }

    /** Targets that add {@code latency} to every round trip to a networked store, through a loopback proxy. */
    StoreTargets(java.time.Duration latency) {
        this(latency, System.getenv());
    }

    /** Targets with the store addresses of {@code environment}'s {@code NOSQLPATTERNS_<STORE>_URI} variables. */
    StoreTargets(java.time.Duration latency, Map<String, String> environment) {
        this(latency, environment, false);
    }

    /**
     * Targets that also, when {@code steadyState}, run an embedded Cassandra node with the optimizing
     * compiler and warm it up before its first use (see the class comment).
     */
    StoreTargets(java.time.Duration latency, Map<String, String> environment, boolean steadyState) {
        this(latency, environment, steadyState, WARM_UP_ROUNDS);
    }

    /** Targets whose embedded servers, when {@code steadyState}, are warmed up by {@code warmUpRounds} rounds. */
    StoreTargets(java.time.Duration latency, Map<String, String> environment, boolean steadyState, int warmUpRounds) {
        if (warmUpRounds < 1) {
            throw new IllegalArgumentException("warm-up rounds must be at least 1, got " + warmUpRounds);
        }
        this.latency = latency;
        this.environment = Map.copyOf(environment);
        this.steadyState = steadyState;
        this.warmUpRounds = warmUpRounds;
    }

    /**
     * Checks that every configured store among {@code names} opens and answers a request, before any
     * runs. Failures of other kinds than a malformed URI or an unreachable server are thrown as they are.
     *
     * @throws CliErrors.Mistake for the first that does not, with the line telling why
     */
    void checkConfigured(java.util.List<String> names) {
        for (String name : names) {
            String uri = configuredUri(name);
            if (uri == null) {
                continue;
            }
            String variable = origin(name);
            try {
                Stores.open(uri).close();
                if (!StoreAddresses.answers(uri)) {
                    throw new StoreUnavailableException("no answer at " + uri, null, null, null);
                }
            } catch (IllegalArgumentException e) {
                throw new CliErrors.Mistake(variable + ": " + CliErrors.firstLine(e.getMessage())
                        + "; fix the variable or unset it " + CliErrors.DETAILS, e);
            } catch (RuntimeException e) {
                if (StoreAddresses.isUnreachable(e)) {
                    throw new CliErrors.Mistake(CliErrors.unreachable(uri, " (" + variable + ")"), e);
                }
                throw e;
            }
        }
    }

    /** Starts the embedded Cassandra node in the background (when no URI is configured for it). */
    synchronized void prestartCassandra() {
        if (cassandra == null && configuredUri("cassandra") == null) {
            cassandra = CompletableFuture.supplyAsync(steadyState
                    ? () -> EmbeddedCassandra.builder().optimizingCompiler().start() : EmbeddedCassandra::shared);
        }
    }

    /**
     * Waits until a Cassandra node launched in the background has started (or failed to: that is reported
     * when the node is asked for), so that its start, which keeps both cores busy for tens of seconds, does
     * not share them with another store's timed cells.
     */
    void awaitBackgroundStarts() {
        CompletableFuture<EmbeddedCassandra> starting;
        synchronized (this) {
            starting = cassandra;
        }
        if (starting != null) {
            try {
                starting.join();
            } catch (CompletionException | java.util.concurrent.CancellationException e) {
                // reported by cassandraNode() when the node is opened
            }
        }
    }

    private synchronized EmbeddedCassandra cassandraNode() {
        prestartCassandra();
        EmbeddedCassandra node;
        try {
            node = cassandra.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
        if (steadyState && !warmUps.containsKey("cassandra")) {
            warmUps.put("cassandra", "optimizing compiler, " + warmUp(node.uri("nosqlpatterns_warmup").toString()));
        }
        return node;
    }

    /**
     * The address of an embedded server that runs in this JVM (DynamoDB Local, the embedded MongoDB server);
     * in steady state, after a warm-up as the Cassandra node's: this JVM's compiler takes the server's
     * request paths from the cells' operations otherwise.
     */
    private synchronized String inThisJvm(String store, String uri) {
        if (steadyState && !warmUps.containsKey(store)) {
            warmUps.put(store, warmUp(uri));
        }
        return uri;
    }

    /** Sends the node its warm-up rounds on a table of its own; returns what it did, for the report. */
    private String warmUp(String uri) {
        long begin = System.nanoTime();
        int rounds = 0;
        try (Store store = Stores.open(uri)) {
            String table = "warmup";
            store.createTable(TableSpec.named(table));
            java.util.List<Query> queries = new java.util.ArrayList<>();
            for (int p = 0; p < 8; p++) {
                queries.add(warmUpQuery(table, p));
                for (int i = 0; i < 10; i++) {
                    store.put(table, Item.builder("p" + p, "s" + i).put("v", (long) i).build());
                }
            }
            GeoIndex geo = GeoIndex.builder(store, "warmup_geo").name("pts").strategy(GeoIndex.Strategy.CELLS).build();
            java.util.SplittableRandom random = new java.util.SplittableRandom(1);
            Map<String, LatLon> points = new java.util.HashMap<>();
            for (int i = 0; i < WARM_UP_POINTS; i++) {
                points.put("p" + i, LatLon.of(10 + random.nextDouble(), 10 + random.nextDouble()));
            }
            geo.putAll(points);
            // the rounds' time limit counts from here, so that a slow set-up (1,000 points to load) does not take it;
            // fewer rounds get a limit as much shorter: the embedded MongoDB server, which scans for every query,
            // reaches it first
            long deadline = System.nanoTime() + WARM_UP_LIMIT.toNanos() / WARM_UP_ROUNDS * warmUpRounds;
            while (rounds < warmUpRounds && System.nanoTime() < deadline) {
                store.queryEach(queries);
                store.get(table, Key.of("p" + (rounds & 7), "s0"));
                store.put(table, Item.builder("p" + (rounds & 7), "s" + (rounds % 10)).put("v", (long) rounds).build());
                geo.withinRadius(LatLon.of(10.2 + 0.04 * (rounds & 15), 10.3 + 0.03 * (rounds & 15)),
                        WARM_UP_RADII[rounds % WARM_UP_RADII.length], 100);
                rounds++;
            }
            // the tables stay: dropping them would have the node snapshot and change its schema while the
            // first cells run; the node is the runner's own and goes with them
        }
        return String.format(Locale.ROOT, "warmed up by %,d requests in %.1f s",
                rounds * WARM_UP_REQUESTS_PER_ROUND, (System.nanoTime() - begin) / 1e9);
    }

    /**
     * The {@code p}-th query of a warm-up round: whole partitions, and ranges of sort keys as the
     * techniques read them (between two keys, by prefix, from a key on, newest first, with a limit). A
     * range takes other paths in the node than a whole partition does, and a path the warm-up leaves out
     * is compiled only while the first cells that take it are timed.
     */
    static Query warmUpQuery(String table, int p) {
        Query whole = Query.in(table, "p" + p);
        return switch (p & 3) {
            case 0 -> whole;
            case 1 -> whole.where(SortKeyCondition.between("s2", "s7")).limit(4);
            case 2 -> whole.where(SortKeyCondition.beginsWith("s")).descending();
            default -> whole.where(SortKeyCondition.greaterOrEqual("s5")).limit(3);
        };
    }

    /** The address a store is opened at: the configured or embedded one, behind a latency proxy if asked. */
    String address(String name) {
        String configured = configuredUri(name);
        String direct = configured != null ? configured
                : Objects.requireNonNull(embedded.get(name), () -> "unknown store '" + name + "'").get();
        return latency.isZero() || !NETWORKED.contains(name) ? direct : LatencyProxy.through(direct, latency, proxies);
    }

    /**
     * Whether the store's server is an embedded one started for this run alone, whose data goes when the run
     * ends (an in-memory store, or a server process without persistence stopped and deleted at exit): its
     * tables need not be dropped, which on the Cassandra node (a snapshot and a schema change per table) and
     * on DynamoDB Local (the items of each logical table deleted from the one shared table) takes tens of
     * seconds. The tests' targets, which may share the servers across tests, drop them; so does a run whose
     * data sets are larger than the quick mode's, since DynamoDB Local and the MongoDB server keep theirs in the
     * runner's heap while the later stores run.
     */
    boolean discardedWithTheRun(String name) {
        return steadyState && configuredUri(name) == null;
    }

    /** Whether {@code name} is reached through the latency proxy. */
    boolean delayed(String name) {
        return !latency.isZero() && NETWORKED.contains(name);
    }

    /** Closes the latency proxies, and stops a node started for these targets alone once it has started. */
    @Override
    public void close() {
        proxies.forEach(LatencyProxy::close);
        synchronized (this) {
            if (steadyState && cassandra != null) {
                cassandra.thenAccept(EmbeddedCassandra::close);
            }
        }
    }

    /** Opens the store; a store that cannot start throws, and the runner reports the reason. */
    Store open(String name) {
        return Stores.open(address(name));
    }

    /** Where the store runs, for the report: the configured URI's scheme and host, or "embedded". */
    String origin(String name) {
        if (configuredUri(name) != null) {
            return "NOSQLPATTERNS_" + name.toUpperCase(Locale.ROOT) + "_URI";
        }
        synchronized (this) {
            String warm = warmUps.get(name);
            return warm != null ? "embedded, " + warm : "embedded";
        }
    }

    /** The address in {@code NOSQLPATTERNS_<STORE>_URI}, with a short connect timeout unless it sets one; or null. */
    private String configuredUri(String name) {
        String value = environment.get("NOSQLPATTERNS_" + name.toUpperCase(Locale.ROOT) + "_URI");
        return value == null || value.isBlank() ? null : StoreAddresses.withConnectTimeout(value);
    }
}
