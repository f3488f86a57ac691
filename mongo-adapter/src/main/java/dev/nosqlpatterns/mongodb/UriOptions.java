package dev.nosqlpatterns.mongodb;

import com.mongodb.ConnectionString;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A connection string with this adapter's own options taken out, so the driver sees only its own. */
record UriOptions(ConnectionString connection, Map<String, String> options) {

    /** Parses {@code uri}, taking out the options named in {@code ownOptions}, or adds a problem and returns null. */
    static UriOptions parse(String uri, Set<String> ownOptions, List<String> problems) {
        String base = uri;
        Map<String, String> own = new LinkedHashMap<>();
        int q = uri.indexOf('?');
        if (q >= 0) {
            List<String> kept = new ArrayList<>();
            for (String pair : uri.substring(q + 1).split("[&;]")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = eq < 0 ? pair : pair.substring(0, eq);
                String ownName = ownOptions.stream().filter(name::equalsIgnoreCase).findFirst().orElse(null);
                if (ownName != null) {
                    own.put(ownName, eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                } else {
                    kept.add(pair);
                }
            }
            base = uri.substring(0, q) + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
        }
        try {
            return new UriOptions(new ConnectionString(base), own);
        } catch (RuntimeException e) {
            problems.add("MongoDB URI '" + redact(uri) + "' is malformed: " + e.getMessage());
            return null;
        }
    }

    /** The URI without its password, for messages. */
    static String redact(String uri) {
        return uri.replaceAll("//([^:/@]+):[^@/]*@", "//$1:***@");
    }
}
