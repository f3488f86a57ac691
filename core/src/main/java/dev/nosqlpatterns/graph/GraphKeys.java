package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import java.util.List;

/**
 * Keys of the graph table and of a job's work table.
 *
 * <p>Graph table: partition = vertex id; sort {@code (v)} is the vertex item, {@code (e, target)} an
 * out-edge. Work table: partition {@code (v, id)} per vertex, holding {@code (a)} the vertex with its
 * out-degree, {@code (i, source)} in-edges (when the job needs them), {@code (m0|m1, sender)} messages by
 * superstep parity, {@code (o, target)} out-edges and {@code (s)} the state; partition {@code (job)} holds
 * the job header. Sort order within a vertex is exactly that, so a scan delivers a vertex's items together.
 */
final class GraphKeys {
    private static final CompositeKeyCodec SORT = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);
    private static final CompositeKeyCodec WORK = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);
    static final String VERTEX = SORT.encode("v", "");
    static final String EDGES = SORT.prefix("e");
    static final String MARKER = SORT.encode("a", "");
    static final String STATE = SORT.encode("s", "");
    static final Key HEADER = Key.of(WORK.encode("job", ""), SORT.encode("h", ""));

    private GraphKeys() {
    }

    static String edge(String target) {
        return SORT.encode("e", target);
    }

    /** The target of a graph-table edge sort key, or null when the key is not an edge. */
    static String edgeTarget(String sort) {
        if (!sort.startsWith(EDGES)) {
            return null;
        }
        return (String) SORT.decode(sort).get(1);
    }

    static String workPartition(String vertex) {
        return WORK.encode("v", vertex);
    }

    /** The vertex of a work-table partition, or null for the header's partition. */
    static String vertexOf(String workPartition) {
        List<Object> parts = WORK.decode(workPartition);
        return "v".equals(parts.get(0)) ? (String) parts.get(1) : null;
    }

    static String out(String target) {
        return SORT.encode("o", target);
    }

    static String in(String source) {
        return SORT.encode("i", source);
    }

    static String message(long step, String sender) {
        return SORT.encode("m" + (step & 1), sender);
    }

    /** What a work-table sort key is: its tag ("a", "i", "m0", "m1", "o", "s", "h") and its name part. */
    static List<Object> parse(String sort) {
        return SORT.decode(sort);
    }
}
