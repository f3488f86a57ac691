package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * Tree aggregation: the whole tree in one item, read at once and rewritten at once under an optimistic
 * version. Refuses a change that would grow the item past the store's limit. Costs are listed on
 * {@link TreeStrategy#AGGREGATE}.
 */
final class AggregateTree<T> extends AbstractTree<T> {
    private static final String VERSION = "version";
    private static final String ROOT = "root";

    AggregateTree(TreeContext<T> ctx) {
        super(ctx);
    }

    /** One node inside the aggregate. */
    private static final class Entry {
        String parent;
        final List<String> children;
        Value payload;

        Entry(String parent, List<String> children, Value payload) {
            this.parent = parent;
            this.children = new ArrayList<>(children);
            this.payload = payload;
        }
    }

    /** The decoded aggregate: a mutable working copy for one attempt. */
    private final class State {
        final boolean exists;
        final long version;
        String root;
        final Map<String, Entry> nodes = new LinkedHashMap<>();

        State(Optional<Item> item) {
            exists = item.isPresent();
            version = item.flatMap(i -> i.getLong(VERSION)).orElse(0L);
            root = item.flatMap(i -> i.getString(ROOT)).orElse(null);
            item.flatMap(i -> i.get(Layout.NODES)).ifPresent(v -> ((Value.MapValue) v).value().forEach((id, e) -> {
                Map<String, Value> m = ((Value.MapValue) e).value();
                nodes.put(id, new Entry(m.containsKey(Layout.PARENT) ? ((Value.Str) m.get(Layout.PARENT)).value() : null,
                        ((Value.ListValue) m.get(Layout.CHILDREN)).value().stream()
                                .map(c -> ((Value.Str) c).value()).toList(), m.get(Layout.PAYLOAD)));
            }));
        }

        Entry require(String id, String role) {
            Entry e = nodes.get(id);
            if (e == null) {
                throw missing(id, role);
            }
            return e;
        }

        TreeNode<T> node(String id) {
            Entry e = nodes.get(id);
            return new TreeNode<>(id, Optional.ofNullable(e.parent), ctx.decode(e.payload));
        }

        /** Pre-order from {@code id} down to {@code maxDepth} levels. */
        List<String> preorder(String id, int maxDepth) {
            List<String> out = new ArrayList<>();
            Deque<Object[]> stack = new ArrayDeque<>();
            stack.push(new Object[] {id, 0});
            while (!stack.isEmpty()) {
                Object[] top = stack.pop();
                String at = (String) top[0];
                int depth = (Integer) top[1];
                out.add(at);
                if (depth < maxDepth) {
                    List<String> kids = nodes.get(at).children;
                    for (int i = kids.size() - 1; i >= 0; i--) {
                        stack.push(new Object[] {kids.get(i), depth + 1});
                    }
                }
            }
            return out;
        }

        List<String> climb(String id) {
            List<String> out = new ArrayList<>();
            for (String p = nodes.get(id).parent; p != null; p = nodes.get(p).parent) {
                out.add(p);
            }
            return out;
        }

        Item toItem() {
            Map<String, Value> all = new LinkedHashMap<>();
            nodes.forEach((id, e) -> {
                Map<String, Value> m = new LinkedHashMap<>();
                if (e.parent != null) {
                    m.put(Layout.PARENT, Value.of(e.parent));
                }
                m.put(Layout.CHILDREN, Layout.strings(e.children));
                m.put(Layout.PAYLOAD, e.payload);
                all.put(id, Value.map(m));
            });
            Item.Builder b = Item.builder(ctx.key(Layout.AGGREGATE)).put(VERSION, version + 1)
                    .put(Layout.NODES, Value.map(all));
            if (root != null) {
                b.put(ROOT, root);
            }
            return b.build();
        }
    }

    private State load() {
        return new State(ctx.store().get(ctx.table(), ctx.key(Layout.AGGREGATE)));
    }

    private <R> R look(Function<State, R> read) {
        return read.apply(load());
    }

    /** Runs a change on a fresh copy and writes it back if the version is unchanged, retrying otherwise. */
    private <R> R change(String operation, Function<State, R> body) {
        for (int attempt = 1; ; attempt++) {
            State s = load();
            R result = body.apply(s);
            try {
                ctx.store().put(versionedPut(s));
                return result;
            } catch (ConditionFailedException overtaken) {
                if (attempt >= ctx.options().maxAttempts()) {
                    throw new TreeConflictException(name(), operation, attempt);
                }
                ctx.sleep(ThreadLocalRandom.current().nextLong(1, 2L + Math.min(64, 1L << Math.min(attempt, 6))));
            }
        }
    }

    /**
     * The put of the tree as one item, on condition that its version is the one read; fails with
     * {@link TreeTooLargeException} before writing when the item exceeds the store's item size.
     */
    private Write.Put versionedPut(State s) {
        Item item = s.toItem();
        long limit = ctx.store().limits().maxItemBytes();
        if (item.sizeInBytes() > limit) {
            throw new TreeTooLargeException(name(), "the tree as one item (" + s.nodes.size() + " nodes)",
                    item.sizeInBytes(), limit, "Split the tree, or store it with a strategy that keeps one item per node.");
        }
        Condition unchanged = s.exists ? Condition.attributeEquals(VERSION, Value.of(s.version)) : Condition.ifAbsent();
        return new Write.Put(ctx.table(), item, unchanged);
    }

    @Override
    void createRoot(String id, Value stored, T payload) {
        change("createRoot", s -> {
            if (s.root != null) {
                throw rootExists(s.root);
            }
            s.nodes.clear();
            s.nodes.put(id, new Entry(null, List.of(), stored));
            s.root = id;
            return null;
        });
    }

    /** The whole tree as one item, written with one conditional put; nothing else to make crash-safe. */
    @Override
    void load(LoadPlan<T> plan) {
        State s = load();
        if (s.root != null) {
            throw new TreeException(name(), "a bulk load goes into an empty tree only, and this one has the root '"
                    + s.root + "'; nothing was written. Delete its subtree first, or load into another tree");
        }
        s.nodes.clear();
        for (String id : plan.children().keySet()) {
            s.nodes.put(id, new Entry(plan.parents().get(id), plan.children().get(id), plan.stored().get(id)));
        }
        s.root = plan.root();
        Write.Put put = versionedPut(s);
        try {
            ctx.store().put(put);
        } catch (ConditionFailedException raced) {
            throw new TreeException(name(), "another writer changed it while it was being loaded; nothing was"
                    + " written. Load again into an empty tree");
        }
    }

    @Override
    void addChild(String parentId, String id, Value stored, T payload, Position position) {
        change("addChild", s -> {
            Entry parent = s.require(parentId, "parent");
            if (s.nodes.containsKey(id)) {
                throw new DuplicateNodeException(name(), id);
            }
            parent.children.add(Positions.resolve(position, parent.children, parentId, id), id);
            s.nodes.put(id, new Entry(parentId, List.of(), stored));
            return null;
        });
    }

    @Override
    Optional<TreeNode<T>> find(String id) {
        return look(s -> s.nodes.containsKey(id) ? Optional.of(s.node(id)) : Optional.empty());
    }

    @Override
    public Optional<TreeNode<T>> root() {
        return TechniqueCalls.call(ctx.store(), technique("root"), ctx.table(), () -> {
            return look(s -> Optional.ofNullable(s.root).map(s::node));
        });
    }

    @Override
    List<TreeNode<T>> childrenOf(String id) {
        return look(s -> s.require(id, "node").children.stream().map(s::node).toList());
    }

    @Override
    Optional<TreeNode<T>> parentOf(String id) {
        return look(s -> Optional.ofNullable(s.require(id, "node").parent).map(s::node));
    }

    @Override
    List<TreeNode<T>> ancestorsOf(String id) {
        return look(s -> {
            s.require(id, "node");
            return s.climb(id).stream().map(s::node).toList();
        });
    }

    @Override
    List<TreeNode<T>> subtreeOf(String id, int maxDepth) {
        return look(s -> {
            s.require(id, "node");
            return s.preorder(id, maxDepth).stream().map(s::node).toList();
        });
    }

    @Override
    long descendantsOf(String id) {
        return look(s -> {
            s.require(id, "node");
            return s.preorder(id, Integer.MAX_VALUE).size() - 1L;
        });
    }

    @Override
    int depthOf(String id) {
        return look(s -> {
            s.require(id, "node");
            return s.climb(id).size();
        });
    }

    @Override
    void moveTo(String id, String newParentId, Position position) {
        change("move", s -> {
            Entry node = s.require(id, "node");
            Entry target = s.require(newParentId, "new parent");
            if (node.parent == null) {
                throw rootCannotMove(id);
            }
            if (s.climb(newParentId).contains(id)) {
                throw new CycleException(name(), id, newParentId);
            }
            List<String> siblings = new ArrayList<>(target.children);
            siblings.remove(id);
            int index = Positions.resolve(position, siblings, newParentId, id);
            s.nodes.get(node.parent).children.remove(id);
            target.children.add(index, id);
            node.parent = newParentId;
            return null;
        });
    }

    @Override
    void replace(String id, Value stored, T payload) {
        change("update", s -> {
            s.require(id, "node").payload = stored;
            return null;
        });
    }

    @Override
    void deleteLeaf(String id) {
        change("delete", s -> {
            Entry node = s.require(id, "node");
            if (!node.children.isEmpty()) {
                throw new NodeHasChildrenException(name(), id);
            }
            remove(s, id, List.of(id));
            return null;
        });
    }

    @Override
    long deleteAll(String id) {
        return change("deleteSubtree", s -> {
            s.require(id, "node");
            List<String> doomed = s.preorder(id, Integer.MAX_VALUE);
            remove(s, id, doomed);
            return (long) doomed.size();
        });
    }

    private static void remove(AggregateTree<?>.State s, String top, List<String> doomed) {
        String parent = s.nodes.get(top).parent;
        if (parent == null) {
            s.root = null;
        } else {
            s.nodes.get(parent).children.remove(top);
        }
        doomed.forEach(s.nodes::remove);
    }

    @Override
    public TreeVerification verify() {
        return TechniqueCalls.call(ctx.store(), technique("verify"), ctx.table(), this::check);
    }

    /** What verify and repair report: one item holds the whole tree, so there is nothing to mend. */
    private TreeVerification check() {
        State s = load();
        List<String> problems = new ArrayList<>();
        s.nodes.forEach((id, e) -> {
            if (e.parent == null ? !id.equals(s.root) : !s.nodes.containsKey(e.parent)
                    || s.nodes.get(e.parent).children.stream().filter(id::equals).count() != 1) {
                problems.add("node '" + id + "' and its parent " + Optional.ofNullable(e.parent) + " disagree");
            }
            e.children.stream().filter(c -> !s.nodes.containsKey(c) || !id.equals(s.nodes.get(c).parent))
                    .forEach(c -> problems.add("node '" + id + "' lists child '" + c + "', which does not name it"));
        });
        Set<String> reached = new HashSet<>();
        if (s.root != null && s.nodes.containsKey(s.root) && problems.isEmpty()) {
            reached.addAll(s.preorder(s.root, Integer.MAX_VALUE));
        }
        if (problems.isEmpty() && reached.size() != s.nodes.size()) {
            problems.add((s.nodes.size() - reached.size()) + " nodes cannot be reached from the root");
        }
        return new TreeVerification(s.nodes.size(), false, 0, problems);
    }

    @Override
    public TreeVerification repair() {
        return TechniqueCalls.call(ctx.store(), technique("repair"), ctx.table(), this::check);
    }
}
