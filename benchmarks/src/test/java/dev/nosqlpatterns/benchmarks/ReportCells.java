package dev.nosqlpatterns.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Constructed cells and reports for the tests of the report's views: figures chosen, not measured. */
final class ReportCells {
    private ReportCells() {
    }

    /** A measured read cell: median latency, round trips in sequence, items read per result, capacity units. */
    static CellResult read(String family, String workload, String store, String technique, double p50, double critical,
                           double amplification, double capacity, boolean reported, long stored, String basis) {
        LatencyStats stats = new LatencyStats(100, p50, p50 * 3, p50, p50 * 4, 1e6 / p50, 1e6 / p50 * 0.9, 1e6 / p50 * 1.1);
        StoredBytes figure = stored < 0 ? StoredBytes.none("not reported")
                : new StoredBytes(stored, basis, dev.nosqlpatterns.store.model.Footprint.Accuracy.EXACT);
        CellResult.Costs costs = new CellResult.Costs(critical, critical, amplification, Double.NaN, 100, capacity, reported,
                1, -1, figure);
        return CellResult.measured(family, workload, store, technique, stats, costs);
    }

    /** A measured read cell with estimated capacity units and no stored-bytes figure. */
    static CellResult read(String family, String workload, String store, String technique, double p50, double critical,
                           double amplification, double capacity) {
        return read(family, workload, store, technique, p50, critical, amplification, capacity, false, -1, "");
    }

    /** A measured write cell. */
    static CellResult write(String family, String workload, String store, String technique, double p50, double critical,
                            double written, double capacity) {
        LatencyStats stats = new LatencyStats(100, p50, p50 * 3, p50, p50 * 4, 1e6 / p50, 1e6 / p50 * 0.9, 1e6 / p50 * 1.1);
        CellResult.Costs costs = new CellResult.Costs(critical, critical, Double.NaN, written, 100, capacity, false, 1, -1);
        return CellResult.measured(family, workload, store, technique, stats, costs);
    }

    /** A report of these cells; each store's capabilities as given (store name, capabilities, ...). */
    static Report report(List<CellResult> cells, String... storesAndCapabilities) {
        List<Report.StoreInfo> stores = new java.util.ArrayList<>();
        for (int i = 0; i < storesAndCapabilities.length; i += 2) {
            stores.add(new Report.StoreInfo(storesAndCapabilities[i], "embedded", storesAndCapabilities[i + 1], ""));
        }
        Settings settings = new Settings(Settings.Mode.QUICK, 1, stores.stream().map(Report.StoreInfo::name).toList(),
                Settings.ALL_FAMILIES, Path.of("reports"));
        return new Report(settings, Map.of("java", "17"), stores, cells, Instant.parse("2026-01-01T00:00:00Z"),
                Duration.ofSeconds(60));
    }
}
