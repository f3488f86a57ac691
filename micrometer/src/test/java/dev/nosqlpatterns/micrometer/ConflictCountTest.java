package dev.nosqlpatterns.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.VersionConflictException;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tree.CycleException;
import dev.nosqlpatterns.tree.TreeConflictException;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** Which failures the binding counts as conflicts: the ones core's exceptions say contention explains. */
class ConflictCountTest {

    private static Tags tags(String pattern, String table) {
        return Tags.of("nosqlpatterns.pattern", pattern, "nosqlpatterns.store", "memory", "nosqlpatterns.table", table);
    }

    @Test
    void aUniqueValueTakenInAnIndexTableIsCountedAsAConflict() {
        try (Store store = Store.of(new MemoryBackend())) {
            store.createTable(TableSpec.named("users"));
            IndexTable byEmail = IndexTable.builder(store).baseTable("users").indexTable("users_by_email")
                    .attribute("email").unique(true).build();
            MeterRegistry meters = new SimpleMeterRegistry();
            NosqlPatternsObservation.bind(store, meters);
            byEmail.put(Item.builder("user|ada", "<BASE>").put("email", "ada@example.com").build());
            assertNull(meters.find(NosqlPatternsObservation.TECHNIQUE_CONFLICTS).counter());

            assertThrows(UniqueConstraintException.class, () -> byEmail.put(
                    Item.builder("user|eve", "<BASE>").put("email", "ada@example.com").build()));

            Tags conflict = tags("indexTable.put", "users").and("outcome", "conflict",
                    "exception", "UniqueConstraintException");
            assertEquals(1, meters.get(NosqlPatternsObservation.TECHNIQUE_CONFLICTS).tags(conflict).counter().count());
            assertEquals(1, meters.get(NosqlPatternsObservation.TECHNIQUE_FAILURES).tags(conflict).counter().count());
            assertEquals(1, meters.get(NosqlPatternsObservation.TECHNIQUE_CALLS).tags(tags("indexTable.put", "users"))
                    .tag("outcome", "conflict").timer().count());
            assertEquals(1, meters.find(NosqlPatternsObservation.TECHNIQUE_CONFLICTS).counters().stream()
                    .mapToDouble(c -> c.count()).sum(), "the one clash is one conflict of one technique call");
        }
    }

    /** An account with a version component, for a stale save. */
    record Account(String id, long balance, long version) {
    }

    @Test
    void theConflictsAreTheFailuresCoreCallsConflicts() {
        Key key = Key.of("a", "b");
        assertTrue(NosqlPatternsObservation.isConflict(new ConditionFailedException("t", key, Condition.ifAbsent())));
        assertTrue(NosqlPatternsObservation.isConflict(new ConcurrentUpdateException("t", key, 3, "retry", null)));
        assertTrue(NosqlPatternsObservation.isConflict(new TreeConflictException("tree", "move", 5)));
        try (Store store = Store.of(new MemoryBackend())) {
            EntityType<Account> accounts = EntityType.builder(Account.class).table("accounts")
                    .partitionKey("account:{id}").sortKey("<A>").version("version").build();
            EntityRepository repo = EntityRepository.of(store, accounts);
            repo.createTables();
            repo.save(accounts, new Account("a1", 10, 0));
            VersionConflictException stale = assertThrows(VersionConflictException.class,
                    () -> repo.save(accounts, new Account("a1", 20, 0)));
            assertTrue(NosqlPatternsObservation.isConflict(stale));
        }
        assertFalse(NosqlPatternsObservation.isConflict(new StoreException("the store is down")));
        assertFalse(NosqlPatternsObservation.isConflict(new CycleException("tree", "a", "b")));
        assertFalse(NosqlPatternsObservation.isConflict(new IllegalArgumentException("bad")));
        assertFalse(NosqlPatternsObservation.isConflict(null));
    }
}
