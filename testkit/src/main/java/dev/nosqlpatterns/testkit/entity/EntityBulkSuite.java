package dev.nosqlpatterns.testkit.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.load.BulkLoad;
import dev.nosqlpatterns.load.LoadException;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.EntityVerification;
import dev.nosqlpatterns.load.LoadReport;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.CapabilityMaskingBackend;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.testkit.entity.EntityIndexSuite.User;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code saveAll} of entities whose type keeps index tables (a unique one, a sorted non-unique one, a sparse one):
 * the index tables end exact, a unique value taken in the batch or by a stored entity is refused as one save after
 * the other would refuse it, an invalid entity anywhere writes nothing, the round trips per entity fall below those
 * of single saves (to a few per window where the store has atomic writes), and a crash at any write step leaves
 * nothing {@code repair()} cannot complete. Each test runs with the indexes as the store chooses them
 * ({@code AUTO}) and as repairable index tables; the crash test also with the store's atomic writes hidden, so
 * that conditional writes go one call each, concurrently.
 */
public abstract class EntityBulkSuite extends StoreSuite {
    private static final String[] CITIES = {"London", "Paris", "Oslo", "Lima"};

    private static EntityType<User> users(String table, IndexConsistency mode) {
        return EntityType.builder(User.class).table(table).partitionKey("user:{id}").sortKey("<USER>")
                .index(EntityIndex.named("byEmail", "{email}").unique().consistency(mode))
                .index(EntityIndex.named("byCity", "{city}").sortedBy("{name}").consistency(mode))
                .index(EntityIndex.named("byNick", "{nickname}").sparse().consistency(mode))
                .build();
    }

    private EntityRepository open(Store on, String table, IndexConsistency mode) {
        EntityType<User> type = users(table, mode);
        EntityRepository repo = EntityRepository.of(on, type);
        if (on == store) {
            type.indexes().forEach(ix -> dropAfterwards(table + "_" + ix.name()));
        }
        repo.createTables();
        return repo;
    }

    @SuppressWarnings("unchecked")
    private static EntityType<User> type(EntityRepository repo) {
        return (EntityType<User>) repo.types().get(0);
    }

    private List<User> stored(EntityRepository repo) {
        EntityType<User> type = type(repo);
        return store.scanAll(Scan.of(type.table())).filter(type::isTypeOf).map(type::fromItem).toList();
    }

    /** Every index answers what the stored users hold, and verify finds no drift. */
    private void assertExact(EntityRepository repo, String where) {
        List<User> truth = stored(repo);
        EntityType<User> type = type(repo);
        Map<String, List<User>> byCity = truth.stream().collect(Collectors.groupingBy(User::city));
        for (String city : CITIES) {
            List<User> expected = byCity.getOrDefault(city, List.of()).stream()
                    .sorted(Comparator.comparing(User::name).thenComparing(User::id)).toList();
            assertEquals(expected, repo.query(type, "byCity").eq(city).list(), where + ": users in " + city);
        }
        for (User u : truth) {
            assertEquals(Optional.of(u), repo.query(type, "byEmail").eq(u.email()).one(), where + ": " + u.email());
        }
        for (String nick : List.of("n0", "n1", "n2")) {
            assertEquals(truth.stream().filter(u -> nick.equals(u.nickname())).collect(Collectors.toSet()),
                    java.util.Set.copyOf(repo.query(type, "byNick").eq(nick).list()), where + ": nicknamed " + nick);
        }
        EntityVerification drift = repo.verify();
        assertTrue(drift.consistent(), () -> where + ": " + drift.findings());
    }

    private static User user(String prefix, int i, String domain) {
        return new User(prefix + i, prefix + i + "@" + domain, CITIES[i % CITIES.length], "name" + (i % 7),
                i % 3 == 0 ? null : "n" + (i % 3));
    }

    private static List<User> users(String prefix, int n, String domain) {
        return IntStream.range(0, n).mapToObj(i -> user(prefix, i, domain)).toList();
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void saveAllOfManyEntitiesKeepsTheIndexTablesExact(IndexConsistency mode) {
        EntityRepository repo = open(store, reserveTable(), mode);
        repo.saveAll(users("u", 120, "old.example"));
        assertExact(repo, "first load");
        // Half of them change every indexed value (their old entries must go), the rest are new.
        List<User> second = new ArrayList<>();
        for (int i = 0; i < 240; i += 2) {
            User u = user("u", i, "new.example");
            second.add(new User(u.id(), u.email(), CITIES[(i + 1) % CITIES.length], u.name(),
                    i % 4 == 0 ? "n2" : null));
        }
        repo.saveAll(second);
        assertExact(repo, "second load");
        assertEquals(180, stored(repo).size());
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void aUniqueValueTakenInTheBatchOrByAStoredEntityIsRefusedAsBySingleSaves(IndexConsistency mode) {
        EntityRepository repo = open(store, reserveTable(), mode);
        List<User> batch = new ArrayList<>(users("a", 6, "x"));
        batch.add(3, new User("dup", "a1@x", "Oslo", "dup", null));
        UniqueConstraintException inBatch = assertThrows(UniqueConstraintException.class, () -> repo.saveAll(batch));
        assertEquals("a1@x", inBatch.value(), inBatch.getMessage());
        assertTrue(inBatch.getMessage().contains("a1@x"), inBatch.getMessage());
        assertEquals(List.of("a0", "a1", "a2"), ids(repo), "the users before the refused one are written");
        assertExact(repo, "after a duplicate in the batch");

        List<User> later = List.of(user("b", 0, "x"), new User("b1", "a2@x", "Lima", "b", "n1"), user("b", 2, "x"));
        UniqueConstraintException taken = assertThrows(UniqueConstraintException.class, () -> repo.saveAll(later));
        assertEquals("a2@x", taken.value(), taken.getMessage());
        assertEquals(List.of("a0", "a1", "a2", "b0"), ids(repo));
        assertExact(repo, "after a value held by a stored user");

        // A value one user gives up may be taken by a later user of the same batch, as with single saves.
        repo.saveAll(List.of(new User("a0", "a0@elsewhere", "Paris", "a", null), new User("c0", "a0@x", "Lima", "c", null)));
        assertEquals("c0", repo.query(type(repo), "byEmail").eq("a0@x").one().orElseThrow().id());
        assertExact(repo, "after a value changed hands");
    }

    private List<String> ids(EntityRepository repo) {
        return stored(repo).stream().map(User::id).sorted().toList();
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void anInvalidEntityAtAnyPositionOfALargeBatchWritesNothing(IndexConsistency mode) {
        EntityRepository repo = open(store, reserveTable(), mode);
        List<User> valid = users("v", 700, "x");
        String longEmail = "e".repeat(store.limits().maxPartitionKeyBytes() + 1) + "@x";
        for (int at : new int[] {0, 499, 500, 700}) {
            List<User> batch = new ArrayList<>(valid);
            batch.add(at, new User("bad" + at, longEmail, "Lima", "bad", null));
            RuntimeException refused = assertThrows(RuntimeException.class, () -> repo.saveAll(batch));
            assertTrue(refused.getMessage().contains("bad" + at) && refused.getMessage().contains("'byEmail'"),
                    refused.getMessage().substring(0, Math.min(2000, refused.getMessage().length())));
        }
        for (String table : repo.tables()) {
            assertEquals(0, store.scanAll(Scan.of(table)).count(), "nothing written in " + table);
        }
    }

    /**
     * A stream loads a window at a time with a report after each; a bad entity stops the load with nothing of its
     * window written and says where to resume, and loading again from there finishes it with the index tables exact.
     */
    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void aStreamLoadsWindowByWindowAndResumesAfterABadEntity(IndexConsistency mode) {
        EntityRepository repo = open(store, reserveTable(), mode);
        List<User> all = users("s", 250, "x");
        List<User> withBad = new ArrayList<>(all);
        String longEmail = "e".repeat(store.limits().maxPartitionKeyBytes() + 1) + "@x";
        withBad.set(170, new User("s170", longEmail, "Lima", "bad", null));
        List<LoadReport> seen = new ArrayList<>();
        java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
        LoadException stopped = assertThrows(LoadException.class, () -> repo.load(withBad.stream()
                .onClose(() -> closed.set(true))).windowSize(60).onProgress(seen::add).run());
        assertEquals(120, stopped.resumeAt(), stopped.getMessage());
        assertTrue(stopped.getMessage().contains("position 170") && stopped.getMessage().contains("'byEmail'"),
                stopped.getMessage().substring(0, Math.min(2000, stopped.getMessage().length())));
        assertTrue(closed.get(), "the source is closed when the load stops");
        assertEquals(List.of(60L, 120L), seen.stream().map(LoadReport::loaded).toList());
        assertEquals(120, stopped.written().loaded());
        assertEquals(120, stored(repo).size(), "the windows before the bad entity, nothing of its own");
        assertExact(repo, "after the refused window");

        seen.clear();
        LoadReport done = repo.load(all.stream().skip(stopped.resumeAt())).windowSize(60).onProgress(seen::add).run();
        assertEquals(List.of(60L, 120L, 130L), seen.stream().map(LoadReport::loaded).toList());
        assertEquals(130, done.loaded());
        assertEquals(3, done.windows());
        assertTrue(done.roundTrips() >= 3 && done.itemsWritten() >= 130, done.toString());
        assertEquals(250, stored(repo).size());
        assertExact(repo, "after resuming");

        BulkLoad<Record> load = repo.load(java.util.stream.Stream.empty());
        assertThrows(IllegalArgumentException.class, () -> load.windowSize(0));
        assertEquals(0, load.run().loaded());
        assertThrows(IllegalStateException.class, load::run);
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void saveAllTakesFarFewerRoundTripsThanSingleSaves(IndexConsistency mode) {
        EntityRepository repo = open(store, reserveTable(), mode);
        int n = 200;
        List<User> many = IntStream.range(0, n).mapToObj(i -> new User("r" + i, "r" + i + "@x",
                CITIES[i % CITIES.length], "name" + i, null)).toList();
        CostTally single = store.measure(() -> many.subList(0, 20).forEach(repo::save));
        CostTally bulk = store.measure(() -> repo.saveAll(many.subList(20, n)));
        double singlePerItem = single.roundTrips() / 20.0;
        double bulkPerItem = bulk.roundTrips() / (double) (n - 20);
        String figures = "round trips per entity: " + singlePerItem + " one by one, " + bulkPerItem + " in saveAll ("
                + bulk.roundTrips() + " for " + (n - 20) + " on " + store.kind() + ", " + mode + ")";
        assertTrue(bulkPerItem < singlePerItem, figures);
        // With atomic writes: two batch reads and a few batched writes per window, whatever the number of entities in
        // it. Without them every conditional write (the item's compare-and-set, the claim and its confirmation) is a
        // call of its own, and a batch read costs what the store makes of it (Redis in cluster mode reads slot by
        // slot), so only the comparison above holds there.
        if (store.has(Capability.ATOMIC_WRITES)) {
            assertTrue(bulk.roundTrips() <= 40, figures);
        }
        assertExact(repo, "after measuring");
    }

    @ParameterizedTest
    @CsvSource({"AUTO,false", "REPAIRABLE,false", "REPAIRABLE,true"})
    void aCrashAtEveryWriteStepOfSaveAllLeavesNothingRepairCannotComplete(IndexConsistency mode, boolean oneCallEach) {
        assumeTrue(!oneCallEach || store.has(Capability.ATOMIC_WRITES),
                "without atomic writes every write is a call of its own already: the case without masking covers it");
        Function<StoreBackend, StoreBackend> shape = b -> oneCallEach ? CapabilityMaskingBackend.withoutAtomicWrites(b) : b;
        String table = reserveTable();
        EntityRepository repo = open(store, table, mode);
        // Users already stored (some will move every value, one gives its e-mail to a newcomer) and new users.
        Function<String, List<User>> setup = s -> List.of(user("m" + s + "-", 0, "x"), user("m" + s + "-", 1, "x"),
                user("m" + s + "-", 2, "x"));
        Function<String, List<User>> batch = s -> List.of(
                new User("m" + s + "-0", "m" + s + "-0@moved", "Oslo", "m", "n2"),
                new User("m" + s + "-1", "m" + s + "-1@moved", "Lima", "m", null),
                new User("k" + s + "-0", "m" + s + "-1@x", "Paris", "k", "n1"), user("k" + s + "-", 1, "x"));
        repo.saveAll(setup.apply(""));
        FaultInjectingBackend counter = countingBackend();
        open(Store.of(shape.apply(counter)), table, mode).saveAll(batch.apply(""));
        int steps = counter.writes();
        assertTrue(steps >= 1, "saveAll writes");
        assertExact(repo, "without a crash");
        for (int step = 1; step <= steps; step++) {
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                String s = "-" + step + when.name().charAt(0);
                repo.saveAll(setup.apply(s));
                Store crashing = Store.of(shape.apply(new FaultInjectingBackend(backend).failWrite(step, when)));
                EntityRepository doomed = open(crashing, table, mode);
                String where = mode + (oneCallEach ? " one call each" : "") + ", crash at write " + step + " " + when
                        + " of " + steps;
                assertThrows(StoreUnavailableException.class, () -> doomed.saveAll(batch.apply(s)), where);
                // Checked past every claim lease, so that what the crash left is judged stale however long the
                // loop has run (a young leftover is taken for a write in flight, and verify and repair wait for it).
                EntityRepository later = open(Store.of(backend,
                        java.time.Clock.offset(store.clock(), java.time.Duration.ofMinutes(5))), table, mode);
                later.repair();
                assertExact(later, where);
            }
        }
    }
}
