package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole runner on the in-memory store: every family measured with checked answers, both reports written. */
class MemoryRunTest {
    @Test
    void runsEveryFamilyAndWritesBothReports(@TempDir Path dir) throws Exception {
        Settings settings = new Settings(Settings.Mode.QUICK, 1, List.of("memory"), Settings.ALL_FAMILIES, dir);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Report report = new PatternBenchmarks(settings, new PrintStream(console, true, StandardCharsets.UTF_8),
                new StoreTargets()).run();
        List<CellResult> failed = report.cells().stream().filter(c -> c.status() == CellResult.Status.FAILED).toList();
        assertTrue(failed.isEmpty(), () -> "failed cells: " + failed);
        for (Family family : PatternBenchmarks.FAMILIES) {
            if (family instanceof OverheadFamily) {
                assertTrue(report.cells().stream().anyMatch(c -> c.family().equals("overhead")
                        && c.status() == CellResult.Status.SKIPPED), "memory has no driver to compare with, stated as a reason");
                continue;
            }
            assertTrue(report.cells().stream().anyMatch(c -> c.family().equals(family.name())
                    && c.status() == CellResult.Status.MEASURED), family.name() + " measured");
        }
        assertTrue(report.cells().stream().anyMatch(c -> c.technique().equals("native index")
                && c.status() == CellResult.Status.SKIPPED), "memory has no native index, stated as a reason");
        CellResult batch = report.cells().stream().filter(c -> c.technique().equals("writeBatch")).findFirst().orElseThrow();
        assertEquals(1.0, batch.costs().orElseThrow().writesPerLogicalWrite(), 1e-9);
        CellResult scan = report.cells().stream().filter(c -> c.technique().equals("scan and filter")
                && c.workload().startsWith("find")).findFirst().orElseThrow();
        assertTrue(scan.costs().orElseThrow().readAmplification() > 10, "a scan reads far more than it returns");

        Path md = report.writeTo(dir);
        String markdown = Files.readString(md);
        String html = Files.readString(dir.resolve("benchmark.html"));
        assertTrue(markdown.contains("| secondary lookup: find users by city | index table (atomic) |"), markdown);
        assertTrue(html.contains("<svg") && html.contains("<table>"), "charts and tables");
        String outside = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        assertFalse(outside.contains("<script") || outside.contains("http://") || outside.contains("https://")
                || outside.contains("src=\"//"), "self-contained: no script and no address beyond the SVG namespace");
        String printed = console.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("ok    memory / time ranges"), "progress on the console");
        assertTrue(printed.matches("(?s).* \\| cell 1 of \\d+, 0:\\d\\d elapsed, about \\d+:\\d\\d left\n.*"), printed);
        int cells = report.cells().size();
        assertTrue(printed.contains(" | cell " + cells + " of " + cells + ", "), "the last cell is cell N of N, N = " + cells);
    }
}
