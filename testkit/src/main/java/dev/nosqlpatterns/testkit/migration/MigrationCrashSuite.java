package dev.nosqlpatterns.testkit.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.testkit.migration.MigrationFixture.Credit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * A migration job that dies at any one of its writes (before it reaches the store or after it took effect, in
 * turn) is resumed by a fresh job object on a healthy store from what the store records, while the application
 * updates credits through its repository, and ends done, with the new form holding exactly the old data and
 * every acknowledged update, at zero drift, for a re-key and an add-index. Every write of a clean
 * run is a crash point, so a step that is not idempotent, a checkpoint written before its page is migrated, or a
 * phase recorded before its work is done fails here.
 */
public abstract class MigrationCrashSuite extends StoreSuite {
    private static final int ITEMS = 8;
    /** Updates the application makes while each resumed job backfills. */
    private static final int WRITES = 3;

    @Test
    void rekeyResumesAfterACrashAtEveryWrite() {
        MigrationFixture f = new MigrationFixture(newTable(), newTable(), newTable());
        crashAtEveryWrite(f, f::rekey, f.byPerson, MigrationFixture::shout);
    }

    @Test
    void addIndexResumesAfterACrashAtEveryWrite() {
        MigrationFixture f = new MigrationFixture(newTable(), newTable(), newTable());
        dropAfterwards(f.indexTable());
        EntityRepository.of(store, f.indexed).createTables();
        crashAtEveryWrite(f, f::addIndex, f.indexed, c -> c);
    }

    private void crashAtEveryWrite(MigrationFixture f, Function<String, Migration<Credit, Credit>> migration,
                                   EntityType<Credit> newType, UnaryOperator<Credit> transform) {
        List<Credit> seed = MigrationFixture.seed(ITEMS);
        Map<?, Credit> expected = MigrationFixture.expected(newType, seed, transform);
        List<String> tables = List.of(f.oldTable, f.newTable, f.indexTable(), f.stateTable);
        reset(f, tables, seed);
        FaultInjectingBackend counting = countingBackend();
        try (Store counted = Store.of(counting)) {
            counted.createTable(TableSpec.named(f.oldTable));
            try (MigrationJob<Credit, Credit> job = MigrationJob.attach(EntityRepository.of(counted, f.byMovie),
                    migration.apply("clean"))) {
                MigrationReport clean = job.run();
                assertEquals(ITEMS, clean.itemsMigrated());
            }
        }
        int writes = counting.writes();
        assertTrue(writes > ITEMS, "a migration takes several writes, counted " + writes);
        assertEquals(expected, MigrationFixture.contents(store, newType), "the clean run");
        List<String> failures = new ArrayList<>();
        for (int n = 1; n <= writes; n++) {
            FaultInjectingBackend.When when = n % 2 == 0 ? FaultInjectingBackend.When.AFTER
                    : FaultInjectingBackend.When.BEFORE;
            reset(f, tables, seed);
            Migration<Credit, Credit> m = migration.apply("crash-" + n);
            try (Store faulty = crashingStore(n, when);
                 MigrationJob<Credit, Credit> doomed = MigrationJob.attach(EntityRepository.of(faulty, f.byMovie), m)) {
                doomed.run();
            } catch (FaultInjectingBackend.SimulatedCrash crashed) {
                // The process is gone; what it wrote stays.
            }
            EntityRepository app = EntityRepository.of(store, f.byMovie);
            try (MigrationJob<Credit, Credit> resumed = MigrationJob.attach(app, m)) {
                // The application writes through the resumed backfill (refused once a clean-up began).
                List<Credit> model = new ArrayList<>(seed);
                int point = n;
                CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
                    for (int w = 0; w < WRITES; w++) {
                        Credit c = model.get((point + w * 3) % model.size());
                        Credit changed = new Credit(c.movie(), c.person(), "role-" + point + "-" + w, c.billing());
                        try {
                            app.save(f.byMovie, changed);
                        } catch (IllegalStateException refused) {
                            return; // the crashed job had begun the clean-up: the new type takes writes now
                        }
                        model.set(model.indexOf(c), changed);
                    }
                });
                resumed.begin();
                resumed.backfill();
                writer.join();
                MigrationReport report = resumed.run();
                String at = "crash " + when + " write " + n + " of " + writes;
                check(failures, at + ": phase", MigrationPhase.DONE, report.phase());
                check(failures, at + ": drift remaining", 0L, report.driftRemaining());
                check(failures, at + ": new form", MigrationFixture.expected(newType, model, transform),
                        MigrationFixture.contents(store, newType));
                check(failures, at + ": index drift", 0L,
                        EntityRepository.of(store, newType).verify().disagreements());
                if (m.rekeys()) {
                    check(failures, at + ": old form left", Map.of(), MigrationFixture.contents(store, f.byMovie));
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " of " + writes + " crash points went wrong: " + failures);
    }

    private static void check(List<String> failures, String what, Object expected, Object actual) {
        if (!expected.equals(actual)) {
            failures.add(what + ": expected " + expected + " but was " + actual);
        }
    }

    private void reset(MigrationFixture f, List<String> tables, List<Credit> seed) {
        MigrationFixture.empty(store, tables);
        EntityRepository repo = EntityRepository.of(store, f.byMovie);
        repo.saveAll(seed);
    }
}
