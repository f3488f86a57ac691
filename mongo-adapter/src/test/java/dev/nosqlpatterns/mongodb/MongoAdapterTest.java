package dev.nosqlpatterns.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoCollection;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import java.math.BigDecimal;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the kit does not see: the stored documents, in-place updates, BSON limits, nested-document queries. */
class MongoAdapterTest {
    private static final AtomicLong TABLES = new AtomicLong();
    private Store store;
    private String table;

    @BeforeEach
    void open() {
        store = Store.of(MongoTestServer.backend());
        table = "adapter_" + System.nanoTime() % 100_000 + "_" + TABLES.incrementAndGet();
        store.createTable(TableSpec.named(table));
    }

    @AfterEach
    void close() {
        store.dropTable(table);
        store.close();
    }

    private BsonDocument raw(Key key) {
        return collection().find(Documents.idFilter(key)).first();
    }

    private MongoCollection<BsonDocument> collection() {
        return MongoTestServer.client().getDatabase(MongoTestServer.DATABASE).getCollection(table, BsonDocument.class);
    }

    @Test
    void operatorLikeNamesAreStoredEscapedAndValuesStayValues() {
        Key key = Key.of("p", "s");
        store.put(table, Item.builder(key).put("$where", "1 == 1").put("a.b", "{\"$gt\": \"\"}")
                .put("m", Value.map(Map.of("$set", Value.of(1)))).build());
        BsonDocument a = raw(key).getDocument(Documents.ATTRIBUTES);
        assertEquals(List.of("%24where", "a%2Eb", "m"), List.copyOf(a.keySet()));
        assertEquals("{\"$gt\": \"\"}", a.getString("a%2Eb").getValue());
        assertTrue(a.getDocument("m").containsKey("%24set"));
        store.update(table, key, UpdateAction.set("$inc", Value.of(5)), UpdateAction.add("x.y", 1));
        Item read = store.get(table, key).orElseThrow();
        assertEquals(Value.of(5), read.get("$inc").orElseThrow());
        assertEquals(Value.of(1), read.get("x.y").orElseThrow());
    }

    @Test
    void updatesRunInPlaceInOneRoundTrip() {
        Key key = Key.of("counter", "c");
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            store.update(table, key, UpdateAction.add("n", 1), UpdateAction.addToSet("tags", Value.stringSet("a")),
                    UpdateAction.set("name", Value.of("x")));
            store.update(table, key, UpdateAction.add("n", 1), UpdateAction.removeFromSet("tags", Value.stringSet("b")));
        });
        assertEquals(2, tally.roundTrips(), "one findOneAndUpdate per update");
        assertEquals(2L, store.get(table, key).orElseThrow().getLong("n").orElseThrow());
    }

    @Test
    void anEmptiedSetLeavesNoFieldBehind() {
        Key key = Key.of("p", "s");
        store.update(table, key, UpdateAction.addToSet("tags", Value.stringSet("a")));
        store.update(table, key, UpdateAction.removeFromSet("tags", Value.stringSet("a")));
        assertFalse(raw(key).getDocument(Documents.ATTRIBUTES, new BsonDocument()).containsKey("tags"));
    }

    @Test
    void aSumPastDecimal128sDigitsIsKeptExact() {
        Key key = Key.of("p", "s");
        store.put(table, Item.builder(key).put("n", new BigDecimal("1E+34")).build());
        Item after = store.update(table, key, UpdateAction.add("n", 1));
        BigDecimal exact = new BigDecimal("10000000000000000000000000000000001");
        assertEquals(0, exact.compareTo(after.getNumber("n").orElseThrow()));
        assertEquals(0, exact.compareTo(store.get(table, key).orElseThrow().getNumber("n").orElseThrow()));
    }

    @Test
    void aDocumentOverSixteenMebibytesIsRefusedBeforeTheWrite() {
        try (Store big = MongoStore.builder().client(MongoTestServer.client()).database(MongoTestServer.DATABASE)
                .limits(MongoStore.MAX_LIMITS).build()) {
            big.createTable(TableSpec.named(table));
            // 1.3 million empty strings count 1.3 MB as an item but take 18 MB as BSON.
            Item many = Item.builder("p", "many").put("l", Value.list(Collections.nCopies(1_300_000, Value.of("")))).build();
            ItemTooLargeException e = assertThrows(ItemTooLargeException.class, () -> big.put(table, many));
            assertTrue(e.getMessage().contains("BSON") && e.getMessage().contains(table), e.getMessage());
            String almost = "x".repeat(MongoStore.MAX_LIMITS.maxItemBytes() - 100);
            big.put(table, Item.builder("p", "large").put("d", almost).build());
            assertEquals(almost.length(), big.get(table, Key.of("p", "large")).orElseThrow()
                    .getString("d").orElseThrow().length());
            assertThrows(ItemTooLargeException.class, () -> big.update(table, Key.of("p", "large"),
                    UpdateAction.set("more", Value.of("y".repeat(200)))));
        }
        assertTrue(store.get(table, Key.of("p", "many")).isEmpty());
    }

    @Test
    void elementQueriesMatchAllFieldsInOneElement() {
        dev.nosqlpatterns.store.NestedDocumentCalls nested = store.nestedDocuments();
        assertTrue(store.has(Capability.NESTED_DOCUMENTS));
        Value paris = Value.map(Map.of("city", Value.of("Paris"), "zip", Value.of("75001")));
        Value lyon = Value.map(Map.of("city", Value.of("Lyon"), "zip", Value.of("69001")));
        store.put(table, Item.builder("u1", "addr").put("addrs", Value.list(paris, lyon)).build());
        store.put(table, Item.builder("u2", "addr").put("addrs", Value.list(lyon)).build());
        assertEquals(List.of(Key.of("u1", "addr")), nested.findByElement(table, "addrs",
                Map.of("city", Value.of("Paris"), "zip", Value.of("75001")), 10));
        assertEquals(List.of(), nested.findByElement(table, "addrs",
                Map.of("city", Value.of("Paris"), "zip", Value.of("69001")), 10));
        assertEquals(2, nested.findByElement(table, "addrs", Map.of("city", Value.of("Lyon")), 10).size());
    }

    @Test
    void aSubtreeIsReadInOneGraphLookup() {
        Optional<GraphLookup> offered = store.extension(GraphLookup.class);
        Assumptions.assumeTrue(offered.isPresent(), "the server's $graphLookup failed the probe"
                + " (mongo-java-server does not follow dotted paths)");
        GraphLookup graph = offered.get();
        String[][] nodes = {{"root", null}, {"a", "root"}, {"b", "root"}, {"a1", "a"}, {"a2", "a"}, {"a1x", "a1"}, {"$b", "b"}};
        for (String[] n : nodes) {
            Item.Builder b = Item.builder("node|" + n[0], "<NODE>").put("id", n[0]);
            if (n[1] != null) {
                b.put("parent", n[1]);
            }
            store.put(table, b.build());
        }
        List<GraphLookup.Hit> hits = graph.traverse(table, "id", "parent", Value.of("a"), 10);
        assertEquals(List.of("a1:0", "a2:0", "a1x:1"), hits.stream()
                .map(h -> h.item().getString("id").orElseThrow() + ":" + h.depth()).toList());
        assertEquals(2, graph.traverse(table, "id", "parent", Value.of("a"), 0).size());
        assertEquals(6, graph.traverse(table, "id", "parent", Value.of("root"), 5).size());
        assertEquals(List.of(), graph.traverse(table, "id", "parent", Value.of("$b"), 5),
                "a start value that looks like a field path is a value");
        assertEquals(1, graph.traverse(table, "id", "parent", Value.of("b"), 5).size());
    }
}
