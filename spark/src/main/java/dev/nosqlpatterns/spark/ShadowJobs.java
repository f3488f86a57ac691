package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.scan.ShadowVerification;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import java.io.PrintStream;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * Verify and rebuild of a shadow table as Spark jobs, with the answers of the single-JVM
 * {@link ShadowTable#verify()} and {@link ShadowTable#repair()}.
 *
 * <p>Pass 1 reads the primary table, one task per scan segment, page by page: each page's shadows are read in
 * one batch and compared with the projection of their items. Pass 2 reads the shadow table the same way and
 * compares each shadow with the projection of its primary item (left-over shadows have none). Pass 2 starts once
 * pass 1 is done, as in the single-JVM audit, so a rebuild fixes a stale shadow in pass 1 and counts it once,
 * and a verify counts it from both sides. Each page is checked by {@link ShadowTable#batchAudit}, as the
 * single-JVM audit checks it: a shadow is a function of its item, a rebuild writes a page's fixes in one batch
 * and reads their items again (so a writer's change meanwhile is followed), and a retried task writes the same
 * shadows again.
 */
public final class ShadowJobs {
    /** Items checked together, as the single-JVM audit pages them. */
    static final int PAGE = 200;

    private final SparkSession spark;
    private final PrintStream progress;

    /** Jobs on {@code spark} that print their progress to {@code progress} (null: silent). */
    public ShadowJobs(SparkSession spark, PrintStream progress) {
        this.spark = Objects.requireNonNull(spark, "spark session must not be null");
        this.progress = progress;
    }

    /** Counts shadows that are missing, stale or left over; changes nothing. Equals {@link ShadowTable#verify()}. */
    public ShadowVerification verify(ShadowDefinition shadow) {
        return audit(shadow, false, "verify ");
    }

    /**
     * Writes every missing or stale shadow and removes left-over ones, so that the shadow table is the
     * projection of the primary table; returns what it fixed. Equals {@link ShadowTable#repair()}: on an empty
     * shadow table it builds the whole shadow, on a current one it writes nothing.
     */
    public ShadowVerification rebuild(ShadowDefinition shadow) {
        return audit(shadow, true, "rebuild ");
    }

    private ShadowVerification audit(ShadowDefinition shadow, boolean fix, String name) {
        try (Progress p = new Progress(spark, name + shadow.shadowTable(), progress)) {
            long[] primary = pass(shadow, true, fix, p.items());
            p.print("pass 1 (primary items) done: " + primary[0] + " items, " + primary[1] + " shadows "
                    + (fix ? "written" : "wrong"));
            long[] shadows = pass(shadow, false, fix, p.items());
            p.print("pass 2 (shadows) done: " + shadows[0] + " shadows, " + shadows[1] + " "
                    + (fix ? "fixed" : "wrong"));
            return new ShadowVerification(primary[0] + shadows[0], primary[1] + shadows[1]);
        }
    }

    /** One pass over the primary table (or the shadow table), one task per segment: {checked, wrong}. */
    private long[] pass(ShadowDefinition shadow, boolean overPrimary, boolean fix, LongAccumulator done) {
        int segments = shadow.primary().segments();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return jsc.parallelize(IntStream.range(0, segments).boxed().toList(), segments)
                .map(segment -> check(shadow, overPrimary, fix, segment, done))
                .fold(new long[2], (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
    }

    private static long[] check(ShadowDefinition shadow, boolean overPrimary, boolean fix, int segment,
                                LongAccumulator done) {
        Store store = Tasks.open(shadow.primary());
        ShadowTable.BatchAudit audit = shadow.open(store).batchAudit(fix);
        String table = overPrimary ? shadow.primary().table() : shadow.shadowTable();
        Scan scan = new Scan(table, segment, shadow.primary().segments(), PAGE, Optional.empty());
        long checked = 0;
        long wrong = 0;
        Optional<Cursor> at = Optional.empty();
        do {
            Page page = store.scan(at.map(scan::after).orElse(scan));
            ShadowVerification v = overPrimary ? audit.checkPrimaries(page.items()) : audit.checkShadows(page.items());
            checked += v.checked();
            wrong += v.wrong();
            done.add(page.items().size());
            at = page.next();
        } while (at.isPresent());
        return new long[] {checked, wrong};
    }
}
