package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a {@link Store} treats items that have expired ({@link Expiry}) but are still stored: reads leave
 * them out, a write whose condition met one removes it and is tried again (the condition was judged
 * against an item that no longer exists), and an update that landed on one is undone and applied to the
 * absent item instead.
 */
final class ExpiredItems {
    private static final int SCAN_PAGE = 200;

    private ExpiredItems() {
    }

    static Optional<Item> live(Optional<Item> item, long now) {
        return item.filter(i -> !Expiry.isExpired(i, now));
    }

    static List<Item> live(List<Item> items, long now) {
        for (Item item : items) {
            if (Expiry.isExpired(item, now)) {
                return items.stream().filter(i -> !Expiry.isExpired(i, now)).toList();
            }
        }
        return items;
    }

    static Map<ItemRef, Item> live(Map<ItemRef, Item> items, long now) {
        Map<ItemRef, Item> out = new LinkedHashMap<>();
        items.forEach((ref, item) -> {
            if (!Expiry.isExpired(item, now)) {
                out.put(ref, item);
            }
        });
        return out;
    }

    /**
     * Runs {@code write}; when a condition fails and one of the conditioned items is an expired leftover,
     * removes the leftovers and runs it once more, so that the condition is judged as if they were gone.
     */
    static void retryPastLeftovers(StoreBackend backend, List<Write> writes, Clock clock, CostMeter meter,
                                   Runnable write) {
        try {
            write.run();
        } catch (ConditionFailedException e) {
            List<ItemRef> conditioned = writes.stream().filter(w -> !(w.condition() instanceof Condition.None))
                    .map(w -> new ItemRef(w.table(), w.key())).distinct().toList();
            if (conditioned.isEmpty() || removeLeftovers(backend, conditioned, clock.millis(), meter) == 0) {
                throw e;
            }
            write.run();
        }
    }

    /** Applies the update; when it landed on an expired leftover, removes that and applies it again. */
    static Item update(StoreBackend backend, Write.Update update, Clock clock, CostMeter meter) {
        Item[] after = new Item[1];
        retryPastLeftovers(backend, List.of(update), clock, meter, () -> after[0] = backend.update(update, meter));
        if (!Expiry.isExpired(after[0], clock.millis())) {
            return after[0];
        }
        removeIfStill(backend, update.table(), after[0], meter);
        return backend.update(update, meter);
    }

    /** Removes those of the items that are expired leftovers; returns how many it removed. */
    static int removeLeftovers(StoreBackend backend, List<ItemRef> refs, long now, CostMeter meter) {
        int removed = 0;
        for (Map.Entry<ItemRef, Item> e : backend.getAll(refs, meter).entrySet()) {
            if (Expiry.isExpired(e.getValue(), now) && removeIfStill(backend, e.getKey().table(), e.getValue(), meter)) {
                removed++;
            }
        }
        return removed;
    }

    /** Deletes the item while it still carries the expiry read; false when it was written again meanwhile. */
    private static boolean removeIfStill(StoreBackend backend, String table, Item item, CostMeter meter) {
        Value expiry = item.get(Expiry.ATTRIBUTE).orElseThrow();
        try {
            backend.delete(new Write.Delete(table, item.key(), Condition.attributeEquals(Expiry.ATTRIBUTE, expiry)),
                    meter);
            return true;
        } catch (ConditionFailedException e) {
            return false;
        }
    }

    /** Counts, and when {@code remove} is set removes, the expired items still stored in the table. */
    static long run(Store store, StoreBackend backend, String table, boolean remove) {
        return store.call(remove ? "removeExpired" : "countExpired", table, call -> {
            long now = store.clock().millis();
            long found = 0;
            Optional<String> token = Optional.empty();
            do {
                ScanResult page = backend.scan(new ScanRequest(table, 0, 1, SCAN_PAGE, token), call.meter);
                List<Item> expired = new ArrayList<>();
                for (Item item : page.items()) {
                    call.read(item);
                    if (Expiry.isExpired(item, now)) {
                        expired.add(item);
                    }
                }
                for (Item item : expired) {
                    if (!remove) {
                        found++;
                    } else if (removeIfStill(backend, table, item, call.meter)) {
                        call.wrote(null);
                        found++;
                    }
                }
                token = page.nextToken();
            } while (token.isPresent());
            return found;
        });
    }
}
