package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.mongodb.GraphLookup;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.memory.MemoryStore;
import dev.nosqlpatterns.tree.PayloadCodec;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.TreeTooLargeException;
import dev.nosqlpatterns.tree.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Hierarchies: the same tree kept as adjacency lists, materialized paths, nested
 * sets and one aggregate item, compared on reading a subtree, adding a leaf and moving a 4-node subtree;
 * on MongoDB also the adjacency list read with one {@code $graphLookup}. Trees are complete k-ary trees in
 * level order (node k's parent is node (k-1)/k-ary), written with {@link Tree#load}.
 *
 * <p>Quick and standard: 150 nodes, ternary, 5 levels; subtrees of 8 nodes from the root to depth 3. Full: 1,000,
 * 10,000 and 100,000 nodes, 5-ary, at most 8 levels below the root; at every size the same workloads run
 * on a subtree of 156 nodes (4 complete levels), so the sizes show how each technique scales with the
 * tree around it, plus a whole-tree read at 1,000 nodes. Each (size, layout) has its own table, so a
 * {@code $graphLookup} over the table sees only that tree. Writes go under another 156-node subtree than
 * the one read.
 */
final class TreeFamily implements Family {
    static final int FANOUT = 3;
    static final int FULL_FANOUT = 5;
    static final int[] FULL_SIZES = {1_000, 10_000, 100_000};
    /** Nodes of the fixed subtree of the full mode: four complete 5-ary levels. */
    static final int SUBTREE = 1 + 5 + 25 + 125;
    static final String GRAPH = "adjacency list + $graphLookup";
    private static final PayloadCodec<String> CODEC = PayloadCodec.of(
            label -> Map.of("label", Value.of(label)), attributes -> attributes.get("label") instanceof Value.Str s
                    ? s.value() : "");
    /** Subtree roots read in the quick and standard modes: the root, depth-1, depth-2 and depth-3 nodes. */
    private static final int[] SUBTREE_ROOTS = {0, 1, 2, 4, 5, 13, 14, 3};

    @Override
    public String name() {
        return "trees";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        List<Candidate> out = new ArrayList<>();
        if (mode != Settings.Mode.FULL) {
            Shape shape = new Shape(150, FANOUT);
            int[] writeParents = {4, 5, 6, 7, 8, 9, 10, 11, 12};
            Site site = new Site(shape, SUBTREE_ROOTS, 3, writeParents, "");
            addCandidates(out, store, tables, site, "read a subtree (150 nodes)", mode.scale, null);
            return out;
        }
        for (int size : FULL_SIZES) {
            Shape shape = new Shape(size, FULL_FANOUT);
            int[] roots = shape.completeSubtrees(SUBTREE, 3);
            int readRoot = roots[roots.length - 1];
            int writeRoot = roots[roots.length - 2];
            String of = String.format(Locale.ROOT, " (tree of %,d)", size);
            Site site = new Site(shape, new int[] {readRoot}, shape.firstChild(writeRoot),
                    shape.children(writeRoot), of);
            Site whole = size == FULL_SIZES[0] ? new Site(shape, new int[] {0}, -1, new int[0], of) : null;
            addCandidates(out, store, tables, site, "read a " + SUBTREE + "-node subtree" + of, 1, whole);
        }
        return out;
    }

    /** Where one mode's workloads run: the tree, the subtree roots read, and the nodes writes go under. */
    private static final class Site {
        final Shape shape;
        final int[] readRoots;
        final int moveHome;
        final int[] writeParents;
        final String suffix;
        final Map<TreeStrategy, Lazy<Loaded>> trees = new java.util.EnumMap<>(TreeStrategy.class);

        Site(Shape shape, int[] readRoots, int moveHome, int[] writeParents, String suffix) {
            this.shape = shape;
            this.readRoots = readRoots;
            this.moveHome = moveHome;
            this.writeParents = writeParents;
            this.suffix = suffix;
        }
    }

    /** A loaded tree and its table. */
    private record Loaded(Tree<String> tree, String table) {
    }

    /** The reads of {@code site} (and of {@code whole}, the whole tree, when given), then its writes. */
    private void addCandidates(List<Candidate> out, Store store, Tables tables, Site site, String readWorkload,
                               int scale, Site whole) {
        for (TreeStrategy strategy : TreeStrategy.values()) {
            Optional<String> tooLarge = strategy == TreeStrategy.AGGREGATE ? aggregateTooLarge(store, site.shape)
                    : Optional.empty();
            site.trees.put(strategy, new Lazy<>(() -> load(store, tables, strategy, site.shape)));
            if (tooLarge.isPresent()) {
                for (String w : List.of(readWorkload, "add a leaf" + site.suffix, "move a 4-node subtree" + site.suffix)) {
                    out.add(Candidate.skip(w, label(strategy), tooLarge.get()));
                }
            }
        }
        out.addAll(readCandidates(store, site, readWorkload, scale, site.trees));
        if (whole != null) {
            out.addAll(readCandidates(store, whole, String.format(Locale.ROOT, "read the whole tree (%,d nodes)",
                    whole.shape.size()), 1, site.trees));
        }
        for (TreeStrategy strategy : TreeStrategy.values()) {
            if (strategy == TreeStrategy.AGGREGATE && aggregateTooLarge(store, site.shape).isPresent()) {
                continue;
            }
            Lazy<Loaded> tree = site.trees.get(strategy);
            String technique = label(strategy);
            out.add(Candidate.of("add a leaf" + site.suffix, technique, () -> addLeaf(technique, tree, site)));
            out.add(Candidate.of("move a 4-node subtree" + site.suffix, technique, () -> move(technique, tree, site)));
        }
    }

    private List<Candidate> readCandidates(Store store, Site site, String workload, int scale,
                                           Map<TreeStrategy, Lazy<Loaded>> trees) {
        List<Candidate> out = new ArrayList<>();
        for (TreeStrategy strategy : TreeStrategy.values()) {
            if (strategy == TreeStrategy.AGGREGATE && aggregateTooLarge(store, site.shape).isPresent()) {
                continue;
            }
            String technique = label(strategy);
            Lazy<Loaded> tree = trees.get(strategy);
            out.add(Candidate.of(workload, technique, () -> subtree(technique, tree, site, scale)));
        }
        Optional<GraphLookup> graph = store.extension(GraphLookup.class);
        if (graph.isEmpty()) {
            out.add(Candidate.skip(workload, GRAPH, store.kind().contains("mongo")
                    ? "this MongoDB server's $graphLookup failed the adapter's probe (the embedded server does not"
                    + " follow the dotted attribute paths the adapter keeps links under), so GraphLookup is absent"
                    : "$graphLookup is a MongoDB capability (GraphLookup); " + store.kind() + " has none"));
        } else {
            Lazy<Loaded> tree = trees.get(TreeStrategy.ADJACENCY_LIST);
            out.add(Candidate.of(workload, GRAPH, () -> graphSubtree(graph.get(), tree, site, scale)));
        }
        return out;
    }

    static String label(TreeStrategy strategy) {
        return switch (strategy) {
            case ADJACENCY_LIST -> "adjacency list";
            case MATERIALIZED_PATHS -> "materialized path";
            case NESTED_SETS -> "nested sets";
            case AGGREGATE -> "tree aggregate";
        };
    }

    static String id(int k) {
        return "n" + k;
    }

    static int parentOf(int k) {
        return (k - 1) / FANOUT;
    }

    /** Ids of node {@code root} and its descendants among the first {@code nodes} of the ternary tree. */
    static List<String> descendants(int root, int nodes) {
        return new Shape(nodes, FANOUT).descendants(root);
    }

    /** Loads the tree into a table of its own with one bulk load, and reports how long that took. */
    private static Loaded load(Store store, Tables tables, TreeStrategy strategy, Shape shape) {
        String table = tables.next("trees");
        store.createTable(TableSpec.named(table));
        Tree<String> tree = Trees.builder(store, table, CODEC).open(strategy, "t" + strategy.tag());
        long start = System.nanoTime();
        tree.load(shape.nodes()::iterator);
        System.out.printf(Locale.ROOT, "   load  %s / trees: %,d nodes as %s in %.1f s%n", store.kind(), shape.size(),
                label(strategy), (System.nanoTime() - start) / 1e9);
        return new Loaded(tree, table);
    }

    /**
     * Why the tree cannot be one item on this store, measured by loading it into an in-memory store with
     * this store's limits; empty when it fits.
     */
    static Optional<String> aggregateTooLarge(Store store, Shape shape) {
        return shape.aggregateCheck.computeIfAbsent(store.kind(), k -> {
            Store probe = MemoryStore.create(store.limits());
            probe.createTable(TableSpec.named("probe"));
            try {
                Trees.builder(probe, "probe", CODEC).aggregate("probe").load(shape.nodes()::iterator);
                return Optional.empty();
            } catch (TreeTooLargeException e) {
                return Optional.of(String.format(Locale.ROOT, "the %,d-node tree as one item takes %,d bytes, more"
                        + " than this store's item limit of %,d (measured by loading it in memory with the"
                        + " store's limits)", shape.size(), e.bytes(), e.limit()));
            }
        });
    }

    private static CellSpec subtree(String technique, Lazy<Loaded> tree, Site site, int scale) {
        tree.get();
        List<List<String>> expected = new ArrayList<>();
        for (int root : site.readRoots) {
            expected.add(site.shape.descendants(root));
        }
        int n = site.readRoots.length;
        return CellSpec.read(technique, n, Math.max(4, 2 * n * scale),
                i -> Answer.anyOrder(tree.get().tree().subtree(id(site.readRoots[i % n])).stream()
                        .map(TreeNode::id).toList()),
                i -> Answer.anyOrder(expected.get(i % n)), -1);
    }

    /** The subtree from one {@code $graphLookup} over the adjacency list's table, which holds that tree only. */
    private static CellSpec graphSubtree(GraphLookup graph, Lazy<Loaded> tree, Site site, int scale) {
        tree.get();
        List<List<String>> expected = new ArrayList<>();
        for (int root : site.readRoots) {
            expected.add(site.shape.descendants(root));
        }
        int n = site.readRoots.length;
        return CellSpec.read(GRAPH, n, Math.max(4, 2 * n * scale), i -> {
            String root = id(site.readRoots[i % n]);
            List<String> ids = Stream.concat(Stream.of(root), graph.traverse(tree.get().table(), "id", "parent",
                    Value.of(root), 16).stream().map(h -> h.item().getString("id").orElse("?"))).toList();
            return Answer.anyOrder(ids);
        }, i -> Answer.anyOrder(expected.get(i % n)), -1);
    }

    /** Each operation adds leaf {@code w<i>} under one of the write parents; read back: its parent. */
    private static CellSpec addLeaf(String technique, Lazy<Loaded> tree, Site site) {
        int[] parents = site.writeParents;
        return CellSpec.write(technique, 3, 10, i -> {
            tree.get().tree().addChild(id(parents[i % parents.length]), "w" + i, "leaf " + i);
            return null;
        }, i -> Answer.inOrder(tree.get().tree().parent("w" + i).map(TreeNode::id).stream().toList()),
                i -> Answer.inOrder(List.of(id(parents[i % parents.length]))), 1);
    }

    /**
     * A subtree of four nodes ({@code m} with children {@code m1..m3}, added under the move's home) moves
     * under write parent {@code i % parents} at operation {@code i}; read back: its new parent and size.
     */
    private static CellSpec move(String technique, Lazy<Loaded> tree, Site site) {
        Tree<String> t = tree.get().tree();
        int[] parents = site.writeParents;
        t.addChild(id(site.moveHome), "m", "moving");
        for (int c = 1; c <= 3; c++) {
            t.addChild("m", "m" + c, "moving child " + c);
        }
        return CellSpec.write(technique, 3, 10, i -> {
            tree.get().tree().move("m", id(parents[i % parents.length]), Position.last());
            return null;
        }, i -> Answer.inOrder(List.of(tree.get().tree().parent("m").map(TreeNode::id).orElse("?"),
                        Long.toString(tree.get().tree().countDescendants("m")))),
                i -> Answer.inOrder(List.of(id(parents[i % parents.length]), "3")), 1);
    }

    /** A complete tree of {@code nodes} nodes in level order, each with {@code fanout} children until the last. */
    static final class Shape {
        private final int nodes;
        private final int fanout;
        /** Per store kind: why the tree does not fit one item, measured once. */
        final Map<String, Optional<String>> aggregateCheck = new java.util.concurrent.ConcurrentHashMap<>();

        Shape(int nodes, int fanout) {
            if (nodes < 1 || fanout < 1) {
                throw new IllegalArgumentException("a tree shape needs nodes and fan-out >= 1, got " + nodes + ", " + fanout);
            }
            this.nodes = nodes;
            this.fanout = fanout;
        }

        int size() {
            return nodes;
        }

        int firstChild(int k) {
            return fanout * k + 1;
        }

        int[] children(int k) {
            return java.util.stream.IntStream.rangeClosed(firstChild(k), fanout * k + fanout)
                    .filter(c -> c < nodes).toArray();
        }

        /** Node {@code root} and its descendants, level by level: O(subtree), not O(tree). */
        List<String> descendants(int root) {
            List<String> out = new ArrayList<>();
            List<Integer> level = List.of(root);
            while (!level.isEmpty()) {
                List<Integer> next = new ArrayList<>();
                for (int k : level) {
                    out.add(id(k));
                    for (int c : children(k)) {
                        next.add(c);
                    }
                }
                level = next;
            }
            return out;
        }

        /** Every node in level order, parents first, as {@link Tree#load} takes them. */
        Stream<TreeNode<String>> nodes() {
            return java.util.stream.IntStream.range(0, nodes).mapToObj(k -> new TreeNode<>(id(k),
                    k == 0 ? Optional.empty() : Optional.of(id((k - 1) / fanout)), k == 0 ? "root" : "node " + k));
        }

        /** The nodes, ascending, whose subtrees have {@code size} nodes over {@code height} levels below them. */
        int[] completeSubtrees(int size, int height) {
            int[] sizes = new int[nodes];
            int[] heights = new int[nodes];
            for (int k = nodes - 1; k >= 0; k--) {
                sizes[k]++;
                if (k > 0) {
                    int p = (k - 1) / fanout;
                    sizes[p] += sizes[k];
                    heights[p] = Math.max(heights[p], heights[k] + 1);
                }
            }
            int[] out = java.util.stream.IntStream.range(0, nodes)
                    .filter(k -> sizes[k] == size && heights[k] == height).toArray();
            if (out.length < 2) {
                throw new IllegalStateException("a tree of " + nodes + " nodes has " + out.length + " subtrees of "
                        + size + " nodes and height " + height + "; two are needed");
            }
            return out;
        }
    }
}
