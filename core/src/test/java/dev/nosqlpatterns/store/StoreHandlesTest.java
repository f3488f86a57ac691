package dev.nosqlpatterns.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoreHandlesTest {
    @Test
    void countStoredCountsWhatTheStoreHoldsWithoutDeclaringTheTable() {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("t"));
            for (int i = 0; i < 1_005; i++) {
                store.put("t", Item.builder(Key.of("p" + i, "s")).put("n", i).build());
            }
            Store other = store.view(b -> b);
            assertEquals(false, other.hasTable("t"));
            assertEquals(1_005, other.maintenance().countStored("t"));
            assertEquals(false, other.hasTable("t"), "counting declared the table");
            assertEquals(0, other.maintenance().countStored("never"));
            store.dropTable("t");
            assertEquals(0, other.maintenance().countStored("t"));
            assertThrows(IllegalArgumentException.class, () -> other.maintenance().countStored(""));
        }
    }

    @Test
    void aStoreOpenedWithAnothersObserversReportsItsCostsThere() {
        try (Store main = Store.of(new MemoryBackend())) {
            List<OperationCost> seen = new ArrayList<>();
            main.onCost(seen::add);
            try (Store silo = Stores.open("memory:", main)) {
                silo.createTable(TableSpec.named("t"));
                silo.put("t", Item.builder(Key.of("p", "s")).build());
                assertEquals(false, main.hasTable("t"));
            }
            assertEquals(List.of("createTable", "put"), seen.stream().map(OperationCost::operation).toList());
        }
    }
}
