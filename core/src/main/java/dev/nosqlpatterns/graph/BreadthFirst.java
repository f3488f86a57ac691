package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Value;
import java.util.Set;
import java.util.TreeSet;

/**
 * Breadth-first distances from a set of sources along out-edges: sources take distance 0 and tell their
 * targets 1; a vertex hearing a smaller distance than it has takes it and passes it on plus one. Ends
 * when no message was sent: each vertex then holds its hop count, unreachable ones hold nothing.
 */
final class BreadthFirst implements VertexProgram {
    private final Set<String> sources;

    BreadthFirst(Set<String> sources) {
        this.sources = Set.copyOf(sources);
    }

    @Override
    public String name() {
        return "distances";
    }

    @Override
    public String parameters() {
        return String.join("\n", new TreeSet<>(sources));
    }

    @Override
    public boolean needsInEdges() {
        return false;
    }

    @Override
    public void compute(Vertex v) {
        long best;
        if (v.step() == 1) {
            if (!sources.contains(v.id())) {
                return;
            }
            best = 0;
        } else {
            if (v.messages().isEmpty()) {
                return;
            }
            best = v.messages().stream().mapToLong(VertexProgram::asLong).min().getAsLong();
            if (v.state().isPresent() && VertexProgram.asLong(v.state().get()) <= best) {
                return;
            }
        }
        v.setState(Value.of(best));
        v.sendToOut(Value.of(best + 1));
    }

    @Override
    public boolean done(long step, StepTotals totals) {
        return totals.messages() == 0;
    }
}
