package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.IndexQuery;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Native secondary indexes, where the store has them: sparse, ordered by the sort attribute, paged, kept in step. */
public abstract class NativeIndexSuite extends StoreSuite {

    private String crewTable() {
        assumeCapability(Capability.NATIVE_SECONDARY_INDEX);
        return newTable(spec -> spec.attribute("year", Value.Type.STRING)
                .index(IndexSpec.of("byPerson", "person", "year")));
    }

    private List<String> read(IndexQuery first) {
        List<String> out = new ArrayList<>();
        IndexQuery q = first;
        for (int guard = 0; guard < 1000; guard++) {
            Page page = store.queryIndex(q);
            page.items().forEach(i -> out.add(i.getString("title").orElseThrow()));
            if (page.next().isEmpty()) {
                return out;
            }
            q = first.after(page.next().get());
        }
        throw new AssertionError("index read did not end");
    }

    @Test
    void anOverloadedIndexFindsItemsByAttributeInSortOrder() {
        String t = crewTable();
        String[][] rows = {{"tt1", "nm1", "1994", "Shawshank"}, {"tt2", "nm1", "1989", "Glory"},
            {"tt3", "nm2", "2001", "Amelie"}, {"tt4", "nm1", "2003", "Mystic River"}, {"tt5", "nm1", "1999", "Life"}};
        for (String[] r : rows) {
            store.put(t, Item.builder(r[0], "crew|" + r[1]).put("person", r[1]).put("year", r[2]).put("title", r[3]).build());
        }
        store.put(t, Item.builder("tt6", "DETL").put("title", "no person: not indexed").build());
        assertEquals(List.of("Glory", "Shawshank", "Life", "Mystic River"),
                read(IndexQuery.of(t, "byPerson", Value.of("nm1")).limit(2)));
        assertEquals(List.of("Mystic River", "Life", "Shawshank"),
                read(IndexQuery.of(t, "byPerson", Value.of("nm1")).where(SortKeyCondition.greaterOrEqual("1990")).descending()));
        assertEquals(List.of("Amelie"), read(IndexQuery.of(t, "byPerson", Value.of("nm2"))));
        assertEquals(List.of(), read(IndexQuery.of(t, "byPerson", Value.of("nm9"))));
    }

    @Test
    void theIndexFollowsUpdatesAndDeletes() {
        String t = crewTable();
        store.put(t, Item.builder("tt1", "crew").put("person", "nm1").put("year", "1994").put("title", "A").build());
        store.put(t, Item.builder("tt2", "crew").put("person", "nm1").put("year", "1995").put("title", "B").build());
        store.update(t, dev.nosqlpatterns.item.Key.of("tt1", "crew"), UpdateAction.set("person", Value.of("nm2")));
        store.delete(t, dev.nosqlpatterns.item.Key.of("tt2", "crew"));
        long deadline = System.currentTimeMillis() + 10_000;
        List<String> nm2 = read(IndexQuery.of(t, "byPerson", Value.of("nm2")));
        while (!nm2.equals(List.of("A")) && System.currentTimeMillis() < deadline) {
            nm2 = read(IndexQuery.of(t, "byPerson", Value.of("nm2")));
        }
        assertEquals(List.of("A"), nm2);
        assertEquals(List.of(), read(IndexQuery.of(t, "byPerson", Value.of("nm1"))));
    }

    @Test
    void anIndexReadReportsItsCost() {
        String t = crewTable();
        store.put(t, Item.builder("tt1", "crew").put("person", "nm1").put("year", "1994").put("title", "A").build());
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            store.queryIndex(IndexQuery.of(t, "byPerson", Value.of("nm1")));
        });
        assertEquals(1, tally.calls());
        assertTrue(tally.roundTrips() >= 1);
        assertEquals(1, tally.itemsRead());
    }
}
