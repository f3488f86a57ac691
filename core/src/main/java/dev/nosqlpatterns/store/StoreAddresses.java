package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.model.StoreUnavailableException;
import java.util.Locale;
import java.util.Map;

/**
 * Store URIs as programs that take them from users need them: short connect timeouts added per scheme, so
 * an unreachable server is told within seconds, the one-line sentence that says so, and a plain TCP check
 * for adapters that connect lazily.
 */
public final class StoreAddresses {
    /** Per URI scheme: the store's name, its connect-timeout URI option and the value set unless the URI sets one. */
    private record Timeout(String store, String option, long millis) {
    }

    private static final Map<String, Timeout> TIMEOUTS = Map.of(
            "mongodb", new Timeout("MongoDB", "serverSelectionTimeoutMS", 5000),
            "mongodb+srv", new Timeout("MongoDB", "serverSelectionTimeoutMS", 5000),
            "redis", new Timeout("Redis", "timeoutMs", 5000),
            "rediss", new Timeout("Redis", "timeoutMs", 5000),
            "dynamodb", new Timeout("DynamoDB", "connectTimeoutMillis", 2000),
            // the driver's connect and init-query timeouts, 5 s each; the adapter takes no option for them
            "cassandra", new Timeout("Cassandra", null, 5000));

    private StoreAddresses() {
    }

    /**
     * {@code uri} with its scheme's connect-timeout option added unless it sets one (e.g. MongoDB's
     * {@code serverSelectionTimeoutMS=5000} instead of the driver's 30 s); other URIs unchanged.
     */
    public static String withConnectTimeout(String uri) {
        Timeout t = TIMEOUTS.get(scheme(uri));
        if (t == null || t.option() == null || option(uri, t.option()) != null || malformed(uri)) {
            return uri;
        }
        String separator = uri.contains("?") ? (uri.endsWith("?") || uri.endsWith("&") ? "" : "&")
                : uri.matches("mongodb(\\+srv)?://[^/]*") ? "/?" : "?";
        return uri + separator + t.option() + "=" + t.millis();
    }

    /**
     * The sentence telling that the server of {@code uri} could not be reached, e.g. "could not reach
     * MongoDB at 127.0.0.1:1 within 5 s; is the server running?"; {@code from} follows the address, to name
     * where it came from, e.g. " (NOSQLPATTERNS_REDIS_URI)", or is empty.
     */
    public static String unreachable(String uri, String from) {
        Timeout t = TIMEOUTS.get(scheme(uri));
        String store = t == null ? "the store" : t.store();
        String within = "";
        if (t != null) {
            String set = t.option() == null ? null : option(uri, t.option());
            long millis = t.millis();
            try {
                millis = set == null ? millis : Long.parseLong(set);
            } catch (NumberFormatException e) {
                // the adapter has refused it already; keep the default
            }
            within = " within " + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms");
        }
        return "could not reach " + store + " at " + address(uri) + from + within + "; is the server running?";
    }

    /**
     * Whether a TCP connection to the host and port of {@code uri} opens within its scheme's connect
     * timeout; true when the URI names no single host and port to try (a seed list, a default port).
     * Adapters that connect lazily (Redis, DynamoDB) are checked so before a run, not by its first cell.
     */
    public static boolean answers(String uri) {
        Timeout t = TIMEOUTS.get(scheme(uri));
        java.net.URI parsed;
        try {
            parsed = java.net.URI.create(uri);
        } catch (IllegalArgumentException e) {
            return true;
        }
        if (t == null || parsed.getHost() == null || parsed.getPort() < 0) {
            return true;
        }
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.connect(new java.net.InetSocketAddress(parsed.getHost(), parsed.getPort()), (int) t.millis());
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Whether {@code failure} or one of its causes says the store could not be reached. */
    public static boolean isUnreachable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StoreUnavailableException) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code uri} is no URI at all, which the store's opening then reports as it is. */
    private static boolean malformed(String uri) {
        try {
            java.net.URI.create(uri);
            return false;
        } catch (IllegalArgumentException e) {
            return true;
        }
    }

    private static String scheme(String uri) {
        int colon = uri.indexOf(':');
        return colon < 0 ? "" : uri.substring(0, colon).toLowerCase(Locale.ROOT);
    }

    /** The host and port of {@code uri} (the hosts of a MongoDB seed list), without credentials. */
    private static String address(String uri) {
        int start = uri.indexOf("://");
        if (start < 0) {
            return uri;
        }
        String rest = uri.substring(start + 3);
        int end = rest.length();
        for (char c : new char[] {'/', '?', '#'}) {
            int i = rest.indexOf(c);
            end = i >= 0 ? Math.min(end, i) : end;
        }
        String authority = rest.substring(0, end);
        return authority.substring(authority.lastIndexOf('@') + 1);
    }

    /** The value of the query option {@code name} (case-insensitive) of {@code uri}, or null. */
    private static String option(String uri, String name) {
        int q = uri.indexOf('?');
        if (q < 0) {
            return null;
        }
        for (String pair : uri.substring(q + 1).split("[&;]")) {
            int eq = pair.indexOf('=');
            if ((eq < 0 ? pair : pair.substring(0, eq)).equalsIgnoreCase(name)) {
                return eq < 0 ? "" : pair.substring(eq + 1);
            }
        }
        return null;
    }
}
