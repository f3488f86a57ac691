package dev.nosqlpatterns.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The tallies pass 2 of an index audit compares: one per entry, told apart by key, named item and write. */
class EntryTallyTest {

    private static Item entry(String value, String sort, String base, Long generation, long at) {
        Item.Builder b = Item.builder(Key.of(value, sort)).put(Entries.REF, Entries.ref(Key.of(base, "<BASE>")))
                .put(Entries.AT, at);
        if (generation != null) {
            b.put(Entries.GENERATION, generation);
        }
        return b.build();
    }

    @Test
    void distinctEntriesHaveDistinctTallies() {
        Set<List<Long>> seen = new HashSet<>();
        int n = 0;
        for (int v = 0; v < 50; v++) {
            for (int i = 0; i < 2_000; i++) {
                RepairCursor.EntryTally t = Entries.tally(entry("city-" + v, "s" + i, "user|" + i, (long) i, 7));
                seen.add(List.of(t.high(), t.low()));
                n++;
            }
        }
        assertEquals(n, seen.size());
    }

    @Test
    void everyPartOfTheEntryCounts() {
        RepairCursor.EntryTally t = Entries.tally(entry("ab", "c", "u", 1L, 7));
        assertEquals(t, Entries.tally(entry("ab", "c", "u", 1L, 7)), "the same entry, the same tally");
        assertEquals(t, Entries.tally(entry("ab", "c", "u", 1L, 8)), "the time does not count beside a generation");
        assertNotEquals(t, Entries.tally(entry("a", "bc", "u", 1L, 7)), "where the key splits");
        assertNotEquals(t, Entries.tally(entry("ab", "c", "v", 1L, 7)), "the item named");
        assertNotEquals(t, Entries.tally(entry("ab", "c", "u", 2L, 7)), "another write of the entry");
        assertNotEquals(Entries.tally(entry("ab", "c", "u", null, 1)), t, "a time is not a generation");
        assertNotEquals(Entries.tally(entry("ab", "c", "u", null, 1)), Entries.tally(entry("ab", "c", "u", null, 2)));
    }

    @Test
    void aTallyIsAMultisetOfEntries() {
        RepairCursor.EntryTally a = Entries.tally(entry("x", "1", "u1", 1L, 0));
        RepairCursor.EntryTally b = Entries.tally(entry("x", "2", "u2", 2L, 0));
        RepairCursor.EntryTally c = Entries.tally(entry("y", "3", "u3", 3L, 0));
        assertEquals(a.plus(b).plus(c), c.plus(a).plus(b), "in any order");
        assertEquals(3, a.plus(b).plus(c).entries());
        assertNotEquals(a.plus(b), a.plus(c), "as many entries, not the same ones");
        assertNotEquals(a.plus(a), a.plus(b));
        assertEquals(a, RepairCursor.EntryTally.NONE.plus(a));
    }
}
