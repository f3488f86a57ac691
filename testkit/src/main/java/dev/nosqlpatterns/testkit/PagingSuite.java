package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Queries read page after page with opaque cursors, in both directions, without gaps or repeats. */
public abstract class PagingSuite extends StoreSuite {
    private static final int COUNT = 230;

    private String seeded() {
        String t = newTable();
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            writes.add(Write.put(t, item("P", String.format("k%04d", i), "i", i)));
        }
        store.writeBatch(writes);
        return t;
    }

    private List<String> readByPages(Query first, int[] pages) {
        List<String> out = new ArrayList<>();
        Query q = first;
        while (true) {
            Page page = store.query(q);
            pages[0]++;
            assertTrue(page.items().size() <= q.limit(), "page larger than its limit");
            page.items().forEach(i -> out.add(i.key().sort()));
            if (page.next().isEmpty()) {
                return out;
            }
            q = first.after(page.next().get());
        }
    }

    private static List<String> expected(int from, int to, boolean descending) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(String.format("k%04d", i));
        }
        if (descending) {
            java.util.Collections.reverse(out);
        }
        return out;
    }

    @Test
    void ascendingPagesCoverEveryItemOnce() {
        String t = seeded();
        int[] pages = {0};
        assertEquals(expected(0, COUNT, false), readByPages(Query.in(t, "P").limit(7), pages));
        assertTrue(pages[0] >= COUNT / 7 && pages[0] <= COUNT / 7 + 2, "pages: " + pages[0]);
    }

    @Test
    void descendingPagesCoverEveryItemOnce() {
        String t = seeded();
        assertEquals(expected(0, COUNT, true), readByPages(Query.in(t, "P").descending().limit(9), new int[1]));
    }

    @Test
    void pagesOfARangeInBothDirections() {
        String t = seeded();
        Query range = Query.in(t, "P").where(SortKeyCondition.between("k0050", "k0149")).limit(11);
        assertEquals(expected(50, 150, false), readByPages(range, new int[1]));
        assertEquals(expected(50, 150, true), readByPages(range.descending(), new int[1]));
        Query prefix = Query.in(t, "P").where(SortKeyCondition.beginsWith("k01")).limit(13);
        assertEquals(expected(100, 200, false), readByPages(prefix, new int[1]));
        assertEquals(expected(100, 200, true), readByPages(prefix.descending(), new int[1]));
        Query upper = Query.in(t, "P").where(SortKeyCondition.lessThan("k0020")).limit(6);
        assertEquals(expected(0, 20, true), readByPages(upper.descending(), new int[1]));
        Query lower = Query.in(t, "P").where(SortKeyCondition.greaterThan("k0219")).limit(3);
        assertEquals(expected(220, COUNT, false), readByPages(lower, new int[1]));
    }

    @Test
    void pagesOfOneItem() {
        String t = seeded();
        Query q = Query.in(t, "P").where(SortKeyCondition.beginsWith("k002")).limit(1);
        assertEquals(expected(20, 30, false), readByPages(q, new int[1]));
    }

    @Test
    void queryAllStreamsEveryPage() {
        String t = seeded();
        List<Item> all = store.queryAll(Query.in(t, "P").limit(50)).toList();
        assertEquals(COUNT, all.size());
        assertEquals(229L, all.get(COUNT - 1).getLong("i").orElseThrow());
    }

    @Test
    void theLastPageHasNoCursor() {
        String t = seeded();
        Page page = store.query(Query.in(t, "P").where(SortKeyCondition.beginsWith("k000")).limit(10));
        assertEquals(10, page.items().size());
        if (page.next().isPresent()) {
            Page rest = store.query(Query.in(t, "P").where(SortKeyCondition.beginsWith("k000")).limit(10)
                    .after(page.next().get()));
            assertEquals(List.of(), rest.items());
            assertFalse(rest.hasNext());
        }
        assertFalse(store.query(Query.in(t, "P").where(SortKeyCondition.beginsWith("k000")).limit(11)).hasNext());
    }

    @Test
    void aCursorResumesAfterItsItemEvenWhenItemsAreAddedBefore() {
        String t = seeded();
        Page first = store.query(Query.in(t, "P").limit(5));
        store.put(t, item("P", "k0000a"));
        Page second = store.query(Query.in(t, "P").limit(5).after(first.next().orElseThrow()));
        assertEquals(expected(5, 10, false), second.items().stream().map(i -> i.key().sort()).toList());
    }

    @Test
    void aCursorFromAnotherQueryIsRefused() {
        String t = seeded();
        Cursor cursor = store.query(Query.in(t, "P").limit(5)).next().orElseThrow();
        assertThrows(InvalidRequestException.class, () -> store.query(Query.in(t, "Q").limit(5).after(cursor)));
        assertThrows(InvalidRequestException.class, () -> store.query(Query.in(t, "P").descending().limit(5).after(cursor)));
        assertThrows(InvalidRequestException.class, () -> store.query(Query.in(t, "P").limit(5).after(new Cursor("garbage"))));
        assertEquals(Optional.of(cursor), Optional.of(new Cursor(cursor.token())));
    }
}
