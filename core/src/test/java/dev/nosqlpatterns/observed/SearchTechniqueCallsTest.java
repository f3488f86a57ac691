package dev.nosqlpatterns.observed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.geo.LatLonPolygon;
import dev.nosqlpatterns.graph.BatchGraphProcessor;
import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.graph.GraphJob;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.graph.VertexValues;
import dev.nosqlpatterns.search.Audience;
import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.LatLon;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Every public call of the geo, inverted search and graph techniques is a technique call. */
class SearchTechniqueCallsTest {
    private static final String FACTORY = "construction: checks its settings and declares tables, no access pattern";
    private static final String LOAD = "builds a load; each window it writes is one bulk write, a technique call of its own";
    private static final String ACCESSOR = "an accessor of the technique's settings, no store call";
    private static final LatLon BERLIN = LatLon.of(52.52, 13.40);
    private static final LatLon POTSDAM = LatLon.of(52.39, 13.06);
    private static final Instant LATER = Instant.now().plusSeconds(3_600);

    @Test
    void geoIndex() {
        try (Store store = Store.of(new MemoryBackend())) {
            GeoIndex places = GeoIndex.builder(store, "places").strategy(GeoIndex.Strategy.CELLS).build();
            EntryPoints calls = new EntryPoints(store, GeoIndex.class)
                    .exempt("builder(Store,String)", FACTORY).exempt("strategy()", ACCESSOR)
                    .exempt("load(Stream)", LOAD).exempt("load(String,Stream)", LOAD);
            calls.runs("put(String,LatLon)", "geo.put", () -> places.put("berlin", BERLIN));
            calls.runs("put(String,String,LatLon)", "geo.put", () -> places.put("shops", "alex", BERLIN));
            calls.runs("put(String,LatLon,Instant)", "geo.put", () -> places.put("fair", BERLIN, LATER));
            calls.runs("put(String,String,LatLon,Instant)", "geo.put", () -> places.put("shops", "pop", BERLIN, LATER));
            calls.runs("putAll(Map)", "geo.putAll", () -> places.putAll(Map.of("potsdam", POTSDAM)));
            calls.runs("putAll(String,Map)", "geo.putAll", () -> places.putAll("shops", Map.of("sans", POTSDAM)));
            assertEquals(2, calls.succeeds("withinRadius(LatLon,double,int)", "geo.withinRadius",
                    () -> places.withinRadius(BERLIN, 1_000, 10)).size());
            assertEquals(2, calls.succeeds("withinRadius(String,LatLon,double,int)", "geo.withinRadius",
                    () -> places.withinRadius("shops", BERLIN, 1_000, 10)).size());
            assertEquals(2, calls.succeeds("nearest(LatLon,int)", "geo.nearest", () -> places.nearest(BERLIN, 2)).size());
            assertEquals(2, calls.succeeds("nearest(String,LatLon,int)", "geo.nearest",
                    () -> places.nearest("shops", BERLIN, 2)).size());
            LatLonBox box = LatLonBox.of(52.3, 13.0, 52.6, 13.5);
            assertEquals(3, calls.succeeds("withinBox(LatLonBox,int)", "geo.withinBox", () -> places.withinBox(box, 10))
                    .size());
            assertEquals(3, calls.succeeds("withinBox(String,LatLonBox,int)", "geo.withinBox",
                    () -> places.withinBox("shops", box, 10)).size());
            LatLonPolygon area = LatLonPolygon.of(List.of(LatLon.of(52.3, 13.0), LatLon.of(52.3, 13.5),
                    LatLon.of(52.6, 13.5), LatLon.of(52.6, 13.0), LatLon.of(52.3, 13.0)));
            assertEquals(3, calls.succeeds("withinPolygon(LatLonPolygon,int)", "geo.withinPolygon",
                    () -> places.withinPolygon(area, 10)).size());
            assertEquals(3, calls.succeeds("withinPolygon(String,LatLonPolygon,int)", "geo.withinPolygon",
                    () -> places.withinPolygon("shops", area, 10)).size());
            calls.runs("remove(String)", "geo.remove", () -> places.remove("berlin"));
            calls.runs("remove(String,String)", "geo.remove", () -> places.remove("shops", "alex"));
            calls.succeeds("verify()", "geo.verify", places::verify);
            calls.succeeds("repair()", "geo.repair", places::repair);
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void invertedSearch() {
        try (Store store = Store.of(new MemoryBackend())) {
            InvertedSearch search = InvertedSearch.builder(store, "postings", "direct").build();
            EntryPoints calls = new EntryPoints(store, InvertedSearch.class)
                    .exempt("builder(Store,String,String)", FACTORY)
                    .exempt("load(Stream)", LOAD);
            calls.runs("index(Document)", "invertedSearch.index",
                    () -> search.index(Document.builder("ada").add("city", "london").add("site", "a").build()));
            calls.runs("index(Document,Instant)", "invertedSearch.index",
                    () -> search.index(Document.builder("bob").add("city", "paris").build(), LATER));
            calls.runs("indexAll(Collection)", "invertedSearch.indexAll",
                    () -> search.indexAll(List.of(Document.builder("cy").add("city", "london").build())));
            assertTrue(calls.succeeds("document(String)", "invertedSearch.document", () -> search.document("ada"))
                    .isPresent());
            assertTrue(calls.succeeds("idOf(String)", "invertedSearch.idOf", () -> search.idOf("ada")).isPresent());
            Audience london = calls.succeeds("find(Criteria)", "invertedSearch.find",
                    () -> search.find(Criteria.has("city", "london")));
            assertEquals(2, london.size());
            assertEquals(2, calls.succeeds("findAll(List)", "invertedSearch.findAll",
                    () -> search.findAll(List.of(Criteria.has("city", "paris"), Criteria.all()))).size());
            assertEquals(2L, calls.succeeds("count(Term)", "invertedSearch.count",
                    () -> search.count(Term.of("city", "london"))));
            assertEquals(3L, calls.succeeds("size()", "invertedSearch.size", search::size));
            assertEquals(Map.of("london", 2L), calls.succeeds("report(Audience,Set)", "invertedSearch.report",
                    () -> search.report(london, Set.of("city"))).counts().get("city"));
            assertEquals(1, calls.succeeds("reports(List,Set)", "invertedSearch.reports",
                    () -> search.reports(List.of(london), Set.of("site"))).size());
            assertEquals(List.of("ada", "cy"), calls.succeeds("documentIds(Audience,int)", "invertedSearch.documentIds",
                    () -> search.documentIds(london, 10)).stream().sorted().toList());
            assertTrue(calls.succeeds("verify()", "invertedSearch.verify", search::verify).consistent());
            calls.succeeds("repair()", "invertedSearch.repair", search::repair);
            assertTrue(calls.succeeds("remove(String)", "invertedSearch.remove", () -> search.remove("cy")));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void graph() {
        try (Store store = Store.of(new MemoryBackend())) {
            GraphTable graph = GraphTable.open(store, "graph");
            EntryPoints calls = new EntryPoints(store, GraphTable.class)
                    .exempt("open(Store,String)", FACTORY).exempt("table()", ACCESSOR)
                    .exempt("edgeTarget(Item)", "a pure function of an item the caller read, no store call");
            calls.runs("addVertices(Collection)", "graphTable.addVertices", () -> graph.addVertices(List.of("a", "z")));
            calls.runs("addEdges(Collection)", "graphTable.addEdges",
                    () -> graph.addEdges(List.of(Edge.of("a", "b"), Edge.of("b", "c"), Edge.of("a", "c"))));
            calls.runs("removeEdges(Collection)", "graphTable.removeEdges",
                    () -> graph.removeEdges(List.of(Edge.of("a", "c"))));
            assertEquals(List.of("b"), calls.succeeds("targets(String)", "graphTable.targets", () -> graph.targets("a")));
            assertTrue(calls.succeeds("hasVertex(String)", "graphTable.hasVertex", () -> graph.hasVertex("z")));
            calls.assertEveryOneChecked();

            BatchGraphProcessor processor = BatchGraphProcessor.builder(graph, "graph_work").segments(2).build();
            EntryPoints jobs = new EntryPoints(store, BatchGraphProcessor.class)
                    .exempt("builder(GraphTable,String)", FACTORY);
            GraphJob<Long> distances = GraphJob.distances(List.of("a"));
            calls.runs("addVertices(Collection)", "graphTable.addVertices", () -> graph.addVertices(List.of("y")));
            VertexValues<Long> values = jobs.succeeds("run(GraphJob)", "batchGraphProcessor.run",
                    () -> processor.run(distances));
            assertEquals(Optional.of(2L), jobs.succeeds("resume(GraphJob)", "batchGraphProcessor.resume",
                    () -> processor.resume(distances)).get("c"));

            EntryPoints results = new EntryPoints(store, VertexValues.class)
                    .exempt("supersteps()", ACCESSOR).exempt("vertices()", ACCESSOR);
            assertEquals(Optional.of(1L), results.succeeds("get(String)", "vertexValues.get", () -> values.get("b")));
            AtomicInteger reached = new AtomicInteger();
            results.runs("forEach(BiConsumer)", "vertexValues.forEach", () -> values.forEach((v, d) -> reached.incrementAndGet()));
            assertEquals(reached.get(), results.succeeds("toMap()", "vertexValues.toMap", values::toMap).size());
            results.assertEveryOneChecked();

            jobs.runs("clear()", "batchGraphProcessor.clear", processor::clear);
            jobs.assertEveryOneChecked();
        }
    }
}
