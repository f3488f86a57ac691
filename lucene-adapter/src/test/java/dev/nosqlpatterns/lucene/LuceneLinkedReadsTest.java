package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.CapabilityMaskingBackend;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A linked read on Lucene is one pass over one searcher: it sees writes not yet refreshed into the index
 * (the newer of the pending write and the indexed document, as a batch get does) and reads a tree of any
 * depth in one request, where the level-by-level reads take one per level.
 */
class LuceneLinkedReadsTest {
    private static final String T = "linked";

    private static LinkedRead fromRoot() {
        return LinkedRead.of(T, "tree", List.of("root"), "kids", "n:", Integer.MAX_VALUE);
    }

    private static Item node(LinkedRead read, String id, String... kids) {
        Key key = Key.of("tree", id.equals("root") ? "root" : read.targetOf(id));
        List<Value> links = new ArrayList<>();
        for (String kid : kids) {
            links.add(Value.of(kid));
        }
        return Item.builder(key).put("kids", Value.list(links)).build();
    }

    private static List<String> sorts(List<Item> items) {
        return items.stream().map(i -> i.key().sort()).toList();
    }

    @Test
    void aWalkSeesWritesStillPendingBeforeARefresh() {
        try (Store store = LuceneStore.builder().inMemory().build()) {
            store.createTable(TableSpec.named(T));
            LinkedRead read = fromRoot();
            store.put(T, node(read, "root", "a", "b"));
            store.put(T, node(read, "a", "c"));
            store.put(T, node(read, "b"));
            store.put(T, node(read, "c"));
            assertEquals(4, store.scanAll(Scan.of(T)).count(), "a scan refreshes: the four items are indexed");

            store.put(T, node(read, "b", "d"));
            store.put(T, node(read, "d", "e"));
            store.put(T, node(read, "e"));
            store.delete(T, Key.of("tree", read.targetOf("c")));
            List<String> expected = List.of("root", read.targetOf("a"), read.targetOf("b"), read.targetOf("d"),
                    read.targetOf("e"));
            assertEquals(expected, sorts(store.follow(read)), "new links and items, and the delete, not refreshed yet");
        }
    }

    @Test
    void threeLevelsBelowTheRootAreOneRequest() {
        StoreBackend backend = LuceneStore.builder().inMemory().buildBackend();
        try (Store store = Store.of(backend);
             Store levels = Store.of(new CapabilityMaskingBackend(backend, Capability.NATIVE_LINKED_READS))) {
            store.createTable(TableSpec.named(T));
            levels.createTable(TableSpec.named(T));
            LinkedRead read = fromRoot();
            store.put(T, node(read, "root", "a", "b"));
            store.put(T, node(read, "a", "a1", "a2"));
            store.put(T, node(read, "b", "b1"));
            store.scanAll(Scan.of(T)).count();
            store.put(T, node(read, "a1", "a11"));
            store.put(T, node(read, "a2"));
            store.put(T, node(read, "b1", "b11", "b12"));
            for (String leaf : List.of("a11", "b11", "b12")) {
                store.put(T, node(read, leaf));
            }
            List<List<Item>> answers = new ArrayList<>();
            CostTally together = store.measure(() -> answers.add(store.follow(read)));
            CostTally perLevel = levels.measure(() -> answers.add(levels.follow(read)));
            assertEquals(9, answers.get(0).size(), sorts(answers.get(0)).toString());
            assertEquals(answers.get(1), answers.get(0), "the same items in the same order as level by level");
            assertEquals(1, together.roundTrips(), together.toString());
            assertEquals(1, together.criticalPath(), together.toString());
            assertEquals(9, together.itemsRead(), together.toString());
            assertEquals(4, perLevel.roundTrips(), "one batch read per level: " + perLevel);
        }
    }
}
