package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.StorageFootprintSuite;
import org.junit.jupiter.api.Test;

/**
 * The footprint suite in the table-per-logical-table layout (the kit covers the single-table one), and
 * DynamoDB's index sizes counted in: an item the index holds adds to the footprint twice.
 */
class DynamoDbFootprintTest extends StorageFootprintSuite {
    @Override
    protected StoreBackend openBackend() {
        return DynamoDbPerTableLayoutTest.perTable();
    }

    @Test
    void aTablesOwnFigureIsNotSharedAndCountsItsIndexes() {
        String plain = newTable();
        String indexed = newTable(spec -> spec.index(IndexSpec.of("byCity", "city")));
        for (int i = 0; i < 50; i++) {
            Item item = item("u" + i, "x", "city", "city-" + (i % 5), "name", "a name of some length " + i);
            store.put(plain, item);
            store.put(indexed, item);
        }
        dev.nosqlpatterns.store.model.Footprint base = store.maintenance().footprint(plain).orElseThrow();
        dev.nosqlpatterns.store.model.Footprint withIndex = store.maintenance().footprint(indexed).orElseThrow();
        assertFalse(base.shared(), base.toString());
        assertTrue(base.bytes() > 0, base.toString());
        assertTrue(withIndex.bytes() > base.bytes() * 3 / 2, () -> "the index copies are not counted: " + base
                + " against " + withIndex);
    }
}
