package dev.nosqlpatterns.redis;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import redis.clients.jedis.HostAndPort;

/**
 * A parsed store URI: {@code redis://[user:password@]host[:port][,host:port...][/db][?option=value&...]},
 * or {@code rediss://} for TLS. Options: {@code prefix}, {@code cluster}, {@code tls}, {@code pool},
 * {@code timeoutMs}, {@code clientName}, {@code waitReplicas}, {@code waitTimeoutMs}, {@code maxInFlight}. Problems are collected, not thrown, so a builder reports all.
 */
record RedisUri(List<HostAndPort> hosts, String user, String password, int database, boolean tls,
                Map<String, String> options) {

    static final Set<String> OPTIONS = Set.of("prefix", "cluster", "tls", "pool", "timeoutMs", "clientName",
            "waitReplicas", "waitTimeoutMs", "maxInFlight");

    static RedisUri parse(URI uri, List<String> problems) {
        String scheme = uri.getScheme();
        if (!"redis".equalsIgnoreCase(scheme) && !"rediss".equalsIgnoreCase(scheme)) {
            problems.add("URI '" + safe(uri) + "' must use the scheme redis:// or rediss:// (TLS)");
        }
        String authority = uri.getRawAuthority();
        if (authority == null || authority.isEmpty()) {
            problems.add("URI '" + safe(uri) + "' names no host; use e.g. redis://localhost:6379");
            return null;
        }
        String user = null;
        String password = null;
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            String info = authority.substring(0, at);
            int colon = info.indexOf(':');
            if (colon < 0) {
                password = decode(info);
            } else {
                user = colon == 0 ? null : decode(info.substring(0, colon));
                password = decode(info.substring(colon + 1));
            }
            authority = authority.substring(at + 1);
        }
        List<HostAndPort> hosts = new ArrayList<>();
        for (String h : authority.split(",", -1)) {
            hosts.add(hostAndPort(h, problems));
        }
        int database = 0;
        String path = uri.getRawPath();
        if (path != null && path.length() > 1) {
            try {
                database = Integer.parseInt(path.substring(1));
            } catch (NumberFormatException e) {
                problems.add("URI path '" + path + "' must be a database number such as /0");
            }
        }
        Map<String, String> options = new LinkedHashMap<>();
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                if (!OPTIONS.contains(name)) {
                    problems.add("unknown URI option '" + name + "'; known options are " + OPTIONS);
                }
                options.put(name, value);
            }
        }
        boolean tls = "rediss".equalsIgnoreCase(scheme) || "true".equalsIgnoreCase(options.get("tls"));
        return new RedisUri(List.copyOf(hosts), user, password, database, tls, options);
    }

    private static HostAndPort hostAndPort(String text, List<String> problems) {
        String host = text;
        int port = 6379;
        int colon = text.lastIndexOf(':');
        if (colon >= 0 && text.indexOf(']', colon) < 0) {
            host = text.substring(0, colon);
            try {
                port = Integer.parseInt(text.substring(colon + 1));
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                problems.add("port in '" + text + "' must be a number from 1 to 65535");
            }
        }
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isEmpty()) {
            problems.add("host in '" + text + "' is empty");
        }
        return new HostAndPort(host, port);
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    /** The URI without its password, for messages. */
    static String safe(URI uri) {
        String s = uri.toString();
        String authority = uri.getRawAuthority();
        if (authority != null && authority.contains("@")) {
            s = s.replace(authority, "***@" + authority.substring(authority.lastIndexOf('@') + 1));
        }
        return s;
    }
}
