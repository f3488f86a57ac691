package dev.nosqlpatterns.benchmarks;

import static dev.nosqlpatterns.benchmarks.ReportCells.read;
import static dev.nosqlpatterns.benchmarks.ReportCells.report;
import static dev.nosqlpatterns.benchmarks.ReportCells.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The recommendation follows the figures it is given: latency first, costs among the equally fast, risks by technique. */
class RecommendationsTest {
    private static final String FIND = "find users by city";
    private static final String LOOKUP = "secondary lookup";

    private static Recommendations.Recommendation only(Report r) {
        List<Recommendations.Recommendation> all = Recommendations.all(r);
        assertEquals(1, all.size(), () -> "one workload on one store: " + all);
        return all.get(0);
    }

    @Test
    void aClearlyFasterTechniqueWins() {
        Report r = report(List.of(read(LOOKUP, FIND, "redis", "index table (atomic)", 100, 2, 1, 1),
                read(LOOKUP, FIND, "redis", "scan and filter", 400, 1, 30, 1)), "redis", "[ATOMIC_WRITES]");
        Recommendations.Recommendation rec = only(r);
        assertEquals("index table (atomic)", rec.technique());
        assertTrue(rec.reason().startsWith("fastest: p50 100 µs, 4.0× faster than scan and filter"), rec.reason());
    }

    @Test
    void amongEquallyFastTechniquesTheCheaperWins() {
        // within 1.25× on latency: the capacity units decide, whichever of the two is a little faster
        Report r = report(List.of(read(LOOKUP, FIND, "dynamodb", "index table (atomic)", 100, 2, 1, 11, true, -1, ""),
                read(LOOKUP, FIND, "dynamodb", "native index", 115, 2, 1, 0.5, true, -1, "")), "dynamodb", "[]");
        Recommendations.Recommendation rec = only(r);
        assertEquals("native index", rec.technique());
        assertTrue(rec.reason().contains("as fast as the fastest (p50 115 µs vs 100 µs for index table (atomic))"
                + " and fewer capacity units per operation: 0.5 vs 11 for index table (atomic)"), rec.reason());

        Report cheaperFastest = report(List.of(read(LOOKUP, FIND, "dynamodb", "index table (atomic)", 100, 2, 1, 0.5, true, -1, ""),
                read(LOOKUP, FIND, "dynamodb", "native index", 115, 2, 1, 11, true, -1, "")), "dynamodb", "[]");
        assertEquals("index table (atomic)", only(cheaperFastest).technique(), "the same rule on swapped figures");
    }

    @Test
    void roundTripsInSequenceComeBeforeCapacity() {
        Report r = report(List.of(read("trees", "read a subtree", "redis", "adjacency list", 100, 5, 1, 1),
                read("trees", "read a subtree", "redis", "materialized path", 120, 1, 1, 3)), "redis", "[]");
        Recommendations.Recommendation rec = only(r);
        assertEquals("materialized path", rec.technique());
        assertTrue(rec.reason().contains("fewer round trips in sequence: 1 vs 5 for adjacency list"), rec.reason());
    }

    @Test
    void aTieGoesToTheFirstInRunOrderAndSaysSo() {
        Report r = report(List.of(read("inverted search", "AND", "memory", "bitmap postings", 100, 1, 2, 1),
                read("inverted search", "AND", "memory", "sorted id list postings", 100, 1, 2, 1)), "memory", "[]");
        Recommendations.Recommendation rec = only(r);
        assertEquals("bitmap postings", rec.technique());
        assertTrue(rec.reason().contains("tied on latency (within 1.25×) and cost with sorted id list postings"), rec.reason());
    }

    @Test
    void writesCompareItemsWritten() {
        Report r = report(List.of(write("trees", "add a leaf", "memory", "nested sets", 100, 1, 40, 40),
                write("trees", "add a leaf", "memory", "adjacency list", 110, 1, 2, 2)), "memory", "[]");
        Recommendations.Recommendation rec = only(r);
        assertEquals("adjacency list", rec.technique());
        assertTrue(rec.reason().contains("capacity units per operation: 2 vs 40 for nested sets"), rec.reason());
        assertTrue(rec.reason().contains("2 items written per write"), rec.reason());
    }

    @Test
    void aRiskyWinnerNamesTheBestTechniqueWithoutItsRisk() {
        String w = "events in a 1-3 day window";
        Report r = report(List.of(read("time ranges", w, "redis", "day buckets + catalogue", 300, 2, 1, 1),
                read("time ranges", w, "redis", "one partition", 100, 1, 1, 1),
                read("time ranges", w, "redis", "4 sharded partitions", 140, 1, 1, 1)), "redis", "[]");
        Recommendations.Recommendation rec = only(r);
        assertEquals("one partition", rec.technique());
        assertTrue(rec.risks().get(0).startsWith("hot partition"), rec.risks().toString());
        assertEquals("4 sharded partitions (1.4× the latency)", rec.saferPick());
        assertTrue(rec.line().contains("; risk: hot partition") && rec.line().endsWith(
                "; without that risk: 4 sharded partitions (1.4× the latency)"), rec.line());
    }

    @Test
    void risksFollowTheTechniqueAndTheStoresCapabilities() {
        CellResult gsi = read(LOOKUP, FIND, "dynamodb", "native index", 100, 1, 1, 0.5);
        CellResult mongoIndex = read(LOOKUP, FIND, "mongodb", "native index", 100, 1, 1, 0.5);
        CellResult aggregate = read("trees", "read a subtree", "mongodb", "tree aggregate", 100, 1, 1, 1);
        CellResult table = read(LOOKUP, FIND, "mongodb", "index table (atomic)", 100, 1, 1, 1);
        Report r = report(List.of(gsi, mongoIndex, aggregate, table), "dynamodb", "[ATOMIC_WRITES, NATIVE_SECONDARY_INDEX]",
                "mongodb", "[NATIVE_SECONDARY_INDEX, CONSISTENT_NATIVE_INDEX_READS]");
        assertTrue(Recommendations.risks(r, gsi).get(0).startsWith("eventually consistent"));
        assertEquals(List.of(), Recommendations.risks(r, mongoIndex), "a consistent native index has no such risk");
        assertTrue(Recommendations.risks(r, aggregate).get(0).startsWith("item-size limit"));
        assertEquals(List.of(), Recommendations.risks(r, table));
    }

    @Test
    void onlyMeasuredCellsOfTheWorkloadAndStoreCompeteAndOverheadIsLeftOut() {
        Report r = report(List.of(read(LOOKUP, FIND, "redis", "scan and filter", 400, 1, 30, 1),
                CellResult.skipped(LOOKUP, FIND, "redis", "native index", "no native index"),
                read(LOOKUP, FIND, "memory", "native index", 10, 1, 1, 1),
                read("overhead", "get", "redis", OverheadFamily.LIBRARY, 10, 1, 1, 1)), "memory", "[]", "redis", "[]");
        List<Recommendations.Recommendation> all = Recommendations.all(r);
        assertEquals(2, all.size(), all::toString);
        Recommendations.Recommendation redis = all.stream().filter(x -> x.store().equals("redis")).findFirst().orElseThrow();
        assertEquals("scan and filter", redis.technique());
        assertTrue(redis.reason().startsWith("the only technique measured here"), redis.reason());
        assertTrue(redis.risks().get(0).startsWith("reads the whole table"), redis.risks().toString());
        assertEquals("", redis.saferPick(), "no technique without the risk was measured");
    }

    @Test
    void theGeoReferenceIsNeverRecommendedThoughFastest() {
        Report r = report(List.of(read("geo", "within 1 km", "redis", "geohash cover", 900, 1, 1, 1),
                read("geo", "within 1 km", "redis", GeoFamily.REFERENCE, 300, 1, 1, 1)), "redis", "[]");
        Recommendations.Recommendation rec = only(r);
        assertEquals("geohash cover", rec.technique());
        assertTrue(rec.reason().startsWith("the only technique measured here"), rec.reason());
    }

    @Test
    void handWrittenDriverCodeIsNeverRecommendedThoughFastest() {
        Report r = report(List.of(read("bulk", "backfill an index of 2,000 items", "redis", BulkFamily.SINGLE, 900, 1, 1, 1),
                read("bulk", "backfill an index of 2,000 items", "redis", BulkLoadCells.HAND_WRITTEN, 90, 1, 1, 1)),
                "redis", "[]");
        assertEquals(BulkFamily.SINGLE, only(r).technique());
    }
}
