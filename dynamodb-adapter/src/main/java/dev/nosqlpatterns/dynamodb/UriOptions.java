package dev.nosqlpatterns.dynamodb;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads a {@code dynamodb:} URI into a store builder; see {@link DynamoDbStore} for the options. */
final class UriOptions {
    private static final Set<String> KNOWN = Set.of("region", "table", "tablePrefix", "prefix", "suffix", "create",
            "tls", "credentials", "consistentReads", "maxAttempts", "maxInFlight", "connectTimeoutMillis", "socketTimeoutMillis");

    private UriOptions() {
    }

    static void apply(URI uri, DynamoDbStore.Builder b) {
        if (!"dynamodb".equalsIgnoreCase(uri.getScheme())) {
            throw new IllegalArgumentException("a DynamoDB store URI starts with dynamodb:, got '" + uri + "'");
        }
        Map<String, String> options = options(uri);
        List<String> problems = new ArrayList<>();
        options.keySet().stream().filter(k -> !KNOWN.contains(k)).forEach(k -> problems.add("unknown option '" + k
                + "' (known: " + KNOWN.stream().sorted().toList() + ")"));
        ClientSettings client = b.clientSettings();
        boolean tls = Boolean.parseBoolean(options.getOrDefault("tls", "false"));
        if (!uri.isOpaque() && uri.getHost() != null) {
            int port = uri.getPort();
            client.endpoint = URI.create((tls ? "https://" : "http://") + uri.getHost() + (port < 0 ? "" : ":" + port));
        }
        client.region = options.get("region");
        client.defaultCredentials = "default".equals(options.get("credentials"));
        client.connectTimeout = millis(options, "connectTimeoutMillis", client.connectTimeout, problems);
        client.socketTimeout = millis(options, "socketTimeoutMillis", client.socketTimeout, problems);
        if (options.containsKey("tablePrefix")) {
            b.tablePerLogicalTable(options.get("tablePrefix"));
        } else if (options.containsKey("table")) {
            b.singleTable(options.get("table"));
        }
        if (options.containsKey("prefix") || options.containsKey("suffix")) {
            b.keyAttributes(options.getOrDefault("prefix", "pk"), options.getOrDefault("suffix", "sk"));
        }
        if (options.containsKey("create")) {
            b.createTables(Boolean.parseBoolean(options.get("create")));
        }
        if (options.containsKey("consistentReads")) {
            b.consistentReads(Boolean.parseBoolean(options.get("consistentReads")));
        }
        if (options.containsKey("maxAttempts")) {
            try {
                b.maxAttempts(Integer.parseInt(options.get("maxAttempts")));
            } catch (NumberFormatException e) {
                problems.add("maxAttempts must be a number, got '" + options.get("maxAttempts") + "'");
            }
        }
        if (options.containsKey("maxInFlight")) {
            try {
                b.maxInFlight(Integer.parseInt(options.get("maxInFlight")));
            } catch (NumberFormatException e) {
                problems.add("maxInFlight must be a number, got '" + options.get("maxInFlight") + "'");
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("DynamoDB store URI '" + uri + "': " + String.join("; ", problems));
        }
    }

    private static Duration millis(Map<String, String> options, String name, Duration fallback, List<String> problems) {
        String v = options.get(name);
        if (v == null) {
            return fallback;
        }
        try {
            return Duration.ofMillis(Long.parseLong(v));
        } catch (NumberFormatException e) {
            problems.add(name + " must be a number of milliseconds, got '" + v + "'");
            return fallback;
        }
    }

    private static Map<String, String> options(URI uri) {
        String query = uri.isOpaque() ? afterQuestionMark(uri.getRawSchemeSpecificPart()) : uri.getRawQuery();
        Map<String, String> options = new LinkedHashMap<>();
        if (query == null || query.isEmpty()) {
            return options;
        }
        for (String pair : query.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = decode(eq < 0 ? pair : pair.substring(0, eq));
            options.put(key, eq < 0 ? "" : decode(pair.substring(eq + 1)));
        }
        return options;
    }

    private static String afterQuestionMark(String s) {
        int q = s.indexOf('?');
        return q < 0 ? null : s.substring(q + 1);
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
