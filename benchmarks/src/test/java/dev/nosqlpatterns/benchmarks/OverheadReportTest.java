package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The overhead section pairs each library cell with its hand-written rival and divides their percentiles. */
class OverheadReportTest {
    private static CellResult cell(String technique, double p50, double p99) {
        return cell("redis", "get", technique, p50, p99);
    }

    private static CellResult cell(String store, String operation, String technique, double p50, double p99) {
        LatencyStats stats = new LatencyStats(100, p50, p99, p50, p99, 1000, 900, 1100);
        CellResult.Costs costs = new CellResult.Costs(1, 1, 1, Double.NaN, 10, 1, false, 1, -1);
        return CellResult.measured("overhead", operation, store, technique, stats, costs);
    }

    @Test
    void listsRatiosOfLibraryToHandWritten() {
        Settings settings = new Settings(Settings.Mode.QUICK, 1, List.of("redis"), List.of("overhead"), Path.of("x"));
        Report report = new Report(settings, Map.of(), List.of(new Report.StoreInfo("redis", "embedded", "", "")),
                List.of(cell(OverheadFamily.LIBRARY, 110, 300), cell(OverheadFamily.HAND_WRITTEN, 100, 200)),
                Instant.now(), Duration.ofSeconds(1));
        String section = MarkdownReport.overhead(report);
        assertTrue(section.contains("| redis | get | 110 µs | 100 µs | 1.10 | 300 µs | 200 µs | 1.50 | 1.00 | no cause measured |"),
                section);
        String withoutRival = MarkdownReport.overhead(new Report(settings, Map.of(), List.of(),
                List.of(cell(OverheadFamily.LIBRARY, 110, 300)), Instant.now(), Duration.ofSeconds(1)));
        assertEquals("", withoutRival, "a library cell without its rival has no ratio");
    }

    @Test
    void aRatioAboveTheTargetComesWithItsMeasuredCause() {
        Settings settings = new Settings(Settings.Mode.QUICK, 1, List.of("redis"), List.of("overhead"), Path.of("x"));
        Report report = new Report(settings, Map.of(), List.of(new Report.StoreInfo("redis", "embedded", "", "")),
                List.of(cell("redis", "conditional put", OverheadFamily.LIBRARY, 124, 300),
                        cell("redis", "conditional put", OverheadFamily.HAND_WRITTEN, 100, 300),
                        cell("redis", "counter add", OverheadFamily.LIBRARY, 104, 220),
                        cell("redis", "counter add", OverheadFamily.HAND_WRITTEN, 100, 200),
                        cell("mongodb", "get", OverheadFamily.LIBRARY, 104, 105), cell("mongodb", "get", OverheadFamily.HAND_WRITTEN, 100, 100)),
                Instant.now(), Duration.ofSeconds(1));
        String section = MarkdownReport.overhead(report);
        assertTrue(section.contains("| 1.24 | 300 µs | 300 µs | 1.00 | 1.00 | the request marker"), section);
        assertTrue(section.contains("| 1.04 | 220 µs | 200 µs | 1.10 | 1.00 |  |"), "1.10 at p99 meets the target: " + section);
        assertTrue(section.contains("| mongodb | get | 104 µs | 100 µs | 1.04 | 105 µs | 100 µs | 1.05 | 1.00 |  |"), section);
    }
}
