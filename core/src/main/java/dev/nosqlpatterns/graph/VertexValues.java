package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * The result of a finished {@link GraphJob}: one value per vertex, kept in the job's work table (so a
 * result larger than memory stays readable), read one vertex at a time or streamed by a scan. Valid until
 * the next job runs on the same work table.
 *
 * @param <T> the type of a vertex's value
 */
public final class VertexValues<T> {
    private static final int PAGE = 1_000;
    private final Store store;
    private final String work;
    private final GraphJob<T> job;
    private final long supersteps;
    private final long vertices;

    VertexValues(Store store, String work, GraphJob<T> job, long supersteps, long vertices) {
        this.store = store;
        this.work = work;
        this.job = job;
        this.supersteps = supersteps;
        this.vertices = vertices;
    }

    /** The value of one vertex; empty when the job gave it none (e.g. a vertex no source reaches). One read. */
    public Optional<T> get(String vertex) {
        return TechniqueCalls.call(store, "vertexValues.get", work, () -> {
            Edge.checkVertex(vertex);
            return store.get(work, Key.of(GraphKeys.workPartition(vertex), GraphKeys.STATE))
                    .flatMap(Superstep::value).map(job::decode);
        });
    }

    /** Calls {@code action} with every vertex that has a value, reading the work table page by page. */
    public void forEach(BiConsumer<String, T> action) {
        TechniqueCalls.run(store, "vertexValues.forEach", work, () -> scan(action));
    }

    /** Every vertex's value in memory; for results known to be small. */
    public Map<String, T> toMap() {
        return TechniqueCalls.call(store, "vertexValues.toMap", work, () -> {
            Map<String, T> out = new LinkedHashMap<>();
            scan(out::put);
            return out;
        });
    }

    private void scan(BiConsumer<String, T> action) {
        Objects.requireNonNull(action, "action must not be null");
        for (Item item : (Iterable<Item>) store.scanAll(Scan.of(work).limit(PAGE))::iterator) {
            if (!item.key().sort().equals(GraphKeys.STATE)) {
                continue;
            }
            String vertex = GraphKeys.vertexOf(item.key().partition());
            if (vertex != null) {
                Superstep.value(item).ifPresent(v -> action.accept(vertex, job.decode(v)));
            }
        }
    }

    /** The supersteps the job took. */
    public long supersteps() {
        return supersteps;
    }

    /** The vertices of the graph when the job ran. */
    public long vertices() {
        return vertices;
    }

    @Override
    public String toString() {
        return "VertexValues[" + job + " in " + work + ", " + supersteps + " supersteps, " + vertices + " vertices]";
    }
}
