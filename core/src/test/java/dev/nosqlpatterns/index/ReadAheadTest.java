package dev.nosqlpatterns.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.ObservedCall;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.ForwardingCapabilities;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A whole verify or repair reads the next page of its scan while it checks and fixes the page before: the reads
 * run on a thread of their own, count toward the audit's technique call as if made on its thread, and a read that
 * fails fails the audit with the store's own exception.
 */
class ReadAheadTest {
    private static final int USERS = 2_500;
    private static final String AHEAD = "nosqlpatterns-scan-ahead";

    private static Store loaded(StoreBackend backend) {
        Store store = Store.of(backend);
        store.createTable(TableSpec.named("users"));
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < USERS; i++) {
            writes.add(Write.put("users", Item.builder("user|" + i, "<BASE>").put("city", "c" + i % 40).build()));
        }
        for (int from = 0; from < USERS; from += 100) {
            store.writeBatch(writes.subList(from, from + 100));
        }
        return store;
    }

    @Test
    void theNextPageIsReadOnAThreadOfItsOwnAndCountsTowardTheAudit() {
        try (Store store = loaded(new MemoryBackend())) {
            AtomicInteger scansAhead = new AtomicInteger();
            AtomicLong storeRoundTrips = new AtomicLong();
            List<OperationCost> repairs = new ArrayList<>();
            store.observe(call -> {
                if (call.kind() == ObservedCall.Kind.TECHNIQUE) {
                    return (cost, failure) -> repairs.add(cost);
                }
                if (call.name().equals("scan") && Thread.currentThread().getName().equals(AHEAD)) {
                    scansAhead.incrementAndGet();
                }
                return (cost, failure) -> storeRoundTrips.addAndGet(cost.roundTrips());
            });
            IndexTable ix = IndexTable.builder(store).baseTable("users").indexTable("users_by_city").attribute("city")
                    .build();
            storeRoundTrips.set(0); // the index table's creation
            IndexVerification backfill = ix.repair();
            assertEquals(List.of((long) USERS, (long) USERS), List.of(backfill.baseItemsChecked(), backfill.missing()),
                    backfill.toString());
            assertTrue(ix.verify().consistent());
            // pages of pass 1 after the first (200, 1,000, 1,000, 300), and of the verify's look (3 + 2, then 3 + 1)
            assertTrue(scansAhead.get() >= 3, "scans read ahead: " + scansAhead);
            long techniqueRoundTrips = repairs.stream().mapToLong(OperationCost::roundTrips).sum();
            assertEquals(storeRoundTrips.get(), techniqueRoundTrips,
                    "every store call, read ahead or not, counts toward its audit: " + repairs);
        }
    }

    /**
     * A backfill reads the items of the entries it added back by scanning each page again, unless its first page
     * showed that a scan reads far more than it returns (a table sharing its store table): then by key.
     */
    @Test
    void aPageIsScannedAgainOnlyWhereAScanReadsAboutWhatItReturns() {
        for (int amplification : new int[] {1, 3}) {
            MemoryBackend memory = new MemoryBackend();
            StoreBackend sharing = new ForwardingCapabilities(memory, memory.capabilities()) {
                @Override
                public ScanResult scan(ScanRequest scan, CostMeter meter) {
                    ScanResult result = super.scan(scan, meter);
                    meter.extraItemsRead((amplification - 1L) * result.items().size());
                    return result;
                }
            };
            try (Store store = loaded(sharing)) {
                java.util.Map<String, AtomicInteger> calls = new java.util.concurrent.ConcurrentHashMap<>();
                store.observe(call -> {
                    if (call.kind() == ObservedCall.Kind.STORE) {
                        calls.computeIfAbsent(call.name() + " " + call.table(), k -> new AtomicInteger())
                                .incrementAndGet();
                    }
                    return (cost, failure) -> { };
                });
                IndexTable ix = IndexTable.builder(store).baseTable("users").indexTable("users_by_city")
                        .attribute("city").build();
                assertEquals(USERS, ix.repair().missing());
                assertTrue(ix.verify().consistent());
                int scans = calls.get("scan users").get();
                AtomicInteger byKey = calls.get("getAll users");
                // pass 1's pages: 200, 1,000, 1,000, 300; then the verify's look (4 pages)
                if (amplification == 1) {
                    assertEquals(List.of(12, 0), List.of(scans, byKey == null ? 0 : byKey.get()), calls.toString());
                } else {
                    assertEquals(List.of(8, 4), List.of(scans, byKey == null ? 0 : byKey.get()), calls.toString());
                }
            }
        }
    }

    @Test
    void aReadAheadThatFailsFailsTheAuditWithTheStoresException() {
        StoreUnavailableException down = new StoreUnavailableException("the node went away", "users", null, null);
        AtomicInteger scans = new AtomicInteger();
        MemoryBackend memory = new MemoryBackend();
        StoreBackend failing = new ForwardingCapabilities(memory, memory.capabilities()) {
            @Override
            public ScanResult scan(ScanRequest scan, CostMeter meter) {
                if (scan.table().equals("users") && scans.incrementAndGet() == 3) {
                    throw down;
                }
                return super.scan(scan, meter);
            }
        };
        try (Store store = loaded(failing)) {
            IndexTable ix = IndexTable.builder(store).baseTable("users").indexTable("users_by_city").attribute("city")
                    .build();
            assertSame(down, assertThrows(StoreUnavailableException.class, ix::repair));
        }
    }
}
