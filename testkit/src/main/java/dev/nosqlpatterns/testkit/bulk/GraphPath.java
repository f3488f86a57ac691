package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.graph.GraphTable;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code GraphTable.addEdges}: edges and their vertices in batches, over a graph that has one edge already. Its
 * items are the records (an edge or a vertex, each present or not); an interrupted load is completed by loading
 * again, the graph's only repair, after which it holds every edge.
 */
final class GraphPath extends BulkPath<String> {
    private static final List<Edge> BEFORE = List.of(Edge.of("v0", "v1"));
    private static final List<Edge> INPUT = List.of(Edge.of("v0", "v2"), Edge.of("v1", "v2"), Edge.of("v2", "v3"),
            Edge.of("v3", "v0"), Edge.of("v4", "v1"));
    private final String table;

    GraphPath(Kit kit) {
        super(kit);
        this.table = kit.newTable();
    }

    private GraphTable open(Store on) {
        return GraphTable.open(on, table);
    }

    @Override
    List<String> tables() {
        return List.of(table);
    }

    @Override
    void seed() {
        open(kit.store()).addEdges(BEFORE);
    }

    @Override
    int size() {
        return INPUT.size();
    }

    @Override
    void run(Store on) {
        open(on).addEdges(INPUT);
    }

    @Override
    List<Invalid> invalid(int position) {
        List<Edge> edges = new ArrayList<>(INPUT);
        edges.set(position, null);
        return List.of(new Invalid("a null edge", s -> open(s).addEdges(edges), "edge #" + position + " is null"));
    }

    @Override
    Map<String, String> records() {
        Map<String, String> out = new TreeMap<>();
        kit.store().scanAll(Scan.of(table)).forEach(i -> out.put(GraphTable.edgeTarget(i)
                .map(to -> i.key().partition() + " -> " + to).orElse(i.key().partition()), "present"));
        return out;
    }

    private static Map<String, String> of(List<Edge> edges) {
        Map<String, String> out = new TreeMap<>();
        for (Edge e : edges) {
            out.put(e.from(), "present");
            out.put(e.to(), "present");
            out.put(e.toString(), "present");
        }
        return out;
    }

    @Override
    Map<String, String> before() {
        return of(BEFORE);
    }

    @Override
    Map<String, String> intended(int n) {
        List<Edge> all = new ArrayList<>(BEFORE);
        all.addAll(INPUT.subList(0, n));
        return of(all);
    }

    private static Set<String> vertices() {
        Set<String> out = new TreeSet<>();
        for (List<Edge> edges : List.of(BEFORE, INPUT)) {
            edges.forEach(e -> {
                out.add(e.from());
                out.add(e.to());
            });
        }
        return out;
    }

    @Override
    Map<String, Set<String>> lookups(boolean repaired) {
        GraphTable graph = open(kit.store());
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String v : vertices()) {
            out.put("targets of " + v, new TreeSet<>(graph.targets(v)));
            out.put("has " + v, graph.hasVertex(v) ? Set.of("yes") : Set.of());
        }
        return out;
    }

    @Override
    Map<String, Set<String>> oracle(Map<String, String> records, boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String v : vertices()) {
            Set<String> targets = new TreeSet<>();
            records.keySet().stream().filter(k -> k.startsWith(v + " -> ")).forEach(k -> targets.add(k.substring(v.length() + 4)));
            out.put("targets of " + v, targets);
            out.put("has " + v, records.containsKey(v) ? Set.of("yes") : Set.of());
        }
        return out;
    }

    @Override
    void repair() {
        run(kit.store());
    }

    @Override
    Optional<String> drift() {
        Map<String, String> now = records();
        return now.equals(intended(size())) ? Optional.empty()
                : Optional.of("loading again left " + now + ", not every edge " + intended(size()));
    }

    @Override
    public String toString() {
        return "GraphTable.addEdges";
    }
}
