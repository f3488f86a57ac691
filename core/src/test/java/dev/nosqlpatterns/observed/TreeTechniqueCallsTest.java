package dev.nosqlpatterns.observed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.CallObserver;
import dev.nosqlpatterns.store.ObservedCall;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tree.DuplicateNodeException;
import dev.nosqlpatterns.tree.PathPattern;
import dev.nosqlpatterns.tree.PathTree;
import dev.nosqlpatterns.tree.PayloadCodec;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeConflictException;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.Trees;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** Every public call of a tree, in each of its layouts, is a technique call named after the layout. */
class TreeTechniqueCallsTest {
    private static final PayloadCodec<String> TEXT = PayloadCodec.of(s -> Map.of("text", Value.of(s)),
            m -> ((Value.Str) m.get("text")).value());
    private static final String ACCESSOR = "an accessor of the tree's name or layout, no store call";

    private static Store store() {
        Store store = Store.of(new MemoryBackend());
        store.createTable(TableSpec.named("trees"));
        return store;
    }

    private static String prefix(TreeStrategy strategy) {
        return switch (strategy) {
            case ADJACENCY_LIST -> "adjacencyListTree.";
            case MATERIALIZED_PATHS -> "materializedPathTree.";
            case NESTED_SETS -> "nestedSetTree.";
            case AGGREGATE -> "aggregateTree.";
        };
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void everyLayout(TreeStrategy strategy) {
        try (Store store = store()) {
            Tree<String> tree = Trees.builder(store, "trees", TEXT).open(strategy, "catalogue");
            String p = prefix(strategy);
            EntryPoints calls = new EntryPoints(store, Tree.class)
                    .exempt("name()", ACCESSOR).exempt("strategy()", ACCESSOR);
            calls.succeeds("createRoot(String,Object)", p + "createRoot", () -> tree.createRoot("root", "all"));
            calls.succeeds("addChild(String,String,Object)", p + "addChild", () -> tree.addChild("root", "books", "B"));
            calls.succeeds("addChild(String,String,Object,Position)", p + "addChild",
                    () -> tree.addChild("root", "music", "M", Position.first()));
            calls.fails("addChild(String,String,Object)", p + "addChild", DuplicateNodeException.class,
                    () -> tree.addChild("root", "books", "again"));
            calls.succeeds("addChild(String,String,Object)", p + "addChild", () -> tree.addChild("books", "poetry", "P"));
            assertEquals(Optional.of("B"), calls.succeeds("get(String)", p + "get", () -> tree.get("books"))
                    .map(TreeNode::payload));
            assertEquals("root", calls.succeeds("root()", p + "root", tree::root).orElseThrow().id());
            assertEquals(2, calls.succeeds("children(String)", p + "children", () -> tree.children("root")).size());
            assertEquals("books", calls.succeeds("parent(String)", p + "parent", () -> tree.parent("poetry"))
                    .orElseThrow().id());
            assertEquals(2, calls.succeeds("ancestors(String)", p + "ancestors", () -> tree.ancestors("poetry")).size());
            assertEquals(4, calls.succeeds("subtree(String)", p + "subtree", () -> tree.subtree("root")).size());
            assertEquals(3, calls.succeeds("subtree(String,int)", p + "subtree", () -> tree.subtree("root", 1)).size());
            assertEquals(3L, calls.succeeds("countDescendants(String)", p + "countDescendants",
                    () -> tree.countDescendants("root")));
            assertEquals(2, calls.succeeds("depth(String)", p + "depth", () -> tree.depth("poetry")));
            calls.runs("move(String,String,Position)", p + "move", () -> tree.move("poetry", "music", Position.last()));
            calls.runs("update(String,Object)", p + "update", () -> tree.update("poetry", "verse"));
            calls.runs("delete(String)", p + "delete", () -> tree.delete("poetry"));
            assertEquals(1L, calls.succeeds("deleteSubtree(String)", p + "deleteSubtree", () -> tree.deleteSubtree("music")));
            assertTrue(calls.succeeds("verify()", p + "verify", tree::verify).problems().isEmpty());
            calls.succeeds("repair()", p + "repair", tree::repair);
            Tree<String> other = Trees.builder(store, "trees", TEXT).open(strategy, "other");
            calls.succeeds("load(Iterable)", p + "load", () -> other.load(List.of(
                    new TreeNode<>("top", Optional.empty(), "t"), new TreeNode<>("leaf", Optional.of("top"), "l"))));
            calls.assertEveryOneChecked();
        }
    }

    @Test
    void materializedPaths() {
        try (Store store = store()) {
            PathTree<String> tree = Trees.builder(store, "trees", TEXT).materializedPaths("catalogue");
            tree.createRoot("root", "all");
            tree.addChild("root", "books", "B");
            EntryPoints calls = new EntryPoints(store, PathTree.class);
            calls.exempt("name()", ACCESSOR).exempt("strategy()", ACCESSOR);
            for (String inherited : new EntryPoints(store, Tree.class).signatures()) {
                if (!inherited.equals("name()") && !inherited.equals("strategy()")) {
                    calls.exempt(inherited, "a Tree method, checked for every layout in everyLayout");
                }
            }
            PathPattern all = PathPattern.parse("/root/*");
            assertEquals(1, calls.succeeds("matching(PathPattern)", "materializedPathTree.matching",
                    () -> tree.matching(all)).size());
            assertEquals(1, calls.succeeds("matching(PathPattern,String)", "materializedPathTree.matching",
                    () -> tree.matching(all, "root")).size());
            assertEquals("/root/books", calls.succeeds("path(String)", "materializedPathTree.path",
                    () -> tree.path("books")));
            calls.assertEveryOneChecked();
        }
    }

    /** A change overtaken on its only attempt ends its technique call with a conflict. */
    @Test
    void anOvertakenChangeIsAConflict() {
        try (Store store = store()) {
            Tree<String> tree = Trees.builder(store, "trees", TEXT).maxAttempts(1).aggregate("catalogue");
            tree.createRoot("root", "all");
            Tree<String> rival = Trees.builder(store, "trees", TEXT).aggregate("catalogue");
            AtomicBoolean armed = new AtomicBoolean();
            store.observe(new CallObserver() {
                @Override
                public Handle start(ObservedCall call) {
                    // the rival's write lands between the tree's read and its conditional write
                    if (call.kind() == ObservedCall.Kind.STORE && call.name().equals("put") && armed.getAndSet(false)) {
                        rival.update("root", "theirs");
                    }
                    return (cost, failure) -> { };
                }
            });
            EntryPoints calls = new EntryPoints(store, Tree.class);
            armed.set(true);
            calls.conflicts("update(String,Object)", "aggregateTree.update", TreeConflictException.class,
                    () -> tree.update("root", "ours"));
            assertEquals(Optional.of("theirs"), tree.get("root").map(TreeNode::payload));
        }
    }
}
