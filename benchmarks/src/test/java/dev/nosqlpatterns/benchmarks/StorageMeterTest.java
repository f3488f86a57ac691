package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Stored bytes: the growth of a technique's own tables across its set-up, and no figure where the store has none. */
class StorageMeterTest {
    private static final String OWNER = "family / technique";

    /** A set-up that creates (when absent) and fills a base table and an index table; returns its logical bytes. */
    private static long setUp(Store store, Family.Tables tables, List<String> names, int from, int count) {
        tables.owner(OWNER);
        try {
            if (names.isEmpty()) {
                names.add(tables.next("base"));
                names.add(tables.next("index"));
                names.forEach(t -> store.createTable(TableSpec.named(t)));
            }
            long bytes = 0;
            for (int i = from; i < from + count; i++) {
                Item item = Item.builder("p" + i, "s").put("payload", "some value " + i).build();
                store.put(names.get(0), item);
                store.put(names.get(1), item);
                bytes += 2L * item.sizeInBytes();
            }
            return bytes;
        } finally {
            tables.owner(null);
        }
    }

    @Test
    void countsTheGrowthOfTheTechniquesOwnTablesOnly() {
        Store store = Store.of(new MemoryBackend());
        Family.Tables tables = new Family.Tables("t1");
        StorageMeter meter = new StorageMeter(store, tables);
        List<String> names = new java.util.ArrayList<>();
        StorageMeter.Before before = meter.before(tables.ownedBy(OWNER));
        long written = setUp(store, tables, names, 0, 20);
        StoredBytes first = meter.after(before, tables.ownedBy(OWNER));
        assertEquals(written, first.bytes(), first.toString());
        assertEquals(dev.nosqlpatterns.store.model.Footprint.Accuracy.ESTIMATE, first.accuracy());

        Item other = Item.builder("x", "y").put("payload", "not the technique's").build();
        String foreign = tables.next("foreign");
        store.createTable(TableSpec.named(foreign));
        store.put(foreign, other);
        before = meter.before(tables.ownedBy(OWNER));
        long more = setUp(store, tables, names, 20, 5);
        StoredBytes second = meter.after(before, tables.ownedBy(OWNER));
        assertEquals(more, second.bytes(), "only what the second set-up added: " + second);
        assertEquals(List.copyOf(names), tables.ownedBy(OWNER));
    }

    @Test
    void aStoreWithoutAFootprintGivesNoFigureNotZero() {
        MemoryBackend memory = new MemoryBackend();
        // the memory store with its footprint hidden: every other call goes to it unchanged
        StoreBackend hidden = (StoreBackend) Proxy.newProxyInstance(StoreBackend.class.getClassLoader(),
                new Class<?>[] {StoreBackend.class}, (proxy, method, args) -> {
                    if (method.getName().equals("capabilities")) {
                        return memory.capabilities().toBuilder().withoutFootprints().build();
                    }
                    try {
                        return method.invoke(memory, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        Store store = Store.of(hidden);
        Family.Tables tables = new Family.Tables("t2");
        StorageMeter meter = new StorageMeter(store, tables);
        StorageMeter.Before before = meter.before(List.of());
        setUp(store, tables, new java.util.ArrayList<>(), 0, 3);
        StoredBytes figure = meter.after(before, tables.ownedBy(OWNER));
        assertFalse(figure.known());
        assertEquals("not reported", figure.shown());
        assertTrue(figure.basis().contains("reports no storage footprint"), figure.basis());
    }
}
