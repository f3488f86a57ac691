package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Adjacency lists: one item per node, keyed by id, holding its parent's id and the ordered ids of its
 * children. Reads follow links one level per request, batching a whole level in one read. Costs are
 * listed on {@link TreeStrategy#ADJACENCY_LIST}.
 */
final class AdjacencyListTree<T> extends AbstractTree<T> {

    AdjacencyListTree(TreeContext<T> ctx) {
        super(ctx);
    }

    private static String key(String id) {
        return Layout.adjacency(id);
    }

    private static Map<String, Value> attributes(String id, Optional<String> parent, List<String> children,
                                                 Value payload) {
        Map<String, Value> a = new LinkedHashMap<>();
        a.put(Layout.ID, Value.of(id));
        parent.ifPresent(p -> a.put(Layout.PARENT, Value.of(p)));
        a.put(Layout.CHILDREN, Layout.strings(children));
        a.put(Layout.PAYLOAD, payload);
        return a;
    }

    private static Map<String, Value> withChildren(Item item, List<String> children) {
        Map<String, Value> a = new LinkedHashMap<>(item.attributes());
        a.put(Layout.CHILDREN, Layout.strings(children));
        return a;
    }

    private static List<String> children(Item item) {
        return Layout.strings(item, Layout.CHILDREN);
    }

    private Item require(Tx<T> tx, String id, String role) {
        return tx.read(key(id)).orElseThrow(() -> missing(id, role));
    }

    @Override
    void createRoot(String id, Value stored, T payload) {
        ctx.mutate("createRoot", tx -> {
            Optional<Item> existing = tx.read(key(id));
            tx.root().ifPresent(r -> {
                throw rootExists(r);
            });
            if (existing.isPresent()) {
                throw new DuplicateNodeException(name(), id);
            }
            tx.put(key(id), attributes(id, Optional.empty(), List.of(), stored));
            tx.root(Optional.of(id));
            return null;
        });
    }

    @Override
    void load(LoadPlan<T> plan) {
        loadItems(plan, tx -> {
            for (String id : plan.order()) {
                tx.put(key(id), attributes(id, Optional.ofNullable(plan.parents().get(id)), plan.children().get(id),
                        plan.stored().get(id)));
            }
        });
    }

    @Override
    void addChild(String parentId, String id, Value stored, T payload, Position position) {
        ctx.mutate("addChild", tx -> {
            Map<String, Item> read = tx.read(List.of(key(parentId), key(id)));
            Item parent = TreeContext.at(read, key(parentId)).orElseThrow(() -> missing(parentId, "parent"));
            if (read.containsKey(key(id))) {
                throw new DuplicateNodeException(name(), id);
            }
            List<String> siblings = new ArrayList<>(children(parent));
            siblings.add(Positions.resolve(position, siblings, parentId, id), id);
            tx.put(key(parentId), withChildren(parent, siblings));
            tx.put(key(id), attributes(id, Optional.of(parentId), List.of(), stored));
            return null;
        });
    }

    @Override
    Optional<TreeNode<T>> find(String id) {
        return ctx.read(tx -> tx.read(key(id)).map(this::node));
    }

    @Override
    public Optional<TreeNode<T>> root() {
        return TechniqueCalls.call(ctx.store(), technique("root"), ctx.table(), () -> {
            return ctx.read(tx -> tx.root().flatMap(r -> tx.read(key(r))).map(this::node));
        });
    }

    @Override
    List<TreeNode<T>> childrenOf(String id) {
        return ctx.read(tx -> {
            List<String> ids = children(require(tx, id, "node"));
            Map<String, Item> read = ids.isEmpty() ? Map.of() : tx.read(ids.stream().map(AdjacencyListTree::key).toList());
            List<TreeNode<T>> out = new ArrayList<>(ids.size());
            for (String c : ids) {
                out.add(node(TreeContext.at(read, key(c)).orElseThrow(
                        () -> tx.inconsistent("'" + id + "' lists a child '" + c + "' that does not exist"))));
            }
            return out;
        });
    }

    @Override
    Optional<TreeNode<T>> parentOf(String id) {
        return ctx.read(tx -> Layout.parent(require(tx, id, "node")).map(p -> node(tx.read(key(p)).orElseThrow(
                () -> tx.inconsistent("the parent '" + p + "' of '" + id + "' does not exist")))));
    }

    /**
     * The node's ancestors, nearest first, from one linked read up the parent links (one request where
     * the store follows links itself, one per level elsewhere); a parent that is missing or a cycle is
     * inconsistent.
     */
    private List<Item> climb(Tx<T> tx, Item start) {
        Optional<String> first = Layout.parent(start);
        if (first.isEmpty()) {
            return List.of();
        }
        return ancestors(tx, start, tx.follow(key(first.get()), Layout.PARENT, Layout.ADJACENCY, Integer.MAX_VALUE));
    }

    /** The ancestors of {@code start} among the items a linked read up the parent links reached. */
    private List<Item> ancestors(Tx<T> tx, Item start, List<Item> reached) {
        Map<String, Item> byId = new HashMap<>();
        for (Item i : reached) {
            byId.put(Layout.string(i, Layout.ID), i);
        }
        List<Item> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        seen.add(Layout.string(start, Layout.ID));
        Optional<String> next = Layout.parent(start);
        while (next.isPresent() && seen.add(next.get())) {
            String parent = next.get();
            Item up = byId.get(parent);
            if (up == null) {
                throw tx.inconsistent("the parent '" + parent + "' of a node does not exist");
            }
            out.add(up);
            next = Layout.parent(up);
        }
        if (next.isPresent()) {
            throw tx.inconsistent("the parents of '" + Layout.string(start, Layout.ID) + "' form a cycle");
        }
        return out;
    }

    /** The ancestors of node {@code id}, nearest first, from one linked read (with the header when first). */
    private List<Item> readAncestors(Tx<T> tx, String id) {
        List<Item> reached = tx.follow(key(id), Layout.PARENT, Layout.ADJACENCY, Integer.MAX_VALUE);
        if (reached.isEmpty() || !reached.get(0).key().sort().equals(key(id))) {
            throw missing(id, "node");
        }
        return ancestors(tx, reached.get(0), reached);
    }

    @Override
    List<TreeNode<T>> ancestorsOf(String id) {
        return ctx.read(tx -> readAncestors(tx, id).stream().map(this::node).toList());
    }

    @Override
    int depthOf(String id) {
        return ctx.read(tx -> readAncestors(tx, id).size());
    }

    /**
     * The subtree of {@code id} down to {@code maxDepth} levels, in pre-order by the children lists: one
     * linked read from the node (one request where the store follows links itself, one per level
     * elsewhere), the first read of the attempt bringing the header along.
     */
    private List<Item> descend(Tx<T> tx, String id, int maxDepth) {
        List<Item> reached = tx.follow(key(id), Layout.CHILDREN, Layout.ADJACENCY, maxDepth);
        if (reached.isEmpty() || !reached.get(0).key().sort().equals(key(id))) {
            throw missing(id, "node");
        }
        Item top = reached.get(0);
        Map<String, Item> byId = new HashMap<>();
        for (Item i : reached) {
            byId.put(Layout.string(i, Layout.ID), i);
        }
        List<Item> out = new ArrayList<>(byId.size());
        Set<String> emitted = new HashSet<>();
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {top, 0});
        while (!stack.isEmpty()) {
            Object[] e = stack.pop();
            Item item = (Item) e[0];
            int depth = (Integer) e[1];
            if (!emitted.add(Layout.string(item, Layout.ID))) {
                throw tx.inconsistent("node '" + Layout.string(item, Layout.ID) + "' is listed twice below '"
                        + id + "'");
            }
            out.add(item);
            if (depth < maxDepth) {
                List<String> kids = children(item);
                for (int i = kids.size() - 1; i >= 0; i--) {
                    Item child = byId.get(kids.get(i));
                    if (child == null) {
                        throw tx.inconsistent("a node below '" + id + "' lists a missing child");
                    }
                    stack.push(new Object[] {child, depth + 1});
                }
            }
        }
        return out;
    }

    @Override
    List<TreeNode<T>> subtreeOf(String id, int maxDepth) {
        return ctx.read(tx -> descend(tx, id, maxDepth).stream().map(this::node).toList());
    }

    @Override
    long descendantsOf(String id) {
        return ctx.read(tx -> descend(tx, id, Integer.MAX_VALUE).size() - 1L);
    }

    @Override
    void moveTo(String id, String newParentId, Position position) {
        ctx.mutate("move", tx -> {
            Map<String, Item> read = tx.read(List.of(key(id), key(newParentId)));
            Item node = TreeContext.at(read, key(id)).orElseThrow(() -> missing(id, "node"));
            Item target = TreeContext.at(read, key(newParentId)).orElseThrow(() -> missing(newParentId, "new parent"));
            String oldParentId = Layout.parent(node).orElseThrow(() -> rootCannotMove(id));
            Map<String, Item> known = new HashMap<>();
            known.put(newParentId, target);
            for (Item up : climb(tx, target)) {
                String upId = Layout.string(up, Layout.ID);
                if (upId.equals(id)) {
                    throw new CycleException(name(), id, newParentId);
                }
                known.put(upId, up);
            }
            List<String> siblings = new ArrayList<>(children(target));
            siblings.remove(id);
            int index = Positions.resolve(position, siblings, newParentId, id);
            siblings.add(index, id);
            if (oldParentId.equals(newParentId)) {
                if (!siblings.equals(children(target))) {
                    tx.put(key(newParentId), withChildren(target, siblings));
                }
                return null;
            }
            Item oldParent = known.containsKey(oldParentId) ? known.get(oldParentId)
                    : tx.read(key(oldParentId)).orElseThrow(
                            () -> tx.inconsistent("the parent '" + oldParentId + "' of '" + id + "' does not exist"));
            List<String> remaining = new ArrayList<>(children(oldParent));
            remaining.remove(id);
            tx.put(key(oldParentId), withChildren(oldParent, remaining));
            tx.put(key(newParentId), withChildren(target, siblings));
            Map<String, Value> moved = new LinkedHashMap<>(node.attributes());
            moved.put(Layout.PARENT, Value.of(newParentId));
            tx.put(key(id), moved);
            return null;
        });
    }

    @Override
    void replace(String id, Value stored, T payload) {
        ctx.mutate("update", tx -> {
            Map<String, Value> a = new LinkedHashMap<>(require(tx, id, "node").attributes());
            a.put(Layout.PAYLOAD, stored);
            tx.put(key(id), a);
            return null;
        });
    }

    @Override
    void deleteLeaf(String id) {
        ctx.mutate("delete", tx -> {
            Item node = require(tx, id, "node");
            if (!children(node).isEmpty()) {
                throw new NodeHasChildrenException(name(), id);
            }
            unlink(tx, node);
            tx.delete(key(id));
            return null;
        });
    }

    /** Removes a node from its parent's children, or clears the root when it is the root. */
    private void unlink(Tx<T> tx, Item node) {
        String id = Layout.string(node, Layout.ID);
        Optional<String> parentId = Layout.parent(node);
        if (parentId.isEmpty()) {
            tx.root(Optional.empty());
            return;
        }
        Item parent = tx.read(key(parentId.get())).orElseThrow(
                () -> tx.inconsistent("the parent '" + parentId.get() + "' of '" + id + "' does not exist"));
        List<String> remaining = new ArrayList<>(children(parent));
        remaining.remove(id);
        tx.put(key(parentId.get()), withChildren(parent, remaining));
    }

    @Override
    long deleteAll(String id) {
        return ctx.mutate("deleteSubtree", tx -> {
            List<Item> doomed = descend(tx, id, Integer.MAX_VALUE);
            Item node = doomed.get(0);
            unlink(tx, node);
            doomed.forEach(i -> tx.delete(i.key().sort()));
            return (long) doomed.size();
        });
    }

    @Override
    public TreeVerification verify() {
        return TechniqueCalls.call(ctx.store(), technique("verify"), ctx.table(), () -> Audit.verify(ctx, this::check));
    }

    @Override
    public TreeVerification repair() {
        return TechniqueCalls.call(ctx.store(), technique("repair"), ctx.table(), () -> Audit.repair(ctx, this::check));
    }

    private Audit.Findings check(Audit.Snapshot s) {
        List<String> problems = new ArrayList<>();
        Map<String, Item> nodes = new LinkedHashMap<>();
        for (Item i : s.items()) {
            if (!i.key().sort().startsWith(Layout.ADJACENCY)) {
                problems.add("unexpected item " + i.key());
                continue;
            }
            String id = Layout.string(i, Layout.ID);
            if (!i.key().sort().equals(key(id))) {
                problems.add("node '" + id + "' is stored under the key of another id: " + i.key());
            }
            nodes.put(id, i);
        }
        for (Item i : nodes.values()) {
            String id = Layout.string(i, Layout.ID);
            Optional<String> parent = Layout.parent(i);
            if (parent.isPresent()) {
                Item p = nodes.get(parent.get());
                if (p == null) {
                    problems.add("node '" + id + "' has a missing parent '" + parent.get() + "'");
                } else if (children(p).stream().filter(id::equals).count() != 1) {
                    problems.add("node '" + id + "' is not listed once among the children of its parent '"
                            + parent.get() + "': " + children(p));
                }
            } else if (!s.header().root().equals(Optional.of(id))) {
                problems.add("node '" + id + "' has no parent but the root is " + s.header().root());
            }
            for (String c : children(i)) {
                Item child = nodes.get(c);
                if (child == null || !Layout.parent(child).equals(Optional.of(id))) {
                    problems.add("node '" + id + "' lists child '" + c + "', which "
                            + (child == null ? "does not exist" : "names parent " + Layout.parent(child)));
                }
            }
        }
        Set<String> reached = new HashSet<>();
        Deque<String> todo = new ArrayDeque<>();
        s.header().root().ifPresent(r -> {
            if (!nodes.containsKey(r)) {
                problems.add("the root '" + r + "' does not exist");
            } else {
                todo.push(r);
            }
        });
        while (!todo.isEmpty()) {
            String id = todo.pop();
            if (!reached.add(id)) {
                problems.add("node '" + id + "' is reached twice from the root");
                continue;
            }
            children(nodes.get(id)).stream().filter(nodes::containsKey).forEach(todo::push);
        }
        nodes.keySet().stream().filter(id -> !reached.contains(id))
                .forEach(id -> problems.add("node '" + id + "' cannot be reached from the root"));
        return new Audit.Findings(nodes.size(), problems);
    }
}
