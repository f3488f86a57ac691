package dev.nosqlpatterns.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.memory.MemoryStore;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The builder checks every argument at once; positions resolve against siblings. */
class TreesTest {
    private static final PayloadCodec<String> TEXT = PayloadCodec.of(s -> Map.of("text", Value.of(s)),
            m -> ((Value.Str) m.get("text")).value());

    @Test
    void theBuilderNamesEveryBadArgumentAtOnce() {
        IllegalArgumentException all = assertThrows(IllegalArgumentException.class,
                () -> Trees.builder(null, "bad name!", null));
        assertTrue(all.getMessage().contains("store must not be null")
                && all.getMessage().contains("bad name!") && all.getMessage().contains("codec"), all.getMessage());
        try (Store store = MemoryStore.create()) {
            IllegalArgumentException undeclared = assertThrows(IllegalArgumentException.class,
                    () -> Trees.builder(store, "categories", TEXT));
            assertTrue(undeclared.getMessage().contains("createTable"), undeclared.getMessage());
            store.createTable(TableSpec.named("categories"));
            Trees.Builder<String> b = Trees.builder(store, "categories", TEXT);
            assertThrows(IllegalArgumentException.class, () -> b.pageSize(0));
            assertThrows(IllegalArgumentException.class, () -> b.pageSize(1001));
            assertThrows(IllegalArgumentException.class, () -> b.maxAttempts(0));
            assertThrows(IllegalArgumentException.class, () -> b.lease(Duration.ofSeconds(-1)));
            assertThrows(IllegalArgumentException.class, () -> b.nestedSetNumbers(15));
            assertThrows(NullPointerException.class, () -> b.label(null));
            IllegalArgumentException name = assertThrows(IllegalArgumentException.class, () -> b.nestedSets("a/b"));
            assertTrue(name.getMessage().contains("tree name 'a/b'"), name.getMessage());
            for (TreeStrategy s : TreeStrategy.values()) {
                Tree<String> tree = b.open(s, "t");
                assertEquals(s, tree.strategy());
                assertEquals("t", tree.name());
                tree.createRoot("root", "hello");
                assertEquals(Optional.of("hello"), tree.get("root").map(TreeNode::payload));
            }
        }
    }

    @Test
    void treesOfDifferentNamesAndLayoutsShareATableWithoutMeeting() {
        try (Store store = MemoryStore.create()) {
            store.createTable(TableSpec.named("t"));
            Trees.Builder<String> b = Trees.builder(store, "t", TEXT);
            b.nestedSets("one").createRoot("r", "one");
            b.nestedSets("two").createRoot("r", "two");
            b.materializedPaths("one").createRoot("r", "paths");
            assertEquals("one", b.nestedSets("one").root().orElseThrow().payload());
            assertEquals("two", b.nestedSets("two").root().orElseThrow().payload());
            assertEquals("paths", b.materializedPaths("one").root().orElseThrow().payload());
        }
    }

    @Test
    void positionsResolveAgainstTheOtherChildren() {
        java.util.List<String> kids = java.util.List.of("a", "b", "c");
        assertEquals(0, Positions.resolve(Position.first(), kids, "p", "x"));
        assertEquals(3, Positions.resolve(Position.last(), kids, "p", "x"));
        assertEquals(2, Positions.resolve(Position.at(2), kids, "p", "x"));
        assertEquals(1, Positions.resolve(Position.before("b"), kids, "p", "x"));
        assertEquals(2, Positions.resolve(Position.after("b"), kids, "p", "x"));
        IllegalArgumentException past = assertThrows(IllegalArgumentException.class,
                () -> Positions.resolve(Position.at(4), kids, "p", "x"));
        assertTrue(past.getMessage().contains("3 other children"), past.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Positions.resolve(Position.after("x"), kids, "p", "x"));
        assertThrows(IllegalArgumentException.class, () -> Positions.resolve(Position.before("z"), kids, "p", "x"));
        assertThrows(NullPointerException.class, () -> Position.before(null));
    }

    @Test
    void nodeSnapshotsCheckTheirParts() {
        assertThrows(NullPointerException.class, () -> new TreeNode<>("a", Optional.empty(), null));
        assertThrows(NullPointerException.class, () -> new TreeNode<>(null, Optional.empty(), "x"));
        assertTrue(new TreeNode<>("a", Optional.empty(), "x").isRoot());
        TreeVerification check = new TreeVerification(3, false, 1, java.util.List.of());
        assertTrue(!check.consistent());
        assertTrue(new TreeVerification(3, false, 0, java.util.List.of()).consistent());
    }
}
