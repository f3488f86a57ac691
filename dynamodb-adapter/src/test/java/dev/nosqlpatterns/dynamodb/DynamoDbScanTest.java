package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A scan of a logical table that holds a small share of the physical table (single-table layout) fills
 * its pages in a few requests: each request reads as many items as the share kept so far says the page
 * needs, and a page cut short of what a request returned resumes after its last item.
 */
class DynamoDbScanTest {

    @Test
    void aSmallTableInALargePhysicalTableIsScannedInFewRequests() {
        String physical = "scan" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        try (Store store = DynamoDbStore.builder().client(DynamoDbFixture.client()).singleTable(physical).build()) {
            store.createTable(TableSpec.named("small"));
            store.createTable(TableSpec.named("large"));
            List<Write> writes = new ArrayList<>();
            Set<Key> expected = new HashSet<>();
            for (int i = 0; i < 1200; i++) {
                boolean small = i % 20 == 0;
                Key key = Key.of("p" + (i % 7), String.format("s%04d", i));
                writes.add(Write.put(small ? "small" : "large", Item.builder(key).put("n", (long) i).build()));
                if (small) {
                    expected.add(key);
                }
            }
            for (int i = 0; i < writes.size(); i += 25) {
                store.writeBatch(writes.subList(i, i + 25));
            }
            for (int segments : new int[] {1, 2}) {
                List<Key> read = new ArrayList<>();
                CostTally cost = store.measure(() -> {
                    for (int segment = 0; segment < segments; segment++) {
                        Scan scan = Scan.of("small").segment(segment, segments).limit(20);
                        Optional<Page> page = Optional.of(store.scan(scan));
                        while (page.isPresent()) {
                            assertTrue(page.get().items().size() <= 20, "a page holds at most its limit");
                            page.get().items().forEach(item -> read.add(item.key()));
                            page = page.get().next().map(c -> store.scan(scan.after(c)));
                        }
                    }
                });
                assertEquals(expected.size(), read.size(), "each item once");
                assertEquals(expected, new HashSet<>(read));
                // with each request reading only what the page still needed (about one kept item in 20 read),
                // a page took its 8 requests and the scan 65 round trips; now 9 for one segment
                assertTrue(cost.roundTrips() <= 8 + 4 * segments, segments + " segments: " + cost);
            }
        }
    }
}
