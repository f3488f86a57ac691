package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.tree.Category;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.TreeVerification;
import dev.nosqlpatterns.tree.Trees;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code Tree.load} of an adjacency-list tree: the tree appears whole or reads as empty. The nodes are the
 * records, with one more, {@code (tree)}, that says whether all of them or none are visible (a part would be
 * neither before nor meant). A crashed load is completed by {@code repair()} and loading again.
 */
final class TreePath extends BulkPath<String> {
    private static final String WHOLE = "(tree)";
    private static final List<TreeNode<Category>> NODES = List.of(
            new TreeNode<>("n0", Optional.empty(), new Category("root", 0)),
            new TreeNode<>("n1", Optional.of("n0"), new Category("a", 1)),
            new TreeNode<>("n2", Optional.of("n0"), new Category("b", 2)),
            new TreeNode<>("n3", Optional.of("n1"), new Category("a1", 3)),
            new TreeNode<>("n4", Optional.of("n1"), new Category("a2", 4)));
    private final String table;

    TreePath(Kit kit) {
        super(kit);
        this.table = kit.newTable();
    }

    /** The tree on {@code on}; on the healthy store with no lease, as after a known crash. */
    private Tree<Category> open(Store on) {
        Trees.Builder<Category> b = Trees.builder(on, table, Category.CODEC).label(Category::name);
        return (on == kit.store() ? b.lease(Duration.ZERO) : b).open(TreeStrategy.ADJACENCY_LIST, "bulk");
    }

    @Override
    List<String> tables() {
        return List.of(table);
    }

    @Override
    void seed() {
        // A load needs an empty tree: the state before is none.
    }

    @Override
    int size() {
        return NODES.size();
    }

    @Override
    void run(Store on) {
        open(on).load(NODES);
    }

    @Override
    List<Invalid> invalid(int position) {
        List<Invalid> out = new ArrayList<>();
        TreeNode<Category> n = NODES.get(position);
        out.add(bad("a parent that does not come before it", position,
                new TreeNode<>(n.id(), Optional.of("nowhere"), n.payload())));
        if (position > 0) {
            out.add(bad("an id twice", position, new TreeNode<>(NODES.get(position - 1).id(), n.parent(), n.payload())));
        }
        return out;
    }

    private Invalid bad(String label, int position, TreeNode<Category> node) {
        List<TreeNode<Category>> nodes = new ArrayList<>(NODES);
        nodes.set(position, node);
        return new Invalid(label, s -> open(s).load(nodes), "node #" + position);
    }

    @Override
    Map<String, String> records() {
        Tree<Category> tree = open(kit.store());
        Map<String, String> out = new TreeMap<>();
        for (TreeNode<Category> n : NODES) {
            tree.get(n.id()).ifPresent(t -> out.put(t.id(), t.parent().orElse("") + ":" + t.payload().name()));
        }
        out.put(WHOLE, out.isEmpty() ? "none" : out.size() == NODES.size() ? "whole" : "a part: " + out.keySet());
        return out;
    }

    @Override
    Map<String, String> before() {
        return new TreeMap<>(Map.of(WHOLE, "none"));
    }

    @Override
    Map<String, String> intended(int n) {
        Map<String, String> out = new TreeMap<>();
        NODES.forEach(t -> out.put(t.id(), t.parent().orElse("") + ":" + t.payload().name()));
        out.put(WHOLE, "whole");
        return out;
    }

    @Override
    Map<String, Set<String>> lookups(boolean repaired) {
        Tree<Category> tree = open(kit.store());
        Map<String, Set<String>> out = new LinkedHashMap<>();
        out.put("root", tree.root().map(r -> Set.of(r.id())).orElse(Set.of()));
        for (TreeNode<Category> n : NODES) {
            Set<String> children = new TreeSet<>();
            tree.get(n.id()).ifPresent(found -> tree.children(n.id()).forEach(c -> children.add(c.id())));
            out.put("children of " + n.id(), children);
        }
        return out;
    }

    @Override
    Map<String, Set<String>> oracle(Map<String, String> records, boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        out.put("root", records.containsKey("n0") ? Set.of("n0") : Set.of());
        for (TreeNode<Category> n : NODES) {
            Set<String> children = new TreeSet<>();
            records.forEach((id, parentAndName) -> {
                if (!id.equals(WHOLE) && parentAndName.startsWith(n.id() + ":")) {
                    children.add(id);
                }
            });
            out.put("children of " + n.id(), children);
        }
        return out;
    }

    @Override
    void repair() {
        Tree<Category> tree = open(kit.store());
        tree.repair();
        if (tree.root().isEmpty()) {
            tree.load(NODES);
        }
    }

    @Override
    Optional<String> drift() {
        TreeVerification v = open(kit.store()).verify();
        return v.problems().isEmpty() && !v.pendingChange() && v.nodes() == NODES.size() ? Optional.empty()
                : Optional.of(v.toString());
    }

    @Override
    public String toString() {
        return "Tree.load (adjacency list)";
    }
}
