package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.RepairCursor;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple2;

/**
 * Backfill, verify and repair of an index table as Spark jobs, with the answers of the single-JVM
 * {@link IndexTable#verify()} and {@link IndexTable#repair()}: the same checks ({@link IndexTable#batchAudit})
 * run in the tasks, and the drifts add up.
 *
 * <p>Pass 1 reads the base table, one task per scan segment, and sends each item to the task of its index
 * value (so that every holder of a unique value is checked by one audit, which counts duplicates as the
 * single-JVM audit does); those tasks check (or add) the entries. Pass 2 reads the index table, one task per
 * segment, and checks (or removes stale) entries; it starts once pass 1 is done. Backfill is pass 1 with
 * fixing: it adds the entries of existing items, as when an index is added to a table that already has items.
 */
public final class IndexJobs {
    /** Items or entries checked together, as the single-JVM audit pages them. */
    static final int PAGE = 200;

    private final SparkSession spark;
    private final PrintStream progress;

    /** Jobs on {@code spark} that print their progress to {@code progress} (null: silent). */
    public IndexJobs(SparkSession spark, PrintStream progress) {
        this.spark = Objects.requireNonNull(spark, "spark session must not be null");
        this.progress = progress;
    }

    /** Adds the missing entries of existing items (pass 1 of a repair); returns what it found and added. */
    public IndexVerification backfill(IndexDefinition index) {
        try (Progress p = new Progress(spark, "backfill " + index.indexTable(), progress)) {
            IndexVerification drift = checkItems(index, true, false, p.items()).toDrift();
            p.print("missing entries added: " + drift.missing() + ", duplicates: " + drift.duplicates());
            return drift;
        }
    }

    /**
     * Compares the index with the base table; changes nothing. Equals {@link IndexTable#verify()}, and looks first
     * as it does: one task per segment tallies the entries its segment of the index table holds and, unless there
     * are none, one task per segment the entries its base items must have ({@link IndexTable.BatchAudit#entriesHeld},
     * {@link IndexTable.BatchAudit#entriesDue}); equal sums end the job with no drift, each item and entry read
     * once. Otherwise both passes run.
     */
    public IndexVerification verify(IndexDefinition index) {
        return look(index, "verify ", false).clean().orElseGet(() -> audit(index, false, false, "verify "));
    }

    /** What the first look found: a verdict when the index is clean, or whether the index table held no entry. */
    private record Look(Optional<IndexVerification> clean, boolean empty) {
    }

    private Look look(IndexDefinition index, String name, boolean fix) {
        try (Progress p = new Progress(spark, name + "(first look) " + index.indexTable(), progress)) {
            long[] held = tallies(index, false, p.items());
            if (held[0] == 0) {
                p.print("first look done: the index table holds no entry, "
                        + (fix ? "pass 1 alone follows (a backfill)" : "both passes follow"));
                return new Look(Optional.empty(), true);
            }
            long[] due = tallies(index, true, p.items());
            boolean clean = held[0] == due[0] && held[1] == due[1] && held[2] == due[2];
            p.print("first look done: " + due[3] + " items, " + held[0] + " entries, "
                    + (clean ? "no drift" : "drift: both passes follow"));
            return new Look(clean ? Optional.of(new IndexVerification(due[3], held[0], 0, 0, 0, List.of(), List.of(),
                    List.of())) : Optional.empty(), false);
        }
    }

    /** Sums over every segment of the entries due (base items) or held (index table): count, high, low, items read. */
    private long[] tallies(IndexDefinition index, boolean due, LongAccumulator done) {
        int segments = index.base().segments();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return jsc.parallelize(IntStream.range(0, segments).boxed().toList(), segments)
                .map(segment -> tallies(index, due, segment, done))
                .fold(new long[4], IndexJobs::add);
    }

    private static long[] tallies(IndexDefinition index, boolean due, int segment, LongAccumulator done) {
        Store store = Tasks.open(index.base());
        IndexTable ix = index.open(store);
        IndexTable.BatchAudit audit = ix.batchAudit(false);
        TableOptions base = index.base();
        long[] sums = new long[4];
        Scan scan = new Scan(due ? base.table() : ix.indexTable(), segment, base.segments(), base.pageSize(), Optional.empty());
        Pages.each(store.scanAll(scan).iterator(), PAGE, page -> {
            RepairCursor.EntryTally tally = due ? audit.entriesDue(page) : audit.entriesHeld(page);
            sums[0] += tally.entries();
            sums[1] += tally.high();
            sums[2] += tally.low();
            sums[3] += page.size();
            done.add(page.size());
        });
        return sums;
    }

    private static long[] add(long[] a, long[] b) {
        long[] out = new long[a.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = a[i] + b[i];
        }
        return out;
    }

    /**
     * Adds missing entries and removes stale ones. Equals {@link IndexTable#repair()}, and looks first as
     * {@link #verify} does: a repair of an index without drift reads each item and entry once and writes nothing.
     * When the look finds the index table without entries, the repair is a backfill and ends with pass 1, as
     * {@link IndexTable#repair()} does ({@link IndexTable#backfillAudit()}): it reports the entries it added and
     * confirmed as the entries checked.
     */
    public IndexVerification repair(IndexDefinition index) {
        Look look = look(index, "repair ", true);
        return look.clean().orElseGet(() -> audit(index, true, look.empty(), "repair "));
    }

    private IndexVerification audit(IndexDefinition index, boolean fix, boolean backfill, String name) {
        try (Progress p = new Progress(spark, name + index.indexTable(), progress)) {
            DriftCounts items = checkItems(index, fix, backfill, p.items());
            p.print("pass 1 (base items) done: " + items.baseItemsChecked + " items, " + items.missing + " missing, "
                    + items.duplicates + " duplicates");
            if (backfill) {
                return items.toDrift();
            }
            DriftCounts entries = checkEntries(index, fix, p.items());
            IndexVerification drift = items.plus(entries).toDrift();
            p.print("pass 2 (entries) done: " + drift.entriesChecked() + " entries, " + drift.dangling() + " stale");
            return drift;
        }
    }

    private DriftCounts checkItems(IndexDefinition index, boolean fix, boolean backfill, LongAccumulator done) {
        int segments = index.base().segments();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaPairRDD<String, byte[]> byValue = jsc.parallelize(IntStream.range(0, segments).boxed().toList(), segments)
                .mapPartitionsToPair(seg -> readByValue(index, seg));
        return byValue.partitionBy(new HashPartitioner(segments))
                .mapPartitions(values -> List.of(checkItems(index, fix, backfill, values, done)).iterator())
                .fold(DriftCounts.none(), DriftCounts::plus);
    }

    /** The items of the task's segments, each keyed by its index value (items without one by their own key). */
    private static Iterator<Tuple2<String, byte[]>> readByValue(IndexDefinition index, Iterator<Integer> segments) {
        TableOptions base = index.base();
        Store store = Tasks.open(base);
        IndexTable ix = index.open(store);
        List<Integer> mine = new ArrayList<>();
        segments.forEachRemaining(mine::add);
        return mine.stream()
                .flatMap(s -> store.scanAll(new Scan(base.table(), s, base.segments(), base.pageSize(), Optional.empty())))
                .map(item -> new Tuple2<>(ix.valueOf(item).map(v -> "v" + v)
                        .orElseGet(() -> "k" + item.key().partition() + "\u0000" + item.key().sort()), ItemBytes.encode(item)))
                .iterator();
    }

    private static DriftCounts checkItems(IndexDefinition index, boolean fix, boolean backfill,
                                          Iterator<Tuple2<String, byte[]>> items, LongAccumulator done) {
        Store store = Tasks.open(index.base());
        IndexTable ix = index.open(store);
        IndexTable.BatchAudit audit = backfill ? ix.backfillAudit() : ix.batchAudit(fix);
        DriftCounts[] sum = {DriftCounts.none()};
        Iterator<Item> decoded = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return items.hasNext();
            }

            @Override
            public Item next() {
                return ItemBytes.decode(items.next()._2());
            }
        };
        Pages.each(decoded, PAGE, page -> {
            sum[0] = sum[0].plus(DriftCounts.of(audit.checkItems(page)));
            done.add(page.size());
        });
        return sum[0];
    }

    private DriftCounts checkEntries(IndexDefinition index, boolean fix, LongAccumulator done) {
        int segments = index.base().segments();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        return jsc.parallelize(IntStream.range(0, segments).boxed().toList(), segments)
                .map(segment -> checkEntries(index, fix, segment, done))
                .fold(DriftCounts.none(), DriftCounts::plus);
    }

    private static DriftCounts checkEntries(IndexDefinition index, boolean fix, int segment, LongAccumulator done) {
        Store store = Tasks.open(index.base());
        IndexTable ix = index.open(store);
        IndexTable.BatchAudit audit = ix.batchAudit(fix);
        DriftCounts[] sum = {DriftCounts.none()};
        Iterator<Item> entries = store.scanAll(new Scan(ix.indexTable(), segment, index.base().segments(), PAGE,
                Optional.empty())).iterator();
        Pages.each(entries, PAGE, page -> {
            sum[0] = sum[0].plus(DriftCounts.of(audit.checkEntries(page)));
            done.add(page.size());
        });
        return sum[0];
    }
}
