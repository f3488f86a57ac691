package dev.nosqlpatterns.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything one run measured, with the settings and environment, and the views both report formats
 * share: workloads in run order, the techniques of each, and latency ratios against the fastest
 * technique of the same workload on the same store (ratios only ever compare cells of one run).
 *
 * @param settings    the run's settings
 * @param environment machine, JVM and versions
 * @param stores      each store, where it ran, its capabilities or why it did not start
 * @param cells       every cell, in run order
 * @param notes       what families said about their runs on each store beyond the figures (see
 *                    {@code Family.notes()}), in run order
 * @param started     when the run began
 * @param duration    how long it took
 */
public record Report(Settings settings, Map<String, String> environment, List<StoreInfo> stores,
                     List<CellResult> cells, List<Note> notes, Instant started, Duration duration) {
    public Report {
        Objects.requireNonNull(settings, "settings");
        environment = java.util.Collections.unmodifiableMap(
                new java.util.LinkedHashMap<>(Objects.requireNonNull(environment, "environment")));
        stores = List.copyOf(stores);
        cells = List.copyOf(cells);
        notes = List.copyOf(notes);
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(duration, "duration");
    }

    /** A report without notes. */
    public Report(Settings settings, Map<String, String> environment, List<StoreInfo> stores, List<CellResult> cells,
                  Instant started, Duration duration) {
        this(settings, environment, stores, cells, List.of(), started, duration);
    }

    /** The note a family gave on {@code topic} for {@code store}, if any. */
    Optional<String> note(String family, String store, String topic) {
        return notes.stream().filter(n -> n.family().equals(family) && n.store().equals(store) && n.topic().equals(topic))
                .map(Note::text).findFirst();
    }

    /** Writes {@code benchmark.md} and {@code benchmark.html} into {@code dir}; returns the Markdown file. */
    public Path writeTo(Path dir) throws IOException {
        return PatternBenchmarks.write(this, dir);
    }

    /** (family, workload) pairs in the order they ran. */
    List<Workload> workloads() {
        LinkedHashSet<Workload> out = new LinkedHashSet<>();
        cells.stream().filter(c -> !c.workload().equals("*")).forEach(c -> out.add(new Workload(c.family(), c.workload())));
        return new ArrayList<>(out);
    }

    /** The techniques measured or skipped for a workload, in run order. */
    List<String> techniques(Workload w) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        cells.stream().filter(c -> w.matches(c) && !c.technique().equals("*")).forEach(c -> out.add(c.technique()));
        return new ArrayList<>(out);
    }

    /** The cell of a technique of a workload on a store, or the store-wide cell explaining its absence. */
    Optional<CellResult> cell(Workload w, String technique, String store) {
        Optional<CellResult> exact = cells.stream()
                .filter(c -> w.matches(c) && c.technique().equals(technique) && c.store().equals(store)).findFirst();
        if (exact.isPresent()) {
            return exact;
        }
        return cells.stream().filter(c -> c.store().equals(store) && c.family().equals(w.family())
                && c.workload().equals("*")).findFirst();
    }

    /** Median latency of a cell divided by the lowest median among measured techniques of its workload and store. */
    Optional<Double> ratioToFastest(CellResult cell) {
        if (cell.stats().isEmpty()) {
            return Optional.empty();
        }
        double best = cells.stream().filter(c -> c.family().equals(cell.family()) && c.workload().equals(cell.workload())
                        && c.store().equals(cell.store()) && c.stats().isPresent())
                .mapToDouble(c -> c.stats().get().p50Micros()).min().orElse(Double.NaN);
        return best > 0 ? Optional.of(cell.stats().get().p50Micros() / best) : Optional.empty();
    }

    /** Store names in the order they ran. */
    List<String> storeNames() {
        return stores.stream().map(StoreInfo::name).toList();
    }

    static String micros(double us) {
        if (us >= 1_000_000) {
            return String.format(Locale.ROOT, "%.1f s", us / 1_000_000);
        }
        if (us >= 10_000) {
            return String.format(Locale.ROOT, "%.0f ms", us / 1000);
        }
        if (us >= 1000) {
            return String.format(Locale.ROOT, "%.1f ms", us / 1000);
        }
        return String.format(Locale.ROOT, "%.0f µs", us);
    }

    static String number(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /** A figure in a sentence: at most two decimals, no trailing zeros, e.g. {@code 0.5}, {@code 11}, {@code 920}. */
    static String compact(double v) {
        if (Double.isNaN(v)) {
            return "–";
        }
        if (Math.abs(v) >= 100) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        String s = String.format(Locale.ROOT, Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /** Bytes as B, KB, MB or GB (powers of 1,000), e.g. {@code 97 KB}, {@code 1.5 MB}. */
    static String bytes(double v) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        int u = 0;
        while (Math.abs(v) >= 1000 && u < units.length - 1) {
            v /= 1000;
            u++;
        }
        return (v == Math.rint(v) || v >= 10 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v))
                + " " + units[u];
    }

    /** A duration in milliseconds as the report writes it, e.g. {@code 2 ms} or {@code 0.5 ms}. */
    static String millis(java.time.Duration d) {
        double ms = d.toNanos() / 1e6;
        return (ms == Math.rint(ms) ? Long.toString((long) ms) : Double.toString(ms)) + " ms";
    }

    /** A store as the run saw it. */
    public record StoreInfo(String name, String origin, String capabilities, String failure) {
    }

    /**
     * What a family said about its run on a store beyond the figures.
     *
     * @param family the family's name
     * @param store  the store
     * @param topic  what it is about, e.g. a technique's name
     * @param text   the note
     */
    public record Note(String family, String store, String topic, String text) {
        public Note {
            Objects.requireNonNull(family, "family");
            Objects.requireNonNull(store, "store");
            Objects.requireNonNull(topic, "topic");
            Objects.requireNonNull(text, "text");
        }
    }

    /** A workload of a family. */
    record Workload(String family, String workload) {
        boolean matches(CellResult c) {
            return c.family().equals(family) && c.workload().equals(workload);
        }
    }
}
