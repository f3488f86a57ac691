package dev.nosqlpatterns.testkit.tree;

import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.TreeNode;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A plain in-memory ordered tree: the expected answers the random-operation suite compares against. */
final class TreeOracle {
    private String root;
    private final Map<String, String> parents = new HashMap<>();
    private final Map<String, List<String>> children = new HashMap<>();
    private final Map<String, Category> payloads = new HashMap<>();
    private final List<String> all = new ArrayList<>();

    void createRoot(String id, Category payload) {
        root = id;
        children.put(id, new ArrayList<>());
        payloads.put(id, payload);
        all.add(id);
    }

    void add(String parent, String id, Category payload, Position position) {
        List<String> siblings = children.get(parent);
        siblings.add(index(position, siblings, id), id);
        parents.put(id, parent);
        children.put(id, new ArrayList<>());
        payloads.put(id, payload);
        all.add(id);
    }

    void move(String id, String newParent, Position position) {
        children.get(parents.get(id)).remove(id);
        List<String> siblings = children.get(newParent);
        siblings.add(index(position, siblings, id), id);
        parents.put(id, newParent);
    }

    /** Where a position puts a node among siblings that do not include it (the same rule as the trees). */
    static int index(Position position, List<String> siblings, String id) {
        if (position instanceof Position.First) {
            return 0;
        }
        if (position instanceof Position.Last) {
            return siblings.size();
        }
        if (position instanceof Position.At at) {
            return at.index();
        }
        if (position instanceof Position.Before b) {
            return siblings.indexOf(b.sibling());
        }
        return siblings.indexOf(((Position.After) position).sibling()) + 1;
    }

    List<String> deleteSubtree(String id) {
        List<String> doomed = subtree(id, Integer.MAX_VALUE);
        String parent = parents.get(id);
        if (parent == null) {
            root = null;
        } else {
            children.get(parent).remove(id);
        }
        for (String d : doomed) {
            parents.remove(d);
            children.remove(d);
            payloads.remove(d);
            all.remove(d);
        }
        return doomed;
    }

    void update(String id, Category payload) {
        payloads.put(id, payload);
    }

    boolean contains(String id) {
        return payloads.containsKey(id);
    }

    String root() {
        return root;
    }

    int size() {
        return all.size();
    }

    /** Every node id, in order of creation. */
    List<String> ids() {
        return all;
    }

    Optional<String> parent(String id) {
        return Optional.ofNullable(parents.get(id));
    }

    List<String> children(String id) {
        return List.copyOf(children.get(id));
    }

    List<String> subtree(String id, int maxDepth) {
        List<String> out = new ArrayList<>();
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {id, 0});
        while (!stack.isEmpty()) {
            Object[] top = stack.pop();
            String at = (String) top[0];
            int depth = (Integer) top[1];
            out.add(at);
            if (depth < maxDepth) {
                List<String> kids = children.get(at);
                for (int i = kids.size() - 1; i >= 0; i--) {
                    stack.push(new Object[] {kids.get(i), depth + 1});
                }
            }
        }
        return out;
    }

    List<String> ancestors(String id) {
        List<String> out = new ArrayList<>();
        for (String p = parents.get(id); p != null; p = parents.get(p)) {
            out.add(p);
        }
        return out;
    }

    /** True when {@code id} is {@code top} or lies below it. */
    boolean within(String id, String top) {
        return id.equals(top) || ancestors(id).contains(top);
    }

    TreeNode<Category> node(String id) {
        return new TreeNode<>(id, parent(id), payloads.get(id));
    }

    List<TreeNode<Category>> nodes(List<String> ids) {
        return ids.stream().map(this::node).toList();
    }
}
