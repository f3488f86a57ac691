package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Items are stored and read back exactly, with every attribute type. */
public abstract class ItemSuite extends StoreSuite {

    @Test
    void putThenGetReturnsTheSameItem() {
        String t = newTable();
        store.put(t, item("p", "s", "a", "x"));
        assertEquals(item("p", "s", "a", "x"), store.get(t, Key.of("p", "s")).orElseThrow());
    }

    @Test
    void getOfAnAbsentItemIsEmpty() {
        String t = newTable();
        store.put(t, item("p", "s"));
        assertTrue(store.get(t, Key.of("p", "other")).isEmpty());
        assertTrue(store.get(t, Key.of("other", "s")).isEmpty());
    }

    @Test
    void everyValueTypeRoundTrips() {
        String t = newTable();
        Item item = Item.builder("p", "all")
                .put("s", "héllo wörld 𝄞")
                .put("emptyString", "")
                .put("int", -42)
                .put("big", new BigDecimal("123456789012345678901234567890.123456"))
                .put("tiny", new BigDecimal("-0.000000000000000000000000000001"))
                .put("bin", Value.of(new byte[] {0, 1, 2, (byte) 255}))
                .put("yes", true)
                .put("no", false)
                .put("nothing", Value.nullValue())
                .put("ss", Value.stringSet("a", "b", "𝄞"))
                .put("ns", Value.numberSet(1, 2.5, new BigDecimal("1E+20")))
                .put("list", Value.list(Value.of("x"), Value.of(1), Value.list(), Value.map(Map.of())))
                .put("map", Value.map(Map.of("k", Value.of("v"), "n", Value.map(Map.of("deep", Value.of(true))))))
                .build();
        store.put(t, item);
        assertEquals(item, store.get(t, Key.of("p", "all")).orElseThrow());
    }

    @Test
    void numbersCompareNumerically() {
        String t = newTable();
        store.put(t, Item.builder("p", "n").put("a", new BigDecimal("1.500")).put("b", new BigDecimal("100")).build());
        Item read = store.get(t, Key.of("p", "n")).orElseThrow();
        assertEquals(Value.of(new BigDecimal("1.5")), read.get("a").orElseThrow());
        assertEquals(Value.of(100), read.get("b").orElseThrow());
    }

    @Test
    void putReplacesTheWholeItem() {
        String t = newTable();
        store.put(t, item("p", "s", "a", "1", "b", "2"));
        store.put(t, item("p", "s", "c", "3"));
        assertEquals(item("p", "s", "c", "3"), store.get(t, Key.of("p", "s")).orElseThrow());
    }

    @Test
    void anItemWithNoAttributesIsStored() {
        String t = newTable();
        store.put(t, item("p", "bare"));
        assertEquals(Item.of(Key.of("p", "bare")), store.get(t, Key.of("p", "bare")).orElseThrow());
    }

    @Test
    void deleteRemovesOnlyThatItem() {
        String t = newTable();
        store.put(t, item("p", "a"));
        store.put(t, item("p", "b"));
        store.delete(t, Key.of("p", "a"));
        assertTrue(store.get(t, Key.of("p", "a")).isEmpty());
        assertTrue(store.get(t, Key.of("p", "b")).isPresent());
    }

    @Test
    void deletingAnAbsentItemIsNotAnError() {
        String t = newTable();
        store.delete(t, Key.of("nobody", "nothing"));
        assertTrue(store.get(t, Key.of("nobody", "nothing")).isEmpty());
    }

    @Test
    void attributeNamesThatLookLikeOperatorsAreJustNames() {
        String t = newTable();
        Item item = Item.builder("p", "s").put("$set", "a").put("a.b", "b").put("#x", "c").put(":v", "d")
                .put("key with spaces", "e").put("pk", "shadow").put("sk", "shadow").put("_id", "f").build();
        store.put(t, item);
        assertEquals(item, store.get(t, Key.of("p", "s")).orElseThrow());
    }

    @Test
    void valuesThatLookLikeCodeAreJustValues() {
        String t = newTable();
        Item item = item("p", "s", "a", "'); DROP TABLE x; --", "b", "{\"$gt\": \"\"}", "c", "return redis.call('FLUSHALL')");
        store.put(t, item);
        assertEquals(item, store.get(t, Key.of("p", "s")).orElseThrow());
    }

    @Test
    void tablesAreIsolated() {
        String a = newTable();
        String b = newTable();
        store.put(a, item("p", "s", "v", "in a"));
        store.put(b, item("p", "s", "v", "in b"));
        assertEquals("in a", store.get(a, Key.of("p", "s")).orElseThrow().getString("v").orElseThrow());
        assertEquals("in b", store.get(b, Key.of("p", "s")).orElseThrow().getString("v").orElseThrow());
        store.delete(a, Key.of("p", "s"));
        assertTrue(store.get(b, Key.of("p", "s")).isPresent());
    }

    @Test
    void anItemJustUnderTheLimitIsStored() {
        String t = newTable();
        int limit = Math.min(store.limits().maxItemBytes(), 390 * 1024);
        String filler = "x".repeat(limit - 200);
        Item item = item("p", "big", "data", filler);
        store.put(t, item);
        assertEquals(filler.length(), store.get(t, Key.of("p", "big")).orElseThrow().getString("data").orElseThrow().length());
    }

    @Test
    void createTableIsIdempotentAndKeepsData() {
        String t = newTable();
        store.put(t, item("p", "s"));
        store.createTable(dev.nosqlpatterns.store.model.TableSpec.named(t));
        assertTrue(store.get(t, Key.of("p", "s")).isPresent());
    }

    @Test
    void droppedTableComesBackEmpty() {
        String t = newTable();
        store.put(t, item("p", "s"));
        store.dropTable(t);
        store.createTable(dev.nosqlpatterns.store.model.TableSpec.named(t));
        assertTrue(store.get(t, Key.of("p", "s")).isEmpty());
        assertEquals(List.of(), store.scan(dev.nosqlpatterns.store.model.Scan.of(t)).items());
    }

    /** A table holding one partition larger than any page or chunk a backend drops at a time is dropped whole. */
    @Test
    void droppingATableRemovesALargePartitionWhole() {
        String t = newTable();
        List<dev.nosqlpatterns.store.model.Write> writes = new java.util.ArrayList<>();
        for (int i = 0; i < 1_100; i++) {
            writes.add(dev.nosqlpatterns.store.model.Write.put(t, item("big", String.format("s%05d", i))));
        }
        for (int i = 0; i < writes.size(); i += 25) {
            store.writeBatch(writes.subList(i, Math.min(writes.size(), i + 25)));
        }
        store.dropTable(t);
        store.createTable(dev.nosqlpatterns.store.model.TableSpec.named(t));
        assertEquals(0, store.scanAll(dev.nosqlpatterns.store.model.Scan.of(t)).count(), "the table is empty again");
    }
}
