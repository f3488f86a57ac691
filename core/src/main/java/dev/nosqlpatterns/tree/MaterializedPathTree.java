package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Materialized paths: each node's item is keyed by its path key ({@link PathKeys}) and holds its
 * readable label path; a pointer item per id holds the path key. A subtree is one prefix query. Costs
 * are listed on {@link TreeStrategy#MATERIALIZED_PATHS}.
 */
final class MaterializedPathTree<T> extends AbstractTree<T> implements PathTree<T> {
    static final String RANK = "rank";

    MaterializedPathTree(TreeContext<T> ctx) {
        super(ctx);
    }

    /** A node's item key, checked against the store's sort-key limit with a message that names the node. */
    private String nodeKey(String pathKey, String id) {
        String sort = Layout.path(pathKey);
        int bytes = Utf8Order.utf8Length(sort);
        int limit = ctx.store().limits().maxSortKeyBytes();
        if (bytes > limit) {
            throw new TreeTooLargeException(name(), "the materialized path of node '" + id + "' ("
                    + PathKeys.split(pathKey).size() + " levels)", bytes, limit,
                    "Use shorter ids, a shallower tree, or another strategy.");
        }
        return sort;
    }

    private static Map<String, Value> attributes(String id, Optional<String> parent, int depth, String rank,
                                                 String path, Value payload) {
        Map<String, Value> a = new LinkedHashMap<>();
        a.put(Layout.ID, Value.of(id));
        parent.ifPresent(p -> a.put(Layout.PARENT, Value.of(p)));
        a.put(Layout.DEPTH, Value.of(depth));
        a.put(RANK, Value.of(rank));
        a.put(Layout.PATH, Value.of(path));
        a.put(Layout.PAYLOAD, payload);
        return a;
    }

    private void point(Tx<T> tx, String id, String pathKey) {
        tx.put(Layout.pointer(id), Map.of(Layout.ID, Value.of(id), Layout.KEY, Value.of(pathKey)));
    }

    /** The path key of a node, from its pointer. */
    private String locate(Tx<T> tx, String id, String role) {
        return pathKey(tx.read(Layout.pointer(id)).orElseThrow(() -> missing(id, role)));
    }

    private static String pathKey(Item pointer) {
        return Layout.string(pointer, Layout.KEY);
    }

    private static int depth(Item node) {
        return (int) Layout.number(node, Layout.DEPTH);
    }

    private List<Item> subtreeItems(Tx<T> tx, String pathKey) {
        return tx.range(SortKeyCondition.beginsWith(Layout.path(pathKey)));
    }

    /** The subtree of a node located by its pointer, checked to start with that node. */
    private List<Item> subtreeAt(Tx<T> tx, String id) {
        String key = locate(tx, id, "node");
        List<Item> items = subtreeItems(tx, key);
        head(tx, items, key, id);
        return items;
    }

    private static String parentPath(String path) {
        return path.substring(0, path.lastIndexOf(NodeNames.SEPARATOR));
    }

    @Override
    void createRoot(String id, Value stored, T payload) {
        String label = ctx.label(id, payload);
        ctx.mutate("createRoot", tx -> {
            Optional<Item> existing = tx.read(Layout.pointer(id));
            tx.root().ifPresent(r -> {
                throw rootExists(r);
            });
            if (existing.isPresent()) {
                throw new DuplicateNodeException(name(), id);
            }
            String key = PathKeys.root(id);
            tx.put(nodeKey(key, id), attributes(id, Optional.empty(), 0, Ranks.FIRST,
                    "/" + label, stored));
            point(tx, id, key);
            tx.root(Optional.of(id));
            return null;
        });
    }

    /** Ranks and keys as appending each child after its siblings would give them. */
    @Override
    void load(LoadPlan<T> plan) {
        Map<String, String> keys = new HashMap<>();
        Map<String, String> paths = new HashMap<>();
        Map<String, String> ranks = new HashMap<>();
        loadItems(plan, tx -> {
            for (int j = 0; j < plan.size(); j++) {
                String id = plan.order().get(j);
                String parent = plan.parents().get(id);
                String label = ctx.label(id, plan.payloads().get(id));
                String rank = parent == null ? Ranks.FIRST : ranks.remove(id);
                String key = parent == null ? PathKeys.root(id) : keys.get(parent) + PathKeys.segment(rank, id);
                String path = (parent == null ? "" : paths.get(parent)) + "/" + label;
                String previous = null;
                for (String child : plan.children().get(id)) {
                    previous = Ranks.between(previous, null);
                    ranks.put(child, previous);
                }
                if (!plan.children().get(id).isEmpty()) {
                    keys.put(id, key);
                    paths.put(id, path);
                }
                tx.put(nodeKey(key, id), attributes(id, Optional.ofNullable(parent), plan.depths()[j], rank, path,
                        plan.stored().get(id)));
                point(tx, id, key);
            }
        });
    }

    @Override
    void addChild(String parentId, String id, Value stored, T payload, Position position) {
        String label = ctx.label(id, payload);
        ctx.mutate("addChild", tx -> {
            Map<String, Item> read = tx.read(List.of(Layout.pointer(parentId), Layout.pointer(id)));
            Item parentPointer = TreeContext.at(read, Layout.pointer(parentId))
                    .orElseThrow(() -> missing(parentId, "parent"));
            if (read.containsKey(Layout.pointer(id))) {
                throw new DuplicateNodeException(name(), id);
            }
            String parentKey = pathKey(parentPointer);
            List<Item> family = subtreeItems(tx, parentKey);
            Item parent = head(tx, family, parentKey, parentId);
            List<Item> kids = childItems(family, depth(parent), null);
            int index = Positions.resolve(position, ids(kids), parentId, id);
            String rank = rankAt(kids, index);
            String key = parentKey + PathKeys.segment(rank, id);
            tx.put(nodeKey(key, id), attributes(id, Optional.of(parentId), depth(parent) + 1, rank,
                    Layout.string(parent, Layout.PATH) + "/" + label, stored));
            point(tx, id, key);
            return null;
        });
    }

    private static Item head(Tx<?> tx, List<Item> family, String pathKey, String id) {
        if (family.isEmpty() || !family.get(0).key().sort().equals(Layout.path(pathKey))) {
            throw tx.inconsistent("the pointer of '" + id + "' names a path with no node");
        }
        return family.get(0);
    }

    /** The node at a path key that a pointer named. */
    private static Item at(Tx<?> tx, String pathKey, String id) {
        return tx.read(Layout.path(pathKey)).orElseThrow(
                () -> tx.inconsistent("the pointer of '" + id + "' names a path with no node"));
    }

    /** The children among a subtree's items (pre-order), without {@code except}. */
    private static List<Item> childItems(List<Item> family, int parentDepth, String except) {
        List<Item> kids = new ArrayList<>();
        for (Item i : family) {
            if (depth(i) == parentDepth + 1 && !Layout.string(i, Layout.ID).equals(except)) {
                kids.add(i);
            }
        }
        return kids;
    }

    private static List<String> ids(List<Item> items) {
        return items.stream().map(i -> Layout.string(i, Layout.ID)).toList();
    }

    private static String rankAt(List<Item> siblings, int index) {
        return Ranks.between(index == 0 ? null : Layout.string(siblings.get(index - 1), RANK),
                index == siblings.size() ? null : Layout.string(siblings.get(index), RANK));
    }

    @Override
    Optional<TreeNode<T>> find(String id) {
        return ctx.read(tx -> tx.read(Layout.pointer(id)).map(p -> node(at(tx, pathKey(p), id))));
    }

    @Override
    public Optional<TreeNode<T>> root() {
        return TechniqueCalls.call(ctx.store(), technique("root"), ctx.table(), () -> {
            return ctx.read(tx -> tx.root().flatMap(r -> tx.read(Layout.path(PathKeys.root(r)))).map(this::node));
        });
    }

    @Override
    List<TreeNode<T>> childrenOf(String id) {
        return ctx.read(tx -> {
            List<Item> items = subtreeAt(tx, id);
            return childItems(items, depth(items.get(0)), null).stream().map(this::node).toList();
        });
    }

    @Override
    Optional<TreeNode<T>> parentOf(String id) {
        return ctx.read(tx -> {
            List<String> up = PathKeys.ancestors(locate(tx, id, "node"));
            return up.isEmpty() ? Optional.<TreeNode<T>>empty()
                    : Optional.of(node(at(tx, up.get(up.size() - 1), id + "'s parent")));
        });
    }

    @Override
    List<TreeNode<T>> ancestorsOf(String id) {
        return ctx.read(tx -> {
            List<String> keys = PathKeys.ancestors(locate(tx, id, "node")).stream().map(Layout::path).toList();
            Map<String, Item> read = keys.isEmpty() ? Map.of() : tx.read(keys);
            List<TreeNode<T>> out = new ArrayList<>();
            for (String k : keys) {
                out.add(node(TreeContext.at(read, k).orElseThrow(
                        () -> tx.inconsistent("an ancestor of '" + id + "' has no node"))));
            }
            Collections.reverse(out);
            return out;
        });
    }

    @Override
    List<TreeNode<T>> subtreeOf(String id, int maxDepth) {
        return ctx.read(tx -> {
            List<Item> items = subtreeAt(tx, id);
            long limit = (long) depth(items.get(0)) + maxDepth;
            return items.stream().filter(i -> depth(i) <= limit).map(this::node).toList();
        });
    }

    @Override
    long descendantsOf(String id) {
        return ctx.read(tx -> subtreeAt(tx, id).size() - 1L);
    }

    @Override
    int depthOf(String id) {
        return ctx.read(tx -> PathKeys.depth(locate(tx, id, "node")));
    }

    @Override
    void moveTo(String id, String newParentId, Position position) {
        ctx.mutate("move", tx -> {
            Map<String, Item> read = tx.read(List.of(Layout.pointer(id), Layout.pointer(newParentId)));
            String from = pathKey(TreeContext.at(read, Layout.pointer(id)).orElseThrow(() -> missing(id, "node")));
            String target = pathKey(TreeContext.at(read, Layout.pointer(newParentId))
                    .orElseThrow(() -> missing(newParentId, "new parent")));
            if (PathKeys.depth(from) == 0) {
                throw rootCannotMove(id);
            }
            if (target.startsWith(from)) {
                throw new CycleException(name(), id, newParentId);
            }
            List<Item> family = subtreeItems(tx, target);
            Item parent = head(tx, family, target, newParentId);
            List<Item> kids = childItems(family, depth(parent), id);
            int index = Positions.resolve(position, ids(kids), newParentId, id);
            List<String> before = PathKeys.ancestors(from);
            if (before.get(before.size() - 1).equals(target)
                    && ids(childItems(family, depth(parent), null)).indexOf(id) == index) {
                return null;
            }
            String to = target + PathKeys.segment(rankAt(kids, index), id);
            List<Item> moved = from.startsWith(target)
                    ? family.stream().filter(i -> i.key().sort().startsWith(Layout.path(from))).toList()
                    : subtreeItems(tx, from);
            head(tx, moved, from, id);
            relocate(tx, moved, from, to, newParentId, Layout.string(parent, Layout.PATH), depth(parent) + 1);
            return null;
        });
    }

    /** Rewrites a subtree under a new path key, parent, label path and depth. */
    private void relocate(Tx<T> tx, List<Item> moved, String from, String to, String newParentId,
                          String newParentPath, int newDepth) {
        Item top = moved.get(0);
        String oldParentPath = parentPath(Layout.string(top, Layout.PATH));
        int shift = newDepth - depth(top);
        moved.forEach(i -> tx.delete(i.key().sort()));
        for (Item i : moved) {
            String id = Layout.string(i, Layout.ID);
            String key = to + i.key().sort().substring(Layout.path(from).length());
            boolean isTop = i == top;
            String rank = isTop ? PathKeys.decode(PathKeys.split(to).get(PathKeys.depth(to))).rank()
                    : Layout.string(i, RANK);
            tx.put(nodeKey(key, id), attributes(id, isTop ? Optional.of(newParentId) : Layout.parent(i),
                    depth(i) + shift, rank,
                    newParentPath + Layout.string(i, Layout.PATH).substring(oldParentPath.length()),
                    i.get(Layout.PAYLOAD).orElseThrow()));
            point(tx, id, key);
        }
    }

    @Override
    void replace(String id, Value stored, T payload) {
        String label = ctx.label(id, payload);
        ctx.mutate("update", tx -> {
            String key = locate(tx, id, "node");
            Item node = at(tx, key, id);
            String path = Layout.string(node, Layout.PATH);
            String newPath = parentPath(path) + "/" + label;
            if (newPath.equals(path)) {
                Map<String, Value> a = new LinkedHashMap<>(node.attributes());
                a.put(Layout.PAYLOAD, stored);
                tx.put(node.key().sort(), a);
                return null;
            }
            for (Item i : subtreeItems(tx, key)) {
                Map<String, Value> a = new LinkedHashMap<>(i.attributes());
                a.put(Layout.PATH, Value.of(newPath + Layout.string(i, Layout.PATH).substring(path.length())));
                if (i.key().equals(node.key())) {
                    a.put(Layout.PAYLOAD, stored);
                }
                tx.put(i.key().sort(), a);
            }
            return null;
        });
    }

    @Override
    void deleteLeaf(String id) {
        ctx.mutate("delete", tx -> {
            String key = locate(tx, id, "node");
            if (tx.range(SortKeyCondition.beginsWith(Layout.path(key)), 2, false).size() > 1) {
                throw new NodeHasChildrenException(name(), id);
            }
            tx.delete(Layout.path(key));
            tx.delete(Layout.pointer(id));
            if (PathKeys.depth(key) == 0) {
                tx.root(Optional.empty());
            }
            return null;
        });
    }

    @Override
    long deleteAll(String id) {
        return ctx.mutate("deleteSubtree", tx -> {
            String key = locate(tx, id, "node");
            List<Item> doomed = subtreeItems(tx, key);
            head(tx, doomed, key, id);
            for (Item i : doomed) {
                tx.delete(i.key().sort());
                tx.delete(Layout.pointer(Layout.string(i, Layout.ID)));
            }
            if (PathKeys.depth(key) == 0) {
                tx.root(Optional.empty());
            }
            return (long) doomed.size();
        });
    }

    @Override
    public List<TreeNode<T>> matching(PathPattern pattern) {
        return TechniqueCalls.call(ctx.store(), technique("matching"), ctx.table(), () -> {
            Pattern regex = java.util.Objects.requireNonNull(pattern, "pattern must not be null").compiled();
            return ctx.read(tx -> {
                tx.header();
                return select(tx.range(SortKeyCondition.beginsWith(Layout.PATHS)), regex);
            });
        });
    }

    @Override
    public List<TreeNode<T>> matching(PathPattern pattern, String underId) {
        return TechniqueCalls.call(ctx.store(), technique("matching"), ctx.table(), () -> {
            Pattern regex = java.util.Objects.requireNonNull(pattern, "pattern must not be null").compiled();
            NodeNames.check("node id", underId);
            return ctx.read(tx -> select(subtreeAt(tx, underId), regex));
        });
    }

    private List<TreeNode<T>> select(List<Item> items, Pattern regex) {
        return items.stream().filter(i -> regex.matcher(Layout.string(i, Layout.PATH)).matches())
                .map(this::node).toList();
    }

    @Override
    public String path(String id) {
        return TechniqueCalls.call(ctx.store(), technique("path"), ctx.table(), () -> {
            NodeNames.check("node id", id);
            return ctx.read(tx -> Layout.string(at(tx, locate(tx, id, "node"), id), Layout.PATH));
        });
    }

    @Override
    public TreeVerification verify() {
        return TechniqueCalls.call(ctx.store(), technique("verify"), ctx.table(), () -> {
            return Audit.verify(ctx, s -> PathAudit.check(ctx, s));
        });
    }

    @Override
    public TreeVerification repair() {
        return TechniqueCalls.call(ctx.store(), technique("repair"), ctx.table(), () -> {
            return Audit.repair(ctx, s -> PathAudit.check(ctx, s));
        });
    }
}
