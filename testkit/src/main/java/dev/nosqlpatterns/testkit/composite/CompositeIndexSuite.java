package dev.nosqlpatterns.testkit.composite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.composite.CompositeIndex;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Composite-key indexes: State:City:UserID read by any leading part, paged, both ways. */
public abstract class CompositeIndexSuite extends StoreSuite {
    private static final List<String> STATES = List.of("CA", "CAL", "NY", "C");
    private static final List<String> CITIES = List.of("San Francisco", "San Jose", "Los Angeles", "Albany", "A:B", "");

    private List<List<Object>> seed(CompositeIndex index) {
        Random random = new Random(7);
        List<List<Object>> tuples = new ArrayList<>();
        for (int i = 0; i < 90; i++) {
            List<Object> t = List.of(STATES.get(random.nextInt(STATES.size())),
                    CITIES.get(random.nextInt(CITIES.size())), (long) random.nextInt(1_000_000) - 500_000);
            if (!tuples.contains(t)) {
                tuples.add(t);
                index.put(t);
            }
        }
        tuples.sort(TUPLES);
        return tuples;
    }

    @SuppressWarnings("unchecked")
    private static final Comparator<List<Object>> TUPLES = (a, b) -> {
        for (int i = 0; i < a.size(); i++) {
            int c = ((Comparable<Object>) a.get(i)).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    };

    private List<List<Object>> paged(CompositeIndex index, List<?> leading, boolean descending, int pageSize) {
        List<List<Object>> out = new ArrayList<>();
        Optional<Cursor> cursor = Optional.empty();
        do {
            CompositeIndex.CompositePage page = index.query(leading, descending, pageSize, cursor);
            page.entries().forEach(e -> out.add(e.tuple()));
            cursor = page.next();
        } while (cursor.isPresent());
        return out;
    }

    private static List<List<Object>> expected(List<List<Object>> all, List<?> leading, boolean descending) {
        List<List<Object>> out = new ArrayList<>(all.stream().filter(t -> t.subList(0, leading.size()).equals(leading)).toList());
        if (descending) {
            Collections.reverse(out);
        }
        return out;
    }

    @Test
    void everyLeadingPrefixInOnePartition() {
        CompositeIndex index = CompositeIndex.create(store, newTable(), 0, SegmentType.STRING, SegmentType.STRING, SegmentType.LONG);
        List<List<Object>> all = seed(index);
        for (List<?> leading : List.of(List.of(), List.of("CA"), List.of("C"), List.of("CA", "San Francisco"),
                List.of("CA", ""), List.of("CA", "A:B"), List.of("ZZ"))) {
            for (boolean descending : new boolean[] {false, true}) {
                assertEquals(expected(all, leading, descending), paged(index, leading, descending, 7),
                        "prefix " + leading + (descending ? " descending" : ""));
            }
        }
    }

    @Test
    void statePartitionsServeCityPrefixes() {
        CompositeIndex index = CompositeIndex.create(store, newTable(), 1, SegmentType.STRING, SegmentType.STRING, SegmentType.LONG);
        List<List<Object>> all = seed(index);
        assertEquals(expected(all, List.of("CA"), false), index.queryAll(List.of("CA"), false).map(CompositeIndex.Entry::tuple).toList());
        assertEquals(expected(all, List.of("CAL", "San Jose"), true), paged(index, List.of("CAL", "San Jose"), true, 3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> index.queryAll(List.of(), false));
        assertTrue(e.getMessage().contains("leading values"), e.getMessage());
    }

    @Test
    void removedEntriesDisappearAndBadTuplesAreRefused() {
        CompositeIndex index = CompositeIndex.create(store, newTable(), 0, SegmentType.STRING, SegmentType.STRING, SegmentType.LONG);
        index.put(List.of("CA", "San Jose", 1L));
        index.put(List.of("CA", "San Jose", 2L));
        index.remove(List.of("CA", "San Jose", 1L));
        assertEquals(List.of(List.of("CA", "San Jose", 2L)), index.queryAll(List.of("CA"), false).map(CompositeIndex.Entry::tuple).toList());
        assertThrows(IllegalArgumentException.class, () -> index.put(List.of("CA", "San Jose")));
        assertThrows(IllegalArgumentException.class, () -> index.put(List.of("CA", 5L, 1L)));
        assertThrows(IllegalArgumentException.class, () -> CompositeIndex.create(store, newTable(), 3, SegmentType.STRING));
    }
}
