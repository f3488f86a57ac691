package dev.nosqlpatterns.benchmarks;

import static dev.nosqlpatterns.benchmarks.ReportCells.read;
import static dev.nosqlpatterns.benchmarks.ReportCells.report;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Figures out of line are found in the cells, and explained where the reason is known. */
class AnomaliesTest {
    private static final String FIND = "find users by city";
    private static final String LOOKUP = "secondary lookup";
    private static final String SHARED = "DynamoDB TableSizeBytes + IndexSizeBytes of the one physical table all logical"
            + " tables share";

    @Test
    void readAmplificationIsFlaggedOnlyWhereItDiffersFromTheOtherStores() {
        List<CellResult> same = List.of(read(LOOKUP, FIND, "dynamodb", "scan and filter", 100, 1, 37, 1, true, 30_000, SHARED),
                read(LOOKUP, FIND, "redis", "scan and filter", 100, 1, 37, 1),
                read(LOOKUP, FIND, "mongodb", "scan and filter", 100, 1, 36, 1));
        assertEquals(List.of(), Anomalies.find(report(same, "dynamodb", "", "redis", "", "mongodb", "")));

        CellResult dynamo = read(LOOKUP, FIND, "dynamodb", "scan and filter", 100, 1, 920, 1, true, 30_000, SHARED);
        List<CellResult> differs = List.of(dynamo, read(LOOKUP, FIND, "redis", "scan and filter", 100, 1, 37, 1),
                read(LOOKUP, FIND, "mongodb", "scan and filter", 100, 1, 36, 1));
        List<Anomalies.Anomaly> found = Anomalies.find(report(differs, "dynamodb", "", "redis", "", "mongodb", ""));
        assertEquals(1, found.size(), found::toString);
        Anomalies.Anomaly a = found.get(0);
        assertSame(dynamo, a.cell());
        assertEquals(Anomalies.Metric.READ_AMPLIFICATION, a.metric());
        assertEquals(36.5, a.comparison(), 1e-9);
        assertTrue(a.explanation().startsWith("reads 920 items per result here, 25.2× the 36.5 of the other stores (median)"),
                a.explanation());
        assertTrue(a.explanation().contains("single-table layout"), "the known reason: " + a.explanation());
    }

    @Test
    void anUnknownCauseIsStatedAsSuch() {
        List<CellResult> cells = List.of(read("geo", "within 1 km", "cassandra", "geohash cover", 100, 1, 40, 1),
                read("geo", "within 1 km", "redis", "geohash cover", 100, 1, 4, 1));
        List<Anomalies.Anomaly> found = Anomalies.find(report(cells, "cassandra", "", "redis", ""));
        assertEquals(1, found.size(), found::toString);
        assertTrue(found.get(0).explanation().contains("no known reason"), found.get(0).explanation());
    }

    @Test
    void reportedCapacityFarAboveTheCheapestTechniqueIsFlaggedWithItsReason() {
        CellResult table = read(LOOKUP, FIND, "dynamodb", "index table (atomic)", 100, 2, 1, 11, true, -1, "");
        CellResult gsi = read(LOOKUP, FIND, "dynamodb", "native index", 100, 1, 1, 0.5, true, -1, "");
        List<Anomalies.Anomaly> found = Anomalies.find(report(List.of(table, gsi), "dynamodb", ""));
        assertEquals(1, found.size(), found::toString);
        assertSame(table, found.get(0).cell());
        assertEquals(Anomalies.Metric.CAPACITY_UNITS, found.get(0).metric());
        assertTrue(found.get(0).explanation().startsWith("costs 11 capacity units per operation, 22.0× the 0.5 of native index"),
                found.get(0).explanation());
        assertTrue(found.get(0).explanation().contains("reads each matched user by key"), found.get(0).explanation());

        // estimated units (other stores) and units within the factor are not flagged
        assertEquals(List.of(), Anomalies.find(report(List.of(read(LOOKUP, FIND, "redis", "index table (atomic)", 100, 2, 1, 11),
                read(LOOKUP, FIND, "redis", "native index", 100, 1, 1, 0.5)), "redis", "")));
        assertEquals(List.of(), Anomalies.find(report(List.of(read(LOOKUP, FIND, "dynamodb", "index table (atomic)", 100, 2, 1, 1.4,
                true, -1, ""), read(LOOKUP, FIND, "dynamodb", "native index", 100, 1, 1, 0.5, true, -1, "")), "dynamodb", "")));
    }
}
