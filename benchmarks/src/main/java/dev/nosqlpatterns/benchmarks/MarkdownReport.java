package dev.nosqlpatterns.benchmarks;

import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Renders a {@link Report} as Markdown: the headline table (median latency per technique and store, with
 * its ratio to the fastest technique), the full figures per family, every skipped or failed cell with its
 * reason, then the machine, versions and settings.
 */
final class MarkdownReport {
    private MarkdownReport() {
    }

    static String render(Report r) {
        StringBuilder b = new StringBuilder();
        b.append("# nosqlpatterns: pattern comparison\n\n");
        b.append("Run ").append(r.started().truncatedTo(ChronoUnit.SECONDS)).append(", mode **")
                .append(r.settings().mode().name().toLowerCase(Locale.ROOT)).append("**, ")
                .append(r.settings().latency().isZero() ? "stores at loopback speed"
                        : "**" + Report.millis(r.settings().latency()) + " added to every round trip** to the networked stores")
                .append(", ").append(r.duration().toSeconds()).append(" s. Every answer was checked against an oracle before it was timed.\n\n");
        List<Anomalies.Anomaly> anomalies = Anomalies.find(r);
        b.append(recommendations(r));
        b.append("\n## Headline: median latency (ratio to the fastest technique of the workload on that store)\n\n");
        b.append(headline(r)).append('\n');
        b.append(legend());
        b.append(overhead(r));
        b.append(tenancy(r));
        int noteNumber = 0;
        for (String family : r.workloads().stream().map(Report.Workload::family).distinct().toList()) {
            List<String> notes = new java.util.ArrayList<>();
            b.append("\n## ").append(family).append("\n\n");
            b.append("| store | workload | technique | p50 | p99 | ops/s | repetitions' ops/s | round trips/op | waited in sequence/op | items read ÷ matched "
                    + "| items written ÷ logical write | bytes/op | capacity units/op | set-up bytes written | stored bytes |\n");
            b.append("|---|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            for (CellResult c : r.cells()) {
                if (!c.family().equals(family) || c.stats().isEmpty()) {
                    continue;
                }
                LatencyStats s = c.stats().get();
                CellResult.Costs k = c.costs().orElseThrow();
                String readMark = "";
                String capacityMark = "";
                for (Anomalies.Anomaly a : Anomalies.of(anomalies, c)) {
                    noteNumber++;
                    notes.add(NOTE + noteNumber + " " + c.store() + ", " + c.workload() + ", " + c.technique() + ": "
                            + escape(a.explanation()));
                    if (a.metric() == Anomalies.Metric.READ_AMPLIFICATION) {
                        readMark = " " + NOTE + noteNumber;
                    } else {
                        capacityMark = " " + NOTE + noteNumber;
                    }
                }
                b.append("| ").append(c.store()).append(" | ").append(c.workload()).append(" | ").append(c.technique())
                        .append(" | ").append(Report.micros(s.p50Micros())).append(" | ").append(Report.micros(s.p99Micros()))
                        .append(" | ").append(Report.number(s.opsPerSecond() * k.itemsPerOp()))
                        .append(k.itemsPerOp() > 1 ? " items" : "")
                        .append(" | ").append(Report.number(s.repMinOps() * k.itemsPerOp())).append(" – ")
                        .append(Report.number(s.repMaxOps() * k.itemsPerOp()))
                        .append(" | ").append(Report.number(k.roundTripsPerOp()))
                        .append(" | ").append(Report.number(k.criticalPathPerOp()))
                        .append(" | ").append(Report.number(k.readAmplification())).append(readMark)
                        .append(" | ").append(Report.number(k.writesPerLogicalWrite()))
                        .append(" | ").append(Report.number(k.bytesPerOp()))
                        .append(" | ").append(Report.number(k.capacityPerOp())).append(k.capacityReported() ? "" : " est.")
                        .append(capacityMark)
                        .append(" | ").append(k.storageBytes() < 0 ? "–" : Report.number(k.storageBytes()))
                        .append(" | ").append(k.stored().shown()).append(" |\n");
            }
            if (!notes.isEmpty()) {
                b.append("\nNotes on figures out of line with the rest of the run:\n\n");
                notes.forEach(n -> b.append("- ").append(n).append('\n'));
            }
        }
        List<CellResult> notMeasured = r.cells().stream().filter(c -> c.status() != CellResult.Status.MEASURED).toList();
        if (!notMeasured.isEmpty()) {
            b.append("\n## Cells not measured\n\n| store | family | workload | technique | status | reason |\n|---|---|---|---|---|---|\n");
            for (CellResult c : notMeasured) {
                b.append("| ").append(c.store()).append(" | ").append(c.family()).append(" | ").append(c.workload())
                        .append(" | ").append(c.technique()).append(" | ").append(c.status().name().toLowerCase(Locale.ROOT))
                        .append(" | ").append(escape(c.reason())).append(" |\n");
            }
        }
        b.append(storageBases(r));
        b.append("\n## Stores\n\n| store | where | capabilities |\n|---|---|---|\n");
        for (Report.StoreInfo s : r.stores()) {
            b.append("| ").append(s.name()).append(" | ").append(s.origin()).append(" | ")
                    .append(s.failure().isEmpty() ? escape(s.capabilities()) : "did not start: " + escape(s.failure()))
                    .append(" |\n");
        }
        b.append("\n## Machine, versions and settings\n\n| | |\n|---|---|\n");
        for (Map.Entry<String, String> e : r.environment().entrySet()) {
            b.append("| ").append(e.getKey()).append(" | ").append(escape(e.getValue())).append(" |\n");
        }
        b.append("| mode | ").append(r.settings().mode().name().toLowerCase(Locale.ROOT)).append(" (data scale ×")
                .append(r.settings().mode().scale).append(") |\n");
        Settings.Mode mode = r.settings().mode();
        b.append("| repetitions | ").append(r.settings().repetitions())
                .append(" timed, after the oracle check and a warm-up of half a repetition; read cells warm up for at least ")
                .append(mode.readWarmUp.toMillis()).append(" ms and ").append(mode.readWarmUpOps)
                .append(" operations (at most ").append(mode.readWarmUp.multipliedBy(Harness.WARM_UP_LIMIT).toMillis())
                .append(" ms) and repeat each repetition's operations for at least ")
                .append(mode.readRepetition.toMillis()).append(" ms; two rivals timed in turn (the overhead family's)")
                .append(" warm up so, writes too, with at least ").append(Harness.RIVAL_WARM_UP_FACTOR * mode.readWarmUpOps)
                .append(" operations |\n");
        return b.toString();
    }

    /** The mark of a note on a figure out of line, followed by its number. */
    static final String NOTE = "⚠";

    /**
     * The recommendations section: per workload and store, the technique the run's figures favour and why,
     * by the rule of {@link Recommendations}.
     */
    static String recommendations(Report r) {
        List<Recommendations.Recommendation> all = Recommendations.all(r);
        if (all.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("## Recommendations: which technique to use, per workload and store\n\n");
        b.append("Computed from this run's figures: of the techniques within ").append(Recommendations.AS_FAST)
                .append("× of the fastest median, the one with the fewest round trips in sequence, then capacity units, "
                        + "then items read per result (reads) or written per write (writes), then stored bytes, each "
                        + "within ").append(Recommendations.SAME_COST).append("× counting as equal; then the fastest. "
                        + "Risks come from each technique's known properties, with the best technique without them.\n\n");
        b.append(recommendationMatrix(r, all)).append('\n');
        b.append("Why, per workload and store:\n\n");
        b.append("| workload | store | recommended | why |\n|---|---|---|---|\n");
        for (Recommendations.Recommendation rec : all) {
            b.append("| ").append(rec.workload().family()).append(": ").append(escape(rec.workload().workload()))
                    .append(" | ").append(rec.store()).append(" | **").append(escape(rec.technique())).append("** | ")
                    .append(escape(rec.line())).append(" |\n");
        }
        return b.toString();
    }

    /**
     * The recommendations at a glance: a row per workload, a column per store, the recommended technique in
     * each cell, with a dagger when it carries a risk.
     */
    static String recommendationMatrix(Report r, List<Recommendations.Recommendation> all) {
        List<String> stores = r.storeNames();
        StringBuilder b = new StringBuilder("| workload |");
        stores.forEach(s -> b.append(' ').append(s).append(" |"));
        b.append("\n|---|").append("---|".repeat(stores.size())).append('\n');
        for (Report.Workload w : r.workloads()) {
            List<Recommendations.Recommendation> row = all.stream().filter(x -> x.workload().equals(w)).toList();
            if (row.isEmpty()) {
                continue;
            }
            b.append("| ").append(w.family()).append(": ").append(escape(w.workload())).append(" |");
            for (String s : stores) {
                b.append(' ').append(row.stream().filter(x -> x.store().equals(s)).findFirst()
                        .map(x -> escape(x.technique()) + (x.risks().isEmpty() ? "" : " " + RISK)).orElse("–")).append(" |");
            }
            b.append('\n');
        }
        return b.append("\n").append(RISK).append(" carries a risk (named below).\n").toString();
    }

    /** The mark of a recommended technique that carries a risk. */
    static final String RISK = "†";

    /** Rows: workload and technique; columns: stores; cells: p50 and ratio, or why there is no figure. */
    static String headline(Report r) {
        StringBuilder b = new StringBuilder("| workload | technique |");
        List<String> stores = r.storeNames();
        stores.forEach(s -> b.append(' ').append(s).append(" |"));
        b.append("\n|---|---|").append("---:|".repeat(stores.size())).append('\n');
        for (Report.Workload w : r.workloads()) {
            for (String t : r.techniques(w)) {
                b.append("| ").append(w.family()).append(": ").append(w.workload()).append(" | ").append(t).append(" |");
                for (String s : stores) {
                    b.append(' ').append(r.cell(w, t, s).map(c -> headlineCell(r, c)).orElse("–")).append(" |");
                }
                b.append('\n');
            }
        }
        return b.toString();
    }

    /**
     * The overhead family's pairs: the library's p50 and p99 beside the hand-written code's, measured
     * interleaved, and their ratios (library ÷ hand-written); empty when the family did not run.
     */
    static String overhead(Report r) {
        StringBuilder rows = new StringBuilder();
        for (CellResult lib : r.cells()) {
            if (!lib.family().equals("overhead") || !lib.technique().equals(OverheadFamily.LIBRARY) || lib.stats().isEmpty()) {
                continue;
            }
            r.cells().stream().filter(c -> c.family().equals("overhead") && c.store().equals(lib.store())
                            && c.workload().equals(lib.workload()) && c.technique().equals(OverheadFamily.HAND_WRITTEN)
                            && c.stats().isPresent()).findFirst()
                    .ifPresent(hand -> {
                        LatencyStats l = lib.stats().get();
                        LatencyStats h = hand.stats().get();
                        rows.append("| ").append(lib.store()).append(" | ").append(lib.workload())
                                .append(" | ").append(Report.micros(l.p50Micros())).append(" | ").append(Report.micros(h.p50Micros()))
                                .append(" | ").append(String.format(Locale.ROOT, "%.2f", l.p50Micros() / h.p50Micros()))
                                .append(" | ").append(Report.micros(l.p99Micros())).append(" | ").append(Report.micros(h.p99Micros()))
                                .append(" | ").append(String.format(Locale.ROOT, "%.2f", l.p99Micros() / h.p99Micros()))
                                .append(" | ").append(Report.number(lib.costs().orElseThrow().roundTripsPerOp()))
                                .append(" | ").append(OverheadCauses.explain(lib.store(), lib.workload(),
                                        l.p50Micros() / h.p50Micros(), l.p99Micros() / h.p99Micros()).orElse(""))
                                .append(" |\n");
                    });
        }
        if (rows.isEmpty()) {
            return "";
        }
        return "\n## Library overhead: library ÷ hand-written driver code\n\n"
                + "Each operation through `Store` and written by hand with the official driver on the adapter's own layout, "
                + "run in turn on the same inputs (alternating which goes first). Ratios above 1 are what the library costs; "
                + "above " + OverheadCauses.P50_TARGET + " at p50 or " + OverheadCauses.P99_TARGET
                + " at p99, the last column gives the measured cause.\n\n"
                + "| store | operation | library p50 | hand-written p50 | p50 ratio | library p99 | hand-written p99 | p99 ratio "
                + "| library round trips/op | why above the target |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n" + rows;
    }

    /**
     * The tenancy family's models side by side, per store: a recommendation with its reason, what a tenant's
     * store was, and each step's figures; empty when the family did not run.
     */
    static String tenancy(Report r) {
        List<CellResult> cells = r.cells().stream().filter(c -> c.family().equals("tenancy")).toList();
        if (cells.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n## Tenancy: the models side by side\n\n");
        r.notes().stream().filter(n -> n.family().equals("tenancy") && n.topic().equals(TenancyFamily.SIZES))
                .map(Report.Note::text).findFirst().ifPresent(t -> b.append(escape(t)).append(". "));
        b.append("Through a tenant's handle, in turn over the tenants: a get, a lookup of a city's items through the index "
                + "table, a scan page of ").append(TenancyFamily.PAGE).append(" items. Every answer was checked: the "
                + "tenant's items only (every tenant has the same keys, each item names its owner), exact counts, an "
                + "onboarded tenant registered with exactly its items and entries, an offboarded one unregistered with "
                + "nothing left. Per store, the model picked by the recommendations' rule for the most reads, then for "
                + "the most of onboarding and offboarding, then with the fewest stored bytes.\n\n");
        List<Recommendations.TenancyPick> picks = Recommendations.tenancy(r);
        if (!picks.isEmpty()) {
            b.append("| store | recommended | why |\n|---|---|---|\n");
            for (Recommendations.TenancyPick p : picks) {
                b.append("| ").append(p.store()).append(" | **").append(escape(p.model())).append("** | ")
                        .append(escape(p.reason())).append(" |\n");
            }
            b.append('\n');
        }
        List<String> steps = new java.util.ArrayList<>();
        for (Report.Workload w : r.workloads()) {
            if (w.family().equals("tenancy")) {
                steps.add(w.workload());
            }
        }
        b.append("| store | model | a tenant's store |");
        for (String w : steps) {
            TenancyFamily.Step step = TenancyFamily.Step.of(w).orElseThrow();
            b.append(' ').append(step.label).append(step.read() ? " p50 (round trips)" : ": time, round trips, items/s")
                    .append(" |");
        }
        b.append(" stored bytes of the read tenants |\n|---|---|---|").append("---:|".repeat(steps.size() + 1)).append('\n');
        for (String store : r.storeNames()) {
            List<String> models = cells.stream().filter(c -> c.store().equals(store) && !c.technique().equals("*"))
                    .map(CellResult::technique).distinct().toList();
            for (String model : models) {
                b.append("| ").append(store).append(" | ").append(escape(model)).append(" | ")
                        .append(escape(r.note("tenancy", store, model).orElse("–"))).append(" |");
                String stored = "–";
                for (String w : steps) {
                    Optional<CellResult> cell = cells.stream().filter(c -> c.store().equals(store)
                            && c.technique().equals(model) && c.workload().equals(w)).findFirst();
                    b.append(' ').append(cell.map(MarkdownReport::tenancyFigures).orElse("–")).append(" |");
                    if (cell.isPresent() && cell.get().costs().isPresent() && stored.equals("–")
                            && TenancyFamily.Step.of(w).orElseThrow().read()) {
                        stored = cell.get().costs().get().stored().shown();
                    }
                }
                b.append(' ').append(stored).append(" |\n");
            }
        }
        return b.toString();
    }

    private static String tenancyFigures(CellResult c) {
        if (c.status() != CellResult.Status.MEASURED) {
            return c.status() == CellResult.Status.FAILED ? "**FAILED**²" : "skipped¹";
        }
        LatencyStats s = c.stats().orElseThrow();
        CellResult.Costs k = c.costs().orElseThrow();
        if (TenancyFamily.Step.of(c.workload()).orElseThrow().read()) {
            return Report.micros(s.p50Micros()) + " (" + Report.compact(k.roundTripsPerOp()) + ")";
        }
        return Report.micros(s.p50Micros()) + ", " + Report.compact(k.roundTripsPerOp()) + ", "
                + Report.number(k.itemsPerOp() * 1e6 / s.p50Micros());
    }

    private static String headlineCell(Report r, CellResult c) {
        return switch (c.status()) {
            case MEASURED -> Report.micros(c.stats().get().p50Micros())
                    + r.ratioToFastest(c).map(x -> String.format(Locale.ROOT, " (%.1f×)", x)).orElse("");
            case SKIPPED -> "skipped¹";
            case FAILED -> "**FAILED**²";
        };
    }

    private static String legend() {
        return "\n¹ skipped: the store lacks the capability, or did not start (reasons below). "
                + "² failed: a wrong answer or an error (below).\n\n"
                + "p50 and p99 are per operation; ops/s is over all repetitions (items/s for batch cells), followed by the "
                + "slowest and fastest repetition's. Capacity units are DynamoDB's, as the store reported them, "
                + "or marked *est.*: estimated by DynamoDB's formula (a read call one unit per started 4 KB read, a "
                + "write one unit per started 1 KB and at least one per item) from the bytes each call reported. "
                + "Waited in sequence is the critical path: of the round trips, those sent only after the previous one "
                + "answered (reads sent together count once), which is what latency follows at network distance. "
                + "Items read ÷ matched is read amplification: matched items are those returned, except for geo "
                + "searches, where they are the points inside the shape (a limit of 10,000 caps what is returned). "
                + "A dash means no figure: not applicable, or the store reported no cost for the calls (a native "
                + "capability that bypasses the store's metering).\n";
    }

    /** What each store's stored-bytes figures are, or why it has none. */
    static String storageBases(Report r) {
        Map<String, java.util.Set<String>> bases = new java.util.LinkedHashMap<>();
        for (CellResult c : r.cells()) {
            c.costs().map(CellResult.Costs::stored).filter(s -> !s.basis().equals(StoredBytes.NOT_APPLICABLE))
                    .ifPresent(s -> bases.computeIfAbsent(c.store(), k -> new java.util.LinkedHashSet<>()).add(s.basis()));
        }
        if (bases.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("\n## Stored bytes: what each store's figure is\n\n"
                + "Stored bytes are the growth of the technique's tables across its set-up by the store's own figure; "
                + "*set-up bytes written* are the logical bytes of the items the set-up wrote. *est.*: an estimate "
                + "derived from the store's figures; *(may lag)*: the store refreshes the figure from time to time.\n\n"
                + "| store | basis |\n|---|---|\n");
        bases.forEach((store, set) -> set.forEach(basis -> b.append("| ").append(store).append(" | ")
                .append(escape(basis)).append(" |\n")));
        return b.toString();
    }

    static String escape(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
