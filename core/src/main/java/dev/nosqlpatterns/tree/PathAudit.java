package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The consistency rules of materialized paths, checked over every item of a tree. */
final class PathAudit {
    private PathAudit() {
    }

    static <T> Audit.Findings check(TreeContext<T> ctx, Audit.Snapshot s) {
        List<String> problems = new ArrayList<>();
        Map<String, Item> nodes = new HashMap<>();
        Map<String, Item> pointers = new HashMap<>();
        for (Item i : s.items()) {
            String sort = i.key().sort();
            if (sort.startsWith(Layout.PATHS)) {
                nodes.put(sort.substring(Layout.PATHS.length()), i);
            } else if (sort.startsWith(Layout.POINTERS)) {
                pointers.put(Layout.string(i, Layout.ID), i);
            } else {
                problems.add("unexpected item " + i.key());
            }
        }
        int roots = 0;
        for (Map.Entry<String, Item> e : nodes.entrySet()) {
            String key = e.getKey();
            Item node = e.getValue();
            String id = Layout.string(node, Layout.ID);
            List<String> segments;
            try {
                segments = PathKeys.split(key);
            } catch (IllegalArgumentException bad) {
                problems.add("node '" + id + "' has a malformed path key: " + bad.getMessage());
                continue;
            }
            PathKeys.Segment last = PathKeys.decode(segments.get(segments.size() - 1));
            if (!last.id().equals(id) || !last.rank().equals(Layout.string(node, MaterializedPathTree.RANK))) {
                problems.add("node '" + id + "' is stored under the path of (" + last.rank() + ", " + last.id() + ")");
            }
            if (Layout.number(node, Layout.DEPTH) != segments.size() - 1) {
                problems.add("node '" + id + "' has depth " + Layout.number(node, Layout.DEPTH) + " but a path of "
                        + segments.size() + " levels");
            }
            String label = ctx.label(id, ctx.decode(node.get(Layout.PAYLOAD).orElseThrow()));
            String path = Layout.string(node, Layout.PATH);
            if (segments.size() == 1) {
                roots++;
                if (!s.header().root().equals(Optional.of(id))) {
                    problems.add("node '" + id + "' is at the top but the root is " + s.header().root());
                }
                if (!path.equals("/" + label) || Layout.parent(node).isPresent()) {
                    problems.add("the root '" + id + "' has path '" + path + "' and parent " + Layout.parent(node));
                }
            } else {
                String parentKey = key.substring(0, key.length() - segments.get(segments.size() - 1).length());
                Item parent = nodes.get(parentKey);
                String parentId = PathKeys.decode(segments.get(segments.size() - 2)).id();
                if (parent == null) {
                    problems.add("node '" + id + "' has no parent node at its path's prefix ('" + parentId + "')");
                } else if (!path.equals(Layout.string(parent, Layout.PATH) + "/" + label)) {
                    problems.add("node '" + id + "' has label path '" + path + "', expected its parent's '"
                            + Layout.string(parent, Layout.PATH) + "' and '/" + label + "'");
                }
                if (!Layout.parent(node).equals(Optional.of(parentId))) {
                    problems.add("node '" + id + "' names parent " + Layout.parent(node) + " but its path says '"
                            + parentId + "'");
                }
            }
            Item pointer = pointers.get(id);
            if (pointer == null || !Layout.string(pointer, Layout.KEY).equals(key)) {
                problems.add("node '" + id + "' has " + (pointer == null ? "no pointer" : "a pointer to another path"));
            }
        }
        for (Item p : pointers.values()) {
            String id = Layout.string(p, Layout.ID);
            Item node = nodes.get(Layout.string(p, Layout.KEY));
            if (node == null || !Layout.string(node, Layout.ID).equals(id)) {
                problems.add("the pointer of '" + id + "' leads to " + (node == null ? "no node" : "another node"));
            }
        }
        if (roots > 1) {
            problems.add(roots + " nodes sit at the top of the tree");
        }
        if (roots == 0 && s.header().root().isPresent()) {
            problems.add("the root '" + s.header().root().get() + "' has no node");
        }
        return new Audit.Findings(nodes.size(), problems);
    }
}
