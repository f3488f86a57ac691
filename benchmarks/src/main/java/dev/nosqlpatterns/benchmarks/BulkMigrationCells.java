package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bulk family's add-index migration: {@code N} users ({@link BulkUser}) stored without an index, then a city
 * index table added by an online migration ({@link MigrationJob#run()}: begin, backfill in place, cut-over,
 * verification, clean-up), one JVM. Why: adding an index to a table that already holds the data is the day a
 * team meets the library's bulk paths on its largest table, and the time it takes decides whether the migration
 * is run at all. One operation is one whole migration; throughput is users per second. Each operation's users are
 * loaded into fresh tables before it is timed ({@code saveAll} of the type without an index: plain batch writes).
 * Each migration is then read back through the new type (untimed): {@code verify()} must find every user and
 * entry and no drift, and three cities' users must be exactly the loaded ones.
 */
final class BulkMigrationCells {
    static final String TECHNIQUE = "MigrationJob, single JVM";

    private BulkMigrationCells() {
    }

    static String workload(int n) {
        return String.format(Locale.ROOT, "add a city index to %,d users by migration", n);
    }

    /** The users' type before the migration: no index. */
    static EntityType<BulkUser> before(String table) {
        return EntityType.builder(BulkUser.class).name("user").table(table).partitionKey("user:{id}")
                .sortKey("<USER>").build();
    }

    /** The users' type after it: an index table on the city, atomic where the store has atomic writes. */
    static EntityType<BulkUser> after(Store store, String table) {
        IndexConsistency mode = store.has(Capability.ATOMIC_WRITES) ? IndexConsistency.ATOMIC
                : IndexConsistency.REPAIRABLE;
        return EntityType.builder(BulkUser.class).name("user").table(table).partitionKey("user:{id}")
                .sortKey("<USER>").index(EntityIndex.named(BulkLoadCells.CITY, "{city}").consistency(mode)).build();
    }

    private record Prepared(EntityRepository repo, EntityType<BulkUser> from, EntityType<BulkUser> to,
                            String stateTable) {
    }

    /** The migration cell on {@code store}; the first {@code prepared} operations' users are loaded beforehand. */
    static Family.Candidate candidate(Store store, Family.Tables tables, int n, int prepared,
                                      Map<String, String> notes) {
        return Family.Candidate.of(workload(n), TECHNIQUE, () -> cell(store, tables, n, prepared, notes));
    }

    private static CellSpec cell(Store store, Family.Tables tables, int n, int prepared, Map<String, String> notes) {
        List<BulkUser> users = BulkLoadCells.users(n);
        Map<Integer, Prepared> runs = new ConcurrentHashMap<>();
        java.util.function.IntFunction<Prepared> at = i -> runs.computeIfAbsent(i, k -> {
            String t = tables.next("migrate");
            EntityType<BulkUser> from = before(t);
            EntityType<BulkUser> to = after(store, t);
            String state = tables.next("migrate_state");
            EntityRepository repo = EntityRepository.of(store, from);
            EntityRepository.of(store, to).tables().stream().filter(name -> !name.equals(t)).forEach(tables::claim);
            repo.createTables();
            for (int chunk = 0; chunk < users.size(); chunk += BulkLoadCells.CHUNK) {
                repo.saveAll(users.subList(chunk, Math.min(users.size(), chunk + BulkLoadCells.CHUNK)));
            }
            return new Prepared(repo, from, to, state);
        });
        for (int i = 0; i < prepared; i++) {
            at.apply(i);
        }
        CellSpec.Operation op = i -> {
            Prepared p = at.apply(i);
            Migration<BulkUser, BulkUser> migration = Migration.builder("add-city-" + i, p.from(), p.to())
                    .stateTable(p.stateTable()).build();
            AtomicLong roundTrips = new AtomicLong();
            long start = System.nanoTime();
            MigrationReport report;
            Store.Registration counting = store.onCost(c -> roundTrips.addAndGet(c.roundTrips()));
            try (MigrationJob<BulkUser, BulkUser> job = MigrationJob.attach(p.repo(), migration)) {
                report = job.run();
            } finally {
                counting.close();
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            String line = String.format(Locale.ROOT, "%,d users in %.2f s (%,.0f users/s), %,d round trips (%.4f per"
                    + " user), %,d migrated, %,d writes", n, seconds, n / Math.max(seconds, 1e-9), roundTrips.get(),
                    (double) roundTrips.get() / n, report.itemsMigrated(), report.writes());
            System.out.printf(Locale.ROOT, "   load  %s / bulk, %s: %s%n", store.kind(), TECHNIQUE, line);
            notes.put(TECHNIQUE, line);
            return null;
        };
        return new CellSpec(TECHNIQUE, 1, 1, op, i -> oracle(n), i -> readBack(runs.get(i), n), n, n, -1);
    }

    private static Answer readBack(Prepared p, int n) {
        EntityRepository repo = EntityRepository.of(p.repo().store(), p.to());
        List<String> out = new ArrayList<>();
        IndexVerification city = repo.verify().byIndex().get("user." + BulkLoadCells.CITY);
        out.add(describe(city));
        for (int c : new int[] {0, 1, BulkLoadCells.CITIES - 1}) {
            out.add(BulkLoadCells.city(c) + " " + repo.query(p.to(), BulkLoadCells.CITY).eq(BulkLoadCells.city(c))
                    .list().stream().map(BulkUser::id).sorted().toList());
        }
        return Answer.inOrder(out);
    }

    private static String describe(IndexVerification d) {
        return d == null ? "no city index" : "city checked " + d.baseItemsChecked() + " items and " + d.entriesChecked()
                + " entries: " + d.missing() + " missing, " + d.dangling() + " stale, " + d.duplicates()
                + " duplicates";
    }

    private static Answer oracle(int n) {
        List<String> out = new ArrayList<>();
        out.add(describe(new IndexVerification(n, n, 0, 0, 0, List.of(), List.of(), List.of())));
        for (int c : new int[] {0, 1, BulkLoadCells.CITIES - 1}) {
            List<String> ids = new ArrayList<>();
            for (int k = c; k < n; k += BulkLoadCells.CITIES) {
                ids.add(BulkLoadCells.user(k).id());
            }
            out.add(BulkLoadCells.city(c) + " " + ids);
        }
        return Answer.inOrder(out);
    }
}
