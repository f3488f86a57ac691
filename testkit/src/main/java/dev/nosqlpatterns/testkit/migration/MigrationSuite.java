package dev.nosqlpatterns.testkit.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityMappingException;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.testkit.migration.MigrationFixture.Credit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * Online migrations of entity types: a re-key (credits moved from keys by movie to keys by person, in another
 * table, with a transform) and an add-index (an index by role backfilled in place), each run while two writers
 * save, update, patch and delete credits through the repository; afterwards the new form holds exactly what the
 * writers' acknowledged writes left (no lost write, no resurrected delete), before any verification and after
 * one the writers keep writing through, which ends at zero drift. Also the
 * schema version of entity types, the migration builder's checks and the per-segment API.
 */
public abstract class MigrationSuite extends StoreSuite {
    private static final int WRITERS = 2;

    private MigrationFixture fixture() {
        MigrationFixture f = new MigrationFixture(newTable(), reserveTable(), reserveTable());
        dropAfterwards(f.indexTable());
        return f;
    }

    @Test
    void rekeyUnderConcurrentWritersLosesNoWrite() {
        MigrationFixture f = fixture();
        underConcurrentWriters(f, f.rekey("rekey"), f.byPerson, MigrationFixture::shout);
        assertTrue(MigrationFixture.contents(store, f.byMovie).isEmpty(), "the old form is cleaned up");
    }

    @Test
    void addIndexUnderConcurrentWritersLosesNoWrite() {
        MigrationFixture f = fixture();
        EntityRepository repo = underConcurrentWriters(f, f.addIndex("add-index"), f.indexed, c -> c);
        List<Credit> all = new ArrayList<>(MigrationFixture.contents(store, f.indexed).values());
        assertEquals(MigrationFixture.byRole(all), MigrationFixture.byRole(repo, f.indexed),
                "the new index answers what the items hold");
    }

    /**
     * An add-index backfill rewrites the items of a page in windows, not one by one: its store calls stay well below
     * those of one update per item (three or more each), and the new index answers exactly what the items hold.
     */
    @Test
    void anAddIndexBackfillRewritesAPageInWindows() {
        MigrationFixture f = fixture();
        EntityRepository repo = EntityRepository.of(store, f.byMovie);
        repo.createTables();
        List<Credit> seed = MigrationFixture.seed(240);
        repo.saveAll(seed);
        Migration<Credit, Credit> addIndex = Migration.builder("add-index-windows", f.byMovie, f.indexed)
                .stateTable(f.stateTable).segments(1).pageSize(120).build();
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, addIndex)) {
            job.begin();
            CostTally cost = store.measure(job::backfill);
            // Store calls, whatever each costs on the store: with atomic writes a window's compare-and-sets go
            // together; without, one call each, but the reads and entries still go by window (one by one, an update
            // takes three calls or more per item).
            double bound = store.has(Capability.ATOMIC_WRITES) ? 0.5 : 1.5;
            assertTrue(cost.calls() < bound * seed.size(), "the backfill of " + seed.size() + " items took "
                    + cost.calls() + " store calls, " + bound + " per item or more (" + cost + ")");
        }
        assertEquals(MigrationFixture.byRole(seed), MigrationFixture.byRole(EntityRepository.of(store, f.indexed),
                f.indexed), "the new index answers what the items hold");
    }

    private EntityRepository underConcurrentWriters(MigrationFixture f, Migration<Credit, Credit> migration,
                                                    EntityType<Credit> newType, UnaryOperator<Credit> transform) {
        List<Credit> seed = MigrationFixture.seed(48);
        EntityRepository repo = EntityRepository.of(store, f.byMovie);
        repo.createTables();
        seed.forEach(c -> repo.save(f.byMovie, c));
        Map<String, Credit> model = new ConcurrentHashMap<>();
        seed.forEach(c -> model.put(c.person(), c));
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, migration)) {
            AtomicBoolean backfilled = new AtomicBoolean();
            List<Future<Integer>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(pool.submit(() -> write(repo, f, seed, writer, 40, model, backfilled)));
            }
            job.begin();
            job.backfill();
            backfilled.set(true);
            int acknowledged = 0;
            for (Future<Integer> w : writers) {
                acknowledged += w.get();
            }
            // Before any verification: the dual writes and the backfill alone left the new form exact.
            checkNewForm(f, newType, transform, model, "after the backfill under writers");
            job.cutOver();
            assertEquals(newType, job.readType(), "reads go to the new form after the cut-over");
            for (int w = 0; w < WRITERS; w++) {
                acknowledged += write(repo, f, seed, w, 15, model, backfilled);
            }
            checkNewForm(f, newType, transform, model, "after writes past the cut-over");
            // The writers go on through the verification, which must end, in step, without refusing them.
            AtomicBoolean verifying = new AtomicBoolean();
            List<Future<Integer>> during = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                during.add(pool.submit(() -> write(repo, f, seed, writer, 10, model, verifying)));
            }
            MigrationReport verified;
            try {
                verified = job.verify();
            } finally {
                verifying.set(true);
            }
            for (Future<Integer> w : during) {
                acknowledged += w.get();
            }
            assertEquals(0, verified.driftRemaining(), "verification ends at zero drift: " + verified);
            checkNewForm(f, newType, transform, model, "after writes during the verification");
            job.cleanup();
            assertEquals(MigrationPhase.DONE, job.phase());
            assertTrue(acknowledged > 0, "the writers wrote while the job ran");
            checkNewForm(f, newType, transform, model, "when done");
            assertEquals(0, EntityRepository.of(store, newType).verify().disagreements(), "no index drift when done");
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> repo.save(f.byMovie, seed.get(0)));
            assertTrue(refused.getMessage().contains(newType.name()), refused.getMessage());
            assertTrue(job.report().itemsMigrated() >= 1 && job.report().writesPerItem() > 0, job.report().toString());
            return EntityRepository.of(store, newType);
        } catch (Exception e) {
            throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * The new form holds exactly the transform of every credit the model holds (every acknowledged write, nothing
     * deleted), its index tables have no drift, and, for an index by role, the index answers the same.
     */
    private void checkNewForm(MigrationFixture f, EntityType<Credit> newType, UnaryOperator<Credit> transform,
                              Map<String, Credit> model, String when) {
        assertEquals(MigrationFixture.expected(newType, model.values(), transform),
                MigrationFixture.contents(store, newType), "every acknowledged write, and no deleted one, " + when);
        if (newType == f.indexed) {
            assertEquals(MigrationFixture.byRole(model.values()),
                    MigrationFixture.byRole(EntityRepository.of(store, newType), newType), "the index by role " + when);
        }
    }

    /**
     * One writer: saves, deletes, updates and patches the credits it owns, at least {@code least} times and then
     * until the backfill is over (at most 400).
     */
    private static int write(EntityRepository repo, MigrationFixture f, List<Credit> seed, int writer, int least,
                             Map<String, Credit> model, AtomicBoolean backfilled) {
        Random random = new Random(17 + writer + least);
        List<Credit> mine = seed.stream().filter(c -> Integer.parseInt(c.person().substring(2)) % WRITERS == writer).toList();
        int n = 0;
        for (; n < 400 && (n < least || !backfilled.get()); n++) {
            Credit c = mine.get(random.nextInt(mine.size()));
            Map<String, Object> key = Map.of("movie", c.movie(), "person", c.person());
            String role = MigrationFixture.ROLES.get(random.nextInt(MigrationFixture.ROLES.size()));
            switch (random.nextInt(5)) {
                case 0, 1 -> {
                    Credit saved = new Credit(c.movie(), c.person(), role, 1000L * writer + n);
                    repo.save(f.byMovie, saved);
                    model.put(c.person(), saved);
                }
                case 2 -> {
                    repo.delete(f.byMovie, key);
                    model.remove(c.person());
                }
                case 3 -> repo.update(f.byMovie, key, old -> new Credit(old.movie(), old.person(), role, old.billing()))
                        .ifPresent(u -> model.put(u.person(), u));
                default -> repo.patch(f.byMovie, key).set("billing", (long) n).apply()
                        .ifPresent(p -> model.put(p.person(), p));
            }
        }
        return n;
    }

    @Test
    void segmentsRunOneByOneAndTheCutOverWaitsForAll() {
        MigrationFixture f = fixture();
        EntityRepository repo = oldForm(f);
        List<Credit> seed = MigrationFixture.seed(30);
        seed.forEach(c -> repo.save(f.byMovie, c));
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, f.rekey("segments"))) {
            assertThrows(IllegalStateException.class, () -> job.migrateSegment(0, 4), "not begun");
            job.begin();
            assertThrows(IllegalArgumentException.class, () -> job.migrateSegment(0, 3));
            long[] migrated = {0};
            List<String> newFormWrites = callsOn(f.byPerson.table(),
                    () -> migrated[0] = job.migrateSegment(0, 4) + job.migrateSegment(1, 4) + job.migrateSegment(2, 4));
            assertTrue(!newFormWrites.isEmpty() && newFormWrites.stream().allMatch(c -> c.startsWith("writeBatch ")),
                    "each page's new forms are written in one batch: " + newFormWrites);
            IllegalStateException early = assertThrows(IllegalStateException.class, job::cutOver);
            assertTrue(early.getMessage().contains("[3]"), early.getMessage());
            migrated[0] += job.migrateSegment(3, 4);
            assertEquals(seed.size(), migrated[0], "the segments together migrate every item once");
            assertEquals(0, job.migrateSegment(3, 4), "a finished segment is not read again");
            MigrationReport report = job.run();
            assertEquals(MigrationPhase.DONE, report.phase());
            assertEquals(seed.size(), report.itemsMigrated());
            // Per item: its new form and the removal of its old one; a checkpoint per page and the phases besides.
            assertTrue(report.writesPerItem() >= 2 && report.writesPerItem() <= 3 && report.itemsPerSecond() > 0,
                    report.toString());
            assertEquals(0, report.driftFound(), report.toString());
        }
        assertEquals(MigrationFixture.expected(f.byPerson, seed, MigrationFixture::shout),
                MigrationFixture.contents(store, f.byPerson));
    }

    @Test
    void aPhaseLeaseSparesWritesTheStateRead() {
        MigrationFixture f = fixture();
        EntityRepository repo = oldForm(f);
        List<Credit> seed = MigrationFixture.seed(6);
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, f.rekey("leased", Duration.ofMinutes(1)))) {
            job.begin();
            assertEquals(1, callsOn(f.stateTable, () -> seed.subList(0, 3).forEach(c -> repo.save(f.byMovie, c)))
                    .size(), "three writes under one lease read the state once");
            List<String> calls = callsOn(null, () -> repo.save(f.byMovie, seed.get(0)));
            // the new form is made from the item the save stored, then the old item is read once to confirm it
            assertEquals(3, calls.size(), "a save, its new form and one read of the old item: " + calls);
        }
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, f.rekey("leased"))) {
            assertEquals(3, callsOn(f.stateTable, () -> seed.subList(3, 6).forEach(c -> repo.save(f.byMovie, c)))
                    .size(), "without a lease every write reads the state");
            assertEquals(MigrationPhase.BACKFILL, job.phase());
        }
        assertEquals(MigrationFixture.expected(f.byPerson, seed, MigrationFixture::shout),
                MigrationFixture.contents(store, f.byPerson), "each write was followed into the new form");
    }

    /**
     * Another process's writer acts on the phase it read before the clean-up, within its lease: its write is
     * accepted, and the clean-up, waiting the lease out before removing old items, removes that write's old item
     * too. Once the clean-up has returned, the lease has run out and the writer's next write is refused.
     */
    @Test
    void theCleanUpWaitsOutThePhaseLease() throws Exception {
        MigrationFixture f = fixture();
        Migration<Credit, Credit> migration = f.rekey("lease-cleanup", Duration.ofSeconds(3));
        EntityRepository mine = oldForm(f);
        EntityRepository theirs = EntityRepository.of(store, f.byMovie);
        List<Credit> seed = MigrationFixture.seed(8);
        seed.forEach(c -> mine.save(f.byMovie, c));
        ExecutorService cleaner = Executors.newSingleThreadExecutor();
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(mine, migration);
             MigrationJob<Credit, Credit> other = MigrationJob.attach(theirs, migration)) {
            job.begin();
            job.backfill();
            job.cutOver();
            job.verify();
            Credit before = new Credit("tt9", "nm-before", "actor", 1);
            theirs.save(f.byMovie, before);
            Future<?> cleanup = cleaner.submit(job::cleanup);
            while (!job.report().phase().reached(MigrationPhase.CLEANUP) && !cleanup.isDone()) {
                Thread.onSpinWait();
            }
            Credit during = new Credit("tt9", "nm-during", "writer", 2);
            theirs.save(f.byMovie, during);
            cleanup.get();
            assertEquals(MigrationPhase.DONE, job.phase());
            assertTrue(MigrationFixture.contents(store, f.byMovie).isEmpty(),
                    "the write made under the lease landed before the old items were removed");
            List<Credit> all = new ArrayList<>(seed);
            all.add(before);
            all.add(during);
            assertEquals(MigrationFixture.expected(f.byPerson, all, MigrationFixture::shout),
                    MigrationFixture.contents(store, f.byPerson));
            IllegalStateException refused = assertThrows(IllegalStateException.class,
                    () -> theirs.save(f.byMovie, new Credit("tt9", "nm-after", "actor", 3)));
            assertTrue(refused.getMessage().contains("write through the new type"), refused.getMessage());
            assertEquals(MigrationPhase.DONE, other.phase());
        } finally {
            cleaner.shutdownNow();
        }
    }

    /** A repository of the fixture's old form, its tables created. */
    private EntityRepository oldForm(MigrationFixture f) {
        EntityRepository repo = EntityRepository.of(store, f.byMovie);
        repo.createTables();
        return repo;
    }

    /** The calls {@code work} makes on {@code table} (on any table when null): operation and table each. */
    private List<String> callsOn(String table, Runnable work) {
        List<String> calls = new ArrayList<>();
        store.measure(cost -> {
            if (table == null || cost.table().equals(table)) {
                calls.add(cost.operation() + " " + cost.table());
            }
        }, work);
        return calls;
    }

    @Test
    void schemaVersionsAreCheckedAndOlderItemsUpgradedOnRead() {
        String table = newTable();
        EntityType<Credit> v1 = EntityType.builder(Credit.class).table(table).partitionKey("movie:{movie}")
                .sortKey("credit:{person}").build();
        EntityType<Credit> v3 = EntityType.builder(Credit.class).table(table).partitionKey("movie:{movie}")
                .sortKey("credit:{person}").schemaVersion(3)
                .upgrade(1, i -> i.toBuilder().put("role", i.getString("job").orElse("unknown")).remove("job").build())
                .upgrade(2, i -> i.toBuilder().put("billing", i.getLong("billing").orElse(0L) + 100).build())
                .build();
        Credit old = new Credit("tt1", "nm1", "actor", 1);
        Item v1Item = v1.toItem(old);
        assertEquals(1, EntityType.schemaVersionOf(v1Item), "no attribute: version 1");
        Item renamed = v1Item.toBuilder().put("job", "director").remove("role").build();
        store.put(table, renamed);
        EntityRepository repo = EntityRepository.of(store, v3);
        Key key = v1.keyOf(old);
        assertEquals(new Credit("tt1", "nm1", "director", 101), repo.get(v3, v3.keyValues(key)).orElseThrow(),
                "upgraded step by step on read");
        repo.save(v3, new Credit("tt1", "nm1", "writer", 5));
        assertEquals(3, EntityType.schemaVersionOf(store.get(table, key).orElseThrow()));
        EntityRepository oldRepo = EntityRepository.of(store, v1);
        EntityMappingException newer = assertThrows(EntityMappingException.class,
                () -> oldRepo.get(v1, v1.keyValues(key)));
        assertTrue(newer.getMessage().contains("schema version 3") && newer.getMessage().contains("schema version 1"),
                newer.getMessage());
        EntityType<Credit> v2 = EntityType.builder(Credit.class).table(table).partitionKey("movie:{movie}")
                .sortKey("credit:{person}").schemaVersion(2).build();
        store.put(table, renamed);
        EntityMappingException noStep = assertThrows(EntityMappingException.class, () -> v2.fromItem(renamed));
        assertTrue(noStep.getMessage().contains("no upgrade from version 1"), noStep.getMessage());
        IllegalArgumentException badStep = assertThrows(IllegalArgumentException.class, () -> EntityType
                .builder(Credit.class).table(table).partitionKey("m:{movie}").sortKey("p:{person}").schemaVersion(2)
                .upgrade(2, i -> i).build());
        assertTrue(badStep.getMessage().contains("upgrade from schema version 2"), badStep.getMessage());
    }

    @Test
    void theBuilderNamesEveryProblemAtOnce() {
        MigrationFixture f = fixture();
        record Other(String movie, String name) {
        }
        EntityType<Other> other = EntityType.builder(Other.class).table(f.newTable).partitionKey("m:{movie}")
                .sortKey("n:{name}").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Migration
                .builder("", f.byMovie, other).segments(0).pageSize(-2).itemsPerSecond(-1).stateTable("bad name!")
                .phaseLease(Duration.ofSeconds(-1)).build());
        for (String named : List.of("name \"\"", "give a transform", "[movie, person]", "[movie, name]",
                "segments must be 1 to 1000, got 0", "page size must be at least 1, got -2", "got -1.0", "bad name!",
                "phase lease must be 0 to PT10M, got PT-1S")) {
            assertTrue(e.getMessage().contains(named), "names " + named + ": " + e.getMessage());
        }
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class,
                () -> Migration.builder("same", f.byMovie, f.byMovie).build());
        assertTrue(same.getMessage().contains("nothing changes"), same.getMessage());
        Migration<Credit, Credit> addIndex = f.addIndex("ix");
        assertEquals(List.of("byRole"), addIndex.addedIndexes());
        assertTrue(!addIndex.rekeys() && f.rekey("rk").rekeys());
    }
}
