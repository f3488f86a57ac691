package dev.nosqlpatterns.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Figures out of line with the rest of the run, found in the measured cells and explained where the
 * reason is known:
 * <ul>
 *   <li><b>read amplification</b> more than {@value #FACTOR}× the median of the other stores' for the same
 *       technique of the same workload (a store that reads more than the technique needs);</li>
 *   <li><b>capacity units</b>, where the store reports them, more than {@value #FACTOR}× the cheapest
 *       technique's of the same workload on the same store.</li>
 * </ul>
 */
final class Anomalies {
    /** How far above its comparison a figure must be to be flagged. */
    static final double FACTOR = 3;

    private Anomalies() {
    }

    /** What is flagged. */
    enum Metric {
        READ_AMPLIFICATION("items read per result"),
        CAPACITY_UNITS("capacity units per operation");

        final String label;

        Metric(String label) {
            this.label = label;
        }
    }

    /**
     * One flagged figure.
     *
     * @param cell        the cell
     * @param metric      which figure
     * @param value       the cell's figure
     * @param comparison  what it is compared with (the other stores' median, or the cheapest technique's)
     * @param explanation the note: what is out of line and, where known, why
     */
    record Anomaly(CellResult cell, Metric metric, double value, double comparison, String explanation) {
    }

    /** Every anomaly of the run, in cell order. */
    static List<Anomaly> find(Report r) {
        List<Anomaly> out = new ArrayList<>();
        for (CellResult c : r.cells()) {
            if (c.status() != CellResult.Status.MEASURED) {
                continue;
            }
            readAmplification(r, c).ifPresent(out::add);
            capacity(r, c).ifPresent(out::add);
        }
        return out;
    }

    /** The anomalies of one cell. */
    static List<Anomaly> of(List<Anomaly> all, CellResult c) {
        return all.stream().filter(a -> a.cell() == c).toList();
    }

    private static Optional<Anomaly> readAmplification(Report r, CellResult c) {
        double value = c.costs().orElseThrow().readAmplification();
        if (Double.isNaN(value)) {
            return Optional.empty();
        }
        double[] others = r.cells().stream()
                .filter(o -> o != c && o.family().equals(c.family()) && o.workload().equals(c.workload())
                        && o.technique().equals(c.technique()) && !o.store().equals(c.store()) && o.costs().isPresent())
                .mapToDouble(o -> o.costs().get().readAmplification()).filter(v -> !Double.isNaN(v)).toArray();
        if (others.length == 0) {
            return Optional.empty();
        }
        double median = median(others);
        if (!(median > 0) || value <= FACTOR * median) {
            return Optional.empty();
        }
        String text = "reads " + Report.compact(value) + " items per result here, " + Recommendations.ratio(value / median)
                + " the " + Report.compact(median) + " of the other stores (median) for " + c.technique() + ": "
                + knownReason(c, Metric.READ_AMPLIFICATION).orElse(
                "no known reason; the store reads more than the technique asks for (see its layout and paging)");
        return Optional.of(new Anomaly(c, Metric.READ_AMPLIFICATION, value, median, text));
    }

    private static Optional<Anomaly> capacity(Report r, CellResult c) {
        CellResult.Costs k = c.costs().orElseThrow();
        if (!k.capacityReported() || Double.isNaN(k.capacityPerOp())) {
            return Optional.empty();
        }
        Optional<CellResult> cheapest = r.cells().stream()
                .filter(o -> o.family().equals(c.family()) && o.workload().equals(c.workload())
                        && o.store().equals(c.store()) && o.costs().isPresent()
                        && o.costs().get().capacityPerOp() > 0)
                .min(java.util.Comparator.comparingDouble(o -> o.costs().get().capacityPerOp()));
        if (cheapest.isEmpty() || cheapest.get() == c) {
            return Optional.empty();
        }
        double low = cheapest.get().costs().get().capacityPerOp();
        if (k.capacityPerOp() <= FACTOR * low) {
            return Optional.empty();
        }
        String text = "costs " + Report.compact(k.capacityPerOp()) + " capacity units per operation, "
                + Recommendations.ratio(k.capacityPerOp() / low) + " the " + Report.compact(low) + " of "
                + cheapest.get().technique() + ": " + knownReason(c, Metric.CAPACITY_UNITS).orElse(
                "no known reason; " + compared(k, cheapest.get().costs().get()));
        return Optional.of(new Anomaly(c, Metric.CAPACITY_UNITS, k.capacityPerOp(), low, text));
    }

    /** What a cell does more than the cheapest, from their figures: round trips, items, bytes. */
    static String compared(CellResult.Costs k, CellResult.Costs low) {
        boolean write = !Double.isNaN(k.writesPerLogicalWrite());
        return "it makes " + Report.compact(k.roundTripsPerOp()) + " round trips per operation against "
                + Report.compact(low.roundTripsPerOp()) + (write
                ? ", writes " + Report.compact(k.writesPerLogicalWrite()) + " items per logical write against "
                + Report.compact(low.writesPerLogicalWrite())
                : ", reads " + Report.compact(k.readAmplification()) + " items per result against "
                + Report.compact(low.readAmplification()))
                + " and moves " + Report.compact(k.bytesPerOp()) + " bytes per operation against " + Report.compact(low.bytesPerOp());
    }

    /** The known cause of an anomaly, by technique and store. */
    static Optional<String> knownReason(CellResult c, Metric metric) {
        String t = c.technique();
        boolean dynamo = c.store().equals("dynamodb");
        boolean sharedTable = c.costs().map(k -> k.stored().basis().contains("tables share")).orElse(false);
        if (dynamo && t.equals("scan and filter")) {
            String layout = sharedTable ? "in the single-table layout every logical table is stored in one shared"
                    + " DynamoDB table, so a scan reads the items of every table of the run (trees, geo points, events)"
                    + " and keeps only the users"
                    : "a DynamoDB scan reads the whole table and filters afterwards";
            return Optional.of(metric == Metric.READ_AMPLIFICATION ? layout
                    : layout + "; a scan pays a unit per 4 KB read, whatever it keeps");
        }
        boolean indexTable = t.startsWith("index table") || t.startsWith("declared index");
        if (dynamo && metric == Metric.CAPACITY_UNITS && indexTable && c.workload().startsWith("find")) {
            return Optional.of((t.startsWith("declared index") ? "the entity repository keeps a declared index in an"
                    + " index table on DynamoDB, whose native index would lag behind writes; " : "")
                    + "the lookup queries the city's entries in its index table, then reads each matched user"
                    + " by key with a strongly consistent read, at least one unit per item, where the native index"
                    + " answers from the global secondary index's copy in one eventually consistent query, half a unit"
                    + " per 4 KB");
        }
        if (dynamo && metric == Metric.CAPACITY_UNITS && t.equals("index table (atomic)")) {
            return Optional.of("the item and its index entry are written in one DynamoDB transaction, which costs two"
                    + " units per item written where a plain put costs one");
        }
        if (dynamo && metric == Metric.CAPACITY_UNITS && t.equals("centre cell + 8 neighbours")) {
            return Optional.of("it queries the centre cell and its 8 neighbours whole, nine queries of at least one unit"
                    + " each, where a geohash cover reads ranges fitted to the circle");
        }
        if (dynamo && metric == Metric.CAPACITY_UNITS && c.family().equals("trees") && t.equals("adjacency list")
                && c.workload().startsWith("read")) {
            return Optional.of("it queries the children of every node of the subtree, a level at a time, each query"
                    + " at least one unit, where the tree aggregate reads one item");
        }
        if (c.store().equals("redis") && metric == Metric.READ_AMPLIFICATION && t.equals("native geo")) {
            return Optional.of("a Redis geo search reads its sorted set by geohash score ranges around the shape's"
                    + " bounding circle or box, and every candidate those ranges return is counted before the exact"
                    + " distance or polygon check; Lucene's point search counts only the points it matched");
        }
        return Optional.empty();
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
