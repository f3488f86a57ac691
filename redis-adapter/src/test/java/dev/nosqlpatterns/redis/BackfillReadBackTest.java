package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A Redis scan page costs two round trips (the page's keys, then their hashes), a read of the same items by key one
 * pipeline: a backfill measures its first read-back by key against its first scan page and reads every later page's
 * added entries' items back by key instead of scanning the page again.
 */
class BackfillReadBackTest {
    private static final int USERS = 1_500;

    @Test
    void aBackfillReadsTheItemsOfAddedEntriesBackByKey() {
        try (Store store = RedisStore.builder().client(RedisTestServer.client())
                .keyPrefix("nspb" + System.nanoTime() + ":").build()) {
            store.createTable(TableSpec.named("users"));
            List<Write> users = new ArrayList<>();
            for (int i = 0; i < USERS; i++) {
                users.add(Write.put("users", Item.builder("user|" + i, "<BASE>").put("city", "c" + i % 40).build()));
            }
            store.writeBatch(users);
            IndexTable ix = IndexTable.builder(store).baseTable("users").indexTable("users_by_city").attribute("city")
                    .build();
            List<OperationCost> calls = Collections.synchronizedList(new ArrayList<>());
            IndexVerification backfill = store.measure(calls::add, ix::repair);
            assertEquals(List.of((long) USERS, (long) USERS), List.of(backfill.missing(), backfill.entriesChecked()),
                    backfill.toString());
            // pass 1's pages of 200, 1,000 and 300 items, each scanned once; each page's items read back by key
            assertEquals(List.of(3L, 3L), List.of(count(calls, "scan"), count(calls, "getAll")), calls::toString);
            IndexVerification after = ix.verify();
            assertTrue(after.consistent() && after.entriesChecked() == USERS, after.toString());
        }
    }

    private static long count(List<OperationCost> calls, String operation) {
        return calls.stream().filter(c -> c.table().equals("users") && c.operation().equals(operation)).count();
    }
}
