package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Sort keys order by their UTF-8 bytes on every store, and any character round-trips in keys. */
public abstract class OrderSuite extends StoreSuite {

    private List<String> sorts(String t, String partition, SortKeyCondition c, boolean descending) {
        Query q = Query.in(t, partition).where(c).limit(40);
        return store.queryAll(descending ? q.descending() : q).map(i -> i.key().sort()).toList();
    }

    @Test
    void supplementaryCharactersSortAfterTheWholeBmp() {
        String t = newTable();
        String bmpHigh = "\uE000";            // UTF-8 EE 80 80
        String bmpTop = "\uFFFD";             // UTF-8 EF BF BD
        String supplementary = "\uD83D\uDE00"; // U+1F600, UTF-8 F0 9F 98 80; UTF-16 sorts it below U+E000
        String ascii = "z";
        for (String s : List.of(supplementary, bmpTop, ascii, bmpHigh)) {
            store.put(t, item("p", "k" + s));
        }
        List<String> expected = List.of("kz", "k" + bmpHigh, "k" + bmpTop, "k" + supplementary);
        assertEquals(expected, sorts(t, "p", SortKeyCondition.all(), false));
        List<String> reversed = new ArrayList<>(expected);
        Collections.reverse(reversed);
        assertEquals(reversed, sorts(t, "p", SortKeyCondition.all(), true));
        assertEquals(List.of("k" + bmpTop, "k" + supplementary),
                sorts(t, "p", SortKeyCondition.greaterThan("k" + bmpHigh), false));
        assertEquals(List.of("kz", "k" + bmpHigh), sorts(t, "p", SortKeyCondition.lessThan("k" + bmpTop), false));
    }

    @Test
    void randomUnicodeKeysComeBackInUtf8Order() {
        String t = newTable();
        Random random = new Random(42);
        List<String> keys = new ArrayList<>();
        List<Write> writes = new ArrayList<>();
        while (keys.size() < 120) {
            String k = randomKey(random);
            if (!keys.contains(k)) {
                keys.add(k);
                writes.add(Write.put(t, item("p", k, "k", k)));
            }
        }
        store.writeBatch(writes);
        keys.sort(Utf8Order.COMPARATOR);
        assertEquals(keys, sorts(t, "p", SortKeyCondition.all(), false));
        String low = keys.get(30);
        String high = keys.get(90);
        assertEquals(keys.subList(30, 91), sorts(t, "p", SortKeyCondition.between(low, high), false));
        for (String k : keys.subList(0, 10)) {
            assertEquals(k, store.get(t, Key.of("p", k)).orElseThrow().getString("k").orElseThrow());
        }
    }

    @Test
    void prefixQueriesRespectUtf8Order() {
        String t = newTable();
        List<String> keys = List.of("x\uE000", "x\uE000a", "x\uFFFF", "x\uD83D\uDE00", "x\uD83D\uDE00b", "x\uDBFF\uDFFF",
                "y", "x");
        for (String k : keys) {
            store.put(t, item("p", k));
        }
        assertEquals(List.of("x\uD83D\uDE00", "x\uD83D\uDE00b"), sorts(t, "p", SortKeyCondition.beginsWith("x\uD83D\uDE00"), false));
        assertEquals(List.of("x\uE000", "x\uE000a"), sorts(t, "p", SortKeyCondition.beginsWith("x\uE000"), false));
        assertEquals(List.of("x\uDBFF\uDFFF"), sorts(t, "p", SortKeyCondition.beginsWith("x\uDBFF\uDFFF"), false));
        assertEquals(7, sorts(t, "p", SortKeyCondition.beginsWith("x"), false).size());
    }

    @Test
    void separatorsAndControlCharactersRoundTripInKeys() {
        String t = newTable();
        List<String> odd = List.of("a|b", "a#b", "a:b", "a/b", "a\\b", "a%2Fb", "a\u0001b", "a\tb", "a b", "a\"b",
                "{a}", "a\u0000b", "a*", "a?", "[a]");
        for (String k : odd) {
            store.put(t, item(k, k, "v", k));
        }
        for (String k : odd) {
            assertEquals(k, store.get(t, Key.of(k, k)).orElseThrow().getString("v").orElseThrow(), "key " + k);
            assertEquals(List.of(k), sorts(t, k, SortKeyCondition.all(), false), "partition " + k);
        }
        assertEquals(List.of("a*"), sorts(t, "a*", SortKeyCondition.beginsWith("a"), false));
    }

    private static String randomKey(Random random) {
        StringBuilder sb = new StringBuilder();
        int length = 1 + random.nextInt(6);
        for (int i = 0; i < length; i++) {
            switch (random.nextInt(5)) {
                case 0 -> sb.append((char) ('a' + random.nextInt(3)));
                case 1 -> sb.append((char) (0xE000 + random.nextInt(0x1FFE)));
                case 2 -> sb.appendCodePoint(0x10000 + random.nextInt(0x100));
                case 3 -> sb.appendCodePoint(0x10FF00 + random.nextInt(0xFF));
                default -> sb.append((char) (0x80 + random.nextInt(0x700)));
            }
        }
        return sb.toString();
    }
}
