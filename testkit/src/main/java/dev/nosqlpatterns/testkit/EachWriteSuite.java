package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.nosqlpatterns.store.Store#writeEach}: many independent conditional writes in one call, each applied or
 * refused by its own condition as if sent alone, the answers in the order of the writes; a bad write anywhere
 * refuses the call with nothing written; an expired item still stored meets a condition as an absent one.
 */
public abstract class EachWriteSuite extends ClockedStoreSuite {

    /** Every kind of condition, holding and failing, in one call, against a model of what each write alone does. */
    @Test
    void eachWriteIsAppliedOrRefusedByItsOwnCondition() {
        randomOperations((random, operations) -> {
            String t = table();
            int n = Math.max(30, operations);
            Map<Key, Item> model = new HashMap<>();
            List<Write> stored = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                if (random.nextInt(3) != 0) {
                    Item it = item("p" + (i % 7), "s" + i, "n", random.nextInt(5));
                    stored.add(Write.put(t, it));
                    model.put(it.key(), it);
                }
            }
            store.writeBatch(stored);
            List<Write> writes = new ArrayList<>();
            List<Boolean> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Key k = Key.of("p" + (i % 7), "s" + i);
                Condition c = switch (random.nextInt(5)) {
                    case 0 -> Condition.none();
                    case 1 -> Condition.ifAbsent();
                    case 2 -> Condition.ifExists();
                    default -> Condition.attributeEquals("n", Value.of(random.nextInt(5)));
                };
                writes.add(random.nextInt(3) == 0 ? new Write.Delete(t, k, c)
                        : new Write.Put(t, item(k.partition(), k.sort(), "n", 100 + i), c));
                expected.add(c.test(Optional.ofNullable(model.get(k))));
            }
            assertEquals(expected, store.writeEach(writes));
            for (int i = 0; i < writes.size(); i++) {
                Write w = writes.get(i);
                if (!expected.get(i)) {
                    continue;
                }
                if (w instanceof Write.Put p) {
                    model.put(w.key(), p.item());
                } else {
                    model.remove(w.key());
                }
            }
            Map<Key, Item> found = new HashMap<>();
            store.scanAll(Scan.of(t)).forEach(item -> found.put(item.key(), item));
            assertEquals(model, found, "every applied write and only those");
        });
    }

    /** A call of thousands of writes over few partitions, as bulk paths send them: every answer exact. */
    @Test
    void aLargeCallAnswersEveryWrite() {
        String t = table();
        List<Write> first = new ArrayList<>();
        for (int i = 0; i < 2_000; i += 7) {
            first.add(Write.put(t, item("p" + (i % 13), String.format("%05d", i), "w", "first")));
        }
        store.writeBatch(first);
        List<Write> claims = new ArrayList<>();
        List<Boolean> expected = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            claims.add(Write.put(t, item("p" + (i % 13), String.format("%05d", i), "w", "claim")).when(Condition.ifAbsent()));
            expected.add(i % 7 != 0);
        }
        assertEquals(expected, store.writeEach(claims));
        assertEquals(2_000, store.scanAll(Scan.of(t)).count());
        assertEquals(first.size(), store.scanAll(Scan.of(t)).filter(i -> i.getString("w").orElseThrow().equals("first"))
                .count(), "a refused claim left the item it met as it was");
    }

    /** An update, a second write of one item or an item too large, at the start, middle or end: nothing written. */
    @Test
    void aBadWriteAnywhereRefusesTheCallBeforeAnythingIsWritten() {
        String t = table();
        int tooLarge = store.limits().maxItemBytes() + 1;
        for (int position : new int[] {0, 4, 9}) {
            List<Write> writes = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                writes.add(Write.put(t, item("p", "s" + i)).when(Condition.ifAbsent()));
            }
            List<Write> update = new ArrayList<>(writes);
            update.set(position, Write.update(t, Key.of("p", "u"), UpdateAction.add("n", 1)));
            InvalidRequestException notPutOrDelete = assertThrows(InvalidRequestException.class,
                    () -> store.writeEach(update));
            assertTrue(notPutOrDelete.getMessage().contains("position " + position), notPutOrDelete.getMessage());
            List<Write> twice = new ArrayList<>(writes);
            twice.set(position, Write.delete(t, Key.of("p", "s" + (position == 0 ? 9 : 0))));
            assertThrows(InvalidRequestException.class, () -> store.writeEach(twice));
            List<Write> large = new ArrayList<>(writes);
            large.set(position, Write.put(t, item("p", "big", "v", "x".repeat(tooLarge))));
            StoreException big = assertThrows(StoreException.class, () -> store.writeEach(large));
            assertTrue(big instanceof ItemTooLargeException || big instanceof InvalidRequestException, big.toString());
            assertEquals(0, store.scanAll(Scan.of(t)).count(), "nothing written for a call refused at " + position);
        }
        assertEquals(List.of(), store.writeEach(List.of()));
    }

    /** A condition meets an item that has expired but is still stored as an absent one, as a single write does. */
    @Test
    void anExpiredItemStillStoredMeetsConditionsAsAbsent() {
        String t = table();
        later.put(Write.put(t, item("p", "a", "n", 1)).expiringAt(in(60)));
        later.put(t, item("p", "c", "n", 1));
        later.put(t, item("p", "d", "n", 1));
        clock.advance(Duration.ofSeconds(61));
        List<Boolean> applied = later.writeEach(List.of(
                Write.put(t, item("p", "a", "n", 2)).when(Condition.ifAbsent()),
                Write.put(t, item("p", "c", "n", 2)).when(Condition.ifAbsent()),
                Write.delete(t, Key.of("p", "d")).when(Condition.attributeEquals("n", Value.of(1)))));
        assertEquals(List.of(true, false, true), applied);
        assertEquals(item("p", "a", "n", 2), later.get(t, Key.of("p", "a")).orElseThrow());
        assertEquals(item("p", "c", "n", 1), later.get(t, Key.of("p", "c")).orElseThrow());
        assertTrue(later.get(t, Key.of("p", "d")).isEmpty());
    }
}
