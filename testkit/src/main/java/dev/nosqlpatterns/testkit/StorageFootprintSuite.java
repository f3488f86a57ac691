package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.StorageFootprint;
import dev.nosqlpatterns.store.model.Footprint;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The store's own storage figure, where it offers {@link StorageFootprint}: writing items makes a table's
 * footprint grow by a plausible amount (at least half their logical bytes, allowing for compression of
 * base64 text; at most four times them plus a fixed 256 KiB for the store's per-table structures), another
 * table's items are not counted in a table of its own, and an unknown table is refused by name.
 * Skipped on stores without the capability.
 */
public abstract class StorageFootprintSuite extends StoreSuite {
    private static final int ITEMS = 120;
    private static final int PAYLOAD_BYTES = 900;
    private static final long FIXED_ALLOWANCE = 256 * 1024;

    /** The footprint of {@code table}, as {@link dev.nosqlpatterns.store.Store#footprint} reports it. */
    private Footprint footprint(String table) {
        return store.maintenance().footprint(table).orElseThrow();
    }

    private void assumeFootprints() {
        Assumptions.assumeTrue(store.maintenance().hasFootprints(), () -> "the " + store.kind() + " store reports no storage footprint");
    }

    /** Writes items whose payloads barely compress; returns their logical bytes. */
    private long fill(String table, String partitionPrefix, long seed) {
        Random random = new Random(seed);
        List<Write> writes = new ArrayList<>();
        long logical = 0;
        for (int i = 0; i < ITEMS; i++) {
            byte[] noise = new byte[PAYLOAD_BYTES * 3 / 4];
            random.nextBytes(noise);
            Item item = item(partitionPrefix + (i % 12), String.format("s%04d", i),
                    "payload", Base64.getEncoder().encodeToString(noise), "n", i);
            logical += item.sizeInBytes();
            writes.add(Write.put(table, item));
        }
        store.writeBatch(writes);
        return logical;
    }

    @Test
    void writingItemsMakesTheFootprintGrowPlausibly() {
        assumeFootprints();
        String t = newTable();
        Footprint before = footprint(t);
        assertEquals(t, before.table());
        assertFalse(before.basis().isBlank(), "a footprint says what it measures");
        long logical = fill(t, "p", 7);
        Footprint after = footprint(t);
        long growth = after.bytes() - before.bytes();
        if (after.accuracy() == dev.nosqlpatterns.store.model.Footprint.Accuracy.LAGGING) {
            Assumptions.assumeTrue(growth > 0, () -> "the figure lags and has not moved yet: " + after);
        }
        assertTrue(growth >= logical / 2, () -> "writing " + logical + " logical bytes grew the footprint by only "
                + growth + " bytes: " + before + " then " + after);
        assertTrue(after.bytes() <= 4 * logical + FIXED_ALLOWANCE || after.shared(), () -> "a table holding "
                + logical + " logical bytes is said to occupy " + after.bytes() + ": " + after);
        assertTrue(growth <= 4 * logical + FIXED_ALLOWANCE, () -> "writing " + logical
                + " logical bytes grew the footprint by " + growth + ": " + before + " then " + after);
    }

    @Test
    void anotherTablesItemsAreNotCounted() {
        assumeFootprints();
        String mine = newTable();
        String other = newTable();
        long logical = fill(mine, "m", 11);
        Footprint before = footprint(mine);
        Assumptions.assumeFalse(before.shared(), () -> "the figure is shared by every table: " + before.basis());
        long otherLogical = fill(other, "o", 13);
        Footprint after = footprint(mine);
        assertTrue(after.bytes() - before.bytes() < otherLogical / 2, () -> "writing " + otherLogical
                + " logical bytes to another table grew this one's footprint from " + before + " to " + after);
        assertTrue(after.bytes() >= logical / 2 || after.accuracy() == dev.nosqlpatterns.store.model.Footprint.Accuracy.LAGGING,
                () -> "the table lost its own bytes: " + after);
    }

    @Test
    void anUnknownTableIsRefusedByName() {
        assumeFootprints();
        TableNotFoundException e = assertThrows(TableNotFoundException.class,
                () -> footprint("never_declared_anywhere"));
        assertTrue(e.getMessage().contains("never_declared_anywhere"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> footprint("not a table name"));
    }
}
