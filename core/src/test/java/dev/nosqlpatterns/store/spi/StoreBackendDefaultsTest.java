package dev.nosqlpatterns.store.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A backend that implements only the required calls gets working batch reads and writes. */
class StoreBackendDefaultsTest {
    /** Forwards the required calls to the memory store and leaves {@code getAll} and {@code writeBatch} to the defaults. */
    private static final class Minimal implements StoreBackend {
        private final MemoryBackend memory = new MemoryBackend();

        @Override public String kind() { return "minimal"; }
        @Override public Capabilities capabilities() { return Capabilities.none(); }
        @Override public Limits limits() { return memory.limits(); }
        @Override public void createTable(TableSpec spec, CostMeter meter) { memory.createTable(spec, meter); }
        @Override public void dropTable(String table, CostMeter meter) { memory.dropTable(table, meter); }
        @Override public Optional<Item> get(String table, Key key, CostMeter meter) { return memory.get(table, key, meter); }
        @Override public void put(Write.Put put, CostMeter meter) { memory.put(put, meter); }
        @Override public void delete(Write.Delete delete, CostMeter meter) { memory.delete(delete, meter); }
        @Override public Item update(Write.Update update, CostMeter meter) { return memory.update(update, meter); }
        @Override public QueryResult query(KeyQuery query, CostMeter meter) { return memory.query(query, meter); }
        @Override public ScanResult scan(ScanRequest scan, CostMeter meter) { return memory.scan(scan, meter); }
        @Override public void close() { memory.close(); }
    }

    @Test
    void batchesLoopOverSingleCalls() {
        try (Store store = Store.of(new Minimal())) {
            store.createTable(TableSpec.named("t"));
            Item a = Item.builder(Key.of("p", "a")).put("n", 1L).build();
            Item b = Item.builder(Key.of("p", "b")).put("n", 2L).build();
            Item c = Item.builder(Key.of("q", "c")).put("n", 3L).build();
            store.put("t", c);
            CostTally writes = new CostTally();
            store.measure(writes, () -> {
                store.writeBatch(List.of(Write.put("t", a), Write.put("t", b), Write.delete("t", c.key())));
            });
            assertEquals(3, writes.roundTrips(), "one call per write");
            List<ItemRef> refs = List.of(new ItemRef("t", b.key()), new ItemRef("t", c.key()), new ItemRef("t", a.key()));
            assertEquals(List.of(b, a), store.getAll(refs).items());
            assertTrue(store.getAll(refs).get(new ItemRef("t", c.key())).isEmpty(), "the deleted item is gone");
        }
    }
}
