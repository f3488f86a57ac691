package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.capability.StorageFootprint;
import dev.nosqlpatterns.store.capability.StorageFootprint.Footprint;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The store's own storage figure, where it offers {@link StorageFootprint}: writing items makes a table's
 * footprint grow by a plausible amount (at least a quarter of their logical bytes, allowing for
 * compression; at most ten times them plus a fixed 256 KiB for the store's per-table structures), another
 * table's items are not counted in a table of its own, and an unknown table is refused by name.
 * Skipped on stores without the capability.
 */
public abstract class StorageFootprintSuite extends StoreSuite {
    private static final int ITEMS = 120;
    private static final int PAYLOAD_BYTES = 900;
    private static final long FIXED_ALLOWANCE = 256 * 1024;

    private StorageFootprint footprints() {
        return store.capability(StorageFootprint.class).orElseGet(() -> {
            Assumptions.abort("the " + store.kind() + " store reports no storage footprint");
            return null;
        });
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
        StorageFootprint footprints = footprints();
        String t = newTable();
        Footprint before = footprints.footprint(t);
        assertEquals(t, before.table());
        assertFalse(before.basis().isBlank(), "a footprint says what it measures");
        long logical = fill(t, "p", 7);
        Footprint after = footprints.footprint(t);
        long growth = after.bytes() - before.bytes();
        if (after.accuracy() == StorageFootprint.Accuracy.LAGGING) {
            Assumptions.assumeTrue(growth > 0, () -> "the figure lags and has not moved yet: " + after);
        }
        assertTrue(growth >= logical / 4, () -> "writing " + logical + " logical bytes grew the footprint by only "
                + growth + " bytes: " + before + " then " + after);
        assertTrue(after.bytes() <= 10 * logical + FIXED_ALLOWANCE || after.shared(), () -> "a table holding "
                + logical + " logical bytes is said to occupy " + after.bytes() + ": " + after);
        assertTrue(growth <= 10 * logical + FIXED_ALLOWANCE, () -> "writing " + logical
                + " logical bytes grew the footprint by " + growth + ": " + before + " then " + after);
    }

    @Test
    void anotherTablesItemsAreNotCounted() {
        StorageFootprint footprints = footprints();
        String mine = newTable();
        String other = newTable();
        long logical = fill(mine, "m", 11);
        Footprint before = footprints.footprint(mine);
        Assumptions.assumeFalse(before.shared(), () -> "the figure is shared by every table: " + before);
        long otherLogical = fill(other, "o", 13);
        Footprint after = footprints.footprint(mine);
        assertTrue(after.bytes() - before.bytes() < otherLogical / 2, () -> "writing " + otherLogical
                + " logical bytes to another table grew this one's footprint from " + before + " to " + after);
        assertTrue(after.bytes() >= logical / 4 || after.accuracy() == StorageFootprint.Accuracy.LAGGING,
                () -> "the table lost its own bytes: " + after);
    }

    @Test
    void anUnknownTableIsRefusedByName() {
        StorageFootprint footprints = footprints();
        TableNotFoundException e = assertThrows(TableNotFoundException.class,
                () -> footprints.footprint("never_declared_anywhere"));
        assertTrue(e.getMessage().contains("never_declared_anywhere"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> footprints.footprint("not a table name"));
    }
}
