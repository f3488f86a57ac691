package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Renumbers a whole nested-set tree when a change finds no free numbers where it goes: reads every node,
 * applies the change to the order in memory, spreads the numbers evenly over the number line again, and
 * plans writes for the nodes whose numbers, depth or parent changed. The plan commits like any other
 * change: atomically where it fits, through the journal otherwise.
 */
final class Renumbering {
    private final NestedSetTree<?> tree;
    private final Tx<?> tx;
    private final Map<String, NestedSetTree.Span> old = new LinkedHashMap<>();
    private final Map<String, Value> payloads = new HashMap<>();
    private final Map<String, List<String>> children = new HashMap<>();
    private String root;

    Renumbering(NestedSetTree<?> tree, Tx<?> tx) {
        this.tree = tree;
        this.tx = tx;
        for (Item i : tx.range(SortKeyCondition.beginsWith(Layout.NUMBERS))) {
            NestedSetTree.Span s = NestedSetTree.Span.of(i);
            old.put(s.id(), s);
            payloads.put(s.id(), i.get(Layout.PAYLOAD).orElseThrow());
            children.put(s.id(), new ArrayList<>());
            if (s.parent().isEmpty()) {
                root = s.id();
            } else {
                children.computeIfAbsent(s.parent().get(), p -> new ArrayList<>()).add(s.id());
            }
        }
    }

    void insert(String id, String parent, int index, Value payload) {
        children.get(parent).add(index, id);
        children.put(id, new ArrayList<>());
        payloads.put(id, payload);
        apply();
    }

    void move(String id, String newParent, int index) {
        children.get(old.get(id).parent().orElseThrow()).remove(id);
        children.get(newParent).add(index, id);
        apply();
    }

    private void apply() {
        List<String> order = new ArrayList<>();
        List<Integer> depths = new ArrayList<>();
        Map<String, String> parents = new HashMap<>();
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {root, 0});
        while (!stack.isEmpty()) {
            Object[] e = stack.pop();
            String id = (String) e[0];
            int depth = (Integer) e[1];
            order.add(id);
            depths.add(depth);
            List<String> kids = children.get(id);
            for (int i = kids.size() - 1; i >= 0; i--) {
                parents.put(kids.get(i), id);
                stack.push(new Object[] {kids.get(i), depth + 1});
            }
        }
        int[] inner = depths.subList(1, depths.size()).stream().mapToInt(d -> d).toArray();
        long[][] numbers = Numbering.spread(inner, 0, tree.max());
        if (numbers == null) {
            throw new TreeException(tree.name(), "its " + order.size() + " nodes do not fit nested-set numbers up to "
                    + tree.max() + "; nothing was written. Open it with larger nestedSetNumbers");
        }
        Map<String, Long> left = new HashMap<>();
        List<NestedSetTree.Span> next = new ArrayList<>(order.size());
        for (int j = 0; j < order.size(); j++) {
            String id = order.get(j);
            long l = j == 0 ? 0 : numbers[j - 1][0];
            long r = j == 0 ? tree.max() : numbers[j - 1][1];
            left.put(id, l);
            Optional<String> parent = Optional.ofNullable(parents.get(id));
            next.add(new NestedSetTree.Span(id, parent, depths.get(j), l, r, parent.map(left::get).orElse(-1L)));
        }
        for (NestedSetTree.Span s : next) {
            NestedSetTree.Span before = old.get(s.id());
            if (before != null && before.left() != s.left()) {
                tx.delete(Layout.number(before.left()));
            }
        }
        for (NestedSetTree.Span s : next) {
            if (!s.equals(old.get(s.id()))) {
                NestedSetTree.write(tx, s, payloads.get(s.id()));
            }
        }
    }
}
