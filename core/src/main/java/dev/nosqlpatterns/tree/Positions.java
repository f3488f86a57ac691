package dev.nosqlpatterns.tree;

import java.util.List;

/** Resolves a {@link Position} against the ordered ids of a parent's other children. */
final class Positions {
    private Positions() {
    }

    /**
     * The index the node takes in {@code siblings} (the parent's children without the node itself).
     *
     * @throws IllegalArgumentException when the position does not exist among them
     */
    static int resolve(Position position, List<String> siblings, String parent, String node) {
        if (position instanceof Position.First) {
            return 0;
        }
        if (position instanceof Position.Last) {
            return siblings.size();
        }
        if (position instanceof Position.At at) {
            if (at.index() > siblings.size()) {
                throw new IllegalArgumentException("position " + at.index() + " does not exist under '" + parent
                        + "', which has " + siblings.size() + " other children (use 0 to " + siblings.size() + ")");
            }
            return at.index();
        }
        if (position instanceof Position.Before b) {
            return sibling(b.sibling(), siblings, parent, node, "before");
        }
        return sibling(((Position.After) position).sibling(), siblings, parent, node, "after") + 1;
    }

    private static int sibling(String sibling, List<String> siblings, String parent, String node, String where) {
        if (sibling.equals(node)) {
            throw new IllegalArgumentException("cannot place '" + node + "' " + where + " itself");
        }
        int index = siblings.indexOf(sibling);
        if (index < 0) {
            throw new IllegalArgumentException("cannot place '" + node + "' " + where + " '" + sibling
                    + "': it is not a child of '" + parent + "'");
        }
        return index;
    }
}
