package dev.nosqlpatterns.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TenantHandleLeaseTest {
    /** A clock the test moves; it starts at the real time. */
    private static final class MovedClock extends Clock {
        private final AtomicLong offset = new AtomicLong();

        void advance(Duration step) {
            offset.addAndGet(step.toMillis());
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis());
        }

        @Override
        public long millis() {
            return System.currentTimeMillis() + offset.get();
        }
    }

    @Test
    void aHandleLeaseOutsideItsRangeIsRefusedWithItsValue() {
        try (Store store = Store.of(new MemoryBackend())) {
            for (Duration bad : new Duration[] {Duration.ZERO, Duration.ofMillis(-5), Duration.ofNanos(999_999),
                    Tenants.MAX_HANDLE_LEASE.plusMillis(1), null}) {
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                        () -> Tenants.builder(store).handleLease(bad).build(), "lease " + bad);
                assertTrue(e.getMessage().contains("handleLease") && e.getMessage().contains("got " + bad),
                        e.getMessage());
            }
            Tenants.builder(store).handleLease(Duration.ofMillis(1)).build();
            Tenants.builder(store).handleLease(Tenants.MAX_HANDLE_LEASE).build();
        }
    }

    @Test
    void aHandleReadsTheRegistryOncePerLeaseAndIsRefusedOnceItsTenantLeftElsewhere() {
        MovedClock clock = new MovedClock();
        MemoryBackend memory = new MemoryBackend();
        try (Store here = Store.of(memory, clock); Store there = Store.of(memory, clock)) {
            // Leases run on the clock, which moves with real time too: long enough for the loop below on a busy machine.
            Duration lease = Duration.ofSeconds(1);
            Tenants mine = Tenants.builder(here).handleLease(lease).build();
            Tenants theirs = Tenants.builder(there).handleLease(lease).build();
            Store stale = mine.forTenant("acme");
            stale.createTable(TableSpec.named("people"));
            AtomicLong registryReads = new AtomicLong();
            here.observe(call -> {
                if ("tenantRegistry".equals(call.table()) && call.name().equals("get")) {
                    registryReads.incrementAndGet();
                }
                return (cost, failure) -> { };
            });
            for (int i = 0; i < 20; i++) {
                stale.put("people", Item.builder(Key.of("user|" + i, "<BASE>")).build());
                stale.get("people", Key.of("user|" + i, "<BASE>"));
            }
            assertEquals(0, registryReads.get(), "no registry read within the lease");
            clock.advance(lease);
            stale.put("people", Item.builder(Key.of("user|20", "<BASE>")).build());
            stale.delete("people", Key.of("user|20", "<BASE>"));
            assertEquals(1, registryReads.get(), "one registry read once the lease ran out");

            theirs.offboard("acme");
            clock.advance(lease);
            TenantOffboardedException refused = assertThrows(TenantOffboardedException.class,
                    () -> stale.put("people", Item.builder(Key.of("user|late", "<BASE>")).build()));
            assertTrue(refused.getMessage().contains("'acme'") && refused.getMessage().contains("forTenant"),
                    refused.getMessage());
            assertEquals("acme", refused.tenantId());

            Store fresh = mine.forTenant("acme");
            assertNotSame(stale, fresh);
            fresh.createTable(TableSpec.named("people"));
            assertEquals(0, fresh.scanAll(Scan.of("people")).count(), "the stale handle wrote nothing");
            assertThrows(TenantOffboardedException.class, () -> stale.delete("people", Key.of("user|1", "<BASE>")));
            assertEquals(0, stale.maintenance().countStored("people"), "reads through the old handle see what is left");
            assertFalse(theirs.tablesOf("acme").isEmpty(), "the new registration records its own table");
        }
    }
    @Test
    void aRecordWrittenWithoutARegistrationIdKeepsWorkingAndIsOffboarded() {
        MovedClock clock = new MovedClock();
        try (Store store = Store.of(new MemoryBackend(), clock)) {
            Duration lease = Duration.ofMillis(20);
            Tenants first = Tenants.builder(store).handleLease(lease).build();
            first.forTenant("old");
            String code = first.codeOf("old").orElseThrow();
            // The record as an earlier version wrote it: the code alone.
            store.put("tenantRegistry", Item.builder(first.registryKey("old", "~tenant")).put("code", code).build());
            Tenants later = Tenants.builder(store).handleLease(lease).build();
            Store old = later.forTenant("old");
            old.createTable(TableSpec.named("people"));
            clock.advance(lease);
            old.put("people", Item.builder(Key.of("user|1", "<BASE>")).build());
            assertEquals(code, later.codeOf("old").orElseThrow());

            later.offboard("old");
            assertThrows(TenantOffboardedException.class,
                    () -> old.put("people", Item.builder(Key.of("user|2", "<BASE>")).build()));
            assertFalse(later.tenantIds().contains("old"));
            assertEquals(0, old.maintenance().countStored("people"), "the tenant's items are gone");
        }
    }
}
