package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Value;
import java.util.Map;

/**
 * A vertex-centric algorithm in the message-passing style: in each superstep every vertex reads its state
 * and the messages sent to it in the previous superstep, may change its state, send messages along its
 * edges and add to global aggregates; the job ends when {@link #done} says so.
 *
 * <p>{@link #compute} must be deterministic: a superstep interrupted by a crash is run again from the
 * same inputs and must send the same messages.
 */
interface VertexProgram {

    /** A short name, recorded in the job header. */
    String name();

    /** The parameters in a canonical text form; a job resumes only with equal parameters. */
    String parameters();

    /** Whether vertices need their in-edges as well (undirected algorithms). */
    boolean needsInEdges();

    void compute(Vertex vertex);

    /** Whether the job is finished after {@code step}, given what that step sent and aggregated. */
    boolean done(long step, StepTotals totals);

    /** What one superstep sent and aggregated, summed over all vertices. */
    record StepTotals(long messages, Map<String, Double> aggregates) {
        public StepTotals {
            aggregates = Map.copyOf(aggregates);
        }

        double aggregate(String name) {
            return aggregates.getOrDefault(name, 0.0);
        }
    }

    /** The value of a state or message as a long. */
    static long asLong(Value v) {
        return ((Value.Num) v).longValue();
    }

    static double asDouble(Value v) {
        return ((Value.Num) v).value().doubleValue();
    }

    static String asString(Value v) {
        return ((Value.Str) v).value();
    }
}
