package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The store's own expiry ({@link Capability#NATIVE_EXPIRY}) removes an expired item by itself, with no
 * sweep of the library: seen through a store whose clock stands at the epoch, which leaves out nothing.
 * Not part of {@link StoreConformanceKit}, since some stores remove expired items days later (DynamoDB) or
 * never (DynamoDB Local, an in-memory MongoDB); an adapter whose store removes them within seconds extends
 * it with its {@link #openBackend()}. Uses real time and expiries of about one second.
 */
public abstract class NativeExpirySuite extends StoreSuite {
    /** How long after an item's expiry the store may take to remove it. */
    protected Duration removalWithin() {
        return Duration.ofSeconds(5);
    }

    @Test
    void theStoreRemovesAnExpiredItemByItself() throws InterruptedException {
        assumeCapability(Capability.NATIVE_EXPIRY);
        String t = newTable();
        Store past = Store.of(backend, Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
        past.createTable(TableSpec.named(t));
        Instant expiry = Instant.now().plusMillis(1200);
        store.writeBatch(List.of(Write.put(t, item("p", "a", "n", 1)).expiringAt(expiry),
                Write.put(t, item("p", "b", "n", 2))));
        store.put(Write.put(t, item("p", "c", "n", 3)).expiringAt(expiry));
        assertEquals(3, past.queryAll(Query.in(t, "p")).count());
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), expiry).toMillis()));
        long deadline = System.nanoTime() + removalWithin().toNanos();
        while (past.queryAll(Query.in(t, "p")).count() > 1 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertFalse(past.get(t, Key.of("p", "a")).isPresent(), "not removed within " + removalWithin());
        assertFalse(past.get(t, Key.of("p", "c")).isPresent(), "not removed within " + removalWithin());
        assertTrue(past.get(t, Key.of("p", "b")).isPresent());
        assertEquals(0, store.maintenance().countExpired(t));
    }
}
