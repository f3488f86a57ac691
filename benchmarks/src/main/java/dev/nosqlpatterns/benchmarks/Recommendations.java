package dev.nosqlpatterns.benchmarks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * What the report recommends for each workload on each store, computed from that run's measured cells:
 * nothing here names a winner in advance.
 *
 * <p>The rule, applied to the measured cells of one workload on one store:
 * <ol>
 *   <li>The techniques whose median latency is within {@value #AS_FAST}× of the fastest's are <i>as fast</i>
 *       (the noise between runs of a quick run is of that order).</li>
 *   <li>Among them, costs decide, one after another, each keeping the techniques within
 *       {@value #SAME_COST}× of the lowest figure: round trips waited in sequence (what latency follows at
 *       network distance), capacity units per operation, then for reads the items read per result and
 *       the stored bytes, for writes the items written per logical write and the bytes per operation. A
 *       figure a cell lacks (no cost reported) decides nothing about it.</li>
 *   <li>Of those left, the lowest median latency wins; an exact tie goes to the first in run order.</li>
 * </ol>
 * The reason names what decided: the latency lead, or the cost that separated techniques as fast as each
 * other. Risks are attached by the technique's known properties (see {@link #risks}), not by its figures;
 * when the recommended technique carries one, the line names the best technique without it and its
 * latency ratio.
 */
final class Recommendations {
    /** Medians within this factor of the fastest count as equally fast. */
    static final double AS_FAST = 1.25;
    /** Cost figures within this factor of the lowest count as equal. */
    static final double SAME_COST = 1.1;

    private Recommendations() {
    }

    /**
     * One recommendation.
     *
     * @param workload  the workload
     * @param store     the store
     * @param chosen    the recommended cell
     * @param reason    why, in words and figures
     * @param risks     the recommended technique's risks; empty when none is known
     * @param saferPick the best technique without a risk and its latency ratio to the chosen one; empty when
     *                  the chosen one has no risk or every other technique has one too
     * @param compared  how many measured techniques were compared
     */
    record Recommendation(Report.Workload workload, String store, CellResult chosen, String reason, List<String> risks,
                          String saferPick, int compared) {
        Recommendation {
            risks = List.copyOf(risks);
        }

        String technique() {
            return chosen.technique();
        }

        /** The reason, the risks and the safer pick in one line. */
        String line() {
            StringBuilder b = new StringBuilder(reason);
            if (!risks.isEmpty()) {
                b.append("; risk: ").append(String.join("; ", risks));
            }
            if (!saferPick.isEmpty()) {
                b.append("; without that risk: ").append(saferPick);
            }
            return b.toString();
        }
    }

    /** A recommendation per workload and store that measured at least one technique, in run order. */
    static List<Recommendation> all(Report r) {
        List<Recommendation> out = new ArrayList<>();
        for (Report.Workload w : r.workloads()) {
            if (w.family().equals("overhead")) {
                continue; // library against hand-written code: not a choice of technique
            }
            for (String store : r.storeNames()) {
                recommend(r, w, store).ifPresent(out::add);
            }
        }
        return out;
    }

    /** The recommendation for {@code w} on {@code store}; empty when no technique was measured there. */
    static Optional<Recommendation> recommend(Report r, Report.Workload w, String store) {
        List<CellResult> cells = r.cells().stream()
                .filter(c -> w.matches(c) && c.store().equals(store) && c.status() == CellResult.Status.MEASURED)
                .filter(c -> !c.technique().equals(GeoFamily.REFERENCE))
                // hand-written driver code is the yardstick of the bulk family, not a technique the library offers
                .filter(c -> !c.technique().equals(BulkLoadCells.HAND_WRITTEN)).toList();
        if (cells.isEmpty()) {
            return Optional.empty();
        }
        Pick pick = pick(cells);
        CellResult chosen = pick.chosen();
        List<String> risks = risks(r, chosen);
        String safer = "";
        if (!risks.isEmpty()) {
            List<CellResult> riskFree = cells.stream().filter(c -> risks(r, c).isEmpty()).toList();
            if (!riskFree.isEmpty()) {
                CellResult alt = pick(riskFree).chosen();
                safer = alt.technique() + " (" + ratio(p50(alt) / p50(chosen)) + " the latency)";
            }
        }
        return Optional.of(new Recommendation(w, store, chosen, pick.reason() + "; " + figures(chosen), risks, safer,
                cells.size()));
    }

    /** The chosen cell and why. */
    record Pick(CellResult chosen, String reason) {
    }

    /** Applies the rule to the measured cells of one workload on one store. */
    static Pick pick(List<CellResult> cells) {
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("nothing to choose from");
        }
        CellResult fastest = cells.stream().min(Comparator.comparingDouble(Recommendations::p50)).orElseThrow();
        if (cells.size() == 1) {
            return new Pick(fastest, "the only technique measured here");
        }
        List<CellResult> left = cells.stream().filter(c -> p50(c) <= p50(fastest) * AS_FAST).toList();
        List<CellResult> asFast = left;
        String decidedBy = null;
        List<CellResult> dropped = List.of();
        for (Cost cost : criteria(fastest)) {
            List<CellResult> kept = keepLowest(left, cost.figure());
            if (kept.size() < left.size() && decidedBy == null) {
                decidedBy = cost.name();
                List<CellResult> keptNow = kept;
                dropped = left.stream().filter(c -> !keptNow.contains(c)).toList();
            }
            left = kept;
        }
        CellResult chosen = left.stream().min(Comparator.comparingDouble(Recommendations::p50)).orElseThrow();
        CellResult runnerUp = cells.stream().filter(c -> c != chosen).min(Comparator.comparingDouble(Recommendations::p50))
                .orElseThrow();
        String reason;
        if (decidedBy != null) {
            String decider = decidedBy;
            Cost cost = criteria(chosen).stream().filter(k -> k.name().equals(decider)).findFirst().orElseThrow();
            CellResult beaten = dropped.stream().min(Comparator.comparingDouble(c -> cost.figure().applyAsDouble(c)))
                    .orElseThrow();
            String lead = chosen == fastest ? "fastest (p50 " + Report.micros(p50(chosen)) + ")"
                    : "as fast as the fastest (p50 " + Report.micros(p50(chosen)) + " vs " + Report.micros(p50(fastest))
                    + " for " + fastest.technique() + ")";
            reason = lead + " and " + cost.name() + ": " + Report.compact(cost.figure().applyAsDouble(chosen)) + " vs "
                    + Report.compact(cost.figure().applyAsDouble(beaten)) + " for " + beaten.technique();
        } else if (asFast.size() > 1) {
            List<String> tied = asFast.stream().filter(c -> c != chosen).map(CellResult::technique).toList();
            reason = "fastest (p50 " + Report.micros(p50(chosen)) + "), tied on latency (within " + AS_FAST
                    + "×) and cost with " + String.join(", ", tied);
        } else {
            reason = "fastest: p50 " + Report.micros(p50(chosen)) + ", " + ratio(p50(runnerUp) / p50(chosen))
                    + " faster than " + runnerUp.technique();
        }
        return new Pick(chosen, reason);
    }

    /** A cost that can separate equally fast techniques, with its name in a reason. */
    private record Cost(String name, ToDoubleFunction<CellResult> figure) {
    }

    private static List<Cost> criteria(CellResult kind) {
        boolean write = !Double.isNaN(costs(kind).writesPerLogicalWrite());
        List<Cost> out = new ArrayList<>();
        out.add(new Cost("fewer round trips in sequence", c -> costs(c).criticalPathPerOp()));
        out.add(new Cost("fewer capacity units per operation", c -> costs(c).capacityPerOp()));
        if (write) {
            out.add(new Cost("fewer items written per logical write", c -> costs(c).writesPerLogicalWrite()));
            out.add(new Cost("fewer bytes per operation", c -> costs(c).bytesPerOp()));
        } else {
            out.add(new Cost("fewer items read per result", c -> costs(c).readAmplification()));
            out.add(new Cost("fewer stored bytes", Recommendations::storedBytes));
        }
        return out;
    }

    /** The cells whose figure is within {@link #SAME_COST} of the lowest; cells without the figure stay. */
    private static List<CellResult> keepLowest(List<CellResult> cells, ToDoubleFunction<CellResult> figure) {
        double min = cells.stream().mapToDouble(figure).filter(v -> !Double.isNaN(v)).min().orElse(Double.NaN);
        if (Double.isNaN(min)) {
            return cells;
        }
        return cells.stream().filter(c -> {
            double v = figure.applyAsDouble(c);
            return Double.isNaN(v) || v <= Math.max(min * SAME_COST, min + 1e-9);
        }).toList();
    }

    /** The chosen cell's figures, for the end of its reason. */
    static String figures(CellResult c) {
        CellResult.Costs k = costs(c);
        List<String> parts = new ArrayList<>();
        if (!Double.isNaN(k.criticalPathPerOp())) {
            parts.add(Report.compact(k.criticalPathPerOp()) + " round trips in sequence");
        }
        if (!Double.isNaN(k.readAmplification())) {
            parts.add(Report.compact(k.readAmplification()) + " items read per result");
        }
        if (!Double.isNaN(k.writesPerLogicalWrite())) {
            parts.add(Report.compact(k.writesPerLogicalWrite()) + " items written per write");
        }
        if (!Double.isNaN(k.capacityPerOp())) {
            parts.add(Report.compact(k.capacityPerOp()) + (k.capacityReported() ? "" : " est.") + " capacity units");
        }
        if (!Double.isNaN(storedBytes(c))) {
            parts.add(Report.bytes(k.stored().bytes()) + " stored" + switch (k.stored().accuracy()) {
                case EXACT -> "";
                case ESTIMATE -> " (est.)";
                case LAGGING -> " (may lag)";
            });
        }
        return parts.isEmpty() ? "no costs reported" : String.join(", ", parts);
    }

    /**
     * What a read cell's set-up occupies by the store's figure, or NaN when there is none or it is 0 (the
     * technique keeps its data outside its own tables, e.g. a native geo set, or loaded it before the cell).
     */
    static double storedBytes(CellResult c) {
        StoredBytes s = costs(c).stored();
        return s.known() && s.bytes() > 0 ? s.bytes() : Double.NaN;
    }

    /**
     * The risks of a technique by its known properties on the cell's store: a hot partition, the item-size
     * limit, eventual consistency, a cost that grows with the table rather than with the answer.
     */
    static List<String> risks(Report r, CellResult c) {
        String t = c.technique();
        String f = c.family();
        List<String> out = new ArrayList<>();
        if (f.equals("time ranges") && t.equals("one partition")) {
            out.add("hot partition: every event of a series goes to one partition key, whose write rate one node"
                    + " (DynamoDB: 1,000 write units a second per partition) bounds, and which grows without end");
        }
        if (f.equals("time ranges") && t.startsWith("day buckets")) {
            out.add("the current day's bucket takes every write of the day (hot at high write rates)");
        }
        if (f.equals("trees") && t.equals("tree aggregate")) {
            out.add("item-size limit: the whole tree is one item (DynamoDB 400 KB, MongoDB 16 MB), and every change"
                    + " rewrites it, so concurrent writers contend");
        }
        if (f.equals("secondary lookup") && t.equals("native index") && !consistentNativeIndex(r, c.store())) {
            out.add("eventually consistent: the store updates its native index after the write (DynamoDB's global"
                    + " secondary indexes), so a read may miss a write acknowledged just before");
        }
        if (f.equals("secondary lookup") && t.equals("scan and filter")) {
            out.add(Double.isNaN(costs(c).writesPerLogicalWrite())
                    ? "reads the whole table for every query: its cost grows with the table, not with the answer"
                    : "its writes are plain puts because its reads scan the whole table, whose cost grows with the table");
        }
        if (f.equals("geo") && t.equals("native geo") && c.store().equals("redis")) {
            out.add("hot key: a Redis geo set is one key, held and served by one shard of a cluster");
        }
        return out;
    }

    private static boolean consistentNativeIndex(Report r, String store) {
        return r.stores().stream().filter(s -> s.name().equals(store)).findFirst()
                .map(s -> s.capabilities().contains("CONSISTENT_NATIVE_INDEX_READS")).orElse(false);
    }

    /**
     * The tenancy model recommended on a store, and why.
     *
     * @param store  the store
     * @param model  the recommended model (its technique name)
     * @param reason what decided, with the figures
     */
    /** Items read per item returned by a tenancy scan page above which the pick carries a caveat. */
    private static final double SCAN_CAVEAT = 1.5;

    record TenancyPick(String store, String model, String reason) {
    }

    /** A tenancy recommendation per store where the tenancy family measured a model, in store order. */
    static List<TenancyPick> tenancy(Report r) {
        List<TenancyPick> out = new ArrayList<>();
        for (String store : r.storeNames()) {
            tenancy(r, store).ifPresent(out::add);
        }
        return out;
    }

    /**
     * The model this run's figures favour on {@code store}: each tenancy workload's technique by the rule of
     * {@link #pick} (the reads through a tenant's handle, onboarding, offboarding); the model picked for the most
     * reads wins, then the one picked for the most of onboarding and offboarding, then the one whose tenants
     * occupy the fewest stored bytes, then the first in run order. Nothing names a model in advance.
     */
    static Optional<TenancyPick> tenancy(Report r, String store) {
        List<CellResult> all = r.cells().stream().filter(c -> c.family().equals("tenancy") && c.store().equals(store)
                && c.status() == CellResult.Status.MEASURED && TenancyFamily.Step.of(c.workload()).isPresent()).toList();
        if (all.isEmpty()) {
            return Optional.empty();
        }
        List<String> models = all.stream().map(CellResult::technique).distinct().toList();
        if (models.size() == 1) {
            return Optional.of(new TenancyPick(store, models.get(0), "the only model measured here"));
        }
        java.util.Map<String, Integer> readWins = new java.util.HashMap<>();
        java.util.Map<String, Integer> lifeWins = new java.util.HashMap<>();
        List<String> readSteps = new ArrayList<>();
        List<String> lifeParts = new ArrayList<>();
        java.util.Map<String, List<String>> readsWon = new java.util.HashMap<>();
        for (Report.Workload w : r.workloads()) {
            List<CellResult> cells = all.stream().filter(w::matches).toList();
            if (cells.isEmpty()) {
                continue;
            }
            TenancyFamily.Step step = TenancyFamily.Step.of(w.workload()).orElseThrow();
            CellResult chosen = pick(cells).chosen();
            if (step.read()) {
                readSteps.add(step.label);
                readWins.merge(chosen.technique(), 1, Integer::sum);
                readsWon.computeIfAbsent(chosen.technique(), k -> new ArrayList<>()).add(step.label);
            } else {
                lifeWins.merge(chosen.technique(), 1, Integer::sum);
                lifeParts.add(step.label + ": " + chosen.technique() + " (" + versus(cells, chosen) + ")");
            }
        }
        java.util.Map<String, Double> stored = new java.util.HashMap<>();
        for (CellResult c : all) {
            double b = storedBytes(c);
            if (!Double.isNaN(b) && TenancyFamily.Step.of(c.workload()).orElseThrow().read()) {
                stored.putIfAbsent(c.technique(), b);
            }
        }
        Comparator<String> order = Comparator.<String>comparingInt(m -> -readWins.getOrDefault(m, 0))
                .thenComparingInt(m -> -lifeWins.getOrDefault(m, 0))
                .thenComparingDouble(m -> stored.getOrDefault(m, Double.MAX_VALUE))
                .thenComparingInt(models::indexOf);
        String best = models.stream().min(order).orElseThrow();
        List<String> parts = new ArrayList<>();
        if (!readSteps.isEmpty()) {
            List<String> won = readsWon.getOrDefault(best, List.of());
            parts.add(won.isEmpty() ? "picked for none of the " + readSteps.size() + " reads"
                    : "picked for " + won.size() + " of the " + readSteps.size() + " reads through a tenant's handle ("
                    + String.join(", ", won) + ")");
            models.stream().filter(m -> !m.equals(best) && readWins.containsKey(m)).forEach(m -> parts.add(m
                    + " for " + String.join(", ", readsWon.get(m))));
        }
        parts.addAll(lifeParts);
        if (!stored.isEmpty()) {
            parts.add("stored: " + String.join(", ", models.stream().filter(stored::containsKey)
                    .map(m -> m + " " + Report.bytes(stored.get(m))).toList()));
        }
        scanAmplification(all, best).ifPresent(parts::add);
        return Optional.of(new TenancyPick(store, best, String.join("; ", parts)));
    }

    /**
     * The caveat of a model whose scan page read more items than it returned (a pool on a store that cannot scan
     * a key prefix reads every tenant's items): what it means for a large tenant, and the model whose scans read
     * least, when one does.
     */
    private static Optional<String> scanAmplification(List<CellResult> all, String model) {
        List<CellResult> scans = all.stream().filter(c -> TenancyFamily.Step.of(c.workload()).orElseThrow()
                == TenancyFamily.Step.SCAN_PAGE && !Double.isNaN(costs(c).readAmplification())).toList();
        Optional<CellResult> picked = scans.stream().filter(c -> c.technique().equals(model)).findFirst();
        if (picked.isEmpty() || costs(picked.get()).readAmplification() < SCAN_CAVEAT) {
            return Optional.empty();
        }
        Optional<CellResult> lean = scans.stream().filter(c -> costs(c).readAmplification() < SCAN_CAVEAT)
                .min(Comparator.comparingDouble(c -> costs(c).readAmplification()));
        return Optional.of("but its scan page read " + Report.compact(costs(picked.get()).readAmplification())
                + " items per item returned: a tenant's scans, verifies, exports and off-boarding read every tenant's"
                + " items here, so they grow with the whole table" + lean.map(c -> "; " + c.technique()
                + " reads " + Report.compact(costs(c).readAmplification()) + ", better for large tenants").orElse(""));
    }

    /** The chosen cell's median against every other one's, e.g. {@code 1.2 s vs 2.0 s for silo}. */
    private static String versus(List<CellResult> cells, CellResult chosen) {
        List<String> others = cells.stream().filter(c -> c != chosen)
                .map(c -> Report.micros(p50(c)) + " for " + c.technique()).toList();
        return Report.micros(p50(chosen)) + (others.isEmpty() ? "" : " vs " + String.join(", ", others));
    }

    static String ratio(double x) {
        return String.format(Locale.ROOT, "%.1f×", x);
    }

    private static double p50(CellResult c) {
        return c.stats().orElseThrow().p50Micros();
    }

    private static CellResult.Costs costs(CellResult c) {
        return c.costs().orElseThrow();
    }
}
