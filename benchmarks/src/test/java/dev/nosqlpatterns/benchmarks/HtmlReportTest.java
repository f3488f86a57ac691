package dev.nosqlpatterns.benchmarks;

import static dev.nosqlpatterns.benchmarks.ReportCells.read;
import static dev.nosqlpatterns.benchmarks.ReportCells.report;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The HTML report shows the recommendations with their reasons, cost charts with titled axes, and legible store names. */
class HtmlReportTest {
    private static final String FIND = "find users by city";
    private static final String LOOKUP = "secondary lookup";
    private static final List<String> STORES = List.of("memory", "dynamodb", "cassandra", "mongodb", "redis", "lucene");

    private static Report sample() {
        List<CellResult> cells = new ArrayList<>();
        for (String store : STORES) {
            boolean dynamo = store.equals("dynamodb");
            cells.add(read(LOOKUP, FIND, store, "index table (atomic)", 100, 1, 1, dynamo ? 11 : 2, dynamo, 66_000, "basis"));
            cells.add(read(LOOKUP, FIND, store, "scan and filter", 400, 1, dynamo ? 920 : 37, 3, dynamo, 30_000, "basis"));
            cells.add(read(LOOKUP, FIND, store, "native index", 110, 1, 1, 0.5, dynamo, 97_000, "basis"));
        }
        String[] stores = STORES.stream().flatMap(s -> java.util.stream.Stream.of(s, "[]")).toArray(String[]::new);
        return report(cells, stores);
    }

    @Test
    void showsEachRecommendationWithItsReason() {
        Report r = sample();
        String html = HtmlReport.render(r);
        assertTrue(html.contains("<h2>Recommendations: which technique to use, per workload and store</h2>"), html);
        Recommendations.Recommendation rec = Recommendations.recommend(r, new Report.Workload(LOOKUP, FIND), "dynamodb")
                .orElseThrow();
        assertEquals("native index", rec.technique());
        assertTrue(html.contains("<li><b>dynamodb</b>: <b>native index</b>, " + HtmlReport.esc(rec.line()) + "</li>"), html);
        assertTrue(html.contains("fewer capacity units per operation"), "the reason names the deciding cost");
        assertTrue(html.contains("single-table layout") || html.contains("reads 920 items per result here"),
                "the anomaly's note is next to its charts");
        assertTrue(html.contains(">★<title>recommended on dynamodb</title>"), "the recommended bar is marked");
    }

    @Test
    void chartsCostsWithTitledAxes() {
        String html = HtmlReport.render(sample());
        for (String title : List.of("Median latency, log scale", "Round trips in sequence", "Read amplification, log scale",
                "Capacity units, log scale", "Stored bytes, log scale")) {
            assertTrue(html.contains("<text class=\"t\" x=\"66\" y=\"16\">" + title + "</text>"), title);
        }
        for (String axis : List.of("p50 latency per operation", "round trips per operation", "items read per result",
                "units per operation", "bytes stored by the set-up")) {
            assertTrue(html.contains("text-anchor=\"middle\">" + axis + "</text>"), axis);
        }
        assertTrue(html.contains(">store</text>"), "the x axis is titled");
        assertTrue(html.contains(">100 KB</text>") || html.contains(">10 KB</text>"), "bytes read in KB on the axis");
        Matcher flagged = Pattern.compile("fill=\"#b00\" font-weight=\"bold\">!</text>").matcher(html);
        int marks = 0;
        while (flagged.find()) {
            marks++;
        }
        assertEquals(3, marks, "dynamodb's read amplification of the scan, and the capacity units of the scan and of the index"
                + " table");
    }

    @Test
    void storeNamesDoNotOverlap() {
        String chart = HtmlReport.chart(sample(), new Report.Workload(LOOKUP, FIND));
        Matcher m = Pattern.compile("<text x=\"([0-9.]+)\" y=\"\\d+\" text-anchor=\"middle\">([a-z]+)</text>").matcher(chart);
        List<Double> centres = new ArrayList<>();
        List<String> names = new ArrayList<>();
        while (m.find()) {
            if (STORES.contains(m.group(2))) {
                centres.add(Double.parseDouble(m.group(1)));
                names.add(m.group(2));
            }
        }
        assertEquals(STORES, names, chart);
        for (int i = 1; i < centres.size(); i++) {
            double room = centres.get(i) - centres.get(i - 1);
            double needed = (names.get(i).length() + names.get(i - 1).length()) / 2.0 * 7;
            assertTrue(room > needed, "room between " + names.get(i - 1) + " and " + names.get(i) + ": " + room);
        }
    }

    @Test
    void markdownHasTheSameRecommendationsAndNotesNextToTheFigures() {
        String md = MarkdownReport.render(sample());
        assertTrue(md.contains("| secondary lookup: find users by city | dynamodb | **native index** |"), md);
        Matcher mark = Pattern.compile("\\| 920 ⚠(\\d) \\|").matcher(md);
        assertTrue(mark.find(), "the figure carries its note's mark: " + md);
        assertTrue(md.contains("- ⚠" + mark.group(1) + " dynamodb, find users by city, scan and filter: reads 920 items per"
                + " result here"), md);
    }

    @Test
    void linearAndLogScalesHaveRoundTicks() {
        assertEquals(List.of(0.0, 2.0, 4.0, 6.0), HtmlReport.Scale.linear(5.5).ticks());
        assertEquals(List.of(0.1, 1.0, 10.0, 100.0, 1000.0), HtmlReport.Scale.log(0.5, 920).ticks());
        assertEquals(List.of(1.0, 10.0, 100.0), HtmlReport.Scale.log(11, 100).ticks(), "11 is too close above 10");
        assertEquals(1.0, HtmlReport.Scale.log(0.5, 920).position(1000), 1e-9);
        HtmlReport.Scale ones = HtmlReport.Scale.log(1, 1);
        assertEquals(List.of(0.1, 1.0), ones.ticks(), "a decade below the smallest value");
        assertEquals(1.0, ones.position(1), 1e-9, "so that a bar of the smallest value has a height");
        assertTrue(HtmlReport.numeric("12 ms (1.0×)") && HtmlReport.numeric("0.50 est.") && HtmlReport.numeric("100 items"));
        assertTrue(!HtmlReport.numeric("4 sharded partitions"), "words after a number are not a figure");
        assertEquals("97 KB", Report.bytes(97_000));
        assertEquals("1.0 s", Report.micros(1_000_000), "a second, not 1000 ms");
        assertEquals("647 ms", Report.micros(647_000));
        assertEquals("1.5 MB", Report.bytes(1_500_000));
    }
}
