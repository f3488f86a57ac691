package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Partition reads by sort-key condition, in both directions, within one partition and one table only. */
public abstract class QuerySuite extends StoreSuite {
    private static final List<String> KEYS = List.of("a", "a#1", "a#2", "ab", "b", "b#1", "c");

    private String table;

    private String seeded() {
        String t = newTable();
        for (String sk : KEYS) {
            store.put(t, item("P", sk));
        }
        store.put(t, item("P2", "a"));
        store.put(t, item("PP", "a#1"));
        table = t;
        return t;
    }

    private List<String> sorts(Query q) {
        List<String> out = new ArrayList<>();
        store.queryAll(q).forEach(i -> out.add(i.key().sort()));
        return out;
    }

    private void check(SortKeyCondition condition, String... expected) {
        Query q = Query.in(table, "P").where(condition);
        assertEquals(List.of(expected), sorts(q), "ascending " + condition);
        List<String> reversed = new ArrayList<>(List.of(expected));
        Collections.reverse(reversed);
        assertEquals(reversed, sorts(q.descending()), "descending " + condition);
    }

    @Test
    void allItemsOfOnePartitionInOrder() {
        seeded();
        check(SortKeyCondition.all(), KEYS.toArray(String[]::new));
    }

    @Test
    void equalTo() {
        seeded();
        check(SortKeyCondition.equalTo("a#1"), "a#1");
        check(SortKeyCondition.equalTo("zz"));
    }

    @Test
    void beginsWith() {
        seeded();
        check(SortKeyCondition.beginsWith("a#"), "a#1", "a#2");
        check(SortKeyCondition.beginsWith("a"), "a", "a#1", "a#2", "ab");
        check(SortKeyCondition.beginsWith("b#1"), "b#1");
        check(SortKeyCondition.beginsWith("d"));
    }

    @Test
    void betweenIsInclusive() {
        seeded();
        check(SortKeyCondition.between("a#1", "b"), "a#1", "a#2", "ab", "b");
        check(SortKeyCondition.between("a#15", "a#3"), "a#2");
        check(SortKeyCondition.between("c", "c"), "c");
    }

    @Test
    void comparisons() {
        seeded();
        check(SortKeyCondition.greaterThan("b"), "b#1", "c");
        check(SortKeyCondition.greaterOrEqual("b"), "b", "b#1", "c");
        check(SortKeyCondition.lessThan("a#2"), "a", "a#1");
        check(SortKeyCondition.lessOrEqual("a#2"), "a", "a#1", "a#2");
        check(SortKeyCondition.greaterThan("c"));
        check(SortKeyCondition.lessThan("a"));
    }

    @Test
    void aLimitedQueryReturnsTheFirstItemsInItsDirection() {
        seeded();
        Page up = store.query(Query.in(table, "P").limit(3));
        assertEquals(List.of("a", "a#1", "a#2"), up.items().stream().map(i -> i.key().sort()).toList());
        Page down = store.query(Query.in(table, "P").descending().limit(2));
        assertEquals(List.of("c", "b#1"), down.items().stream().map(i -> i.key().sort()).toList());
        assertEquals(true, up.hasNext());
    }

    @Test
    void aQueryReadsOneTableOnly() {
        seeded();
        String other = newTable();
        store.put(other, item("P", "a", "v", "other"));
        store.put(other, item("P", "zz"));
        List<Item> items = store.queryAll(Query.in(table, "P")).toList();
        assertEquals(KEYS.size(), items.size());
        assertEquals(List.of("a", "zz"), sorts(Query.in(other, "P")));
    }

    @Test
    void anEmptyPartitionHasNoItemsAndNoNextPage() {
        seeded();
        Page page = store.query(Query.in(table, "nobody"));
        assertEquals(List.of(), page.items());
        assertEquals(false, page.hasNext());
    }

    @Test
    void similarPartitionKeysDoNotMix() {
        seeded();
        assertEquals(List.of("a"), sorts(Query.in(table, "P2")));
        assertEquals(List.of("a#1"), sorts(Query.in(table, "PP")));
    }
}
