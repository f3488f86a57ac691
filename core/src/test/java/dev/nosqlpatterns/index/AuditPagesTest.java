package dev.nosqlpatterns.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.ObservedCall;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Pass 1 of a whole verify or repair reads pages sized by the items: small items in fewer, larger pages. */
class AuditPagesTest {

    private static Item user(int i, int padding) {
        return Item.builder("user|" + i, "<BASE>").put("city", "c" + i % 7).put("pad", "x".repeat(padding)).build();
    }

    private static List<Item> items(int n, int padding) {
        List<Item> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(user(i, padding));
        }
        return out;
    }

    @Test
    void thePageAfterAPageHoldsAsManyOfItsLargestItemAsFitFourMebibytes() {
        assertEquals(1_000, IndexAudit.nextBasePage(items(3, 10)), "small items: the largest page");
        assertEquals(1_000, IndexAudit.nextBasePage(List.of()));
        int large = 16 * 1024;
        int size = user(0, large).sizeInBytes();
        assertEquals((4 << 20) / size, IndexAudit.nextBasePage(List.of(user(1, 5), user(2, large), user(3, 5))),
                "the largest item decides, not the mean");
        assertEquals(200, IndexAudit.nextBasePage(items(2, 100 * 1024)), "never below the first page");
    }

    /** Counts the scans of {@code table}. */
    private static AtomicInteger scansOf(Store store, String table) {
        AtomicInteger scans = new AtomicInteger();
        store.observe(call -> {
            if (call.kind() == ObservedCall.Kind.STORE && call.name().equals("scan") && table.equals(call.table())) {
                scans.incrementAndGet();
            }
            return (cost, failure) -> { };
        });
        return scans;
    }

    private static int pass1Scans(int n, int padding) {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("users"));
            List<Write> writes = new ArrayList<>();
            items(n, padding).forEach(item -> writes.add(Write.put("users", item)));
            for (int from = 0; from < n; from += 100) {
                store.writeBatch(writes.subList(from, Math.min(n, from + 100)));
            }
            IndexTable byCity = IndexTable.builder(store).baseTable("users").indexTable("users_by_city")
                    .attribute("city").build();
            IndexVerification backfill = byCity.repair();
            assertEquals(n, backfill.missing(), backfill.toString());
            AtomicInteger scans = scansOf(store, "users");
            IndexVerification verified = byCity.verify();
            assertTrue(verified.consistent(), verified.toString());
            assertEquals(List.of((long) n, (long) n), List.of(verified.baseItemsChecked(), verified.entriesChecked()));
            return scans.get();
        }
    }

    @Test
    void smallItemsAreReadAThousandAtATimeAfterTheFirstPage() {
        // 200, then 1,000 and 1,000, then the last 300: four pages where a fixed page of 200 took twelve
        assertEquals(4, pass1Scans(2_500, 10));
    }

    @Test
    void largeItemsKeepPagesOfTwoHundred() {
        assertEquals(3, pass1Scans(500, 40 * 1024));
    }
}
