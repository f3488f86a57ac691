package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Value;

/**
 * PageRank by power iteration as message passing: superstep 1 gives every vertex 1/N; each later
 * superstep sets {@code rank = (1 - d) / N + d * (sum of incoming shares + dangling / N)}, where a share
 * is a neighbour's rank divided by its out-degree and {@code dangling} is the previous superstep's total
 * rank of vertices without out-edges (spread evenly, so ranks keep summing to one). Ends when the L1
 * change of an iteration falls below the tolerance or after the given number of iterations.
 */
final class PageRank implements VertexProgram {
    static final String DANGLING = "dangling";
    static final String DELTA = "delta";
    private final double damping;
    private final double tolerance;
    private final int maxIterations;

    PageRank(double damping, double tolerance, int maxIterations) {
        this.damping = damping;
        this.tolerance = tolerance;
        this.maxIterations = maxIterations;
    }

    @Override
    public String name() {
        return "pagerank";
    }

    @Override
    public String parameters() {
        return damping + " " + tolerance + " " + maxIterations;
    }

    @Override
    public boolean needsInEdges() {
        return false;
    }

    @Override
    public void compute(Vertex v) {
        double n = v.vertexCount();
        double rank;
        if (v.step() == 1) {
            rank = 1.0 / n;
        } else {
            double incoming = 0;
            for (Value m : v.messages()) {
                incoming += VertexProgram.asDouble(m);
            }
            rank = (1 - damping) / n + damping * (incoming + v.previous(DANGLING) / n);
            v.aggregate(DELTA, Math.abs(rank - v.state().map(VertexProgram::asDouble).orElse(0.0)));
        }
        v.setState(Value.of(rank));
        if (v.out().isEmpty()) {
            v.aggregate(DANGLING, rank);
        } else {
            v.sendToOut(Value.of(rank / v.out().size()));
        }
    }

    @Override
    public boolean done(long step, StepTotals totals) {
        return step > maxIterations || step > 1 && totals.aggregate(DELTA) < tolerance;
    }
}
