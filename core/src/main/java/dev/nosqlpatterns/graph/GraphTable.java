package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A directed graph stored as an adjacency list: one partition per vertex holding a vertex item and one
 * item per out-edge, sorted by target. A vertex's edges are one query; the whole graph is a scan that
 * delivers each vertex with its edges together, which is what {@link BatchGraphProcessor} runs on.
 *
 * <p>Why not {@code relation.AdjacencyList}: batch processing needs every vertex, including those without
 * edges, to be a partition of its own, and nothing but the graph in the table. Writes go in batches and
 * are idempotent; adding an edge also adds both its vertices.
 */
public final class GraphTable {
    private static final int SLICE = 1_000;
    private final Store store;
    private final String table;

    private GraphTable(Store store, String table) {
        this.store = store;
        this.table = table;
    }

    /** The graph in {@code table}, created when absent. The table must hold nothing else. */
    public static GraphTable open(Store store, String table) {
        Objects.requireNonNull(store, "store must not be null");
        TableSpec.checkName(table);
        store.createTable(TableSpec.named(table));
        return new GraphTable(store, table);
    }

    Store store() {
        return store;
    }

    public String table() {
        return table;
    }

    /** Adds vertices (without edges); existing ones stay as they are. */
    public void addVertices(Collection<String> vertices) {
        TechniqueCalls.run(store, "graphTable.addVertices", table, () -> {
            Objects.requireNonNull(vertices, "vertices must not be null");
            List<String> checked = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            for (String v : vertices) {
                try {
                    checked.add(checkKey(v));
                } catch (IllegalArgumentException | NullPointerException e) {
                    problems.add(e.getMessage());
                }
            }
            refuse(problems);
            List<Write> writes = new ArrayList<>();
            for (String v : checked) {
                writes.add(Write.put(table, Item.of(Key.of(v, GraphKeys.VERTEX))));
            }
            write(writes);
        });
    }

    /** Adds edges and their vertices, in batches. Every edge is checked before anything is written. */
    public void addEdges(Collection<Edge> edges) {
        TechniqueCalls.run(store, "graphTable.addEdges", table, () -> {
            Objects.requireNonNull(edges, "edges must not be null");
            List<String> problems = new ArrayList<>();
            int position = 0;
            for (Edge e : edges) {
                if (e == null) {
                    problems.add("edge #" + position + " is null");
                } else {
                    try {
                        checkKey(e.from());
                        checkKey(e.to());
                    } catch (IllegalArgumentException ex) {
                        problems.add("edge #" + position + " (" + e + "): " + ex.getMessage());
                    }
                }
                position++;
            }
            refuse(problems);
            List<Write> writes = new ArrayList<>();
            for (Edge e : edges) {
                writes.add(Write.put(table, Item.of(Key.of(e.from(), GraphKeys.VERTEX))));
                writes.add(Write.put(table, Item.of(Key.of(e.to(), GraphKeys.VERTEX))));
                writes.add(Write.put(table, Item.of(Key.of(e.from(), GraphKeys.edge(e.to())))));
            }
            write(writes);
        });
    }

    /** Removes edges (their vertices stay); absent edges are ignored. */
    public void removeEdges(Collection<Edge> edges) {
        TechniqueCalls.run(store, "graphTable.removeEdges", table, () -> {
            Objects.requireNonNull(edges, "edges must not be null");
            edges.forEach(e -> Objects.requireNonNull(e, "edges must not contain null"));
            write(edges.stream().map(e -> (Write) Write.delete(table, Key.of(e.from(), GraphKeys.edge(e.to())))).toList());
        });
    }

    /**
     * The target of an item read from a graph table when it is an out-edge of its partition's vertex; empty for
     * the vertex's own item. For readers that scan the table themselves.
     */
    public static Optional<String> edgeTarget(Item item) {
        return Optional.ofNullable(GraphKeys.edgeTarget(item.key().sort()));
    }

    /** The targets of a vertex's out-edges, in UTF-8 order. */
    public List<String> targets(String vertex) {
        return TechniqueCalls.call(store, "graphTable.targets", table, () -> {
            Edge.checkVertex(vertex);
            return store.queryAll(Query.in(table, vertex).where(SortKeyCondition.beginsWith(GraphKeys.EDGES)).limit(1_000))
                    .map(i -> GraphKeys.edgeTarget(i.key().sort())).toList();
        });
    }

    public boolean hasVertex(String vertex) {
        return TechniqueCalls.call(store, "graphTable.hasVertex", table, () -> {
            Edge.checkVertex(vertex);
            return store.get(table, Key.of(vertex, GraphKeys.VERTEX)).isPresent();
        });
    }

    private void write(List<Write> writes) {
        store.validate(writes);
        for (int from = 0; from < writes.size(); from += SLICE) {
            store.writeBatch(writes.subList(from, Math.min(writes.size(), from + SLICE)));
        }
    }

    /** A vertex id that fits this store's keys in the graph table and in any work table. */
    private String checkKey(String vertex) {
        Edge.checkVertex(vertex);
        int partition = Utf8Order.utf8Length(GraphKeys.workPartition(vertex));
        int sort = Utf8Order.utf8Length(GraphKeys.edge(vertex));
        if (partition > store.limits().maxPartitionKeyBytes() || sort > store.limits().maxSortKeyBytes()) {
            throw new IllegalArgumentException("vertex id '" + vertex + "' makes keys of " + partition + " and " + sort
                    + " bytes, more than the store allows (" + store.limits().maxPartitionKeyBytes() + ", "
                    + store.limits().maxSortKeyBytes() + ")");
        }
        return vertex;
    }

    private static void refuse(List<String> problems) {
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("cannot write the graph: " + String.join("; ",
                    problems.size() > 10 ? problems.subList(0, 10) : problems)
                    + (problems.size() > 10 ? "; and " + (problems.size() - 10) + " more" : ""));
        }
    }

    @Override
    public String toString() {
        return "GraphTable[" + table + "]";
    }
}
