package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Value;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * A batch computation over a whole {@link GraphTable}, run by a {@link BatchGraphProcessor}, whose result
 * gives each vertex a value of type {@code T}: breadth-first distances, connected components or PageRank.
 * Immutable; two jobs with equal parameters are the same job (a processor resumes one for the other).
 *
 * @param <T> the type of a vertex's result
 */
public final class GraphJob<T> {
    private final VertexProgram program;
    private final Function<Value, T> decode;

    private GraphJob(VertexProgram program, Function<Value, T> decode) {
        this.program = program;
        this.decode = decode;
    }

    /**
     * Hop counts along out-edges from the nearest of {@code sources}; vertices no source reaches get no
     * value. Sources that are not vertices of the graph are ignored.
     */
    public static GraphJob<Long> distances(Collection<String> sources) {
        Objects.requireNonNull(sources, "sources must not be null");
        Set<String> checked = new LinkedHashSet<>();
        List<String> problems = new ArrayList<>();
        for (String s : sources) {
            try {
                checked.add(Edge.checkVertex(s));
            } catch (IllegalArgumentException | NullPointerException e) {
                problems.add(e.getMessage());
            }
        }
        if (checked.isEmpty() && problems.isEmpty()) {
            problems.add("at least one source is needed");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid distances job: " + String.join("; ", problems));
        }
        return new GraphJob<>(new BreadthFirst(checked), VertexProgram::asLong);
    }

    /** Weakly connected components: each vertex gets the smallest vertex id (UTF-8 order) of its component. */
    public static GraphJob<String> components() {
        return new GraphJob<>(new Components(), VertexProgram::asString);
    }

    /**
     * PageRank with damping factor {@code damping} (0 to 1 exclusive), stopping when an iteration changes
     * the ranks by less than {@code tolerance} in total (L1) or after {@code maxIterations}. Ranks sum to one.
     */
    public static GraphJob<Double> pageRank(double damping, double tolerance, int maxIterations) {
        List<String> problems = new ArrayList<>();
        if (!(damping > 0 && damping < 1)) {
            problems.add("damping must be between 0 and 1 (exclusive), got " + damping);
        }
        if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
            problems.add("tolerance must be zero or positive and finite, got " + tolerance);
        }
        if (maxIterations < 1) {
            problems.add("maxIterations must be at least 1, got " + maxIterations);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid PageRank job: " + String.join("; ", problems));
        }
        return new GraphJob<>(new PageRank(damping, tolerance, maxIterations), VertexProgram::asDouble);
    }

    /** PageRank with damping 0.85, tolerance 1e-6 and at most 100 iterations. */
    public static GraphJob<Double> pageRank() {
        return pageRank(0.85, 1e-6, 100);
    }

    VertexProgram program() {
        return program;
    }

    T decode(Value state) {
        return decode.apply(state);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GraphJob<?> j && program.name().equals(j.program.name())
                && program.parameters().equals(j.program.parameters());
    }

    @Override
    public int hashCode() {
        return Objects.hash(program.name(), program.parameters());
    }

    @Override
    public String toString() {
        return program.name() + (program.parameters().isEmpty() ? "" : "(" + program.parameters().replace('\n', ',') + ")");
    }
}
