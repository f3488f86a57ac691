package dev.nosqlpatterns.examples.cli;

import dev.nosqlpatterns.cassandra.embedded.EmbeddedCassandra;
import dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal;
import dev.nosqlpatterns.lucene.LuceneStore;
import dev.nosqlpatterns.lucene.embedded.EmbeddedLucene;
import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.StoreAddresses;
import dev.nosqlpatterns.store.Stores;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Opens the store a user names: a store kind ({@code memory}, {@code dynamodb}, {@code cassandra},
 * {@code mongodb}, {@code redis}, {@code lucene}) starts that store's embedded default in this JVM
 * unless {@code NOSQLPATTERNS_<KIND>_URI} names a server, and anything with a scheme is opened as a
 * store URI.
 */
public final class StoreOpener {
    /** The store kinds with an embedded default. */
    public static final List<String> KINDS = List.of("memory", "dynamodb", "cassandra", "mongodb", "redis", "lucene");

    private StoreOpener() {
    }

    /**
     * Opens {@code store}, with {@code environment} (normally {@link System#getenv()}) consulted for
     * {@code NOSQLPATTERNS_<KIND>_URI}.
     */
    public static Store open(String store, Map<String, String> environment) {
        String uri = serverUri(store, environment);
        return uri != null ? Stores.open(uri) : EMBEDDED.get(store.toLowerCase(Locale.ROOT)).apply(store);
    }

    /**
     * The address {@code store} names: the store URI itself, or the kind's {@code NOSQLPATTERNS_<KIND>_URI},
     * with a short connect timeout added unless the URI sets one; null when the kind's embedded default
     * is to start.
     *
     * @throws IllegalArgumentException when {@code store} is neither a kind nor a URI
     */
    public static String serverUri(String store, Map<String, String> environment) {
        if (store == null || store.isBlank()) {
            throw new IllegalArgumentException("store must be one of " + KINDS + " or a store URI, got '" + store + "'");
        }
        String kind = store.toLowerCase(Locale.ROOT);
        if (!KINDS.contains(kind)) {
            if (!store.contains(":")) {
                throw new IllegalArgumentException("unknown store '" + store + "'; use one of " + KINDS
                        + " or a store URI such as redis://localhost:6379");
            }
            return StoreAddresses.withConnectTimeout(store);
        }
        String configured = environment.get("NOSQLPATTERNS_" + kind.toUpperCase(Locale.ROOT) + "_URI");
        return configured == null || configured.isBlank() ? null : StoreAddresses.withConnectTimeout(configured);
    }

    private static EmbeddedCassandra ownNode;

    /**
     * The JVM's Cassandra node. The node's JVM runs on this JVM's class path, which under
     * {@code mvn exec:java} is Maven's own; then the node gets the class path of the class loader that
     * loaded this program instead.
     */
    private static synchronized EmbeddedCassandra cassandra() {
        String own = System.getProperty("java.class.path", "");
        if (own.contains("cassandra-all") || !(StoreOpener.class.getClassLoader() instanceof java.net.URLClassLoader loader)) {
            return EmbeddedCassandra.shared();
        }
        if (ownNode == null || !ownNode.isRunning()) {
            StringBuilder path = new StringBuilder();
            for (java.net.URL url : loader.getURLs()) {
                try {
                    path.append(path.length() == 0 ? "" : java.io.File.pathSeparator)
                            .append(java.nio.file.Path.of(url.toURI()));
                } catch (java.net.URISyntaxException | IllegalArgumentException e) {
                    throw new IllegalStateException("class path entry " + url + " is not a file", e);
                }
            }
            EmbeddedCassandra node = EmbeddedCassandra.builder().classPath(path.toString()).start();
            Runtime.getRuntime().addShutdownHook(new Thread(node::close, "examples-cassandra-stop"));
            ownNode = node;
        }
        return ownNode;
    }

    private static final Map<String, Function<String, Store>> EMBEDDED = Map.of(
            "memory", k -> Stores.open("memory:"),
            "dynamodb", k -> Stores.open(DynamoDbLocal.shared().storeUri()),
            "cassandra", k -> Stores.open(cassandra().uri("nosqlpatterns_examples")),
            "mongodb", k -> Stores.open(EmbeddedMongo.shared().uri()),
            "redis", k -> Stores.open(EmbeddedRedis.shared().uri()),
            "lucene", k -> LuceneStore.builder().indexWriter(EmbeddedLucene.writer()).build());
}
