package dev.nosqlpatterns.testkit.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.VersionConflictException;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Entity types with a version component: a save carries the version it read and stores the next one, a stale
 * save or delete fails naming both versions and writes nothing, and concurrent writers lose no update, with
 * exactly one conflict per save that lost a race. Declared indexes follow every versioned write.
 */
public abstract class EntityVersionSuite extends StoreSuite {
    /** An account with a balance, versioned, found by owner. */
    public record Account(String id, String owner, long balance, long version) {
    }

    private EntityRepository open(EntityType<Account> type) {
        EntityRepository repo = EntityRepository.of(store, type);
        type.indexes().forEach(ix -> dropAfterwards(type.table() + "_" + ix.name()));
        repo.createTables();
        return repo;
    }

    private EntityType<Account> accounts() {
        return EntityType.builder(Account.class).table(reserveTable()).partitionKey("account:{id}").sortKey("<A>")
                .version("version").index("byOwner", "{owner}").build();
    }

    @Test
    void aSaveStoresTheNextVersionAndAStaleOneIsRefusedNamingBoth() {
        EntityType<Account> type = accounts();
        EntityRepository repo = open(type);
        Account v1 = repo.save(type, new Account("a1", "ada", 10, 0));
        assertEquals(1, v1.version());
        assertEquals(Optional.of(v1), repo.get(type, Map.of("id", "a1")));
        Account v2 = repo.save(type, new Account("a1", "ada", 20, 1));
        assertEquals(2, v2.version());
        VersionConflictException stale = assertThrows(VersionConflictException.class,
                () -> repo.save(type, new Account("a1", "bob", 99, 1)));
        assertEquals(1, stale.expected());
        assertEquals(2, stale.found());
        assertTrue(stale.getMessage().contains("version 2") && stale.getMessage().contains("expected version 1"),
                stale.getMessage());
        VersionConflictException created = assertThrows(VersionConflictException.class,
                () -> repo.save(type, new Account("a1", "eve", 5, 0)));
        assertEquals(2, created.found());
        assertEquals(Optional.of(v2), repo.get(type, Map.of("id", "a1")), "nothing was written");
        assertEquals(List.of(v2), repo.query(type, "byOwner").eq("ada").list());
        assertEquals(List.of(), repo.query(type, "byOwner").eq("bob").list(), "a refused save moves no index entry");
        assertThrows(ConditionFailedException.class, () -> repo.insert(new Account("a1", "ada", 1, 0)));
    }

    @Test
    void aDeleteCanRequireTheVersionItRead() {
        EntityType<Account> type = accounts();
        EntityRepository repo = open(type);
        repo.save(type, new Account("a1", "ada", 10, 0));
        VersionConflictException stale = assertThrows(VersionConflictException.class,
                () -> repo.delete(type, Map.of("id", "a1"), 7));
        assertEquals(7, stale.expected());
        assertEquals(1, stale.found());
        assertTrue(repo.get(type, Map.of("id", "a1")).isPresent());
        assertTrue(repo.delete(type, Map.of("id", "a1"), 1));
        assertTrue(repo.get(type, Map.of("id", "a1")).isEmpty());
        assertEquals(List.of(), repo.query(type, "byOwner").eq("ada").list());
        assertFalse(repo.delete(type, Map.of("id", "a1"), 0), "none was there and none was expected");
        assertEquals(0, assertThrows(VersionConflictException.class, () -> repo.delete(type, Map.of("id", "a1"), 1)).found());
    }

    @Test
    void concurrentUpdatesLoseNothing() throws Exception {
        EntityType<Account> type = accounts();
        EntityRepository repo = open(type);
        repo.save(type, new Account("a1", "ada", 0, 0));
        int threads = 4;
        int each = 15;
        run(threads, t -> {
            for (int i = 0; i < each; i++) {
                repo.update(type, Map.of("id", "a1"), a -> new Account(a.id(), "owner" + t, a.balance() + 1, a.version()));
            }
        });
        Account end = repo.get(type, Map.of("id", "a1")).orElseThrow();
        assertEquals(threads * each, end.balance(), "every update applied to the value it read");
        assertEquals(1 + threads * each, end.version());
        assertEquals(List.of(end), repo.query(type, "byOwner").eq(end.owner()).list());
        assertTrue(repo.verify().consistent(), () -> repo.verify().findings().toString());
    }

    @Test
    void concurrentSavesConflictExactlyOncePerLostRace() throws Exception {
        EntityType<Account> type = accounts();
        EntityRepository repo = open(type);
        repo.save(type, new Account("a1", "ada", 0, 0));
        int threads = 4;
        int each = 10;
        AtomicInteger conflicts = new AtomicInteger();
        AtomicInteger attempts = new AtomicInteger();
        run(threads, t -> {
            int done = 0;
            while (done < each) {
                Account read = repo.get(type, Map.of("id", "a1")).orElseThrow();
                attempts.incrementAndGet();
                try {
                    repo.save(type, new Account("a1", "ada", read.balance() + 1, read.version()));
                    done++;
                } catch (VersionConflictException lost) {
                    conflicts.incrementAndGet();
                }
            }
        });
        Account end = repo.get(type, Map.of("id", "a1")).orElseThrow();
        assertEquals(threads * each, end.balance(), "no save was lost");
        assertEquals(1 + threads * each, end.version());
        assertEquals(attempts.get() - threads * each, conflicts.get(), "one conflict per save that lost its race");
    }

    private interface Worker {
        void run(int thread) throws Exception;
    }

    private static void run(int threads, Worker worker) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                done.add(pool.submit(() -> {
                    worker.run(id);
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
