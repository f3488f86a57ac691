package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.store.Store;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Objects;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * An online {@link Migration} whose backfill is a Spark job, with the phases and guarantees of
 * {@link MigrationJob#run()} in one JVM: the driver begins the migration (dual writes on for every repository the
 * application attached), one task per scan segment runs {@link MigrationJob#migrateSegment} from that segment's
 * checkpoint, and the driver then cuts over, verifies and cleans up.
 *
 * <p>The state lives in the store, so a run that fails (or a driver that dies) is resumed by running again: the
 * recorded phase is skipped to, finished segments are skipped and the others resume at their checkpoint. A
 * retried task re-does at most the page it was on, which the migration protocol makes harmless.
 *
 * <p>With {@link TenantOptions}, the driver and every task work through the tenant's handle on the shared store:
 * the migration's tables and its state are the tenant's, and no other tenant's item is read or written.
 */
public final class MigrationJobs {
    private final SparkSession spark;
    private final PrintStream progress;

    /** Jobs on {@code spark} that print their progress to {@code progress} (null: silent). */
    public MigrationJobs(SparkSession spark, PrintStream progress) {
        this.spark = Objects.requireNonNull(spark, "spark session must not be null");
        this.progress = progress;
    }

    /**
     * Runs every phase of the migration {@code definition} builds, on the store of {@code uri}, still to run:
     * {@link #backfill}, then the cut-over, the verification and the clean-up on the driver.
     *
     * @return the report: items the tasks migrated in this run, store writes of the tasks and the driver, the
     *         run's elapsed time, and the drift the verification found and repaired
     */
    public MigrationReport run(String uri, MigrationDefinition definition) {
        return phases(uri, null, definition, true);
    }

    /** {@link #run(String, MigrationDefinition)} inside one tenant of the shared store of {@code uri}. */
    public MigrationReport run(String uri, TenantOptions tenant, MigrationDefinition definition) {
        return phases(uri, Objects.requireNonNull(tenant, "tenant options must not be null"), definition, true);
    }

    /**
     * Begins the migration (when it has not begun) and backfills every unfinished segment as Spark tasks, and
     * stops there: the application may check the new form, then cut over, verify and clean up with a
     * {@link MigrationJob} (or {@link #run}, which resumes at the cut-over).
     *
     * @return the report of the backfill: items and writes of the tasks, elapsed time
     */
    public MigrationReport backfill(String uri, MigrationDefinition definition) {
        return phases(uri, null, definition, false);
    }

    /** {@link #backfill(String, MigrationDefinition)} inside one tenant of the shared store of {@code uri}. */
    public MigrationReport backfill(String uri, TenantOptions tenant, MigrationDefinition definition) {
        return phases(uri, Objects.requireNonNull(tenant, "tenant options must not be null"), definition, false);
    }

    private MigrationReport phases(String uri, TenantOptions tenant, MigrationDefinition definition,
                                   boolean toTheEnd) {
        Objects.requireNonNull(uri, "store URI must not be null");
        Objects.requireNonNull(definition, "migration definition must not be null");
        Migration<?, ?> migration = Objects.requireNonNull(definition.migration(),
                "the migration definition built no migration (null)");
        long start = System.nanoTime();
        try (Store shared = Tasks.open(uri);
             MigrationJob<?, ?> job = attach(tenant == null ? shared : tenant.scope(shared), migration);
             Progress p = new Progress(spark, "migration " + migration.name(), progress)) {
            job.begin();
            long[] done = {0, 0};
            if (!job.phase().reached(MigrationPhase.CUT_OVER)) {
                done = backfill(uri, tenant, definition, migration.segments(), p.items());
                p.print("backfilled " + done[0] + " items in " + migration.segments() + " segments");
            }
            if (toTheEnd) {
                job.cutOver();
                MigrationReport verified = job.verify();
                p.print("verified: " + verified.driftFound() + " items of drift found, " + verified.driftRepaired()
                        + " repaired");
                job.cleanup();
            }
            MigrationReport own = job.report();
            return new MigrationReport(job.phase(), done[0], done[1] + own.writes(),
                    Duration.ofNanos(System.nanoTime() - start), own.driftFound(), own.driftRepaired(),
                    own.driftRemaining());
        }
    }

    /** Items migrated and store writes by the segment tasks (a retried task's result counts once). */
    private long[] backfill(String uri, TenantOptions tenant, MigrationDefinition definition, int segments,
                            LongAccumulator items) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return jsc.parallelize(IntStream.range(0, segments).boxed().toList(), segments).map(segment -> {
            Migration<?, ?> m = definition.migration();
            try (MigrationJob<?, ?> job = attach(Tasks.open(uri, tenant), m)) {
                long migrated = job.migrateSegment(segment, segments);
                items.add(migrated);
                return new long[] {migrated, job.report().writes()};
            }
        }).reduce((a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
    }

    /** A job on {@code store}, whose old table is declared there (the job declares the others). */
    private static <O extends Record, N extends Record> MigrationJob<O, N> attach(Store store,
                                                                               Migration<O, N> migration) {
        EntityRepository repo = EntityRepository.of(store, migration.from());
        repo.createTables();
        return MigrationJob.attach(repo, migration);
    }
}
