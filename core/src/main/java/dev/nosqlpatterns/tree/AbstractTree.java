package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The argument checks every layout shares, done before any read or write, and the entry points each
 * layout implements once the arguments are known to be valid.
 */
abstract class AbstractTree<T> implements Tree<T> {
    final TreeContext<T> ctx;

    AbstractTree(TreeContext<T> ctx) {
        this.ctx = ctx;
    }

    @Override
    public final String name() {
        return ctx.name();
    }

    @Override
    public final TreeStrategy strategy() {
        return ctx.strategy();
    }

    @Override
    public final TreeNode<T> createRoot(String id, T payload) {
        return TechniqueCalls.call(ctx.store(), technique("createRoot"), ctx.table(), () -> {
            NodeNames.check("node id", id);
            Value stored = ctx.encode(id, payload);
            createRoot(id, stored, payload);
            return new TreeNode<>(id, Optional.empty(), payload);
        });
    }

    @Override
    public final long load(Iterable<TreeNode<T>> nodes) {
        return TechniqueCalls.call(ctx.store(), technique("load"), ctx.table(), () -> {
            LoadPlan<T> plan = LoadPlan.of(ctx, nodes);
            load(plan);
            return plan.size();
        });
    }

    /** Writes a checked load. */
    abstract void load(LoadPlan<T> plan);

    /**
     * Writes a checked load for a layout of one item per node: {@code planner} plans the put of every
     * item into a {@link Tx} that reads nothing, and {@link TreeLoadWrites} writes them.
     */
    final void loadItems(LoadPlan<T> plan, java.util.function.Consumer<Tx<T>> planner) {
        Tx<T> tx = new Tx<>(ctx, true);
        planner.accept(tx);
        TreeLoadWrites.write(ctx, tx.planned(), plan.root());
    }

    @Override
    public final TreeNode<T> addChild(String parentId, String id, T payload, Position position) {
        return TechniqueCalls.call(ctx.store(), technique("addChild"), ctx.table(), () -> {
            NodeNames.check("parent id", parentId);
            NodeNames.check("node id", id);
            Objects.requireNonNull(position, "position must not be null");
            Value stored = ctx.encode(id, payload);
            addChild(parentId, id, stored, payload, position);
            return new TreeNode<>(id, Optional.of(parentId), payload);
        });
    }

    @Override
    public final Optional<TreeNode<T>> get(String id) {
        return TechniqueCalls.call(ctx.store(), technique("get"), ctx.table(), () -> {
            return find(NodeNames.check("node id", id));
        });
    }

    @Override
    public final List<TreeNode<T>> children(String id) {
        return TechniqueCalls.call(ctx.store(), technique("children"), ctx.table(), () -> {
            return childrenOf(NodeNames.check("node id", id));
        });
    }

    @Override
    public final Optional<TreeNode<T>> parent(String id) {
        return TechniqueCalls.call(ctx.store(), technique("parent"), ctx.table(), () -> {
            return parentOf(NodeNames.check("node id", id));
        });
    }

    @Override
    public final List<TreeNode<T>> ancestors(String id) {
        return TechniqueCalls.call(ctx.store(), technique("ancestors"), ctx.table(), () -> {
            return ancestorsOf(NodeNames.check("node id", id));
        });
    }

    @Override
    public final List<TreeNode<T>> subtree(String id, int maxDepth) {
        return TechniqueCalls.call(ctx.store(), technique("subtree"), ctx.table(), () -> {
            NodeNames.check("node id", id);
            if (maxDepth < 0) {
                throw new IllegalArgumentException("max depth must be 0 or more, got " + maxDepth);
            }
            return subtreeOf(id, maxDepth);
        });
    }

    @Override
    public final long countDescendants(String id) {
        return TechniqueCalls.call(ctx.store(), technique("countDescendants"), ctx.table(), () -> {
            return descendantsOf(NodeNames.check("node id", id));
        });
    }

    @Override
    public final int depth(String id) {
        return TechniqueCalls.call(ctx.store(), technique("depth"), ctx.table(), () -> {
            return depthOf(NodeNames.check("node id", id));
        });
    }

    @Override
    public final void move(String id, String newParentId, Position position) {
        TechniqueCalls.run(ctx.store(), technique("move"), ctx.table(), () -> {
            NodeNames.check("node id", id);
            NodeNames.check("new parent id", newParentId);
            Objects.requireNonNull(position, "position must not be null");
            if (id.equals(newParentId)) {
                throw new CycleException(name(), id, newParentId);
            }
            moveTo(id, newParentId, position);
        });
    }

    @Override
    public final void update(String id, T payload) {
        TechniqueCalls.run(ctx.store(), technique("update"), ctx.table(), () -> {
            NodeNames.check("node id", id);
            Value stored = ctx.encode(id, payload);
            replace(id, stored, payload);
        });
    }

    @Override
    public final void delete(String id) {
        TechniqueCalls.run(ctx.store(), technique("delete"), ctx.table(), () -> {
            deleteLeaf(NodeNames.check("node id", id));
        });
    }

    @Override
    public final long deleteSubtree(String id) {
        return TechniqueCalls.call(ctx.store(), technique("deleteSubtree"), ctx.table(), () -> {
            return deleteAll(NodeNames.check("node id", id));
        });
    }

    /**
     * The technique name of a tree operation, e.g. {@code materializedPathTree.move}: the layout, then the
     * {@link Tree} method.
     */
    final String technique(String operation) {
        String layout = switch (ctx.strategy()) {
            case ADJACENCY_LIST -> "adjacencyListTree.";
            case MATERIALIZED_PATHS -> "materializedPathTree.";
            case NESTED_SETS -> "nestedSetTree.";
            case AGGREGATE -> "aggregateTree.";
        };
        return layout + operation;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + ctx.table() + "/" + ctx.partition() + "]";
    }

    NoSuchNodeException missing(String id, String role) {
        return new NoSuchNodeException(name(), id, role);
    }

    TreeException rootExists(String root) {
        return new TreeException(name(), "it already has the root '" + root
                + "'; add children to it, or delete its subtree first");
    }

    IllegalArgumentException rootCannotMove(String root) {
        return new IllegalArgumentException("tree '" + name() + "': '" + root
                + "' is the root and cannot be moved");
    }

    TreeNode<T> node(Item item) {
        return ctx.node(item);
    }

    abstract void createRoot(String id, Value stored, T payload);

    abstract void addChild(String parentId, String id, Value stored, T payload, Position position);

    abstract Optional<TreeNode<T>> find(String id);

    abstract List<TreeNode<T>> childrenOf(String id);

    abstract Optional<TreeNode<T>> parentOf(String id);

    abstract List<TreeNode<T>> ancestorsOf(String id);

    abstract List<TreeNode<T>> subtreeOf(String id, int maxDepth);

    abstract long descendantsOf(String id);

    abstract int depthOf(String id);

    abstract void moveTo(String id, String newParentId, Position position);

    abstract void replace(String id, Value stored, T payload);

    abstract void deleteLeaf(String id);

    abstract long deleteAll(String id);
}
