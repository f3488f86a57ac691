package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.StoreProvider;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Opens {@code cassandra://host[:port][,host[:port]...]/keyspace?options} URIs (port 9042 by default), with
 * a session the store owns. Options: {@code datacenter} (default {@code datacenter1}), {@code consistency}
 * and {@code serialConsistency} (driver level names), {@code replication} (a SimpleStrategy factor for a
 * created keyspace), {@code createKeyspace} ({@code true} or {@code false}), {@code drop}
 * ({@code table} or {@code truncate}, see {@link CassandraStore.DropMode}) and {@code maxInFlight} (the most
 * requests one call has in flight, see {@link CassandraStore.Builder#maxInFlight}).
 */
public final class CassandraStoreProvider implements StoreProvider {
    private static final Set<String> OPTIONS = Set.of("datacenter", "consistency", "serialConsistency",
            "replication", "createKeyspace", "drop", "maxInFlight");

    @Override
    public String scheme() {
        return "cassandra";
    }

    @Override
    public StoreBackend open(URI uri) {
        return builder(uri).buildBackend();
    }

    /** A builder configured from the URI, for callers that want to adjust it further. */
    static CassandraStore.Builder builder(URI uri) {
        CassandraStore.Builder b = CassandraStore.builder();
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isBlank()) {
            throw new IllegalArgumentException("Cassandra URI '" + uri + "' names no host; use cassandra://host:9042/keyspace");
        }
        for (String hostPort : authority.split(",")) {
            int colon = hostPort.lastIndexOf(':');
            boolean hasPort = colon > 0 && !hostPort.endsWith("]");
            String host = hasPort ? hostPort.substring(0, colon) : hostPort;
            int port = 9042;
            if (hasPort) {
                try {
                    port = Integer.parseInt(hostPort.substring(colon + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("Cassandra URI '" + uri + "' has a bad port in '" + hostPort + "'");
                }
            }
            b.contactPoint(host.replace("[", "").replace("]", ""), port);
        }
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        if (path.isEmpty()) {
            throw new IllegalArgumentException("Cassandra URI '" + uri + "' names no keyspace; use cassandra://host/keyspace");
        }
        b.keyspace(path);
        Map<String, String> options = query(uri);
        for (String name : options.keySet()) {
            if (!OPTIONS.contains(name)) {
                throw new IllegalArgumentException("Cassandra URI '" + uri + "' has unknown option '" + name
                        + "'; known: " + OPTIONS);
            }
        }
        b.localDatacenter(options.getOrDefault("datacenter", "datacenter1"));
        if (options.containsKey("consistency")) {
            b.consistency(level(uri, options.get("consistency")));
        }
        if (options.containsKey("serialConsistency")) {
            b.serialConsistency(level(uri, options.get("serialConsistency")));
        }
        if (options.containsKey("replication")) {
            try {
                b.simpleStrategy(Integer.parseInt(options.get("replication")));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Cassandra URI '" + uri + "': replication must be a number");
            }
        }
        if (options.containsKey("maxInFlight")) {
            try {
                b.maxInFlight(Integer.parseInt(options.get("maxInFlight")));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("Cassandra URI '" + uri + "': maxInFlight must be a number, got '"
                        + options.get("maxInFlight") + "'");
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Cassandra URI '" + uri + "': " + e.getMessage());
            }
        }
        if (options.containsKey("createKeyspace")) {
            b.createKeyspace(Boolean.parseBoolean(options.get("createKeyspace")));
        }
        if (options.containsKey("drop")) {
            b.dropMode(switch (options.get("drop").toLowerCase(Locale.ROOT)) {
                case "table" -> CassandraStore.DropMode.DROP_TABLE;
                case "truncate" -> CassandraStore.DropMode.TRUNCATE;
                default -> throw new IllegalArgumentException("Cassandra URI '" + uri
                        + "': drop must be 'table' or 'truncate'");
            });
        }
        return b;
    }

    private static DefaultConsistencyLevel level(URI uri, String name) {
        try {
            return DefaultConsistencyLevel.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Cassandra URI '" + uri + "': unknown consistency level '" + name + "'");
        }
    }

    private static Map<String, String> query(URI uri) {
        Map<String, String> out = new LinkedHashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.put(name, value);
        }
        return out;
    }
}
