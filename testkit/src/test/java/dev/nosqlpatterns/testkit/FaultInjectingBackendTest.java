package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import java.util.List;
import org.junit.jupiter.api.Test;

class FaultInjectingBackendTest {
    private final MemoryBackend data = new MemoryBackend();

    private Store faulty(FaultInjectingBackend backend) {
        Store store = Store.of(backend);
        store.createTable(TableSpec.named("t"));
        return store;
    }

    private Store survivor() {
        Store store = Store.of(data);
        store.createTable(TableSpec.named("t"));
        return store;
    }

    @Test
    void failsBeforeTheNthWriteAndThenCrashes() {
        FaultInjectingBackend backend = new FaultInjectingBackend(data).failWrite(2, FaultInjectingBackend.When.BEFORE);
        Store store = faulty(backend);
        store.put("t", Item.of(Key.of("p", "1")));
        assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> store.put("t", Item.of(Key.of("p", "2"))));
        assertTrue(backend.crashed());
        assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> store.get("t", Key.of("p", "1")));
        Store after = survivor();
        assertTrue(after.get("t", Key.of("p", "1")).isPresent());
        assertTrue(after.get("t", Key.of("p", "2")).isEmpty(), "a write failed before must not take effect");
    }

    @Test
    void failsAfterTheNthWriteTookEffect() {
        FaultInjectingBackend backend = new FaultInjectingBackend(data).failWrite(1, FaultInjectingBackend.When.AFTER);
        Store store = faulty(backend);
        assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> store.put("t", Item.of(Key.of("p", "1"))));
        assertTrue(survivor().get("t", Key.of("p", "1")).isPresent(), "a write failed after must have taken effect");
        assertEquals(1, backend.writes());
    }

    @Test
    void closingDoesNotCloseTheWrappedBackend() {
        Store store = faulty(new FaultInjectingBackend(data));
        store.put("t", Item.of(Key.of("p", "1")));
        store.close();
        assertTrue(survivor().get("t", Key.of("p", "1")).isPresent());
    }

    @Test
    void aLinkedReadTheStoreMakesItselfFailsOnceCrashed() {
        FaultInjectingBackend backend = new FaultInjectingBackend(data).failWrite(2, FaultInjectingBackend.When.AFTER);
        Store store = faulty(backend);
        LinkedRead read = LinkedRead.of("t", "p", List.of("1"), "next", "", 3);
        store.put("t", Item.builder(Key.of("p", "1")).put("next", "2").build());
        assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> store.put("t", Item.of(Key.of("p", read.targetOf("2")))));
        assertTrue(store.has(Capability.NATIVE_LINKED_READS));
        assertThrows(FaultInjectingBackend.SimulatedCrash.class, () -> store.follow(read));
        assertEquals(2, survivor().follow(read).size());
    }

    @Test
    void refusesAWriteNumberBelowOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FaultInjectingBackend(data).failWrite(0, FaultInjectingBackend.When.AFTER));
        assertTrue(e.getMessage().contains("0"));
    }
}
