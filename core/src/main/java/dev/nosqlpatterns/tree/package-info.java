/**
 * Hierarchies: one {@link dev.nosqlpatterns.tree.Tree} API over the four tree techniques of the catalogue
 * (tree aggregation, adjacency lists, materialized paths, nested sets), so a tree can be laid out the way
 * its access patterns need and the layouts compared on the same store.
 *
 * <pre>{@code
 * Tree<Category> tree = Trees.builder(store, "categories", codec).label(Category::name).nestedSets("eshop");
 * tree.createRoot("catalog", new Category("Catalog"));
 * tree.addChild("catalog", "apparel", new Category("Apparel"));
 * tree.addChild("apparel", "men", new Category("Men"), Position.first());
 * List<TreeNode<Category>> all = tree.subtree("catalog");      // pre-order, one range query at any depth
 * tree.move("men", "catalog", Position.last());                  // refused if it would make a cycle
 * }</pre>
 *
 * <p>Layout. Each tree is one partition of a table ({@code <tag>|<name>}): a header item (root, version,
 * pending change), the nodes in the layout's own key order, and for materialized paths and nested sets a
 * pointer item per id. Payloads go through a {@link dev.nosqlpatterns.tree.PayloadCodec}. What each
 * operation costs is listed on {@link dev.nosqlpatterns.tree.TreeStrategy}; every store call reports its
 * cost to the store's listeners.
 *
 * <p>Changes. Every change reads the header with its first items and writes the header's next version
 * with its last, conditionally, so concurrent changes of one tree are serialized without locks: the loser
 * re-reads and retries, and nothing it planned is written. A change whose items (plus the header) fit one
 * atomic write of the store is written that way. Otherwise, or with {@code atomicWrites(false)}, it goes
 * through a redo journal: the conditional header write records it and commits it, then its whole-item
 * puts and deletes are applied, then the header is cleared. Any operation that finds a committed change
 * pending after its lease completes it first, so an interrupted change is either invisible or completed,
 * and {@link dev.nosqlpatterns.tree.Tree#verify()} and {@link dev.nosqlpatterns.tree.Tree#repair()} check
 * and finish the job explicitly.
 *
 * <p>Writers paused past their lease. Every item carries the token of the change that last wrote it. A
 * journaled change is applied, on a store with atomic writes, in atomic groups that each check the header
 * still holds the change; otherwise each write is conditional on its item's token as the change read it.
 * So a writer that resumes after another completed its change, and later changes followed, writes nothing
 * over them. Where writes are fenced that way (stores without atomic writes, or {@code atomicWrites(false)}),
 * a delete leaves a tombstone carrying the deleting change's token, so an item the resumed writer expects
 * absent is not absent, and it cannot re-create an item deleted since. Reads skip tombstones; those older
 * than the tree's tombstone grace (default ten minutes) are removed by the next change that reads them and by
 * {@link dev.nosqlpatterns.tree.Tree#repair()}. A writer paused for longer than the grace may still
 * re-create such an item: keep the grace above the longest pause a writer can suffer.
 *
 * <p>Bulk loads. {@link dev.nosqlpatterns.tree.Tree#load} writes a whole tree into an empty one in
 * batches, its layout computed in memory: the header first claims the tree (which then reads as empty
 * and refuses changes), the items follow, and the header's last write makes the tree appear whole.
 */
package dev.nosqlpatterns.tree;
