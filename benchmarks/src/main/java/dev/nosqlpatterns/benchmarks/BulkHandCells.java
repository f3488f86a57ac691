package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.benchmarks.overhead.Baselines;
import dev.nosqlpatterns.benchmarks.overhead.Loader;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The bulk family's hand-written contenders for the index backfill and the verify ({@link HandIndexJobs}): the
 * base table and the index table read and written with the store's official driver ({@link Loader#scan}, {@link
 * Loader#write}) on the adapter's layout, next to the single-JVM {@code IndexTable} and Spark. Why: it tells what
 * the library's index jobs cost over the fastest ones a person would write for one store.
 *
 * <p>The cells are the library's: a backfill goes into a fresh index table, created through the store (as {@code
 * IndexTable}'s builder creates it in the library's backfill, so both pay for it), and is read back with the
 * single-JVM verify and three cities' look-ups; the verify checks the index the library's backfill built and must
 * report every item and entry and no drift. The requests each job sent are printed on the console's {@code load}
 * lines and kept in the family's notes, as the hand-written loads' are; the store's cost reports see none of them.
 */
final class BulkHandCells {
    static final String HAND_WRITTEN = BulkLoadCells.HAND_WRITTEN;
    static final String LUCENE_SKIPPED = "a Lucene store reads through a searcher only it refreshes, after its own"
            + " writes: entries written by hand into the runner's index would stay unseen by the library's read-back, and"
            + " the hand-written loads' way round it (an index of their own, read through a store opened after the load)"
            + " would backfill a copy of the base table, not the runner's";

    private BulkHandCells() {
    }

    /** Why the hand-written backfill and verify cannot run on a store of {@code kind}, if they cannot. */
    static Optional<String> skipReason(String kind) {
        return switch (kind) {
            case "redis", "cassandra", "mongodb", "dynamodb" -> Optional.empty();
            case "lucene" -> Optional.of(LUCENE_SKIPPED);
            case "memory" -> Optional.of("the in-memory store has no driver to scan and write with by hand");
            default -> Optional.of("no hand-written scan and bulk write for the " + kind + " store");
        };
    }

    /**
     * The hand-written backfill and verify of the index of {@code n} users of {@code base}: the backfill once the
     * base table is {@code loaded}, the verify on the index the library's backfill {@code verified} built.
     */
    static List<Family.Candidate> candidates(Store store, String address, String base, Family.Tables tables, int n,
                                             String backfill, String verify, Supplier<String> loaded,
                                             Supplier<String> verified, List<Runnable> cleanUp,
                                             Map<String, String> notes) {
        Optional<String> skip = skipReason(store.kind());
        if (skip.isPresent()) {
            return List.of(Family.Candidate.skip(backfill, HAND_WRITTEN, skip.get()),
                    Family.Candidate.skip(verify, HAND_WRITTEN, skip.get()));
        }
        Supplier<Loader> driver = () -> {
            Loader loader = Baselines.loader(store.kind(), address).orElseThrow();
            cleanUp.add(loader::close);
            return loader;
        };
        String attribute = BulkFamily.ATTRIBUTE;
        return List.of(
                Family.Candidate.of(backfill, HAND_WRITTEN, () -> {
                    loaded.get();
                    Loader loader = driver.get();
                    return BulkFamily.backfillCell(HAND_WRITTEN, n, store, base, tables, ix -> timed(store, "backfill",
                            notes, loader, () -> {
                                store.createTable(TableSpec.named(ix));
                                return HandIndexJobs.backfill(loader, base, ix, attribute);
                            }));
                }),
                Family.Candidate.of(verify, HAND_WRITTEN, () -> {
                    String ix = verified.get();
                    Loader loader = driver.get();
                    return BulkFamily.verifyCell(HAND_WRITTEN, n, ix, i -> timed(store, "verify", notes, loader,
                            () -> HandIndexJobs.verify(loader, base, i, attribute)));
                }));
    }

    /** Runs a job, prints its time and requests as a {@code load} line and keeps them in the notes. */
    private static IndexVerification timed(Store store, String job, Map<String, String> notes, Loader loader,
                                           Supplier<HandIndexJobs.Run> run) {
        long start = System.nanoTime();
        HandIndexJobs.Run r = run.get();
        double seconds = (System.nanoTime() - start) / 1e9;
        long items = r.drift().baseItemsChecked();
        String line = String.format(Locale.ROOT, "%s of %,d items in %.2f s (%,.0f items/s), %,d requests (%.4f per"
                + " item); %s", job, items, seconds, items / Math.max(seconds, 1e-9), r.requests(),
                (double) r.requests() / Math.max(1, items), loader.howScanAndWrite());
        System.out.printf(Locale.ROOT, "   load  %s / bulk, %s: %s%n", store.kind(), HAND_WRITTEN, line);
        notes.put(HAND_WRITTEN + ", " + job, line);
        return r.drift();
    }
}
