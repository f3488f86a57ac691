package dev.nosqlpatterns.store.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import org.junit.jupiter.api.Test;

/** {@code memory:} opens a new store each time; {@code memory://NAME} one store per name within the JVM. */
class MemoryStoreProviderTest {

    @Test
    void aNamedStoreIsSharedAndOutlivesTheStoresOpenedOnIt() {
        String uri = "memory://shared-" + System.nanoTime();
        try (Store first = Stores.open(uri)) {
            first.createTable(TableSpec.named("t"));
            first.put("t", Item.builder("p", "s").put("a", "x").build());
        }
        try (Store second = Stores.open(uri); Store other = Stores.open(uri + "-other")) {
            second.createTable(TableSpec.named("t"));
            other.createTable(TableSpec.named("t"));
            assertEquals("x", second.get("t", Key.of("p", "s")).orElseThrow().getString("a").orElseThrow());
            assertTrue(other.get("t", Key.of("p", "s")).isEmpty());
        }
    }

    @Test
    void anUnnamedStoreIsNewAtEachOpen() {
        try (Store first = Stores.open("memory:"); Store second = Stores.open("memory:")) {
            first.createTable(TableSpec.named("t"));
            second.createTable(TableSpec.named("t"));
            first.put("t", Item.builder("p", "s").build());
            assertTrue(second.get("t", Key.of("p", "s")).isEmpty());
        }
    }
}
