package dev.nosqlpatterns.tree;

/**
 * The four ways a {@link Tree} can be laid out in a store, with what each costs in requests (round
 * trips; a batch read counts once as long as it fits one request). "Pages" are the extra requests of a
 * range read longer than the page size; h is the height of the subtree concerned, d the depth of the
 * node, k the size of its subtree, n the size of the tree.
 *
 * <p>Every layout keeps one tree in one partition (so a subtree read never leaves it), with a small
 * header item holding the root and the version that serializes changes; reads fetch it in the same batch
 * as their first item. Every change costs one atomic write of its items plus the header; above the
 * store's atomic-write limits, two header writes around atomic groups of its items; without atomic writes,
 * two header writes around one conditional write per item (and one read of items it writes unread).
 */
public enum TreeStrategy {

    /**
     * Adjacency lists: one item per node with its parent's id and the ordered ids of its children. Reads
     * that follow links are one linked read ({@code Store.follow}): 1 request at any depth where the store
     * follows links itself ({@code NATIVE_LINKED_READS}: Redis, Lucene, memory), one batched read per level
     * elsewhere, never one per node. Get: 1. Children: 2. Parent: 2. Ancestors and depth: d + 1 (1).
     * Subtree and count: h + 1 (1). Add: 1 read; writes the node and its parent. Move: d + 2 reads (3), the
     * climb that rules out a cycle; writes the node and both parents. Delete subtree: h + 2 reads (2); k + 1
     * writes. In brackets: where the store follows links itself.
     */
    ADJACENCY_LIST("adj"),

    /**
     * Materialized paths: each node's item is keyed by its path, the (rank, id) of every
     * ancestor and its own, in an order-preserving encoding, so sort-key order is pre-order with children
     * in their order, and it holds the readable path of labels for partial-path matches
     * ({@link PathTree#matching}). A small pointer item per node maps its id to its path. Get, parent and
     * ancestors: 2. Depth: 1. Subtree, children and count: 1 plus one prefix query plus pages, at any
     * depth (children read the whole subtree). Add: 1 plus a read of the parent's subtree; 2 writes. Move:
     * 1 plus reads of both subtrees; rewrites the k moved items and pointers. Paths must fit the store's
     * sort-key limit.
     */
    MATERIALIZED_PATHS("mpath"),

    /**
     * Nested sets: each node's item is keyed by its left number and holds its right
     * number; a node's descendants are exactly the items between its two numbers. Numbers leave gaps, so
     * adding renumbers nothing until a gap is used up, and then the whole tree is renumbered. Get, parent:
     * 2. Depth: 1. Subtree, children, count: 1 plus one range query plus pages, at any depth. Ancestors:
     * 1 plus a range query over every node before it. Add: 1 plus a read of the parent's subtree; 2
     * writes (or 3n when renumbering). Move: renumbers the k moved nodes (3k writes).
     */
    NESTED_SETS("nset"),

    /**
     * Tree aggregation: the whole tree in one item. Every read is 1 request and every
     * change 1 read plus 1 conditional write of the whole item, so it suits small trees read at once
     * (a comment thread, a menu). A change that would grow the item past the store's item limit is refused
     * with {@link TreeTooLargeException}.
     */
    AGGREGATE("agg");

    private final String tag;

    TreeStrategy(String tag) {
        this.tag = tag;
    }

    /** The short tag that starts the partition key of a tree of this layout, e.g. {@code nset|eshop}. */
    public String tag() {
        return tag;
    }
}
