package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Item expiry ({@link Expiry}): reads leave expired items out from their instant on, before the store's own
 * removal has run (DynamoDB's runs up to days later, an emulator's never); conditions and updates meet an
 * expired item as an absent one; {@link dev.nosqlpatterns.store.StoreMaintenance#countExpired} finds what is still stored and
 * {@link dev.nosqlpatterns.store.StoreMaintenance#removeExpired} removes it. Time is moved forward on a {@link Store} over the same backend whose
 * clock the test controls, so the store itself has not expired anything yet; only the removal by a store
 * without {@link Capability#NATIVE_EXPIRY} waits for real time, with a short expiry.
 */
public abstract class ExpirySuite extends ClockedStoreSuite {
    static Set<String> sorts(List<Item> items) {
        return items.stream().map(i -> i.key().sort()).collect(Collectors.toSet());
    }

    @Test
    void readsLeaveOutExpiredItemsBeforeTheStoreRemovesThem() {
        String t = table();
        later.put(Write.put(t, item("p", "a", "n", 1)).expiringAt(in(600)));
        later.put(t, item("p", "b", "n", 2));
        later.put(Write.put(t, item("p", "c", "n", 3)).expiringAt(in(1200)));
        later.writeBatch(List.of(Write.put(t, item("q", "d")).expiringAt(in(600)), Write.put(t, item("q", "e"))));
        assertEquals(Set.of("a", "b", "c"), sorts(later.queryAll(Query.in(t, "p")).toList()));
        clock.advance(Duration.ofSeconds(900));

        assertTrue(later.get(t, Key.of("p", "a")).isEmpty());
        assertTrue(later.get(t, Key.of("p", "c")).isPresent());
        assertEquals(Set.of(new ItemRef(t, Key.of("p", "b"))), later.getAll(t, List.of(Key.of("p", "a"),
                Key.of("p", "b"), Key.of("q", "d"))).asMap().keySet());
        assertEquals(Set.of("b", "c"), sorts(later.queryAll(Query.in(t, "p")).toList()));
        assertEquals(Set.of("b", "c"), sorts(later.queryEach(List.of(Query.in(t, "p"))).get(0).items()));
        assertEquals(Set.of("b", "c", "e"), sorts(later.scanAll(Scan.of(t)).toList()));

        assertTrue(store.get(t, Key.of("p", "a")).isPresent(), "the store itself has not expired it yet");
        assertEquals(2, later.maintenance().countExpired(t));
        assertEquals(0, store.maintenance().countExpired(t));
        assertEquals(2, later.maintenance().removeExpired(t));
        assertEquals(0, later.maintenance().countExpired(t));
        assertTrue(store.get(t, Key.of("p", "a")).isEmpty(), "removed from the store");
        assertEquals(Set.of("b", "c", "e"), sorts(store.scanAll(Scan.of(t)).toList()));
    }

    @Test
    void aLinkedReadLeavesOutExpiredItemsAndDoesNotFollowTheirLinks() {
        String t = table();
        LinkedRead read = LinkedRead.of(t, "p", List.of("a"), "next", "", 5);
        later.put(t, item("p", "a", "next", Value.list(Value.of("b"), Value.of("c"))));
        later.put(Write.put(t, item("p", read.targetOf("b"), "next", "d")).expiringAt(in(600)));
        later.put(t, item("p", read.targetOf("c")));
        later.put(t, item("p", read.targetOf("d")));
        List<String> all = List.of("a", read.targetOf("b"), read.targetOf("c"), read.targetOf("d"));
        assertEquals(all, later.follow(read).stream().map(i -> i.key().sort()).toList());
        clock.advance(Duration.ofSeconds(900));
        assertEquals(List.of("a", read.targetOf("c")), later.follow(read).stream().map(i -> i.key().sort()).toList(),
                "d is reached only through the expired b");
        assertEquals(all, store.follow(read).stream().map(i -> i.key().sort()).toList(), "the store itself has not expired b");
    }

    @Test
    void pagesAreFilledPastExpiredItemsInBothDirections() {
        String t = table();
        for (int i = 0; i < 9; i++) {
            Write.Put put = Write.put(t, item("p", "k" + i));
            later.put(i % 3 == 2 ? put : put.expiringAt(in(60)));
        }
        clock.advance(Duration.ofSeconds(61));
        Page first = later.query(Query.in(t, "p").limit(2));
        assertEquals(List.of("k2", "k5"), first.items().stream().map(i -> i.key().sort()).toList());
        assertTrue(first.hasNext());
        Page rest = later.query(Query.in(t, "p").limit(2).after(first.next().get()));
        assertEquals(List.of("k8"), rest.items().stream().map(i -> i.key().sort()).toList());
        assertEquals(List.of("k8", "k5", "k2"), later.queryAll(Query.in(t, "p").descending().limit(1))
                .map(i -> i.key().sort()).toList());
    }

    @Test
    void conditionsAndUpdatesMeetAnExpiredItemAsAbsent() {
        String t = table();
        later.put(Write.put(t, item("p", "a", "old", "x", "n", 1)).expiringAt(in(60)));
        later.put(Write.put(t, item("p", "b", "n", 1)).expiringAt(in(60)));
        later.put(Write.put(t, item("p", "c", "n", 1)).expiringAt(in(60)));
        clock.advance(Duration.ofSeconds(61));

        later.put(t, item("p", "a", "n", 2), Condition.ifAbsent());
        assertEquals(item("p", "a", "n", 2), later.get(t, Key.of("p", "a")).orElseThrow());

        Item updated = later.update(t, Key.of("p", "b"), UpdateAction.add("n", 5));
        assertEquals(item("p", "b", "n", 5), updated, "the update starts from nothing, not from the expired item");
        assertEquals(updated, later.get(t, Key.of("p", "b")).orElseThrow());

        assertThrows(ConditionFailedException.class, () -> later.put(t, item("p", "c", "n", 2),
                Condition.attributeEquals("n", Value.of(7))));
        later.update(Write.update(t, Key.of("p", "c"), UpdateAction.set("n", Value.of(3))).when(Condition.ifAbsent()));
        assertEquals(item("p", "c", "n", 3), later.get(t, Key.of("p", "c")).orElseThrow());
    }

    @Test
    void aPutSetsOrClearsTheExpiryAndAnUpdateKeepsIt() {
        String t = table();
        Instant expiry = in(60);
        later.put(Write.put(t, item("p", "a", "n", 1)).expiringAt(expiry));
        later.update(t, Key.of("p", "a"), UpdateAction.set("m", Value.of(2)));
        assertEquals(expiry.toEpochMilli(), Expiry.of(later.get(t, Key.of("p", "a")).orElseThrow())
                .orElseThrow().toEpochMilli());
        later.put(Write.put(t, item("p", "b", "n", 1)).expiringAt(in(60)));
        later.put(t, item("p", "b", "n", 2));
        clock.advance(Duration.ofSeconds(61));
        assertTrue(later.get(t, Key.of("p", "a")).isEmpty(), "the update kept the expiry");
        assertEquals(item("p", "b", "n", 2), later.get(t, Key.of("p", "b")).orElseThrow());
    }

    @Test
    void aBadExpiryIsRefusedBeforeAnythingIsWritten() {
        String t = table();
        InvalidRequestException text = assertThrows(InvalidRequestException.class,
                () -> later.put(t, item("p", "a", Expiry.ATTRIBUTE, "tomorrow")));
        assertTrue(text.getMessage().contains("tomorrow"), text.getMessage());
        InvalidRequestException fraction = assertThrows(InvalidRequestException.class, () -> later.writeBatch(List.of(
                Write.put(t, item("p", "b")), Write.put(t, item("p", "c", Expiry.ATTRIBUTE, Value.of(new java.math.BigDecimal("1.5")))))));
        assertTrue(fraction.getMessage().contains("1.5"), fraction.getMessage());
        InvalidRequestException update = assertThrows(InvalidRequestException.class, () -> later.update(t,
                Key.of("p", "d"), UpdateAction.set(Expiry.ATTRIBUTE, Value.of(in(60).toEpochMilli()))));
        assertTrue(update.getMessage().contains(Expiry.ATTRIBUTE), update.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Write.put(t, item("p", "e")).expiringAt(Instant.parse("+12000-01-01T00:00:00Z")));
        assertEquals(0, store.scanAll(Scan.of(t)).count());
    }

    @Test
    void withoutItsOwnExpiryTheStoreSweepsExpiredItemsInTheBackground() throws InterruptedException {
        Assumptions.assumeFalse(store.has(Capability.NATIVE_EXPIRY), () -> "the " + store.kind()
                + " store removes expired items itself (" + Capability.NATIVE_EXPIRY + "); its adapter tests show it");
        String t = table();
        store.put(Write.put(t, item("p", "a")).expiringAt(Instant.now().plusMillis(700)));
        store.put(t, item("p", "b"));
        Store past = Store.of(backend, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
        past.createTable(TableSpec.named(t));
        assertTrue(past.get(t, Key.of("p", "a")).isPresent());
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (past.get(t, Key.of("p", "a")).isPresent() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertFalse(past.get(t, Key.of("p", "a")).isPresent(), "not swept within 5 s of its expiry");
        assertTrue(past.get(t, Key.of("p", "b")).isPresent());
    }
}
