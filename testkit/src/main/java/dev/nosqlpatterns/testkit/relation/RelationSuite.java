package dev.nosqlpatterns.testkit.relation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.relation.AdjacencyList;
import dev.nosqlpatterns.relation.Joins;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Joins and relationships: one-to-one, one-to-many, many-to-many and symmetric, crash-safe. */
public abstract class RelationSuite extends StoreSuite {

    @Test
    void joinsReadEveryReferenceInOneBatchKeepingOrder() {
        String topics = newTable();
        String articles = newTable();
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < 260; i++) {
            writes.add(Write.put(topics, Item.builder("topic|" + i, "<BASE>").put("name", "t" + i).build()));
        }
        for (int a = 0; a < 40; a++) {
            writes.add(Write.put(articles, Item.builder("article|" + a, "<BASE>")
                    .put("topics", Value.stringSet(String.valueOf(a), String.valueOf(a + 100), String.valueOf(a + 250), "missing" + a))
                    .build()));
        }
        store.writeBatch(writes);
        List<Item> page = store.queryAll(dev.nosqlpatterns.store.model.Query.in(articles, "article|3")).toList();
        List<Item> sources = new ArrayList<>(page);
        for (int a = 0; a < 40; a++) {
            sources.add(store.get(articles, Key.of("article|" + a, "<BASE>")).orElseThrow());
        }
        Joins joins = new Joins(store);
        CostTally tally = new CostTally();
        Map<Key, Joins.Resolved> resolved = store.measure(tally, () -> joins.resolveSets(sources, "topics", topics, id -> Key.of("topic|" + id, "<BASE>")));
        assertEquals(1, tally.calls(), "one batch get for all references of all sources");
        Joins.Resolved seventh = resolved.get(Key.of("article|7", "<BASE>"));
        assertEquals(List.of("t107", "t257", "t7"), seventh.found().stream().map(i -> i.getString("name").orElseThrow()).toList());
        assertEquals(List.of(Key.of("topic|missing7", "<BASE>")), seventh.missing());
        List<Key> keys = new ArrayList<>();
        for (int i = 259; i >= 0; i--) {
            keys.add(Key.of("topic|" + i, "<BASE>"));
        }
        keys.add(1, Key.of("topic|none", "<BASE>"));
        Joins.Resolved many = joins.resolve(topics, keys);
        assertEquals(261, many.items().size());
        assertEquals("t259", many.items().get(0).orElseThrow().getString("name").orElseThrow());
        assertTrue(many.items().get(1).isEmpty());
        assertEquals("t0", many.items().get(260).orElseThrow().getString("name").orElseThrow());
    }

    @Test
    void manyToManyInBothDirections() {
        AdjacencyList keywords = AdjacencyList.directed(store, newTable(), "keyword");
        keywords.link("article:automata", "keyword:computing", Map.of("weight", Value.of(3)));
        keywords.link("article:automata", "keyword:logic");
        keywords.link("article:games", "keyword:logic");
        assertEquals(List.of("keyword:computing", "keyword:logic"), keywords.targets("article:automata"));
        assertEquals(List.of("article:automata", "article:games"), keywords.sources("keyword:logic"));
        assertEquals(Value.of(3), keywords.attributes("article:automata", "keyword:computing").orElseThrow().get("weight"));
        keywords.unlink("article:automata", "keyword:logic");
        assertEquals(List.of("article:games"), keywords.sources("keyword:logic"));
        assertEquals(List.of("keyword:computing"), keywords.targets("article:automata"));
        assertEquals(0, keywords.repair().disagreements());
        assertThrows(IllegalArgumentException.class, () -> AdjacencyList.directed(store, newTable(), "bad name"));
    }

    @Test
    void symmetricFriends() {
        AdjacencyList friends = AdjacencyList.symmetric(store, newTable(), "friend");
        friends.link("zoe", "ada");
        friends.link("ada", "bob");
        assertEquals(List.of("bob", "zoe"), friends.targets("ada"));
        assertEquals(List.of("ada"), friends.targets("zoe"));
        assertEquals(List.of("ada"), friends.sources("bob"));
        friends.unlink("ada", "zoe");
        assertEquals(List.of(), friends.targets("zoe"));
        assertEquals(List.of("bob"), friends.targets("ada"));
    }

    @Test
    void oneToOneThroughAUniqueIdTable() {
        String users = newTable();
        IndexTable byFacebookId = IndexTable.builder(store).baseTable(users).indexTable(newTable())
                .attribute("facebookId").unique(true).build();
        byFacebookId.put(Item.builder("user|1", "<BASE>").put("facebookId", "fb-9").build());
        assertEquals("user|1", byFacebookId.findUnique("fb-9").orElseThrow().key().partition());
        assertTrue(byFacebookId.findUnique("fb-0").isEmpty());
    }

    @Test
    void aCrashAtAnyStepOfLinkOrUnlinkIsNeverSeenAndIsRepaired() {
        for (boolean symmetric : new boolean[] {false, true}) {
            crashEverywhere(symmetric, rel -> { }, rel -> rel.link("a", "b"));
            crashEverywhere(symmetric, rel -> rel.link("a", "b"), rel -> rel.unlink("a", "b"));
        }
    }

    private void crashEverywhere(boolean symmetric, Consumer<AdjacencyList> setup, Consumer<AdjacencyList> op) {
        for (int step = 1; step <= 2; step++) {
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                String table = newTable();
                AdjacencyList rel = open(store, table, symmetric);
                setup.accept(rel);
                Store crashing = crashingStore(step, when);
                AdjacencyList doomed = open(crashing, table, symmetric);
                try {
                    op.accept(doomed);
                } catch (StoreUnavailableException crashed) {
                    // the process died here
                }
                boolean linked = rel.targets("a").contains("b");
                assertEquals(linked, symmetric ? rel.targets("b").contains("a") : rel.sources("b").contains("a"),
                        "both directions agree after a crash at step " + step + " " + when);
                rel.repair();
                assertEquals(linked ? List.of("b") : List.of(), rel.targets("a"));
                assertEquals(linked ? List.of("a") : List.of(), symmetric ? rel.targets("b") : rel.sources("b"));
                assertEquals(0, rel.repair().disagreements(), "repair converges");
                store.dropTable(table);
            }
        }
    }

    private static AdjacencyList open(Store on, String table, boolean symmetric) {
        return symmetric ? AdjacencyList.symmetric(on, table, "rel") : AdjacencyList.directed(on, table, "rel");
    }
}
