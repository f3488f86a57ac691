package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The consistency rules of nested sets, checked over every item of a tree. */
final class NestedAudit {
    private NestedAudit() {
    }

    static Audit.Findings check(Audit.Snapshot s) {
        List<String> problems = new ArrayList<>();
        List<NestedSetTree.Span> nodes = new ArrayList<>();
        Map<String, NestedSetTree.Span> pointers = new HashMap<>();
        for (Item i : s.items()) {
            String sort = i.key().sort();
            if (sort.startsWith(Layout.NUMBERS)) {
                NestedSetTree.Span n = NestedSetTree.Span.of(i);
                if (!sort.equals(Layout.number(n.left()))) {
                    problems.add("node '" + n.id() + "' with left number " + n.left() + " is stored under " + sort);
                }
                nodes.add(n);
            } else if (sort.startsWith(Layout.POINTERS)) {
                NestedSetTree.Span p = NestedSetTree.Span.of(i);
                pointers.put(p.id(), p);
            } else {
                problems.add("unexpected item " + i.key());
            }
        }
        Map<String, Long> lefts = new HashMap<>();
        Deque<NestedSetTree.Span> open = new ArrayDeque<>();
        int roots = 0;
        for (NestedSetTree.Span n : nodes) {
            if (n.left() >= n.right()) {
                problems.add("node '" + n.id() + "' has left " + n.left() + " not below right " + n.right());
            }
            while (!open.isEmpty() && open.peek().right() < n.left()) {
                open.pop();
            }
            if (open.isEmpty()) {
                roots++;
                if (n.depth() != 0 || n.parent().isPresent() || n.left() != 0
                        || !s.header().root().equals(Optional.of(n.id()))) {
                    problems.add("node '" + n.id() + "' [" + n.left() + ", " + n.right()
                            + "] lies in no other node, yet is not the root " + s.header().root() + " at 0");
                }
            } else {
                NestedSetTree.Span up = open.peek();
                if (n.right() >= up.right()) {
                    problems.add("node '" + n.id() + "' [" + n.left() + ", " + n.right() + "] overlaps '" + up.id()
                            + "' [" + up.left() + ", " + up.right() + "]");
                }
                if (!n.parent().equals(Optional.of(up.id())) || n.depth() != up.depth() + 1) {
                    problems.add("node '" + n.id() + "' lies directly in '" + up.id() + "' but names parent "
                            + n.parent() + " at depth " + n.depth());
                }
            }
            lefts.put(n.id(), n.left());
            open.push(n);
        }
        if (roots > 1) {
            problems.add(roots + " nodes lie in no other node");
        }
        if (roots == 0 && s.header().root().isPresent()) {
            problems.add("the root '" + s.header().root().get() + "' has no node");
        }
        for (NestedSetTree.Span n : nodes) {
            NestedSetTree.Span p = pointers.remove(n.id());
            long parentLeft = n.parent().map(lefts::get).orElse(-1L);
            NestedSetTree.Span expected = new NestedSetTree.Span(n.id(), n.parent(), n.depth(), n.left(), n.right(),
                    parentLeft);
            if (!expected.equals(p)) {
                problems.add("the pointer of '" + n.id() + "' is " + p + ", expected " + expected);
            }
        }
        pointers.keySet().forEach(id -> problems.add("the pointer of '" + id + "' leads to no node"));
        return new Audit.Findings(nodes.size(), problems);
    }
}
