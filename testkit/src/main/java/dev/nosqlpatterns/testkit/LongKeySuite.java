package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Keys up to the store's own limits work in every query shape: a partition key of exactly
 * {@code maxPartitionKeyBytes} UTF-8 bytes holding sort keys of exactly {@code maxSortKeyBytes} and one
 * byte less, sharing a long prefix and differing in their last bytes (1-, 2-, 3- and 4-byte characters),
 * are read by get, whole-partition queries both ways, paging, prefixes long and short, between and every
 * comparison, batch get and scan; one byte more is refused before anything is written.
 */
public abstract class LongKeySuite extends StoreSuite {

    /** {@code fill} repeated, then {@code tail}, exactly {@code bytes} UTF-8 bytes long. */
    private static String ofBytes(int bytes, String tail) {
        int rest = bytes - Utf8Order.utf8Length(tail);
        return "k".repeat(rest) + tail;
    }

    private List<String> sortKeys(int max) {
        List<String> keys = new ArrayList<>();
        for (String tail : List.of("aaaa", "aaab", "aab", "\u00e9\u00e9", "\u20aca", "\uD83D\uDE00", "zzz")) {
            keys.add(ofBytes(max - (tail.equals("aab") || tail.equals("zzz") ? 1 : 0), tail));
        }
        keys.sort(Utf8Order.COMPARATOR);
        return keys;
    }

    @Test
    void keysAtTheLimitWorkInEveryQueryShape() {
        String t = newTable();
        int maxP = store.limits().maxPartitionKeyBytes();
        int maxS = store.limits().maxSortKeyBytes();
        String partition = ofBytes(maxP, "\uD83D\uDE00");
        List<String> sorts = sortKeys(maxS);
        List<Write> writes = new ArrayList<>();
        for (String s : sorts) {
            writes.add(Write.put(t, Item.builder(partition, s).put("n", sorts.indexOf(s)).build()));
        }
        store.writeBatch(writes);
        for (String s : sorts) {
            assertTrue(store.get(t, Key.of(partition, s)).isPresent(), "get of a key of " + Utf8Order.utf8Length(s) + " bytes");
        }
        assertEquals(sorts, sortKeysOf(store.queryAll(Query.in(t, partition).limit(100)).toList()), "whole partition");
        List<String> reversed = new ArrayList<>(sorts);
        Collections.reverse(reversed);
        assertEquals(reversed, sortKeysOf(store.queryAll(Query.in(t, partition).descending().limit(100)).toList()),
                "whole partition, descending");
        assertEquals(sorts, paged(Query.in(t, partition).limit(2)), "pages of two");
        assertEquals(reversed, paged(Query.in(t, partition).descending().limit(2)), "pages of two, descending");
        String common = "k".repeat(maxS - 4);
        assertEquals(sorts, select(t, partition, SortKeyCondition.beginsWith(common)), "a long prefix");
        assertEquals(sorts, select(t, partition, SortKeyCondition.beginsWith("k")), "a short prefix");
        assertEquals(sorts.stream().filter(s -> s.startsWith(common + "aa")).toList(),
                select(t, partition, SortKeyCondition.beginsWith(common + "aa")), "a prefix one character short of the keys");
        String low = sorts.get(1);
        String high = sorts.get(4);
        assertEquals(sorts.subList(1, 5), select(t, partition, SortKeyCondition.between(low, high)), "between");
        assertEquals(sorts.subList(2, sorts.size()), select(t, partition, SortKeyCondition.greaterThan(low)), "GT");
        assertEquals(sorts.subList(1, sorts.size()), select(t, partition, SortKeyCondition.greaterOrEqual(low)), "GE");
        assertEquals(sorts.subList(0, 4), select(t, partition, SortKeyCondition.lessThan(high)), "LT");
        assertEquals(sorts.subList(0, 5), select(t, partition, SortKeyCondition.lessOrEqual(high)), "LE");
        assertEquals(List.of(high), select(t, partition, SortKeyCondition.equalTo(high)), "equals");
        List<ItemRef> refs = sorts.stream().map(s -> ItemRef.of(t, partition, s)).toList();
        assertEquals(sorts.size(), store.getAll(refs).items().size(), "batch get");
        assertEquals(sorts.size(), store.scanAll(Scan.of(t).limit(3)).count(), "scan in pages of three");
        store.delete(t, Key.of(partition, high));
        assertFalse(store.get(t, Key.of(partition, high)).isPresent(), "delete");
    }

    @Test
    void oneByteOverTheLimitIsRefusedBeforeAnythingIsWritten() {
        String t = newTable();
        int maxP = store.limits().maxPartitionKeyBytes();
        int maxS = store.limits().maxSortKeyBytes();
        Key longSort = Key.of("p", ofBytes(maxS + 1, "\u00e9"));
        Key longPartition = Key.of(ofBytes(maxP + 1, "a"), "s");
        for (Key k : List.of(longSort, longPartition)) {
            InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> store.put(t, Item.builder(k).build()));
            assertTrue(e.getMessage().contains("limit"), e.getMessage());
        }
        assertEquals(0, store.scanAll(Scan.of(t)).count(), "nothing was written");
    }

    private List<String> select(String t, String partition, SortKeyCondition c) {
        return sortKeysOf(store.queryAll(Query.in(t, partition).where(c).limit(3)).toList());
    }

    private List<String> paged(Query first) {
        List<String> out = new ArrayList<>();
        Query q = first;
        while (true) {
            Page page = store.query(q);
            out.addAll(sortKeysOf(page.items()));
            Optional<dev.nosqlpatterns.store.model.Cursor> next = page.next();
            if (next.isEmpty()) {
                return out;
            }
            q = first.after(next.get());
        }
    }

    private static List<String> sortKeysOf(List<Item> items) {
        return items.stream().map(i -> i.key().sort()).toList();
    }
}
