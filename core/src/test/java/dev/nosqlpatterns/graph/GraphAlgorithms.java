package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** The textbook in-memory algorithms, on arrays, that the store-backed jobs are checked against. */
final class GraphAlgorithms {
    final List<String> ids = new ArrayList<>();
    final Map<String, Integer> index = new HashMap<>();
    final List<Set<Integer>> out = new ArrayList<>();

    int vertex(String id) {
        return index.computeIfAbsent(id, k -> {
            ids.add(k);
            out.add(new LinkedHashSet<>());
            return ids.size() - 1;
        });
    }

    void edge(String from, String to) {
        int f = vertex(from);
        out.get(f).add(vertex(to));
    }

    List<Edge> edges() {
        List<Edge> edges = new ArrayList<>();
        for (int v = 0; v < ids.size(); v++) {
            for (int t : out.get(v)) {
                edges.add(Edge.of(ids.get(v), ids.get(t)));
            }
        }
        return edges;
    }

    /** A scale-free-ish random graph: targets favour low indexes; some vertices get no edges at all. */
    static GraphAlgorithms random(long seed, int n, double degree) {
        Random random = new Random(seed);
        GraphAlgorithms g = new GraphAlgorithms();
        for (int i = 0; i < n; i++) {
            g.vertex(i % 13 == 4 ? "\uD83D\uDC0D" + i : i % 13 == 9 ? "\uFB01" + i : "n" + i);
        }
        for (long e = 0; e < (long) (n * degree); e++) {
            int from = random.nextInt(n);
            double u = random.nextDouble();
            int to = (int) (u * u * u * n);
            if (from % 17 != 0) {
                g.edge(g.ids.get(from), g.ids.get(to));
            }
        }
        return g;
    }

    Map<String, Long> distances(Set<String> sources) {
        long[] dist = new long[ids.size()];
        java.util.Arrays.fill(dist, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (String s : sources) {
            Integer v = index.get(s);
            if (v != null && dist[v] < 0) {
                dist[v] = 0;
                queue.add(v);
            }
        }
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int t : out.get(v)) {
                if (dist[t] < 0) {
                    dist[t] = dist[v] + 1;
                    queue.add(t);
                }
            }
        }
        Map<String, Long> result = new HashMap<>();
        for (int v = 0; v < dist.length; v++) {
            if (dist[v] >= 0) {
                result.put(ids.get(v), dist[v]);
            }
        }
        return result;
    }

    /** Components by breadth-first search over edges taken both ways. */
    Map<String, String> components() {
        List<List<Integer>> both = new ArrayList<>();
        ids.forEach(i -> both.add(new ArrayList<>()));
        for (int v = 0; v < ids.size(); v++) {
            for (int t : out.get(v)) {
                both.get(v).add(t);
                both.get(t).add(v);
            }
        }
        Map<String, String> label = new HashMap<>();
        int[] component = new int[ids.size()];
        java.util.Arrays.fill(component, -1);
        for (int start = 0; start < ids.size(); start++) {
            if (component[start] >= 0) {
                continue;
            }
            List<Integer> members = new ArrayList<>();
            ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(start));
            component[start] = start;
            String smallest = ids.get(start);
            while (!queue.isEmpty()) {
                int v = queue.poll();
                members.add(v);
                if (Utf8Order.compare(ids.get(v), smallest) < 0) {
                    smallest = ids.get(v);
                }
                for (int t : both.get(v)) {
                    if (component[t] < 0) {
                        component[t] = start;
                        queue.add(t);
                    }
                }
            }
            for (int m : members) {
                label.put(ids.get(m), smallest);
            }
        }
        return label;
    }

    Map<String, Double> pageRank(double damping, double tolerance, int maxIterations) {
        int n = ids.size();
        double[] rank = new double[n];
        java.util.Arrays.fill(rank, 1.0 / n);
        for (int it = 0; it < maxIterations; it++) {
            double[] next = new double[n];
            double dangling = 0;
            for (int v = 0; v < n; v++) {
                if (out.get(v).isEmpty()) {
                    dangling += rank[v];
                }
                for (int t : out.get(v)) {
                    next[t] += rank[v] / out.get(v).size();
                }
            }
            double delta = 0;
            for (int v = 0; v < n; v++) {
                next[v] = (1 - damping) / n + damping * (next[v] + dangling / n);
                delta += Math.abs(next[v] - rank[v]);
            }
            rank = next;
            if (delta < tolerance) {
                break;
            }
        }
        Map<String, Double> result = new HashMap<>();
        for (int v = 0; v < n; v++) {
            result.put(ids.get(v), rank[v]);
        }
        return result;
    }
}
