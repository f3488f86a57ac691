package dev.nosqlpatterns.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Dropping a geo set deletes its documents from the collection every set shares, by the range of its {@code _id}s,
 * and no other set's, even sets whose names start alike or sort next to it. Run on whatever server the tests use;
 * the embedded one does not answer geo searches, so the port is called directly and the collection counted.
 */
class GeoDropTest {
    private static final List<String> SETS = List.of("a", "ab", "ab\u0000", "ab ", "abc", "ab\uFFFF", "b", "aa");

    private Tables tables;
    private Geo geo;

    @BeforeEach
    void open() {
        tables = new Tables(MongoTestServer.client().getDatabase(MongoTestServer.DATABASE),
                "gd" + System.nanoTime() % 1_000_000 + "_");
        geo = new Geo(tables);
        for (String set : SETS) {
            geo.putPoints(set, List.of(new GeoPoint("x", 1, 2), new GeoPoint("y", -3, 4), new GeoPoint("z", 5, 6)),
                    new CostMeter());
        }
    }

    @AfterEach
    void close() {
        tables.internal("geo").drop();
    }

    @Test
    void droppingOneSetLeavesEveryOtherSetWhole() {
        CostMeter meter = new CostMeter();
        geo.dropSet("ab", meter);
        assertEquals(1, meter.roundTrips());
        Map<String, Long> expected = new LinkedHashMap<>();
        SETS.forEach(s -> expected.put(s, s.equals("ab") ? 0L : 3L));
        assertEquals(expected, counts());

        geo.dropSet("ab", new CostMeter());
        geo.dropSet("never", new CostMeter());
        assertEquals(expected, counts());

        geo.putPoints("ab", List.of(new GeoPoint("x", 7, 8)), new CostMeter());
        expected.put("ab", 1L);
        assertEquals(expected, counts());
    }

    private Map<String, Long> counts() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String set : SETS) {
            out.put(set, tables.internal("geo").countDocuments(new BsonDocument(Documents.ID + ".s", new BsonString(set))));
        }
        return out;
    }
}
