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
            IndexVerification drift = checkItems(index, true, p.items()).toDrift();
            p.print("missing entries added: " + drift.missing() + ", duplicates: " + drift.duplicates());
            return drift;
        }
    }

    /**
     * Compares the index with the base table; changes nothing. Equals {@link IndexTable#verify()}, and looks first
     * as it does: one task per segment tallies the entries its base items must have and the entries its segment of
     * the index table holds ({@link IndexTable.BatchAudit#entriesDue}, {@link IndexTable.BatchAudit#entriesHeld});
     * equal sums end the job with no drift, each item and entry read once. Otherwise both passes run.
     */
    public IndexVerification verify(IndexDefinition index) {
        return look(index).orElseGet(() -> audit(index, false, "verify "));
    }

    /** Sums of a look: base items, then count, high and low of the entries due, then of the entries held. */
    private Optional<IndexVerification> look(IndexDefinition index) {
        try (Progress p = new Progress(spark, "verify (first look) " + index.indexTable(), progress)) {
            int segments = index.base().segments();
            JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            LongAccumulator done = p.items();
            long[] sums = jsc.parallelize(IntStream.range(0, segments).boxed().toList(), segments)
                    .map(segment -> tallies(index, segment, done))
                    .fold(new long[7], IndexJobs::add);
            boolean clean = sums[1] == sums[4] && sums[2] == sums[5] && sums[3] == sums[6];
            p.print("first look done: " + sums[0] + " items, " + sums[4] + " entries, "
                    + (clean ? "no drift" : "drift: both passes follow"));
            return clean ? Optional.of(new IndexVerification(sums[0], sums[4], 0, 0, 0, List.of(), List.of(), List.of()))
                    : Optional.empty();
        }
    }

    private static long[] tallies(IndexDefinition index, int segment, LongAccumulator done) {
        Store store = Tasks.open(index.base());
        IndexTable ix = index.open(store);
        IndexTable.BatchAudit audit = ix.batchAudit(false);
        TableOptions base = index.base();
        long[] sums = new long[7];
        Pages.each(store.scanAll(new Scan(base.table(), segment, base.segments(), base.pageSize(), Optional.empty()))
                .iterator(), PAGE, page -> {
                    sums[0] += page.size();
                    put(sums, 1, audit.entriesDue(page));
                    done.add(page.size());
                });
        Pages.each(store.scanAll(new Scan(ix.indexTable(), segment, base.segments(), base.pageSize(), Optional.empty()))
                .iterator(), PAGE, page -> {
                    put(sums, 4, audit.entriesHeld(page));
                    done.add(page.size());
                });
        return sums;
    }

    private static void put(long[] sums, int at, RepairCursor.EntryTally tally) {
        sums[at] += tally.entries();
        sums[at + 1] += tally.high();
        sums[at + 2] += tally.low();
    }

    private static long[] add(long[] a, long[] b) {
        long[] out = new long[a.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = a[i] + b[i];
        }
        return out;
    }

    /** Adds missing entries and removes stale ones. Equals {@link IndexTable#repair()}. */
    public IndexVerification repair(IndexDefinition index) {
        return audit(index, true, "repair ");
    }

    private IndexVerification audit(IndexDefinition index, boolean fix, String name) {
        try (Progress p = new Progress(spark, name + index.indexTable(), progress)) {
            DriftCounts items = checkItems(index, fix, p.items());
            p.print("pass 1 (base items) done: " + items.baseItemsChecked + " items, " + items.missing + " missing, "
                    + items.duplicates + " duplicates");
            DriftCounts entries = checkEntries(index, fix, p.items());
            IndexVerification drift = items.plus(entries).toDrift();
            p.print("pass 2 (entries) done: " + drift.entriesChecked() + " entries, " + drift.dangling() + " stale");
            return drift;
        }
    }

    private DriftCounts checkItems(IndexDefinition index, boolean fix, LongAccumulator done) {
        int segments = index.base().segments();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        JavaPairRDD<String, byte[]> byValue = jsc.parallelize(IntStream.range(0, segments).boxed().toList(), segments)
                .mapPartitionsToPair(seg -> readByValue(index, seg));
        return byValue.partitionBy(new HashPartitioner(segments))
                .mapPartitions(values -> List.of(checkItems(index, fix, values, done)).iterator())
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

    private static DriftCounts checkItems(IndexDefinition index, boolean fix, Iterator<Tuple2<String, byte[]>> items,
                                          LongAccumulator done) {
        Store store = Tasks.open(index.base());
        IndexTable.BatchAudit audit = index.open(store).batchAudit(fix);
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
