package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * DynamoDB's limits as the store declares them: exact at the edge whatever the table name's length, checked
 * before the call or atomically with it, and nothing written when refused.
 */
class DynamoDbLimitsTest {
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000, 36);

    @Test
    void declaredLimitsLeaveRoomForKeyNamesAndTheTablePrefix() {
        try (Store single = DynamoDbFixture.builder().build();
             Store perTable = DynamoDbStore.builder().client(DynamoDbFixture.client()).tablePerLogicalTable("x.").build()) {
            assertEquals(new Limits(409600 - 4 - 49, 2048 - 49, 1024, 100, 4L * 1024 * 1024), single.limits());
            assertEquals(new Limits(409600 - 4, 2048, 1024, 100, 4L * 1024 * 1024), perTable.limits());
        }
    }

    @Test
    void anItemOfExactlyTheLimitFitsAndOneByteMoreIsRefusedForShortAndLongTableNames() {
        String shortName = "s" + RUN;
        String longName = ("l" + RUN + "_").concat("x".repeat(48)).substring(0, 48);
        for (String t : List.of(shortName, longName)) {
            try (Store store = DynamoDbFixture.builder().build()) {
                store.createTable(TableSpec.named(t));
                try {
                    int limit = store.limits().maxItemBytes();
                    Key key = Key.of("p", "s");
                    Item full = Item.builder(key).put("a", "x".repeat(limit - 3)).build();
                    assertEquals(limit, full.sizeInBytes());
                    store.put(t, full);
                    assertEquals(full, store.get(t, key).orElseThrow());
                    assertThrows(ItemTooLargeException.class, () -> store.update(t, key, UpdateAction.set("b", Value.of(""))),
                            "one byte over, table name of " + t.length());
                    assertThrows(ItemTooLargeException.class, () -> store.writeAtomically(List.of(
                            Write.update(t, key, UpdateAction.set("b", Value.of(""))))));
                    assertFalse(store.get(t, key).orElseThrow().has("b"), "nothing written");
                    store.update(t, key, UpdateAction.set("a", Value.of("y")));
                } finally {
                    store.dropTable(t);
                }
            }
        }
    }

    @Test
    void numbersBeyondDynamoDbsPrecisionAreRefusedAndNothingIsWritten() {
        String t = "n" + RUN;
        try (Store store = DynamoDbFixture.builder().build()) {
            store.createTable(TableSpec.named(t));
            try {
                Item item = Item.builder("p", "s").put("n", new BigDecimal("1234567890123456789012345678901234567891")).build();
                InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> store.put(t, item));
                assertEquals(t, e.table().orElseThrow());
                assertFalse(store.get(t, Key.of("p", "s")).isPresent());
            } finally {
                store.dropTable(t);
            }
        }
    }
}
