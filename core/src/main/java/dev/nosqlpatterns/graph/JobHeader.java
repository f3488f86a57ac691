package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The progress record of the job in a work table: which job on which graph, its phase, the last superstep
 * completed and what that superstep sent and aggregated (the next one's inputs). Written once per phase
 * change and once per superstep, after all the superstep's writes, so a job resumes from it.
 *
 * @param phase COPYING (work table being filled), RUNNING (supersteps), DONE
 */
record JobHeader(String job, String parameters, String graph, Phase phase, long step, long vertices,
                 VertexProgram.StepTotals totals) {

    enum Phase { COPYING, RUNNING, DONE }

    Item toItem() {
        Map<String, Value> aggregates = new TreeMap<>();
        totals.aggregates().forEach((k, v) -> aggregates.put(k, Value.of(v)));
        return Item.builder(GraphKeys.HEADER).put("job", job).put("params", parameters).put("graph", graph)
                .put("phase", phase.name()).put("step", step).put("vertices", vertices)
                .put("sent", totals.messages()).put("aggregates", Value.map(aggregates)).build();
    }

    static Optional<JobHeader> of(Optional<Item> item) {
        return item.map(i -> {
            Map<String, Double> aggregates = new HashMap<>();
            i.get("aggregates").ifPresent(v -> ((Value.MapValue) v).value()
                    .forEach((k, n) -> aggregates.put(k, VertexProgram.asDouble(n))));
            return new JobHeader(i.getString("job").orElseThrow(), i.getString("params").orElse(""),
                    i.getString("graph").orElseThrow(), Phase.valueOf(i.getString("phase").orElseThrow()),
                    i.getLong("step").orElse(0L), i.getLong("vertices").orElse(0L),
                    new VertexProgram.StepTotals(i.getLong("sent").orElse(0L), aggregates));
        });
    }

    /** True when this header records {@code job} on {@code graph}. */
    boolean isFor(GraphJob<?> job, String graph) {
        return this.job.equals(job.program().name()) && parameters.equals(job.program().parameters())
                && this.graph.equals(graph);
    }

    JobHeader at(Phase newPhase, long newStep, long newVertices, VertexProgram.StepTotals newTotals) {
        return new JobHeader(job, parameters, graph, newPhase, newStep, newVertices, newTotals);
    }
}
