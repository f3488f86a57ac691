package dev.nosqlpatterns.redis;

import java.nio.charset.StandardCharsets;

/**
 * The Redis key layout. Every key of one partition carries the hash tag {@code {table:partition}}, so a
 * partition lives in one cluster slot and one script can change its items and sort-key set together;
 * the table-wide keys (partition registry, metadata, indexes) carry the tag {@code {table}}.
 *
 * <pre>
 *   P{t:p}i&lt;sort&gt;  hash: one item (attributes as ValueCodec bytes, plus hidden fields)
 *   P{t:p}z         sorted set: the partition's sort keys, score 0, ordered by bytes
 *   P{t}p           sorted set: the table's partition keys (for scans)
 *   P{t}m           hash: the table's declaration (its indexes)
 *   P{t}x&lt;index&gt;  sorted set: one native secondary index
 *   Pgeo{set}       sorted set: the points of a {@code NativeGeo} set, as geohashes
 *   Pgeo{set}c      hash: their exact coordinates
 *   Pgeo{set}p      hash: the points beyond latitude ±85, near or past what Redis can hash
 * </pre>
 * In the partition tag, '%' and '}' are escaped as %25 and %7D: a '}' would end the hash tag early.
 */
final class Keys {
    private final byte[] prefix;

    Keys(String prefix) {
        this.prefix = utf8(prefix);
    }

    byte[] item(String table, String partition, String sort) {
        return concat(itemPrefix(table, partition), utf8(sort));
    }

    /** The item key of a partition without its sort key: scripts append sort keys to it. */
    byte[] itemPrefix(String table, String partition) {
        return partitionKey(table, partition, 'i');
    }

    byte[] sortKeys(String table, String partition) {
        return partitionKey(table, partition, 'z');
    }

    /**
     * The marker of one applied non-idempotent write, in the slot of its partition: {@code write.lua} and
     * {@code add.lua} skip a write whose marker exists, so a write sent again after a lost reply is applied once.
     */
    byte[] requestToken(String table, String partition) {
        byte[] token = new byte[12];
        java.util.concurrent.ThreadLocalRandom.current().nextBytes(token);
        return concat(partitionKey(table, partition, 'r'), utf8(java.util.HexFormat.of().formatHex(token)));
    }

    byte[] partitions(String table) {
        return tableKey(table, "p");
    }

    byte[] meta(String table) {
        return tableKey(table, "m");
    }

    byte[] index(String table, String index) {
        return tableKey(table, "x" + index);
    }

    byte[] geo(String set) {
        return concat(prefix, utf8("geo{" + escapeTag(set) + "}"));
    }

    /** The exact coordinates of the points of a geo set (the set itself keeps them as geohashes). */
    byte[] geoCoordinates(String set) {
        return concat(prefix, utf8("geo{" + escapeTag(set) + "}c"));
    }

    /** The points of a geo set too near a pole for a geohash, with their coordinates. */
    byte[] geoPolar(String set) {
        return concat(prefix, utf8("geo{" + escapeTag(set) + "}p"));
    }

    /** Everything this layout writes starts with the prefix. */
    byte[] prefix() {
        return prefix.clone();
    }

    private byte[] partitionKey(String table, String partition, char type) {
        return concat(prefix, utf8("{" + table + ":" + escapeTag(partition) + "}" + type));
    }

    private byte[] tableKey(String table, String rest) {
        return concat(prefix, utf8("{" + table + "}" + rest));
    }

    static String escapeTag(String s) {
        if (s.indexOf('%') < 0 && s.indexOf('}') < 0) {
            return s;
        }
        return s.replace("%", "%25").replace("}", "%7D");
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    static byte[] concat(byte first, byte[] rest) {
        byte[] out = new byte[rest.length + 1];
        out[0] = first;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }
}
