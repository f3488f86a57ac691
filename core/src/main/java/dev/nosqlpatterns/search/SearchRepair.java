package dev.nosqlpatterns.search;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.roaringbitmap.RoaringBitmap;

/**
 * Checks posting lists and counts against the direct index and, when asked, fixes them: one scan of the
 * direct index builds the expected posting lists (compressed, in memory), one scan of the postings table
 * compares them partition by partition. Fixes go in the protocol's order: chunks (conditional writes),
 * counts, then rows (finished removals deleted, pending drops cleared). Counts are set to absolute values,
 * so run it while no writer is active.
 */
final class SearchRepair {
    private static final int PAGE = 100;
    private final Store store;
    private final Postings postings;
    private final DirectIndex direct;
    private final int segments;
    private final int parallelism;

    SearchRepair(Store store, Postings postings, DirectIndex direct, int segments, int parallelism) {
        this.store = store;
        this.postings = postings;
        this.direct = direct;
        this.segments = segments;
        this.parallelism = parallelism;
    }

    SearchVerification run(boolean fix) {
        Expected expected = new Expected();
        for (Expected e : SegmentTasks.run(segments, parallelism, this::readRows)) {
            expected.merge(e);
        }
        Counter counter = new Counter(expected, fix);
        String partition = null;
        RoaringBitmap actual = new RoaringBitmap();
        Long summary = null;
        for (Item item : (Iterable<Item>) store.scanAll(Scan.of(postings.table).limit(PAGE))::iterator) {
            String p = item.key().partition();
            if (!SearchKeys.isPosting(p)) {
                continue;
            }
            if (!p.equals(partition)) {
                if (partition != null) {
                    counter.compare(partition, actual, summary);
                }
                partition = p;
                actual = new RoaringBitmap();
                summary = null;
            }
            if (item.key().sort().equals(SearchKeys.SUMMARY)) {
                summary = item.getLong(Postings.COUNT).orElse(0L);
            } else if (SearchKeys.chunkOf(item.key().sort()) >= 0) {
                actual.or(RoaringBitmap.bitmapOf(IdSets.decode(postings.format, Optional.of(item)).toArray()));
            }
        }
        if (partition != null) {
            counter.compare(partition, actual, summary);
        }
        for (Map.Entry<String, RoaringBitmap> rest : new HashMap<>(expected.postings).entrySet()) {
            counter.compare(rest.getKey(), new RoaringBitmap(), null);
        }
        if (fix) {
            postings.apply(counter.edits.build());
            counter.counts.forEach(postings::setCount);
            expected.pending.forEach(this::finishRow);
        }
        return new SearchVerification(expected.rows, counter.missing, counter.stale, counter.wrongCounts, expected.pending.size(),
                0, 0);
    }

    private Expected readRows(int segment) {
        Expected out = new Expected();
        for (Item row : (Iterable<Item>) store.scanAll(Scan.of(direct.table).segment(segment, segments).limit(500))::iterator) {
            out.rows++;
            if (row.has(DirectIndex.DROP) || DirectIndex.gone(row)) {
                out.pending.add(row);
            }
            if (DirectIndex.gone(row)) {
                continue;
            }
            int id = SearchKeys.idOf(row.key());
            out.add(SearchKeys.UNIVERSE, id);
            DirectIndex.fields(row, DirectIndex.FIELDS).forEach((f, values) ->
                    values.forEach(v -> out.add(SearchKeys.term(new Term(f, v)), id)));
        }
        return out;
    }

    /** Deletes a row whose removal was interrupted, or clears a pending drop, unless the row changed since. */
    private void finishRow(Item row) {
        Condition unchanged = Condition.attributeEquals(DirectIndex.VERSION, Value.of(DirectIndex.version(row)));
        try {
            if (DirectIndex.gone(row)) {
                store.delete(Write.delete(direct.table, row.key()).when(unchanged));
            } else {
                store.update(Write.update(direct.table, row.key(), UpdateAction.remove(DirectIndex.DROP)).when(unchanged));
            }
        } catch (ConditionFailedException changedSince) {
            // A writer changed the row after the scan and finishes it itself.
        }
    }

    /** The posting lists the direct index implies, and the rows with unfinished changes. */
    private static final class Expected {
        final Map<String, RoaringBitmap> postings = new HashMap<>();
        final List<Item> pending = new ArrayList<>();
        long rows;

        void add(String partition, int id) {
            postings.computeIfAbsent(partition, p -> new RoaringBitmap()).add(id);
        }

        void merge(Expected other) {
            other.postings.forEach((p, bits) -> postings.merge(p, bits, (a, b) -> RoaringBitmap.or(a, b)));
            pending.addAll(other.pending);
            rows += other.rows;
        }
    }

    /** Compares partitions one at a time and collects the differences and their fixes. */
    private final class Counter {
        final Expected expected;
        final boolean fix;
        final Edits edits = new Edits(postings.format, postings.chunkBits);
        final Map<String, Long> counts = new HashMap<>();
        long missing;
        long stale;
        long wrongCounts;

        Counter(Expected expected, boolean fix) {
            this.expected = expected;
            this.fix = fix;
        }

        void compare(String partition, RoaringBitmap actual, Long summary) {
            RoaringBitmap want = expected.postings.remove(partition);
            if (want == null) {
                want = new RoaringBitmap();
            }
            RoaringBitmap lacking = RoaringBitmap.andNot(want, actual);
            RoaringBitmap extra = RoaringBitmap.andNot(actual, want);
            missing += lacking.getCardinality();
            stale += extra.getCardinality();
            long counted = summary == null ? 0 : summary;
            if (counted != actual.getLongCardinality()) {
                wrongCounts++;
            }
            if (fix) {
                lacking.forEach((int id) -> edits.add(partition, id));
                extra.forEach((int id) -> edits.remove(partition, id));
                if (counted != want.getLongCardinality()) {
                    counts.put(partition, want.getLongCardinality());
                }
            }
        }
    }
}
