package dev.nosqlpatterns.testkit.graph;

import dev.nosqlpatterns.graph.Edge;
import dev.nosqlpatterns.key.Utf8Order;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A directed graph in memory with the textbook algorithms the batch-graph suites check against:
 * breadth-first search, weakly connected components by union of edges, PageRank by power iteration.
 * Also makes random graphs with several clusters, isolated vertices, dangling vertices, self-loops and
 * ids whose UTF-8 order differs from {@link String#compareTo}.
 */
public final class GraphOracle {
    private final Map<String, Set<String>> out = new LinkedHashMap<>();

    public void addVertex(String v) {
        out.computeIfAbsent(v, k -> new LinkedHashSet<>());
    }

    public void addEdge(String from, String to) {
        addVertex(from);
        addVertex(to);
        out.get(from).add(to);
    }

    public Collection<String> vertices() {
        return out.keySet();
    }

    public List<Edge> edges() {
        List<Edge> edges = new ArrayList<>();
        out.forEach((from, targets) -> targets.forEach(to -> edges.add(Edge.of(from, to))));
        return edges;
    }

    /** {@code n} vertices in about {@code clusters} groups, {@code degree} random out-edges per vertex on average. */
    public static GraphOracle random(Random random, int n, int clusters, double degree) {
        GraphOracle g = new GraphOracle();
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String id = switch (i % 7) {
                case 3 -> "\uE000v" + i;
                case 5 -> "\uD83D\uDE00v" + i;
                default -> "v" + i;
            };
            ids.add(id);
            g.addVertex(id);
        }
        long edges = Math.round(n * degree);
        for (long e = 0; e < edges; e++) {
            int from = random.nextInt(n);
            if (from % 11 == 10) {
                continue;
            }
            int cluster = from % clusters;
            int to = random.nextInt(n / clusters) * clusters + cluster;
            if (to >= n || to % 11 == 10 && random.nextBoolean()) {
                continue;
            }
            g.addEdge(ids.get(from), ids.get(to));
        }
        return g;
    }

    /** Hop counts along out-edges from the nearest source; unreachable vertices are absent. */
    public Map<String, Long> distances(Set<String> sources) {
        Map<String, Long> dist = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>();
        for (String s : sources) {
            if (out.containsKey(s) && dist.putIfAbsent(s, 0L) == null) {
                queue.add(s);
            }
        }
        while (!queue.isEmpty()) {
            String v = queue.poll();
            for (String t : out.get(v)) {
                if (dist.putIfAbsent(t, dist.get(v) + 1) == null) {
                    queue.add(t);
                }
            }
        }
        return dist;
    }

    /** Each vertex's weakly connected component, named by its smallest id in UTF-8 order. */
    public Map<String, String> components() {
        Map<String, String> parent = new HashMap<>();
        out.keySet().forEach(v -> parent.put(v, v));
        out.forEach((from, targets) -> targets.forEach(to -> {
            String a = find(parent, from);
            String b = find(parent, to);
            if (!a.equals(b)) {
                if (Utf8Order.compare(a, b) < 0) {
                    parent.put(b, a);
                } else {
                    parent.put(a, b);
                }
            }
        }));
        Map<String, String> label = new HashMap<>();
        out.keySet().forEach(v -> label.put(v, find(parent, v)));
        return label;
    }

    private static String find(Map<String, String> parent, String v) {
        String root = v;
        while (!parent.get(root).equals(root)) {
            root = parent.get(root);
        }
        return root;
    }

    /** PageRank with dangling rank spread evenly, iterated until the L1 change is below tolerance or maxIterations. */
    public Map<String, Double> pageRank(double damping, double tolerance, int maxIterations) {
        int n = out.size();
        Map<String, Double> rank = new HashMap<>();
        out.keySet().forEach(v -> rank.put(v, 1.0 / n));
        for (int it = 1; it <= maxIterations; it++) {
            double dangling = 0;
            Map<String, Double> incoming = new HashMap<>();
            for (Map.Entry<String, Set<String>> e : out.entrySet()) {
                double r = rank.get(e.getKey());
                if (e.getValue().isEmpty()) {
                    dangling += r;
                }
                for (String t : e.getValue()) {
                    incoming.merge(t, r / e.getValue().size(), Double::sum);
                }
            }
            double delta = 0;
            for (String v : out.keySet()) {
                double next = (1 - damping) / n + damping * (incoming.getOrDefault(v, 0.0) + dangling / n);
                delta += Math.abs(next - rank.get(v));
                rank.put(v, next);
            }
            if (delta < tolerance) {
                break;
            }
        }
        return rank;
    }
}
