package dev.nosqlpatterns.testkit.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Shadow tables: a projected copy for scan-heavy readers, kept in step, crash-safe and repairable. */
public abstract class ShadowTableSuite extends StoreSuite {

    private static Item post(String id, String category, String body) {
        return Item.builder("post|" + id, "<BASE>").put("category", category).put("body", body).build();
    }

    @Test
    void theShadowHoldsTheProjectionOfEveryItem() {
        String posts = newTable();
        String copy = newTable();
        ShadowTable shadow = ShadowTable.of(store, posts, copy, ShadowTable.keeping("category"));
        for (int i = 0; i < 30; i++) {
            shadow.put(post(String.valueOf(i), "c" + (i % 3), "x".repeat(2_000)));
        }
        shadow.put(post("5", "changed", "y"));
        shadow.delete(Key.of("post|7", "<BASE>"));
        assertEquals(29, store.scanAll(Scan.of(copy)).count());
        assertEquals(Optional.of("changed"), store.get(copy, Key.of("post|5", "<BASE>")).flatMap(i -> i.getString("category")));
        assertTrue(store.scanAll(Scan.of(copy)).noneMatch(i -> i.has("body")), "the shadow keeps only the projection");
        assertTrue(shadow.verify().consistent());
        assertThrows(IllegalArgumentException.class, () -> ShadowTable.of(store, posts, posts, ShadowTable.keeping("a")));
    }

    @Test
    void aCrashLeavesAStaleShadowThatRepairFixes() {
        crashEverywhere(s -> s.put(post("1", "new", "b")));
        crashEverywhere(s -> s.delete(Key.of("post|1", "<BASE>")));
    }

    private void crashEverywhere(Consumer<ShadowTable> op) {
        for (int step = 1; step <= 2; step++) {
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                String posts = newTable();
                String copy = newTable();
                ShadowTable.of(store, posts, copy, ShadowTable.keeping("category")).put(post("1", "old", "a"));
                Store crashing = crashingStore(step, when);
                try {
                    op.accept(ShadowTable.of(crashing, posts, copy, ShadowTable.keeping("category")));
                } catch (StoreUnavailableException crashed) {
                    // the process died here
                }
                ShadowTable after = ShadowTable.of(store, posts, copy, ShadowTable.keeping("category"));
                Optional<String> shadowCategory = store.get(copy, Key.of("post|1", "<BASE>")).flatMap(i -> i.getString("category"));
                assertTrue(!shadowCategory.equals(Optional.of("new"))
                        || store.get(posts, Key.of("post|1", "<BASE>")).flatMap(i -> i.getString("category")).equals(Optional.of("new")),
                        "a shadow is never ahead of its item");
                after.repair();
                assertTrue(after.verify().consistent(), "step " + step + " " + when);
                assertEquals(store.get(posts, Key.of("post|1", "<BASE>")).flatMap(i -> i.getString("category")),
                        store.get(copy, Key.of("post|1", "<BASE>")).flatMap(i -> i.getString("category")),
                        "after repair the shadow matches its item");
            }
        }
    }
}
