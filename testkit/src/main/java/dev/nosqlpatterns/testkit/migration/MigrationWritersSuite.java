package dev.nosqlpatterns.testkit.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationPhaseException;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.testkit.migration.MigrationFixture.Credit;
import dev.nosqlpatterns.testkit.migration.MigrationFixture.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every kind of migration (re-key, add-index, change of an index, change of table) run phase by phase while
 * writers save, update, patch and delete through the attached repository before, during and after every phase,
 * and on after {@code run()} returned. A writer whose write of the old type is refused with
 * {@link MigrationPhaseException} writes the new type from then on, through the same repository. The invariants:
 * every call that returned was applied, every refused call was not, the new form and its index are exact when
 * the job ends, and the attached repository keeps writing the new type after the end.
 */
public abstract class MigrationWritersSuite extends StoreSuite {
    private static final int WRITERS = 2;
    private static final int CREDITS = 24;
    /** Writes each writer makes after each step of the job, at least. */
    private static final int BETWEEN_STEPS = 3;

    @ParameterizedTest
    @EnumSource(Kind.class)
    void writersThroughEveryPhaseLoseNothingAndKeepWritingAfterTheEnd(Kind kind) throws Exception {
        MigrationFixture f = new MigrationFixture(newTable(), reserveTable(), reserveTable());
        dropAfterwards(f.indexTable());
        EntityType<Credit> from = f.from(kind);
        EntityType<Credit> to = f.to(kind);
        EntityRepository repo = EntityRepository.of(store, from);
        repo.createTables();
        List<Credit> seed = MigrationFixture.seed(CREDITS);
        repo.saveAll(seed);
        // The new form each person's credit must end in, from what the acknowledged writes left.
        Map<String, Credit> expected = new ConcurrentHashMap<>();
        seed.forEach(c -> expected.put(c.person(), MigrationFixture.transform(kind, c)));
        AtomicBoolean stop = new AtomicBoolean();
        List<Writer> writers = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, f.migration(kind, "writers-" + kind))) {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                Writer writer = new Writer(repo, kind, from, to, w, seed, expected, stop);
                writers.add(writer);
                running.add(pool.submit(writer));
            }
            List<Runnable> steps = List.of(() -> { }, job::begin, job::backfill, job::cutOver, job::verify,
                    job::cleanup, () -> assertEquals(MigrationPhase.DONE, job.run().phase()));
            for (Runnable step : steps) {
                step.run();
                awaitWrites(writers, running);
            }
            stop.set(true);
            for (Future<?> r : running) {
                r.get(2, TimeUnit.MINUTES);
            }
            assertEquals(MigrationPhase.DONE, job.phase());
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
        for (Writer w : writers) {
            assertTrue(w.refused.get() <= 1, "a writer is refused once, then writes the new type");
            assertTrue(w.afterSwitch.get() >= BETWEEN_STEPS, "the new type was written after the end");
        }
        assertEquals(MigrationFixture.expected(to, expected.values(), c -> c), MigrationFixture.contents(store, to),
                "every acknowledged write and no refused one, in the new form, for a " + kind);
        if (kind == Kind.REKEY || kind == Kind.CHANGE_TABLE) {
            assertTrue(MigrationFixture.contents(store, from).isEmpty(), "the old form is cleaned up");
        }
        EntityRepository after = EntityRepository.of(store, to);
        if (MigrationFixture.hasIndexByRole(to)) {
            assertEquals(MigrationFixture.byRole(expected.values()), MigrationFixture.byRole(after, to),
                    "the index by role answers what the items hold");
            long missing = after.verify().byIndex().values().stream().mapToLong(IndexVerification::missing).sum();
            assertEquals(0, missing, "no entry of the new index is missing");
        }
    }

    /** Waits until every writer made a few more writes, failing when one stopped. */
    private static void awaitWrites(List<Writer> writers, List<Future<?>> running) throws Exception {
        List<Integer> target = writers.stream().map(w -> w.writes.get() + BETWEEN_STEPS).toList();
        long end = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        for (int i = 0; i < writers.size(); i++) {
            while (writers.get(i).writes.get() < target.get(i)) {
                if (running.get(i).isDone()) {
                    running.get(i).get();
                    fail("writer " + i + " stopped");
                }
                if (System.nanoTime() > end) {
                    fail("writer " + i + " made no progress in two minutes");
                }
                Thread.sleep(1);
            }
        }
    }

    /** One writer of the credits it owns: through the old type until it is refused, then through the new one. */
    private static final class Writer implements Runnable {
        final AtomicInteger writes = new AtomicInteger();
        final AtomicInteger refused = new AtomicInteger();
        final AtomicInteger afterSwitch = new AtomicInteger();
        private final EntityRepository repo;
        private final Kind kind;
        private final EntityType<Credit> from;
        private final EntityType<Credit> to;
        private final List<Credit> mine;
        private final Map<String, Credit> expected;
        private final AtomicBoolean stop;
        private final Random random;
        private boolean switched;

        Writer(EntityRepository repo, Kind kind, EntityType<Credit> from, EntityType<Credit> to, int writer,
               List<Credit> seed, Map<String, Credit> expected, AtomicBoolean stop) {
            this.repo = repo;
            this.kind = kind;
            this.from = from;
            this.to = to;
            this.mine = seed.stream().filter(c -> Integer.parseInt(c.person().substring(2)) % WRITERS == writer)
                    .toList();
            this.expected = expected;
            this.stop = stop;
            this.random = new Random(31L * writer + kind.ordinal());
        }

        @Override
        public void run() {
            for (int n = 0; n < 5000 && !stop.get(); n++) {
                Credit c = mine.get(random.nextInt(mine.size()));
                String role = MigrationFixture.ROLES.get(random.nextInt(MigrationFixture.ROLES.size()));
                int op = random.nextInt(5);
                try {
                    write(c, role, op, n);
                } catch (MigrationPhaseException refusal) {
                    // Refused before anything was written: the expectation is unchanged; the new type from now on.
                    assertTrue(!switched, "only writes of the old type are refused: " + refusal.getMessage());
                    refused.incrementAndGet();
                    switched = true;
                    write(c, role, op, n);
                }
                if (switched) {
                    afterSwitch.incrementAndGet();
                }
                writes.incrementAndGet();
                pause();
            }
        }

        /** A moment between writes, so that the job's steps are not starved on a fast store. */
        private static void pause() {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** One write through the type in use; on return, the expectation holds what it left. */
        private void write(Credit c, String role, int op, int n) {
            EntityType<Credit> type = switched ? to : from;
            // A write of the new type writes the new form as given; one of the old type is migrated.
            java.util.function.UnaryOperator<Credit> toNew = switched ? x -> x : x -> MigrationFixture.transform(kind, x);
            Map<String, Object> key = Map.of("movie", c.movie(), "person", c.person());
            switch (op) {
                case 0, 1 -> {
                    Credit saved = repo.save(type, new Credit(c.movie(), c.person(), role, n));
                    expected.put(c.person(), toNew.apply(saved));
                }
                case 2 -> {
                    repo.delete(type, key);
                    expected.remove(c.person());
                }
                case 3 -> record(c, toNew, repo.update(type, key,
                        old -> new Credit(old.movie(), old.person(), role, old.billing())));
                default -> record(c, toNew, repo.patch(type, key).set("billing", (long) n).apply());
            }
        }

        private void record(Credit c, java.util.function.UnaryOperator<Credit> toNew, Optional<Credit> written) {
            if (written.isPresent()) {
                expected.put(c.person(), toNew.apply(written.get()));
            } else {
                assertTrue(!expected.containsKey(c.person()), () -> "an update through the " + (switched ? "new" : "old")
                        + " type found no credit of " + c.person() + " where " + expected.get(c.person()) + " was expected");
            }
        }
    }
}
