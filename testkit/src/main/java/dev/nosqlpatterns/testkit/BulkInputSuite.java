package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The bulk loads of the techniques (geo points, search documents, graph edges) take a whole collection: one
 * invalid element at any position, first, inside or last, refuses the load, naming what was wrong, before
 * anything is written, so every table of the technique holds what it held before. And an edge load interrupted at any write
 * is completed by loading again. (Entity saves, tree loads, search loads and geo loads interrupted at any write
 * have their own suites: EntityBulkSuite, TreeCrashSuite, InvertedSearchCrashSuite, GeoCellSuite.)
 */
public abstract class BulkInputSuite extends StoreSuite {
    private static final int SIZE = 6;

    /** Positions of the bad element: first, second, inside, last. */
    private static int[] positions() {
        return new int[] {0, 1, SIZE / 2, SIZE - 1};
    }

    private long stored(String... tables) {
        long n = 0;
        for (String t : tables) {
            n += store.maintenance().countStored(t);
        }
        return n;
    }

    /** The load fails as bad input naming {@code named}, and the tables hold what they held before it. */
    private void refusedWithNothingWritten(String what, Runnable load, String named, String... tables) {
        long before = stored(tables);
        RuntimeException e = assertThrows(RuntimeException.class, load::run, what);
        assertTrue(e instanceof IllegalArgumentException || e instanceof NullPointerException,
                what + ": refused as bad input, not " + e);
        assertTrue(e.getMessage() != null && e.getMessage().contains(named), what + ": the message names " + named
                + ": " + e.getMessage());
        assertEquals(before, stored(tables), what + ": nothing written");
    }

    @Test
    void aGeoLoadWithABadPointAnywhereWritesNothing() {
        for (int bad : positions()) {
            String table = newTable();
            GeoIndex index = GeoIndex.builder(store, table).name("load").strategy(GeoIndex.Strategy.CELLS).build();
            Map<String, LatLon> points = new LinkedHashMap<>();
            for (int i = 0; i < SIZE; i++) {
                points.put(i == bad ? "bad\uD800id" : "p" + i, LatLon.of(48 + i / 10.0, 2 + i / 10.0));
            }
            refusedWithNothingWritten("a bad id at " + bad, () -> index.putAll(points), "bad", table);
            Map<String, LatLon> missing = new LinkedHashMap<>();
            for (int i = 0; i < SIZE; i++) {
                missing.put("p" + i, i == bad ? null : LatLon.of(48, 2));
            }
            refusedWithNothingWritten("no point at " + bad, () -> index.putAll(missing), "p" + bad, table);
        }
    }

    @Test
    void aSearchLoadWithABadDocumentAnywhereWritesNothing() {
        for (int bad : positions()) {
            String postings = newTable();
            String direct = newTable();
            InvertedSearch search = InvertedSearch.builder(store, postings, direct).build();
            IntFunction<List<Document>> docs = twice -> {
                List<Document> out = new ArrayList<>();
                for (int i = 0; i < SIZE; i++) {
                    out.add(i == bad ? Document.builder("d" + twice).add("tag", "red").build()
                            : Document.builder("d" + i).add("tag", "red").build());
                }
                return out;
            };
            int other = bad == 0 ? 1 : 0;
            refusedWithNothingWritten("an id twice at " + bad, () -> search.indexAll(docs.apply(other)), "d" + other,
                    postings, direct);
            List<Document> withNull = new ArrayList<>(docs.apply(bad));
            withNull.set(bad, null);
            refusedWithNothingWritten("null at " + bad, () -> search.indexAll(withNull), "null", postings, direct);
            search.indexAll(docs.apply(bad));
            assertEquals(SIZE, search.find(Criteria.has("tag", "red")).size(), "the good load");
        }
    }

    @Test
    void anEdgeLoadWithABadEdgeAnywhereWritesNothing() {
        for (int bad : positions()) {
            String table = newTable();
            GraphTable graph = GraphTable.open(store, table);
            List<Edge> edges = new ArrayList<>();
            for (int i = 0; i < SIZE; i++) {
                edges.add(i == bad ? null : Edge.of("v" + i, "v" + (i + 1)));
            }
            refusedWithNothingWritten("null edge at " + bad, () -> graph.addEdges(edges), "null", table);
            List<String> vertices = new ArrayList<>();
            for (int i = 0; i < SIZE; i++) {
                vertices.add(i == bad ? "x".repeat(Edge.MAX_VERTEX_BYTES + 1) : "v" + i);
            }
            refusedWithNothingWritten("a long vertex at " + bad, () -> graph.addVertices(vertices), "bytes", table);
        }
    }

    @Test
    void anEdgeLoadInterruptedAtAnyWriteIsCompletedByLoadingAgain() {
        List<Edge> edges = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            edges.add(Edge.of("v" + i % 9, "v" + (i * 7) % 13));
        }
        FaultInjectingBackend counter = countingBackend();
        String first = newTable();
        Store counting = Store.of(counter);
        counting.createTable(TableSpec.named(first));
        GraphTable.open(counting, first).addEdges(edges);
        int steps = counter.writes();
        TreeSet<String> whole = contents(first);
        assertTrue(steps >= 1 && !whole.isEmpty(), "the load writes");
        for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
            for (int step = 1; step <= steps; step++) {
                String at = "crash " + when + " write " + step + " of " + steps;
                String table = newTable();
                try (Store crashing = crashingStore(step, when)) {
                    GraphTable doomed = GraphTable.open(crashing, table);
                    assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> doomed.addEdges(edges), at);
                }
                assertTrue(whole.containsAll(contents(table)), at + ": nothing but the load's items");
                GraphTable.open(store, table).addEdges(edges);
                assertEquals(whole, contents(table), at + ": loading again completes it");
            }
        }
    }

    /** Every key of the table, as text. */
    private TreeSet<String> contents(String table) {
        TreeSet<String> out = new TreeSet<>();
        store.scanAll(Scan.of(table)).forEach(i -> out.add(i.key().partition() + " | " + i.key().sort()));
        return out;
    }
}
