package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Batch graph processing by message passing over segmented scans: breadth-first distances,
 * connected components and PageRank computed vertex by vertex, superstep by superstep, on any store,
 * with the graph, the vertex states and the messages all kept in the store and segments processed in
 * parallel, so memory holds one vertex and one batch of writes per thread whatever the graph's size.
 *
 * <p>A job first copies the {@link GraphTable} into its work table (edges, plus in-edges for undirected
 * jobs), then runs supersteps: each is one parallel scan of the work table, in which every vertex reads
 * its edges, state and incoming messages together and writes its new state and outgoing messages in
 * batches; a barrier ends it and the job header records its totals. Cost per superstep: about
 * (items in the work table) / pageSize scan calls and (messages + changed states) / batchSize batch
 * writes, plus one header write.
 *
 * <p>The header is written after a superstep's writes, and every superstep can be run again from the same
 * inputs, so a job interrupted at any write continues with {@link #resume} and ends exactly as an
 * uninterrupted one. One job at a time per work table; the graph must not change while it runs.
 *
 * <p>A superstep writes messages into the table it is scanning. That is safe on any store whose scan
 * resumes after the last key it returned (every adapter's does): an item written meanwhile is either seen
 * or not, and either way it is never taken for input, since it carries the next superstep's parity.
 */
public final class BatchGraphProcessor {
    private final Store store;
    private final GraphTable graph;
    private final String work;
    private final int segments;
    private final int parallelism;
    private final int pageSize;
    private final int batchSize;

    private BatchGraphProcessor(Builder b) {
        this.store = b.graph.store();
        this.graph = b.graph;
        this.work = b.workTable;
        this.segments = b.segments;
        this.parallelism = b.parallelism;
        this.pageSize = b.pageSize;
        this.batchSize = b.batchSize;
    }

    /** A processor of {@code graph} keeping job data in {@code workTable} (created when absent, emptied by each new job). */
    public static Builder builder(GraphTable graph, String workTable) {
        return new Builder(graph, workTable);
    }

    /** Runs {@code job} from the start, replacing whatever the work table held. */
    public <T> VertexValues<T> run(GraphJob<T> job) {
        return TechniqueCalls.call(store, "batchGraphProcessor.run", graph.table(), () -> start(job));
    }

    private <T> VertexValues<T> start(GraphJob<T> job) {
        Objects.requireNonNull(job, "job must not be null");
        clearWork();
        JobHeader header = new JobHeader(job.program().name(), job.program().parameters(), graph.table(),
                JobHeader.Phase.COPYING, 0, 0, new VertexProgram.StepTotals(0, Map.of()));
        store.put(work, header.toItem());
        return execute(job, header);
    }

    /**
     * Continues the run of {@code job} the work table holds, from its last completed superstep, or
     * returns its result if it finished; runs it from the start when the work table holds no run of it.
     */
    public <T> VertexValues<T> resume(GraphJob<T> job) {
        return TechniqueCalls.call(store, "batchGraphProcessor.resume", graph.table(), () -> {
            Objects.requireNonNull(job, "job must not be null");
            Optional<JobHeader> header = JobHeader.of(store.get(work, GraphKeys.HEADER));
            if (header.isEmpty() || !header.get().isFor(job, graph.table())) {
                return start(job);
            }
            return execute(job, header.get());
        });
    }

    /** Drops the work table and everything a job left in it. */
    public void clear() {
        TechniqueCalls.run(store, "batchGraphProcessor.clear", graph.table(), () -> {
            store.dropTable(work);
            store.createTable(TableSpec.named(work));
        });
    }

    private <T> VertexValues<T> execute(GraphJob<T> job, JobHeader start) {
        VertexProgram program = job.program();
        JobHeader header = start;
        if (header.phase() == JobHeader.Phase.COPYING) {
            long vertices = Parallel.segments(segments, parallelism, s -> copy(s, program.needsInEdges()))
                    .stream().mapToLong(Long::longValue).sum();
            header = header.at(JobHeader.Phase.RUNNING, 0, vertices, new VertexProgram.StepTotals(0, Map.of()));
            store.put(work, header.toItem());
        }
        while (header.phase() == JobHeader.Phase.RUNNING) {
            long step = header.step() + 1;
            Superstep superstep = new Superstep(store, work, program, step, header.vertices(),
                    header.totals().aggregates(), pageSize, batchSize);
            List<VertexProgram.StepTotals> parts = Parallel.segments(segments, parallelism, s -> superstep.run(s, segments));
            long sent = 0;
            Map<String, Double> aggregates = new HashMap<>();
            for (VertexProgram.StepTotals t : parts) {
                sent += t.messages();
                t.aggregates().forEach((k, v) -> aggregates.merge(k, v, Double::sum));
            }
            VertexProgram.StepTotals totals = new VertexProgram.StepTotals(sent, aggregates);
            boolean done = header.vertices() == 0 || program.done(step, totals);
            header = header.at(done ? JobHeader.Phase.DONE : JobHeader.Phase.RUNNING, step, header.vertices(), totals);
            store.put(work, header.toItem());
        }
        return new VertexValues<>(store, work, job, header.step(), header.vertices());
    }

    /** Copies one segment of the graph table into the work table; returns how many vertices it held. */
    private long copy(int segment, boolean inEdges) {
        WriteBuffer out = new WriteBuffer(store, batchSize);
        long vertices = 0;
        String current = null;
        for (Item item : (Iterable<Item>) store.scanAll(Scan.of(graph.table()).segment(segment, segments).limit(pageSize))::iterator) {
            String vertex = item.key().partition();
            if (!vertex.equals(current)) {
                current = vertex;
                vertices++;
                out.add(Write.put(work, Item.of(Key.of(GraphKeys.workPartition(vertex), GraphKeys.MARKER))));
            }
            String target = GraphKeys.edgeTarget(item.key().sort());
            if (target != null) {
                out.add(Write.put(work, Item.of(Key.of(GraphKeys.workPartition(vertex), GraphKeys.out(target)))));
                if (inEdges) {
                    out.add(Write.put(work, Item.of(Key.of(GraphKeys.workPartition(target), GraphKeys.in(vertex)))));
                }
            }
        }
        out.flush();
        return vertices;
    }

    /** Empties the work table: the header first (so no half-cleared table passes for a job), then the rest. */
    private void clearWork() {
        store.delete(work, GraphKeys.HEADER);
        Parallel.segments(segments, parallelism, s -> {
            WriteBuffer out = new WriteBuffer(store, batchSize);
            for (Item item : (Iterable<Item>) store.scanAll(Scan.of(work).segment(s, segments).limit(pageSize))::iterator) {
                out.add(Write.delete(work, item.key()));
            }
            out.flush();
            return out.written();
        });
    }

    @Override
    public String toString() {
        return "BatchGraphProcessor[" + graph.table() + " -> " + work + ", " + segments + " segments]";
    }

    /** Settings of a {@link BatchGraphProcessor}; {@link #build()} checks them all at once. */
    public static final class Builder {
        private final GraphTable graph;
        private final String workTable;
        private int segments = 8;
        private int parallelism = 4;
        private int pageSize = 1_000;
        private int batchSize = 200;

        private Builder(GraphTable graph, String workTable) {
            this.graph = graph;
            this.workTable = workTable;
        }

        /** Scan segments each superstep is split into, 1 to 1,000; default 8. */
        public Builder segments(int value) {
            this.segments = value;
            return this;
        }

        /** Segments processed at once, each on its own thread; default 4. */
        public Builder parallelism(int value) {
            this.parallelism = value;
            return this;
        }

        /** Items per scan page; default 1,000. */
        public Builder pageSize(int value) {
            this.pageSize = value;
            return this;
        }

        /** Writes per batch; default 200 (the store splits batches to its own request limit). */
        public Builder batchSize(int value) {
            this.batchSize = value;
            return this;
        }

        public BatchGraphProcessor build() {
            List<String> problems = new ArrayList<>();
            if (graph == null) {
                problems.add("graph must not be null");
            }
            try {
                TableSpec.checkName(workTable);
                if (graph != null && workTable.equals(graph.table())) {
                    problems.add("the work table must not be the graph's table '" + workTable + "'");
                }
            } catch (IllegalArgumentException | NullPointerException e) {
                problems.add("work table: " + e.getMessage());
            }
            if (segments < 1 || segments > Scan.MAX_SEGMENTS) {
                problems.add("segments must be between 1 and " + Scan.MAX_SEGMENTS + ", got " + segments);
            }
            if (parallelism < 1) {
                problems.add("parallelism must be at least 1, got " + parallelism);
            }
            if (pageSize < 1) {
                problems.add("pageSize must be at least 1, got " + pageSize);
            }
            if (batchSize < 1) {
                problems.add("batchSize must be at least 1, got " + batchSize);
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid batch graph processor: " + String.join("; ", problems));
            }
            graph.store().createTable(TableSpec.named(workTable));
            return new BatchGraphProcessor(this);
        }
    }
}
