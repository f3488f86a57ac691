package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@link Store#follow} reaches exactly the items a breadth-first walk over what was written reaches, in
 * the same order: through cycles, links named twice, links to absent items, single-string links, values
 * that link nowhere and ids that need escaping in a key, to any depth, never leaving the partition. A
 * store that follows links itself answers in one request and exactly as the level-by-level reads the
 * library makes without it.
 */
public abstract class LinkedReadSuite extends StoreSuite {
    private static final CompositeKeyCodec ID = CompositeKeyCodec.of(SegmentType.STRING);
    private static final String PREFIX = "N:";
    private static final String[] NAMES = {"a", "b c", "d!e", "f\u0001g", "é€", "h", "i!", " j", "k!!l", "m"};

    private static String sortKey(String id) {
        return PREFIX + ID.encode(id);
    }

    /** Sixty nodes with random links in partition g, the same sort keys holding no links in partition h. */
    private Map<String, Item> fill(String table, Random random) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            ids.add(NAMES[i % NAMES.length] + (i / NAMES.length));
        }
        Map<String, Item> written = new LinkedHashMap<>();
        List<Write> writes = new ArrayList<>();
        for (String id : ids) {
            Item.Builder b = Item.builder(Key.of("g", sortKey(id))).put("id", id);
            int shape = random.nextInt(10);
            if (shape == 0) {
                b.put("next", ids.get(random.nextInt(ids.size())));
            } else if (shape == 1) {
                b.put("next", Value.stringSet(ids.get(random.nextInt(ids.size()))));
            } else if (shape < 9) {
                List<Value> links = new ArrayList<>();
                for (int k = random.nextInt(5); k > 0; k--) {
                    int pick = random.nextInt(ids.size() + 6);
                    links.add(pick < ids.size() ? Value.of(ids.get(pick))
                            : pick == ids.size() ? Value.of(42L) : Value.of("absent" + pick));
                }
                b.put("next", Value.list(links));
            }
            Item item = b.build();
            written.put(item.key().sort(), item);
            writes.add(Write.put(table, item));
            writes.add(Write.put(table, Item.builder(Key.of("h", sortKey(id))).put("id", "other").build()));
        }
        for (int i = 0; i < writes.size(); i += 25) {
            store.writeBatch(writes.subList(i, Math.min(writes.size(), i + 25)));
        }
        return written;
    }

    /** The walk the read promises, over what was written. */
    private static List<Item> expected(Map<String, Item> written, List<String> start, int maxDepth) {
        Set<String> named = new HashSet<>(start);
        List<String> level = List.copyOf(new java.util.LinkedHashSet<>(start));
        List<Item> out = new ArrayList<>();
        for (int depth = 0; !level.isEmpty(); depth++) {
            List<String> next = new ArrayList<>();
            for (String sort : level) {
                Item item = written.get(sort);
                if (item == null) {
                    continue;
                }
                out.add(item);
                if (depth >= maxDepth) {
                    continue;
                }
                Value v = item.get("next").orElse(null);
                List<Value> links = v instanceof Value.ListValue l ? l.value() : v instanceof Value.Str ? List.of(v) : List.of();
                for (Value link : links) {
                    if (link instanceof Value.Str s && named.add(sortKey(s.value()))) {
                        next.add(sortKey(s.value()));
                    }
                }
            }
            level = next;
        }
        return out;
    }

    @Test
    void reachesWhatAWalkOverTheWrittenItemsReaches() {
        String table = newTable();
        Random random = new Random(23);
        Map<String, Item> written = fill(table, random);
        List<String> sorts = new ArrayList<>(written.keySet());
        for (int round = 0; round < 30; round++) {
            List<String> start = new ArrayList<>();
            for (int k = 1 + random.nextInt(3); k > 0; k--) {
                start.add(random.nextInt(8) == 0 ? sortKey("nobody") : sorts.get(random.nextInt(sorts.size())));
            }
            int depth = round % 6 == 5 ? Integer.MAX_VALUE : round % 6;
            List<Item> answer = store.follow(LinkedRead.of(table, "g", start, "next", PREFIX, depth));
            assertEquals(expected(written, start, depth), answer, "from " + start + " to depth " + depth);
        }
    }

    @Test
    void aStoreThatFollowsLinksItselfAnswersInOneRequestAsLevelByLevelReadsDo() {
        Assumptions.assumeTrue(store.has(Capability.NATIVE_LINKED_READS),
                () -> "the " + store.kind() + " store reads one level per request (no " + Capability.NATIVE_LINKED_READS + ")");
        String table = newTable();
        Random random = new Random(5);
        Map<String, Item> written = fill(table, random);
        // Not closed: it shares the suite's backend, which the suite closes after the test.
        Store levelByLevel = Store.of(new CapabilityMaskingBackend(backend, Capability.NATIVE_LINKED_READS));
        levelByLevel.createTable(TableSpec.named(table));
        assertTrue(!levelByLevel.has(Capability.NATIVE_LINKED_READS));
        for (String sort : written.keySet()) {
            LinkedRead read = LinkedRead.of(table, "g", List.of(sort), "next", PREFIX, Integer.MAX_VALUE);
            List<List<Item>> answers = new ArrayList<>();
            CostTally together = store.measure(() -> answers.add(store.follow(read)));
            CostTally levels = levelByLevel.measure(() -> answers.add(levelByLevel.follow(read)));
            assertEquals(answers.get(1), answers.get(0), "from " + sort);
            assertEquals(1, together.roundTrips(), "one request for " + answers.get(0).size() + " items: " + together);
            assertEquals(1, together.criticalPath(), together.toString());
            assertTrue(levels.criticalPath() >= 1, levels.toString());
        }
    }

    @Test
    void depthZeroReadsTheStartItemsAloneInTheOrderGiven() {
        String table = newTable();
        Map<String, Item> written = fill(table, new Random(3));
        List<String> start = new ArrayList<>(new ArrayList<>(written.keySet()).subList(10, 14));
        java.util.Collections.reverse(start);
        List<Item> answer = store.follow(LinkedRead.of(table, "g", start, "next", PREFIX, 0));
        assertEquals(start.stream().map(written::get).toList(), answer);
        assertEquals(List.of(), store.follow(LinkedRead.of(table, "g", List.of(), "next", PREFIX, 3)));
        assertEquals(List.of(), store.follow(LinkedRead.of(table, "none", start, "next", PREFIX, 3)),
                "nothing in another partition");
    }

    @Test
    void aBadReadIsRefusedBeforeAnythingIsRead() {
        String table = newTable();
        assertThrows(TableNotFoundException.class,
                () -> store.follow(LinkedRead.of(table + "missing", "g", List.of("x"), "next", PREFIX, 1)));
        assertThrows(InvalidKeyException.class,
                () -> store.follow(LinkedRead.of(table, "g", List.of("x", ""), "next", PREFIX, 1)));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> LinkedRead.of(table, "g", List.of("x"), " ", PREFIX, -1));
        assertTrue(bad.getMessage().contains("links attribute") && bad.getMessage().contains("-1"), bad.getMessage());
    }
}
