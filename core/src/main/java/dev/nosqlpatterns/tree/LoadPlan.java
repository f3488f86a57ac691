package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The input of a bulk load, checked whole before anything is written: exactly one root, first; every
 * parent before its children; no id twice; valid ids and payloads. It holds the tree in memory in the
 * shape every layout plans from: children in the order given, the pre-order with depths.
 *
 * @param root     the root's id
 * @param parents  each non-root node's parent
 * @param children each node's children, in input order
 * @param payloads each node's payload
 * @param stored   each node's payload as stored
 * @param order    every node in pre-order
 * @param depths   the depth of each node of {@code order}
 */
record LoadPlan<T>(String root, Map<String, String> parents, Map<String, List<String>> children,
                   Map<String, T> payloads, Map<String, Value> stored, List<String> order, int[] depths) {
    /** At most this many problems are listed in one error. */
    private static final int MAX_PROBLEMS = 10;

    static <T> LoadPlan<T> of(TreeContext<T> ctx, Iterable<TreeNode<T>> nodes) {
        Objects.requireNonNull(nodes, "nodes to load must not be null");
        List<String> problems = new ArrayList<>();
        String root = null;
        Map<String, String> parents = new HashMap<>();
        Map<String, List<String>> children = new LinkedHashMap<>();
        Map<String, T> payloads = new HashMap<>();
        Map<String, Value> stored = new HashMap<>();
        int index = 0;
        for (TreeNode<T> n : nodes) {
            int at = index++;
            if (problems.size() >= MAX_PROBLEMS) {
                continue;
            }
            if (n == null) {
                problems.add("node #" + at + " is null");
                continue;
            }
            try {
                NodeNames.check("node id", n.id());
                n.parent().ifPresent(p -> NodeNames.check("parent id", p));
                stored.put(n.id(), ctx.encode(n.id(), n.payload()));
            } catch (IllegalArgumentException | NullPointerException bad) {
                problems.add("node #" + at + ": " + bad.getMessage());
                continue;
            }
            if (children.containsKey(n.id())) {
                problems.add("node #" + at + ": the id '" + n.id() + "' appears twice");
                continue;
            }
            if (n.parent().isEmpty()) {
                if (root != null) {
                    problems.add("node #" + at + " ('" + n.id() + "') has no parent, but '" + root
                            + "' is already the root");
                    continue;
                }
                if (at != 0) {
                    problems.add("node #" + at + " ('" + n.id() + "') is the root, which must come first");
                }
                root = n.id();
            } else {
                List<String> siblings = children.get(n.parent().get());
                if (siblings == null) {
                    problems.add("node #" + at + " ('" + n.id() + "') names the parent '" + n.parent().get()
                            + "', which is not among the nodes before it (parents come before their children)");
                    continue;
                }
                siblings.add(n.id());
                parents.put(n.id(), n.parent().get());
            }
            children.put(n.id(), new ArrayList<>());
            payloads.put(n.id(), n.payload());
        }
        if (index == 0) {
            problems.add("there are no nodes; a load needs at least the root");
        } else if (root == null && problems.isEmpty()) {
            problems.add("no node is the root (a node without a parent)");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("cannot load tree '" + ctx.name() + "' (" + index + " nodes given), nothing"
                    + " was written: " + String.join("; ", problems)
                    + (problems.size() >= MAX_PROBLEMS ? "; further nodes were not checked" : ""));
        }
        List<String> order = new ArrayList<>(children.size());
        int[] depths = new int[children.size()];
        Deque<String> stack = new ArrayDeque<>();
        Deque<Integer> levels = new ArrayDeque<>();
        stack.push(root);
        levels.push(0);
        while (!stack.isEmpty()) {
            String id = stack.pop();
            int depth = levels.pop();
            depths[order.size()] = depth;
            order.add(id);
            List<String> kids = children.get(id);
            for (int i = kids.size() - 1; i >= 0; i--) {
                stack.push(kids.get(i));
                levels.push(depth + 1);
            }
        }
        return new LoadPlan<>(root, parents, children, payloads, stored, List.copyOf(order), depths);
    }

    /** The number of nodes. */
    int size() {
        return order.size();
    }
}
