package dev.nosqlpatterns.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Observers see every store call and technique call start and end, technique calls around their store calls. */
class CallObserverTest {

    /** What an observer saw, in order: "start kind name table" and "end name". */
    private static final class Recorder implements CallObserver {
        final List<String> events = new ArrayList<>();
        final List<OperationCost> costs = new ArrayList<>();
        final List<Throwable> failures = new ArrayList<>();
        int retries;

        @Override
        public Handle start(ObservedCall call) {
            events.add("start " + call.kind() + " " + call.name() + " " + call.table() + " " + call.storeKind());
            return new Handle() {
                @Override
                public void retried() {
                    retries++;
                }

                @Override
                public void end(OperationCost cost, Throwable failure) {
                    events.add("end " + call.name());
                    costs.add(cost);
                    failures.add(failure);
                }
            };
        }
    }

    private static Item user(String id, String city) {
        return Item.builder("user|" + id, "<BASE>").put("name", id).put("city", city).build();
    }

    @Test
    void aStoreCallIsSeenAtItsStartAndItsEndWithItsCost() {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("users"));
            Recorder seen = new Recorder();
            store.observe(seen);
            store.put("users", user("ada", "London"));
            assertEquals(List.of("start STORE put users memory", "end put"), seen.events);
            OperationCost cost = seen.costs.get(0);
            assertEquals("put", cost.operation());
            assertEquals(1, cost.itemsWritten());
            assertFalse(cost.failed());
            assertNull(seen.failures.get(0));
        }
    }

    @Test
    void aFailedStoreCallHandsItsExceptionToTheObserver() {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("users"));
            store.put("users", user("ada", "London"));
            Recorder seen = new Recorder();
            store.observe(seen);
            ConditionFailedException thrown = assertThrows(ConditionFailedException.class,
                    () -> store.put("users", user("ada", "Paris"), Condition.ifAbsent()));
            assertTrue(seen.costs.get(0).failed());
            assertEquals(thrown, seen.failures.get(0));
        }
    }

    @Test
    void aTechniqueCallHoldsItsStoreCallsAndTheirSummedCost() {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("users"));
            store.createTable(TableSpec.named("users_by_city"));
            IndexTable byCity = IndexTable.builder(store).baseTable("users").indexTable("users_by_city")
                    .attribute("city").build();
            byCity.put(user("ada", "London"));
            byCity.put(user("alan", "London"));
            Recorder seen = new Recorder();
            store.observe(seen);
            assertEquals(2, byCity.find("London").size());

            assertEquals("start TECHNIQUE indexTable.find users memory", seen.events.get(0));
            assertEquals("end indexTable.find", seen.events.get(seen.events.size() - 1));
            List<String> inside = seen.events.subList(1, seen.events.size() - 1);
            assertTrue(inside.contains("start STORE query users_by_city memory"), inside.toString());
            assertTrue(inside.contains("start STORE getAll users memory"), inside.toString());
            assertEquals(1, seen.events.stream().filter(e -> e.startsWith("start TECHNIQUE")).count(),
                    "one page of the list read is not a technique call of its own: " + seen.events);

            OperationCost technique = seen.costs.get(seen.costs.size() - 1);
            List<OperationCost> storeCalls = seen.costs.subList(0, seen.costs.size() - 1);
            assertEquals("indexTable.find", technique.operation());
            assertEquals(storeCalls.stream().mapToLong(OperationCost::roundTrips).sum(), technique.roundTrips());
            assertEquals(storeCalls.stream().mapToLong(OperationCost::itemsRead).sum(), technique.itemsRead());
            assertTrue(technique.itemsRead() >= 4, technique.toString());
        }
    }

    @Test
    void aFailedTechniqueCallEndsWithWhatItThrew() {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("users"));
            store.createTable(TableSpec.named("users_by_city"));
            IndexTable byCity = IndexTable.builder(store).baseTable("users").indexTable("users_by_city")
                    .attribute("city").unique(true).build();
            byCity.put(user("ada", "London"));
            Recorder seen = new Recorder();
            store.observe(seen);
            RuntimeException thrown = assertThrows(RuntimeException.class, () -> byCity.put(user("alan", "London")));
            assertEquals("end indexTable.put", seen.events.get(seen.events.size() - 1));
            assertEquals(thrown, seen.failures.get(seen.failures.size() - 1));
            assertTrue(seen.costs.get(seen.costs.size() - 1).failed());
        }
    }

    @Test
    void aClosedRegistrationSeesNothingMoreAndUnobservedTechniquesStillWork() {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("users"));
            Recorder seen = new Recorder();
            store.observe(seen).close();
            store.put("users", user("ada", "London"));
            assertEquals(List.of(), seen.events);
            assertTrue(store.get("users", Key.of("user|ada", "<BASE>")).isPresent());
            assertInstanceOf(NullPointerException.class,
                    assertThrows(NullPointerException.class, () -> store.observe(null)));
        }
    }
}
