package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One superstep over one scan segment of the work table. The scan delivers each vertex's items together
 * (its edges, state and inbox), so a vertex is computed as soon as its last item arrives, with no read
 * of its own; its new state and outgoing messages go out in batches. Memory holds one vertex and one
 * batch of writes.
 *
 * <p>Messages sent in superstep k are items {@code (m<k mod 2>, sender)} in the target's partition,
 * stamped with k: superstep k reads only parity k-1 stamped k-1, so messages written while it runs
 * (parity k) are never mistaken for input, whether the scan sees them or not, and each (target, sender)
 * pair reuses two items instead of piling up. A state item keeps the value before the superstep that
 * wrote it ({@code prev}) and that superstep's number, so a superstep run again after a crash starts
 * every vertex from the same state as the first time.
 */
final class Superstep {
    static final String VALUE = "val";
    static final String PREVIOUS = "prev";
    static final String STEP = "k";
    static final String MESSAGE = "x";
    private final Store store;
    private final String work;
    private final VertexProgram program;
    private final long step;
    private final long vertices;
    private final Map<String, Double> previous;
    private final int pageSize;
    private final int batchSize;

    Superstep(Store store, String work, VertexProgram program, long step, long vertices, Map<String, Double> previous,
              int pageSize, int batchSize) {
        this.store = store;
        this.work = work;
        this.program = program;
        this.step = step;
        this.vertices = vertices;
        this.previous = previous;
        this.pageSize = pageSize;
        this.batchSize = batchSize;
    }

    VertexProgram.StepTotals run(int segment, int segments) {
        WriteBuffer out = new WriteBuffer(store, batchSize);
        long[] sent = {0};
        Map<String, Double> aggregates = new HashMap<>();
        String partition = null;
        List<Item> items = new ArrayList<>();
        Scan scan = Scan.of(work).segment(segment, segments).limit(pageSize);
        for (Item item : (Iterable<Item>) store.scanAll(scan)::iterator) {
            if (!item.key().partition().equals(partition)) {
                compute(partition, items, out, sent, aggregates);
                partition = item.key().partition();
                items.clear();
            }
            items.add(item);
        }
        compute(partition, items, out, sent, aggregates);
        out.flush();
        return new VertexProgram.StepTotals(sent[0], aggregates);
    }

    private void compute(String partition, List<Item> items, WriteBuffer out, long[] sent, Map<String, Double> aggregates) {
        String id = partition == null ? null : GraphKeys.vertexOf(partition);
        if (id == null) {
            return;
        }
        List<String> targets = new ArrayList<>();
        List<String> sources = new ArrayList<>();
        List<Value> inbox = new ArrayList<>();
        Item state = null;
        String inboxTag = "m" + ((step - 1) & 1);
        for (Item item : items) {
            List<Object> sort = GraphKeys.parse(item.key().sort());
            String tag = (String) sort.get(0);
            if (tag.equals("o")) {
                targets.add((String) sort.get(1));
            } else if (tag.equals("i")) {
                sources.add((String) sort.get(1));
            } else if (tag.equals("s")) {
                state = item;
            } else if (tag.equals(inboxTag) && item.getLong(STEP).orElse(-1L) == step - 1) {
                inbox.add(item.get(MESSAGE).orElseThrow(() -> new IllegalStateException("message " + item.key()
                        + " has no value")));
            }
        }
        Optional<Value> input = inputState(state);
        Vertex vertex = new Vertex(step, id, vertices, targets, sources, input, inbox, previous, (target, message) -> {
            out.add(Write.put(work, Item.builder(Key.of(GraphKeys.workPartition(target), GraphKeys.message(step, id)))
                    .put(STEP, step).put(MESSAGE, message).build()));
            sent[0]++;
        });
        program.compute(vertex);
        vertex.newState().filter(v -> !Optional.of(v).equals(input)).ifPresent(v -> {
            Item.Builder b = Item.builder(Key.of(partition, GraphKeys.STATE)).put(VALUE, v).put(STEP, step);
            input.ifPresent(p -> b.put(PREVIOUS, p));
            out.add(Write.put(work, b.build()));
        });
        vertex.aggregates().forEach((k, v) -> aggregates.merge(k, v, Double::sum));
    }

    /** The state a vertex starts this superstep from: the value before this superstep if it already wrote one. */
    private Optional<Value> inputState(Item state) {
        if (state == null) {
            return Optional.empty();
        }
        if (state.getLong(STEP).orElse(0L) == step) {
            return state.get(PREVIOUS);
        }
        return state.get(VALUE);
    }

    /** The final value of a state item, once its job is done. */
    static Optional<Value> value(Item state) {
        return state.get(VALUE);
    }
}
