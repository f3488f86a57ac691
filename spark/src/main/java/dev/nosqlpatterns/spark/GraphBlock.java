package dev.nosqlpatterns.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.Partitioner;
import scala.Tuple2;
import scala.Tuple3;

/**
 * One partition's vertices held in arrays, with one value per vertex, for the supersteps of the graph jobs.
 * Vertex {@code i} of partition {@code p} has the dense id {@code i * partitions + p}, so a message to a vertex
 * id needs no lookup. The edges are sorted by target once, when the block is built, so that a superstep sends
 * one message per target partition holding, for each of its targets there, the sum or the minimum of what this
 * partition's vertices send it: a superstep shuffles at most {@code partitions * partitions} records of
 * primitive arrays instead of one record per edge keyed by a string.
 */
final class GraphBlock implements Serializable {
    private static final long serialVersionUID = 1L;

    private final int partition;
    private final String[] names;
    private final int[] outDegree;
    /** Local source of every resolved edge, ordered by target (partition, then local index). */
    private final int[] edgeSource;
    /** End (exclusive) in {@link #edgeSource} of each run of edges with one target. */
    private final int[] runEnd;
    /** First run of each target partition; {@code partitions + 1} entries. */
    private final int[] partitionRuns;
    /** Local index, in its partition, of each run's target. */
    private final int[] runTarget;
    private final double[] values;
    /** The vertices whose value changed in the superstep that made this block (all of them at first). */
    private final boolean[] active;
    private final double change;
    private final double danglingValue;

    private GraphBlock(GraphBlock topology, double[] values, boolean[] active, double change, double danglingValue) {
        this(topology.partition, topology.names, topology.outDegree, topology.edgeSource, topology.runEnd,
                topology.partitionRuns, topology.runTarget, values, active, change, danglingValue);
    }

    private GraphBlock(int partition, String[] names, int[] outDegree, int[] edgeSource, int[] runEnd,
                       int[] partitionRuns, int[] runTarget, double[] values, boolean[] active, double change,
                       double danglingValue) {
        this.partition = partition;
        this.names = names;
        this.outDegree = outDegree;
        this.edgeSource = edgeSource;
        this.runEnd = runEnd;
        this.partitionRuns = partitionRuns;
        this.runTarget = runTarget;
        this.values = values;
        this.active = active;
        this.change = change;
        this.danglingValue = danglingValue;
    }

    /** Sums or minima for some vertices of one partition, by their local index. */
    static final class Messages implements Serializable {
        private static final long serialVersionUID = 1L;
        private final int[] targets;
        private final double[] values;

        Messages(int[] targets, double[] values) {
            this.targets = targets;
            this.values = values;
        }
    }

    /** Sends an integer key to the partition of that number: messages for block {@code q} go to partition q. */
    static final class ByIndex extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final int partitions;

        ByIndex(int partitions) {
            this.partitions = partitions;
        }

        @Override
        public int numPartitions() {
            return partitions;
        }

        @Override
        public int getPartition(Object key) {
            return (Integer) key;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ByIndex b && b.partitions == partitions;
        }

        @Override
        public int hashCode() {
            return partitions;
        }
    }

    /** The first value of a vertex, from its dense id and its name. */
    @FunctionalInterface
    interface Start extends Serializable {
        double value(long id, String name);
    }

    /**
     * The block of {@code partition} from its vertices (dense id, name, out-degree including edges to ids that
     * are not vertices) and its resolved edges (source id, target id), every vertex active at its start value.
     */
    static GraphBlock build(int partition, int partitions, Iterable<Tuple3<Long, String, Integer>> vertices,
                            Iterable<Tuple2<Long, Long>> edges, Start start) {
        List<Tuple3<Long, String, Integer>> sorted = new ArrayList<>();
        vertices.forEach(sorted::add);
        sorted.sort(Comparator.comparingLong(Tuple3::_1));
        String[] names = new String[sorted.size()];
        int[] degree = new int[sorted.size()];
        double[] values = new double[sorted.size()];
        double dangling = 0;
        for (int i = 0; i < names.length; i++) {
            Tuple3<Long, String, Integer> v = sorted.get(i);
            if (v._1() != (long) i * partitions + partition) {
                throw new IllegalStateException("vertex ids of partition " + partition + " are not dense: " + v);
            }
            names[i] = v._2();
            degree[i] = v._3();
            values[i] = start.value(v._1(), v._2());
            dangling += degree[i] == 0 ? values[i] : 0;
        }
        List<long[]> resolved = new ArrayList<>();
        edges.forEach(e -> resolved.add(new long[] {e._1() / partitions, e._2() % partitions, e._2() / partitions}));
        resolved.sort(Comparator.<long[]>comparingLong(e -> e[1]).thenComparingLong(e -> e[2]));
        int[] edgeSource = new int[resolved.size()];
        int[] runEnd = new int[resolved.size()];
        int[] runTarget = new int[resolved.size()];
        int[] partitionRuns = new int[partitions + 1];
        int runs = 0;
        for (int k = 0; k < resolved.size(); k++) {
            long[] e = resolved.get(k);
            edgeSource[k] = (int) e[0];
            if (k == 0 || e[1] != resolved.get(k - 1)[1] || e[2] != resolved.get(k - 1)[2]) {
                runTarget[runs] = (int) e[2];
                partitionRuns[(int) e[1] + 1] = runs + 1;
                runs++;
            }
            runEnd[runs - 1] = k + 1;
        }
        for (int q = 1; q <= partitions; q++) {
            partitionRuns[q] = Math.max(partitionRuns[q], partitionRuns[q - 1]);
        }
        boolean[] active = new boolean[names.length];
        Arrays.fill(active, true);
        return new GraphBlock(partition, names, degree, edgeSource, Arrays.copyOf(runEnd, runs), partitionRuns,
                Arrays.copyOf(runTarget, runs), values, active, 0, dangling);
    }

    /** For every target, the sum over its sources of {@code value / out-degree} (PageRank's shares). */
    Iterator<Tuple2<Integer, Messages>> shares() {
        double[] share = new double[values.length];
        for (int i = 0; i < share.length; i++) {
            share[i] = outDegree[i] == 0 ? 0 : values[i] / outDegree[i];
        }
        return messages(share, false);
    }

    /** For every target of an active source, the smallest {@code value + step} of its active sources. */
    Iterator<Tuple2<Integer, Messages>> minima(double step) {
        double[] sent = new double[values.length];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = active[i] ? values[i] + step : Double.POSITIVE_INFINITY;
        }
        return messages(sent, true);
    }

    private Iterator<Tuple2<Integer, Messages>> messages(double[] sent, boolean minimum) {
        List<Tuple2<Integer, Messages>> out = new ArrayList<>();
        for (int q = 0; q + 1 < partitionRuns.length; q++) {
            int from = partitionRuns[q];
            int to = partitionRuns[q + 1];
            int[] targets = new int[to - from];
            double[] combined = new double[to - from];
            int kept = 0;
            int edge = from == 0 ? 0 : runEnd[from - 1];
            for (int r = from; r < to; r++) {
                double value = minimum ? Double.POSITIVE_INFINITY : 0;
                for (; edge < runEnd[r]; edge++) {
                    value = minimum ? Math.min(value, sent[edgeSource[edge]]) : value + sent[edgeSource[edge]];
                }
                if (!minimum || value != Double.POSITIVE_INFINITY) {
                    targets[kept] = runTarget[r];
                    combined[kept++] = value;
                }
            }
            if (kept > 0) {
                out.add(new Tuple2<>(q, new Messages(Arrays.copyOf(targets, kept), Arrays.copyOf(combined, kept))));
            }
        }
        return out.iterator();
    }

    /**
     * PageRank's next block: {@code value = (1 - d) / n + d * (shares + spread / n)}, where {@code spread} is the
     * previous superstep's total value of vertices without out-edges; the change is the L1 distance.
     */
    GraphBlock rank(Iterator<Messages> incoming, double damping, long n, double spread) {
        double[] sums = new double[values.length];
        incoming.forEachRemaining(m -> {
            for (int j = 0; j < m.targets.length; j++) {
                sums[m.targets[j]] += m.values[j];
            }
        });
        double[] next = new double[values.length];
        double delta = 0;
        double dangling = 0;
        for (int i = 0; i < next.length; i++) {
            next[i] = (1 - damping) / n + damping * (sums[i] + spread / n);
            delta += Math.abs(next[i] - values[i]);
            dangling += outDegree[i] == 0 ? next[i] : 0;
        }
        return new GraphBlock(this, next, active, delta, dangling);
    }

    /** The next block keeping each vertex's smallest value; the change counts the vertices that got smaller. */
    GraphBlock lower(Iterator<Messages> incoming) {
        double[] next = values.clone();
        incoming.forEachRemaining(m -> {
            for (int j = 0; j < m.targets.length; j++) {
                next[m.targets[j]] = Math.min(next[m.targets[j]], m.values[j]);
            }
        });
        boolean[] lowered = new boolean[values.length];
        int changed = 0;
        for (int i = 0; i < next.length; i++) {
            lowered[i] = next[i] < values[i];
            changed += lowered[i] ? 1 : 0;
        }
        return new GraphBlock(this, next, lowered, changed, 0);
    }

    /** What the superstep that made this block changed: the L1 distance of ranks, or the vertices lowered. */
    double change() {
        return change;
    }

    /** Total value of this block's vertices without out-edges. */
    double danglingValue() {
        return danglingValue;
    }

    /** Every vertex's name with its value; vertices at infinity (never reached) are left out. */
    Iterator<Tuple2<String, Double>> values() {
        List<Tuple2<String, Double>> out = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            if (values[i] != Double.POSITIVE_INFINITY) {
                out.add(new Tuple2<>(names[i], values[i]));
            }
        }
        return out.iterator();
    }
}
