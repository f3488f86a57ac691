package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.Store;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every write path validates alike: a string no store can hold exactly (an unpaired surrogate) anywhere in
 * an item, an attribute name too long or unencodable in an update or a condition, and a query bound with an
 * unpaired surrogate are refused before anything is written, naming what was wrong; everything accepted
 * reads back exactly, by get and by scan. A seeded random walk drives writes with an adversarial alphabet
 * through put, update, batch and atomic writes and checks both halves of that promise after each one.
 */
public abstract class WriteValidationSuite extends StoreSuite {
    private static final String LONE_HIGH = "a\uD83D";
    private static final String LONE_LOW = "\uDE00b";
    private static final Key K = Key.of("p", "s");

    /** The write is refused with a clear message, as bad input (at the value's construction or by the store). */
    private void refusedAndUnchanged(String table, Consumer<String> write, String expectedInMessage) {
        Optional<Item> before = store.get(table, K);
        RuntimeException e = assertThrows(RuntimeException.class, () -> write.accept(table));
        assertTrue(e instanceof InvalidRequestException || e instanceof InvalidKeyException
                || e instanceof IllegalArgumentException, e.toString());
        assertTrue(e.getMessage().contains(expectedInMessage), e.getMessage());
        assertEquals(before, store.get(table, K), "nothing was written");
    }

    @Test
    void unpairedSurrogatesAnywhereInAValueAreRefusedOnEveryPath() {
        String t = newTable();
        store.put(t, Item.builder(K).put("keep", "me").build());
        List<Supplier<Value>> bad = List.of(() -> Value.of(LONE_HIGH), () -> Value.stringSet(Set.of("ok", LONE_LOW)),
                () -> Value.list(List.of(Value.of("ok"), Value.of(LONE_HIGH))),
                () -> Value.map(Map.of("k", Value.of(LONE_LOW))), () -> Value.map(Map.of(LONE_HIGH, Value.of("v"))),
                () -> Value.map(Map.of("m", Value.list(List.of(Value.map(Map.of("deep", Value.of(LONE_HIGH))))))));
        for (Supplier<Value> bv : bad) {
            refusedAndUnchanged(t, tb -> store.put(tb, Item.builder(K).put("x", bv.get()).build()), "unpaired surrogate");
            refusedAndUnchanged(t, tb -> store.update(tb, K, UpdateAction.set("x", bv.get())), "unpaired surrogate");
            refusedAndUnchanged(t, tb -> store.writeBatch(List.of(Write.put(tb, Item.builder(K).put("x", bv.get()).build()))),
                    "unpaired surrogate");
            refusedAndUnchanged(t, tb -> store.put(Write.put(tb, Item.builder(K).put("x", "ok").build())
                    .when(Condition.attributeEquals("keep", bv.get()))), "unpaired surrogate");
            if (store.has(Capability.ATOMIC_WRITES)) {
                refusedAndUnchanged(t, tb -> store.writeAtomically(List.of(Write.put(tb, Item.builder(K).put("x", bv.get()).build()))),
                        "unpaired surrogate");
            }
        }
        refusedAndUnchanged(t, tb -> store.update(tb, K, UpdateAction.addToSet("tags", Value.stringSet(Set.of(LONE_HIGH)))),
                "unpaired surrogate");
    }

    @Test
    void updatesAndConditionsRefuseNamesThatPutRefuses() {
        String t = newTable();
        store.put(t, Item.builder(K).put("keep", "me").build());
        String tooLong = "n".repeat(256);
        refusedAndUnchanged(t, tb -> store.update(tb, K, UpdateAction.set(tooLong, Value.of(1))), "255");
        refusedAndUnchanged(t, tb -> store.update(tb, K, UpdateAction.add(tooLong, 1)), "255");
        refusedAndUnchanged(t, tb -> store.update(tb, K, UpdateAction.set(LONE_HIGH, Value.of(1))), "unpaired surrogate");
        refusedAndUnchanged(t, tb -> store.update(tb, K, UpdateAction.set("m", Value.map(Map.of(tooLong, Value.of(1))))),
                "255");
        refusedAndUnchanged(t, tb -> store.delete(new Write.Delete(tb, K, Condition.attributeEquals(tooLong, Value.of(1)))),
                "255");
        String longest = "\u00e9".repeat(127) + "n";
        store.update(t, K, UpdateAction.set(longest, Value.of(1)));
        assertEquals(Optional.of(Value.of(1)), store.get(t, K).orElseThrow().get(longest), "255 bytes is allowed");
        assertEquals(1, store.scanAll(Scan.of(t)).count(), "the item stays readable by scan");
    }

    @Test
    void queryBoundsWithUnpairedSurrogatesAreRefusedAlike() {
        String t = newTable();
        store.put(t, Item.builder("p", "a").build());
        List<Supplier<SortKeyCondition>> bounds = List.of(() -> SortKeyCondition.beginsWith(LONE_HIGH),
                () -> SortKeyCondition.greaterOrEqual(LONE_HIGH), () -> SortKeyCondition.between("a", LONE_HIGH),
                () -> SortKeyCondition.between(LONE_LOW, "z"), () -> SortKeyCondition.equalTo(LONE_LOW),
                () -> SortKeyCondition.lessThan(LONE_HIGH));
        for (Supplier<SortKeyCondition> c : bounds) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> store.query(Query.in(t, "p").where(c.get())));
            assertTrue(e instanceof InvalidKeyException, e.toString());
            assertTrue(e.getMessage().contains("unpaired surrogate"), e.getMessage());
        }
    }

    /**
     * A sort-key condition whose bound holds an unpaired surrogate is refused by the store before anything is
     * read, with the message a key with the same text gets: UTF-8 cannot encode it, and stores would
     * otherwise answer apart (a UTF-16 prefix match, nothing, or a decoding error).
     */
    @Test
    void aSortKeyConditionWithAnUnpairedSurrogateIsRefusedLikeAKeyBeforeAnythingIsRead() {
        String t = newTable();
        store.put(t, Item.builder("p", "\uD83D\uDE00").build());
        store.put(t, Item.builder("p", "a").build());
        AtomicInteger reads = new AtomicInteger();
        Store counted = Store.of(new ForwardingBackend(backend) {
            @Override
            public QueryResult query(KeyQuery query, CostMeter meter) {
                reads.incrementAndGet();
                return super.query(query, meter);
            }

            @Override
            public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
                reads.incrementAndGet();
                return super.queryEach(queries, meter);
            }
        });
        counted.createTable(dev.nosqlpatterns.store.model.TableSpec.named(t));
        InvalidKeyException keyRefused = assertThrows(InvalidKeyException.class, () -> counted.get(t, Key.of("p", "\uD83D")));
        assertTrue(keyRefused.getMessage().contains("unpaired surrogate U+D83D at index 0"), keyRefused.getMessage());
        Map<SortKeyCondition, String> conditions = new LinkedHashMap<>();
        conditions.put(SortKeyCondition.beginsWith("\uD83D"), "U+D83D at index 0");
        conditions.put(SortKeyCondition.beginsWith("a\uDE00"), "U+DE00 at index 1");
        conditions.put(SortKeyCondition.equalTo("\uD83D"), "U+D83D at index 0");
        conditions.put(SortKeyCondition.between("a", "\uD83D"), "U+D83D at index 0");
        conditions.put(SortKeyCondition.greaterThan("\uDBFF"), "U+DBFF at index 0");
        conditions.put(SortKeyCondition.lessOrEqual("x\uD800"), "U+D800 at index 1");
        conditions.forEach((condition, where) -> {
            Query q = Query.in(t, "p").where(condition);
            List<Executable> calls = List.of(() -> counted.query(q), () -> counted.queryAll(q).count(),
                    () -> counted.queryEach(List.of(Query.in(t, "p"), q)));
            for (Executable call : calls) {
                InvalidKeyException e = assertThrows(InvalidKeyException.class, call);
                assertTrue(e.getMessage().contains("unpaired surrogate " + where), e.getMessage());
                assertTrue(e.getMessage().contains("'" + t + "'"), "names the table: " + e.getMessage());
            }
        });
        assertEquals(0, reads.get(), "refused before anything is read");
        assertEquals(List.of("a", "\uD83D\uDE00"),
                counted.queryAll(Query.in(t, "p").where(SortKeyCondition.beginsWith(""))).map(i -> i.key().sort()).toList(),
                "a well-formed condition still reads");
    }

    /** Random writes through every path: what is accepted reads back exactly; what is refused changes nothing. */
    @Test
    void randomWritesThroughEveryPathReadBackExactlyOrChangeNothing() {
        String t = newTable();
        randomOperations((random, operations) -> randomWrites(t, random, operations));
    }

    private void randomWrites(String t, Random random, int operations) {
        boolean atomic = store.has(Capability.ATOMIC_WRITES);
        for (int op = 0; op < operations; op++) {
            Key key = Key.of("p", "s" + random.nextInt(4));
            Optional<Item> before = store.get(t, key);
            int drawn = random.nextInt(4);
            int path = drawn == 3 && !atomic ? 2 : drawn;
            Optional<Item> expected;
            try {
                Map<String, Value> attributes = new LinkedHashMap<>();
                for (int a = random.nextInt(3); a >= 0; a--) {
                    attributes.put(name(random), value(random, 2));
                }
                Item item = itemOf(key, attributes);
                switch (path) {
                    case 0 -> store.put(t, item);
                    case 1 -> store.writeBatch(List.of(Write.put(t, item)));
                    case 3 -> store.writeAtomically(List.of(Write.put(t, item)));
                    default -> {
                        List<UpdateAction> actions = new ArrayList<>();
                        attributes.forEach((n, v) -> actions.add(UpdateAction.set(n, v)));
                        store.update(t, key, actions.toArray(UpdateAction[]::new));
                        Item.Builder merged = before.map(Item::toBuilder).orElseGet(() -> Item.builder(key));
                        attributes.forEach(merged::put);
                        item = merged.build();
                    }
                }
                expected = Optional.of(item);
            } catch (IllegalArgumentException | InvalidRequestException | InvalidKeyException refused) {
                expected = before;
            }
            assertEquals(expected, store.get(t, key), "after operation " + op + " on path " + path);
            Item scanned = store.scanAll(Scan.of(t)).filter(i -> i.key().equals(key)).findFirst().orElse(null);
            assertEquals(expected.orElse(null), scanned, "scan after operation " + op);
        }
    }

    private static Item itemOf(Key key, Map<String, Value> attributes) {
        Item.Builder b = Item.builder(key);
        attributes.forEach(b::put);
        return b.build();
    }

    private static final String[] PIECES = {"a", "b", "\uD83D", "\uDE00", "\uD83D\uDE00", "\u0000", "\uFFFF", ".", "$", "#",
        "|", "", "\u00e9", " "};

    private static String text(Random random, int pieces) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            s.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return s.toString();
    }

    private static String name(Random random) {
        return random.nextInt(10) == 0 ? "n".repeat(250 + random.nextInt(10)) : "a" + text(random, random.nextInt(3));
    }

    private static Value value(Random random, int depth) {
        switch (random.nextInt(depth > 0 ? 6 : 4)) {
            case 0:
                return Value.of(text(random, random.nextInt(4)));
            case 1:
                return Value.of(new BigDecimal(random.nextInt(2000) - 1000).movePointLeft(random.nextInt(3)));
            case 2: {
                Set<String> members = new LinkedHashSet<>();
                for (int i = random.nextInt(3); i >= 0; i--) {
                    members.add("m" + text(random, random.nextInt(3)));
                }
                return Value.stringSet(members);
            }
            case 3:
                return Value.of(random.nextBoolean());
            case 4: {
                List<Value> list = new ArrayList<>();
                for (int i = random.nextInt(3); i > 0; i--) {
                    list.add(value(random, depth - 1));
                }
                return Value.list(list);
            }
            default: {
                Map<String, Value> map = new LinkedHashMap<>();
                for (int i = random.nextInt(3); i > 0; i--) {
                    map.put("k" + text(random, random.nextInt(3)), value(random, depth - 1));
                }
                return Value.map(map);
            }
        }
    }
}
