package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Nested sets: each node's item is keyed by its left number and holds its right number, so a subtree is
 * the range between a node's two numbers; a pointer item per id holds the numbers. Costs are listed on
 * {@link TreeStrategy#NESTED_SETS}; renumbering is in {@link Renumbering}.
 */
final class NestedSetTree<T> extends AbstractTree<T> {

    NestedSetTree(TreeContext<T> ctx) {
        super(ctx);
    }

    /** A node's place: what its pointer (and, but for {@code parentLeft}, its item) holds. */
    record Span(String id, Optional<String> parent, int depth, long left, long right, long parentLeft) {
        static Span of(Item item) {
            return new Span(Layout.string(item, Layout.ID), Layout.parent(item), (int) Layout.number(item, Layout.DEPTH),
                    Layout.number(item, Layout.LEFT), Layout.number(item, Layout.RIGHT),
                    item.getLong(Layout.PARENT_LEFT).orElse(-1L));
        }

        boolean encloses(long number) {
            return left <= number && number <= right;
        }
    }

    long max() {
        return ctx.options().nestedSetNumbers();
    }

    /** Plans the writes of a node's item and pointer. */
    static void write(Tx<?> tx, Span s, Value payload) {
        writeNode(tx, s, payload);
        Map<String, Value> p = new LinkedHashMap<>();
        p.put(Layout.ID, Value.of(s.id()));
        s.parent().ifPresent(v -> p.put(Layout.PARENT, Value.of(v)));
        p.put(Layout.DEPTH, Value.of(s.depth()));
        p.put(Layout.LEFT, Value.of(s.left()));
        p.put(Layout.RIGHT, Value.of(s.right()));
        if (s.parentLeft() >= 0) {
            p.put(Layout.PARENT_LEFT, Value.of(s.parentLeft()));
        }
        tx.put(Layout.pointer(s.id()), p);
    }

    static void writeNode(Tx<?> tx, Span s, Value payload) {
        Map<String, Value> n = new LinkedHashMap<>();
        n.put(Layout.ID, Value.of(s.id()));
        s.parent().ifPresent(v -> n.put(Layout.PARENT, Value.of(v)));
        n.put(Layout.DEPTH, Value.of(s.depth()));
        n.put(Layout.LEFT, Value.of(s.left()));
        n.put(Layout.RIGHT, Value.of(s.right()));
        n.put(Layout.PAYLOAD, payload);
        tx.put(Layout.number(s.left()), n);
    }

    private Span locate(Tx<T> tx, String id, String role) {
        return Span.of(tx.read(Layout.pointer(id)).orElseThrow(() -> missing(id, role)));
    }

    /** The node and its descendants, in left-number order (pre-order). */
    private static List<Item> within(Tx<?> tx, Span s) {
        return tx.range(SortKeyCondition.between(Layout.number(s.left()), Layout.number(s.right())));
    }

    /** The subtree of a node located by its pointer, checked to start with that node. */
    private static List<Item> subtreeAt(Tx<?> tx, Span s) {
        List<Item> items = within(tx, s);
        head(tx, items, s);
        return items;
    }

    private static Item head(Tx<?> tx, List<Item> family, Span s) {
        if (family.isEmpty() || !Layout.string(family.get(0), Layout.ID).equals(s.id())) {
            throw tx.inconsistent("the pointer of '" + s.id() + "' names numbers with no node");
        }
        return family.get(0);
    }

    /** The node item whose left number a pointer (or a child's pointer) named. */
    private static Item at(Tx<?> tx, long left, String id) {
        return tx.read(Layout.number(left)).orElseThrow(
                () -> tx.inconsistent("the pointer of '" + id + "' names numbers with no node"));
    }

    private static List<Span> kids(List<Item> family, Span parent, String except) {
        List<Span> out = new ArrayList<>();
        for (Item i : family) {
            Span s = Span.of(i);
            if (s.depth() == parent.depth() + 1 && !s.id().equals(except)) {
                out.add(s);
            }
        }
        return out;
    }

    private static List<String> ids(List<Span> spans) {
        return spans.stream().map(Span::id).toList();
    }

    /** The open gap a node placed at {@code index} among {@code siblings} may use, and where in it. */
    private static long[] gap(Span parent, List<Span> siblings, int index) {
        long low = index == 0 ? parent.left() : siblings.get(index - 1).right();
        long high = index == siblings.size() ? parent.right() : siblings.get(index).left();
        return new long[] {low, high};
    }

    private static Numbering.Where where(List<Span> siblings, int index) {
        return index == siblings.size() ? Numbering.Where.START
                : index == 0 ? Numbering.Where.END : Numbering.Where.MIDDLE;
    }

    @Override
    void createRoot(String id, Value stored, T payload) {
        ctx.mutate("createRoot", tx -> {
            Optional<Item> existing = tx.read(Layout.pointer(id));
            tx.root().ifPresent(r -> {
                throw rootExists(r);
            });
            if (existing.isPresent()) {
                throw new DuplicateNodeException(name(), id);
            }
            write(tx, new Span(id, Optional.empty(), 0, 0, max(), -1), stored);
            tx.root(Optional.of(id));
            return null;
        });
    }

    /** Numbers spread evenly over the whole line, as a renumbering leaves them. */
    @Override
    void load(LoadPlan<T> plan) {
        int n = plan.size();
        long[][] numbers = Numbering.spread(java.util.Arrays.copyOfRange(plan.depths(), 1, n), 0, max());
        if (numbers == null) {
            throw new TreeException(name(), "its " + n + " nodes do not fit nested-set numbers up to " + max()
                    + "; nothing was written. Open it with larger nestedSetNumbers");
        }
        Map<String, Long> left = new java.util.HashMap<>();
        loadItems(plan, tx -> {
            for (int j = 0; j < n; j++) {
                String id = plan.order().get(j);
                long l = j == 0 ? 0 : numbers[j - 1][0];
                left.put(id, l);
                Optional<String> parent = Optional.ofNullable(plan.parents().get(id));
                write(tx, new Span(id, parent, plan.depths()[j], l, j == 0 ? max() : numbers[j - 1][1],
                        parent.map(left::get).orElse(-1L)), plan.stored().get(id));
            }
        });
    }

    @Override
    void addChild(String parentId, String id, Value stored, T payload, Position position) {
        ctx.mutate("addChild", tx -> {
            Map<String, Item> read = tx.read(List.of(Layout.pointer(parentId), Layout.pointer(id)));
            Span parent = Span.of(TreeContext.at(read, Layout.pointer(parentId))
                    .orElseThrow(() -> missing(parentId, "parent")));
            if (read.containsKey(Layout.pointer(id))) {
                throw new DuplicateNodeException(name(), id);
            }
            List<Item> family = within(tx, parent);
            head(tx, family, parent);
            List<Span> siblings = kids(family, parent, null);
            int index = Positions.resolve(position, ids(siblings), parentId, id);
            long[] gap = gap(parent, siblings, index);
            long[][] numbers = Numbering.place(new int[] {0}, gap[0], gap[1], where(siblings, index));
            if (numbers == null) {
                new Renumbering(this, tx).insert(id, parentId, index, stored);
            } else {
                write(tx, new Span(id, Optional.of(parentId), parent.depth() + 1, numbers[0][0], numbers[0][1],
                        parent.left()), stored);
            }
            return null;
        });
    }

    @Override
    Optional<TreeNode<T>> find(String id) {
        return ctx.read(tx -> tx.read(Layout.pointer(id)).map(p -> node(at(tx, Span.of(p).left(), id))));
    }

    @Override
    public Optional<TreeNode<T>> root() {
        return TechniqueCalls.call(ctx.store(), technique("root"), ctx.table(), () -> {
            return ctx.read(tx -> {
                Optional<Item> top = tx.read(Layout.number(0));
                return tx.root().isPresent() ? top.map(this::node) : Optional.<TreeNode<T>>empty();
            });
        });
    }

    @Override
    List<TreeNode<T>> childrenOf(String id) {
        return ctx.read(tx -> {
            Span s = locate(tx, id, "node");
            return subtreeAt(tx, s).stream().filter(i -> Layout.number(i, Layout.DEPTH) == s.depth() + 1)
                    .map(this::node).toList();
        });
    }

    @Override
    Optional<TreeNode<T>> parentOf(String id) {
        return ctx.read(tx -> {
            Span s = locate(tx, id, "node");
            return s.parentLeft() < 0 ? Optional.<TreeNode<T>>empty()
                    : Optional.of(node(at(tx, s.parentLeft(), id + "'s parent")));
        });
    }

    @Override
    List<TreeNode<T>> ancestorsOf(String id) {
        return ctx.read(tx -> {
            Span s = locate(tx, id, "node");
            List<TreeNode<T>> out = new ArrayList<>();
            for (Item i : tx.range(SortKeyCondition.between(Layout.number(0), Layout.number(s.left())))) {
                Span a = Span.of(i);
                if (a.left() < s.left() && a.right() > s.right()) {
                    out.add(node(i));
                }
            }
            Collections.reverse(out);
            return out;
        });
    }

    @Override
    List<TreeNode<T>> subtreeOf(String id, int maxDepth) {
        return ctx.read(tx -> {
            Span s = locate(tx, id, "node");
            long limit = (long) s.depth() + maxDepth;
            return subtreeAt(tx, s).stream().filter(i -> Layout.number(i, Layout.DEPTH) <= limit)
                    .map(this::node).toList();
        });
    }

    @Override
    long descendantsOf(String id) {
        return ctx.read(tx -> subtreeAt(tx, locate(tx, id, "node")).size() - 1L);
    }

    @Override
    int depthOf(String id) {
        return ctx.read(tx -> locate(tx, id, "node").depth());
    }

    @Override
    void moveTo(String id, String newParentId, Position position) {
        ctx.mutate("move", tx -> {
            Map<String, Item> read = tx.read(List.of(Layout.pointer(id), Layout.pointer(newParentId)));
            Span x = Span.of(TreeContext.at(read, Layout.pointer(id)).orElseThrow(() -> missing(id, "node")));
            Span target = Span.of(TreeContext.at(read, Layout.pointer(newParentId))
                    .orElseThrow(() -> missing(newParentId, "new parent")));
            if (x.depth() == 0) {
                throw rootCannotMove(id);
            }
            if (x.encloses(target.left())) {
                throw new CycleException(name(), id, newParentId);
            }
            List<Item> family = within(tx, target);
            head(tx, family, target);
            List<Span> siblings = kids(family, target, id);
            int index = Positions.resolve(position, ids(siblings), newParentId, id);
            if (x.parent().equals(Optional.of(newParentId)) && ids(kids(family, target, null)).indexOf(id) == index) {
                return null;
            }
            List<Item> moved = target.encloses(x.left())
                    ? family.stream().filter(i -> x.encloses(Layout.number(i, Layout.LEFT))).toList()
                    : within(tx, x);
            head(tx, moved, x);
            int[] depths = moved.stream().mapToInt(i -> (int) Layout.number(i, Layout.DEPTH) - x.depth()).toArray();
            long[] gap = gap(target, siblings, index);
            long[][] numbers = Numbering.place(depths, gap[0], gap[1], where(siblings, index));
            if (numbers == null) {
                new Renumbering(this, tx).move(id, newParentId, index);
                return null;
            }
            moved.forEach(i -> tx.delete(i.key().sort()));
            Map<String, Long> newLeft = new HashMap<>();
            newLeft.put(newParentId, target.left());
            int shift = target.depth() + 1 - x.depth();
            for (int j = 0; j < moved.size(); j++) {
                Item i = moved.get(j);
                Span old = Span.of(i);
                Optional<String> parent = j == 0 ? Optional.of(newParentId) : old.parent();
                Long parentLeft = parent.map(newLeft::get).orElse(null);
                if (parentLeft == null) {
                    // the subtree was read while another change moved part of it
                    throw tx.inconsistent("node '" + old.id() + "' lies in the subtree of '" + id
                            + "' but its parent does not");
                }
                newLeft.put(old.id(), numbers[j][0]);
                write(tx, new Span(old.id(), parent, old.depth() + shift, numbers[j][0], numbers[j][1],
                        parentLeft), i.get(Layout.PAYLOAD).orElseThrow());
            }
            return null;
        });
    }

    @Override
    void replace(String id, Value stored, T payload) {
        ctx.mutate("update", tx -> {
            writeNode(tx, locate(tx, id, "node"), stored);
            return null;
        });
    }

    @Override
    void deleteLeaf(String id) {
        ctx.mutate("delete", tx -> {
            Span s = locate(tx, id, "node");
            if (tx.range(SortKeyCondition.between(Layout.number(s.left()), Layout.number(s.right())), 2, false)
                    .size() > 1) {
                throw new NodeHasChildrenException(name(), id);
            }
            tx.delete(Layout.number(s.left()));
            tx.delete(Layout.pointer(id));
            if (s.depth() == 0) {
                tx.root(Optional.empty());
            }
            return null;
        });
    }

    @Override
    long deleteAll(String id) {
        return ctx.mutate("deleteSubtree", tx -> {
            Span s = locate(tx, id, "node");
            List<Item> doomed = within(tx, s);
            head(tx, doomed, s);
            for (Item i : doomed) {
                tx.delete(i.key().sort());
                tx.delete(Layout.pointer(Layout.string(i, Layout.ID)));
            }
            if (s.depth() == 0) {
                tx.root(Optional.empty());
            }
            return (long) doomed.size();
        });
    }

    @Override
    public TreeVerification verify() {
        return TechniqueCalls.call(ctx.store(), technique("verify"), ctx.table(), () -> {
            return Audit.verify(ctx, NestedAudit::check);
        });
    }

    @Override
    public TreeVerification repair() {
        return TechniqueCalls.call(ctx.store(), technique("repair"), ctx.table(), () -> {
            return Audit.repair(ctx, NestedAudit::check);
        });
    }
}
