package dev.nosqlpatterns.tree;

import java.util.List;
import java.util.Optional;

/**
 * A rooted, ordered tree of nodes with user payloads, kept in a store by one of the hierarchy techniques
 * ({@link TreeStrategy}): the same operations whatever the layout, so layouts can be swapped and compared.
 *
 * <p>Nodes are named by ids that are unique within the tree (see {@link Trees} for the rules); children
 * keep the order they were placed in ({@link Position}). Every change is checked before anything is
 * written: a missing node, a duplicate id, a move under the node's own descendant, or deleting a node
 * that has children with {@link #delete} fails with a {@link TreeException} and leaves the tree as it was.
 *
 * <p>Changes are serialized per tree with an optimistic version, so concurrent writers (threads or
 * processes) never create a cycle or lose a node; a writer that loses a race re-reads and retries, and
 * gives up with {@link TreeConflictException} after the configured number of attempts. A change that
 * touches several items is written atomically where the store can, otherwise through a journal whose
 * interruption the next operation on the tree detects and completes ({@link #repair()}).
 *
 * <p><b>Under concurrent writers</b> (no crash): the tree always equals the result of some serial order of
 * the changes that returned, every read agrees with it and {@link #verify()} finds nothing. A writer paused
 * past its lease after committing is completed by the next writer, and when it resumes its writes fail
 * their conditions rather than undo later changes, tombstones included where fenced writes delete
 * (see the package documentation); only a pause longer than the tombstone grace (ten minutes by default)
 * escapes them.
 *
 * <p><b>Under crashes</b>: a change is either invisible or complete once the next operation ran; a bulk
 * load is whole or reads as empty until {@link #repair()}.
 *
 * <p>Reads see every completed change. A change written through the journal (on a store without atomic
 * writes, or too large for them) is applied in steps; a read that notices it mid-way (a node twice, a
 * pointer to nowhere) waits for it and reads again, but a read made of several requests may still see
 * it partly applied, e.g. an adjacency-list subtree without a node that is being moved. No read sees an
 * interrupted change: it completes it first.
 *
 * <p>Instances hold no mutable state and are thread-safe. What each operation costs depends on the
 * strategy; {@link TreeStrategy} lists it, and every call reports it through the store's cost listeners.
 *
 * @param <T> the payload type, converted by the tree's {@link PayloadCodec}
 */
public interface Tree<T> {

    /** The tree's name: the key its items are stored under, unique per table and strategy. */
    String name();

    /** How this tree is laid out in the store. */
    TreeStrategy strategy();

    /**
     * Creates the root node of an empty tree.
     *
     * @throws TreeException when the tree already has a root
     */
    TreeNode<T> createRoot(String id, T payload);

    /**
     * Loads a whole tree into this empty tree in a few batched writes instead of one change per node:
     * the way to migrate an existing hierarchy, or to copy a tree into another layout (the
     * {@link #subtree} of one tree, in pre-order, is a valid input for another).
     *
     * <p>{@code nodes} come parents first (pre-order, level order or any such order): the root first,
     * then every node after its parent; each parent's children keep the order they come in. The whole
     * input is checked before anything is written. The result is the tree that {@link #createRoot} and
     * {@link #addChild} would build from the same nodes in the same order (for nested sets, with the
     * numbers spread evenly, as after a renumbering), and it takes changes as usual.
     *
     * <p>The tree appears whole or not at all: until the load completes, the tree reads as empty and
     * refuses changes. A load that stops half-way leaves an empty tree whose {@link #verify()} reports
     * the unfinished load; {@link #repair()} deletes what it wrote, and a load retried after the lease
     * deletes it too before writing again.
     *
     * @return the number of nodes loaded
     * @throws IllegalArgumentException naming every bad node (up to ten): no root, two roots, a root that is
     *                                  not first, a parent that does not come before its child, an id
     *                                  twice, an invalid id or payload
     * @throws TreeException            when the tree is not empty, or another load holds it
     * @throws TreeTooLargeException    when an item would pass the store's limits (for
     *                                  {@link TreeStrategy#AGGREGATE}, the whole tree)
     */
    long load(Iterable<TreeNode<T>> nodes);

    /** Adds a node as the last child of {@code parentId}; see {@link #addChild(String, String, Object, Position)}. */
    default TreeNode<T> addChild(String parentId, String id, T payload) {
        return addChild(parentId, id, payload, Position.last());
    }

    /**
     * Adds a leaf under {@code parentId} at {@code position} among its children.
     *
     * @throws NoSuchNodeException      when the parent does not exist
     * @throws DuplicateNodeException   when the tree already has a node {@code id}
     * @throws IllegalArgumentException for an invalid id or a position that does not exist
     */
    TreeNode<T> addChild(String parentId, String id, T payload, Position position);

    /** The node, or empty when the tree has no node {@code id}. */
    Optional<TreeNode<T>> get(String id);

    /** The root, or empty when the tree is empty. */
    Optional<TreeNode<T>> root();

    /** The children of a node, in order. @throws NoSuchNodeException when it does not exist */
    List<TreeNode<T>> children(String id);

    /** The parent of a node, empty for the root. @throws NoSuchNodeException when it does not exist */
    Optional<TreeNode<T>> parent(String id);

    /**
     * The path from a node to the root, excluding the node: its parent first, the root last.
     *
     * @throws NoSuchNodeException when it does not exist
     */
    List<TreeNode<T>> ancestors(String id);

    /** The node and all its descendants in pre-order (a node before its children, children in order). */
    default List<TreeNode<T>> subtree(String id) {
        return subtree(id, Integer.MAX_VALUE);
    }

    /**
     * The node and its descendants down to {@code maxDepth} levels below it, in pre-order; 0 gives the
     * node alone, 1 the node and its children.
     *
     * @throws NoSuchNodeException      when the node does not exist
     * @throws IllegalArgumentException when {@code maxDepth} is negative
     */
    List<TreeNode<T>> subtree(String id, int maxDepth);

    /** How many nodes lie below a node (0 for a leaf). @throws NoSuchNodeException when it does not exist */
    long countDescendants(String id);

    /** The number of edges from the root to a node (0 for the root). @throws NoSuchNodeException when absent */
    int depth(String id);

    /**
     * Moves a node with its whole subtree under {@code newParentId} at {@code position} among the new
     * parent's other children. Moving a node to where it already is changes nothing.
     *
     * @throws CycleException           when the new parent is the node itself or one of its descendants
     * @throws NoSuchNodeException      when either node does not exist
     * @throws IllegalArgumentException when the node is the root, or for a position that does not exist
     */
    void move(String id, String newParentId, Position position);

    /** Replaces a node's payload. @throws NoSuchNodeException when it does not exist */
    void update(String id, T payload);

    /**
     * Deletes a leaf (or the root of a one-node tree).
     *
     * @throws NodeHasChildrenException when the node has children; use {@link #deleteSubtree} to say so
     * @throws NoSuchNodeException      when it does not exist
     */
    void delete(String id);

    /**
     * Deletes a node with all its descendants, and returns how many nodes were deleted. Deleting the
     * root empties the tree, which may then get a new root.
     *
     * @throws NoSuchNodeException when the node does not exist
     */
    long deleteSubtree(String id);

    /**
     * Reads the whole tree and checks that its items agree with each other (links, numbering, paths,
     * the journal). Costs one read of every item of the tree.
     */
    TreeVerification verify();

    /**
     * Completes a change left pending by a writer that stopped (without waiting for its lease to run
     * out), removes journal entries no change refers to, and returns {@link #verify()} afterwards. Call it
     * only when no writer of this tree is still applying a change, e.g. after a crash.
     */
    TreeVerification repair();
}
