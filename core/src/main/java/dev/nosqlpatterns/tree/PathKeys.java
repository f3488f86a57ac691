package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import java.util.ArrayList;
import java.util.List;

/**
 * Path keys of materialized paths: one segment per node from the root down, each the (rank, id) pair in
 * {@link CompositeKeyCodec} form. Segments are self-delimiting and order-preserving, so a node's key is a
 * prefix of exactly its descendants' keys, and key order is pre-order with siblings by rank.
 */
final class PathKeys {
    private static final CompositeKeyCodec SEGMENT = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);

    private PathKeys() {
    }

    /** One (rank, id) step of a path. */
    record Segment(String rank, String id) {
    }

    static String segment(String rank, String id) {
        return SEGMENT.encode(rank, id);
    }

    static String root(String id) {
        return segment(Ranks.FIRST, id);
    }

    /**
     * Splits a path key into its segments. A STRING token ends at the first {@code "!!"} that is not
     * part of an escape ({@code '!'} followed by a character from {@code '?'} to {@code '`'}); a segment
     * is two tokens.
     */
    static List<String> split(String key) {
        List<String> out = new ArrayList<>();
        int start = 0;
        int tokens = 0;
        int i = 0;
        while (i < key.length()) {
            if (key.charAt(i) == '!') {
                if (i + 1 >= key.length()) {
                    throw new IllegalArgumentException("path key ends inside an escape: " + key);
                }
                boolean end = key.charAt(i + 1) == '!';
                i += 2;
                if (end && ++tokens % 2 == 0) {
                    out.add(key.substring(start, i));
                    start = i;
                }
            } else {
                i++;
            }
        }
        if (start != key.length()) {
            throw new IllegalArgumentException("path key does not end at a segment boundary: " + key);
        }
        return out;
    }

    static Segment decode(String segment) {
        List<Object> parts = SEGMENT.decode(segment);
        return new Segment((String) parts.get(0), (String) parts.get(1));
    }

    /** The keys of a node's ancestors, root first. */
    static List<String> ancestors(String key) {
        List<String> segments = split(key);
        List<String> out = new ArrayList<>(segments.size());
        StringBuilder prefix = new StringBuilder();
        for (int i = 0; i < segments.size() - 1; i++) {
            out.add(prefix.append(segments.get(i)).toString());
        }
        return out;
    }

    /** The number of edges from the root: segments minus one. */
    static int depth(String key) {
        return split(key).size() - 1;
    }
}
