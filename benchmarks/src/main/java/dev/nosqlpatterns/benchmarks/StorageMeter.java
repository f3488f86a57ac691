package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Footprint;
import java.util.List;
import java.util.Optional;

/**
 * Measures the stored bytes of a cell's set-up: the store's own footprint of the technique's tables
 * after the set-up minus before it (tables created by the set-up count from zero), so data that earlier
 * cells of the same technique wrote is not counted again. Where the store's figure is shared by every
 * table (DynamoDB's single-table layout) the growth of the shared figure across the set-up is taken
 * instead, read through a table of the meter's own. A store without {@link dev.nosqlpatterns.store.StoreMaintenance#footprint} gives no figure.
 */
final class StorageMeter {
    private final Store store;
    private final Optional<java.util.function.Function<String, Footprint>> footprints;
    private final Family.Tables tables;
    private String reference;

    StorageMeter(Store store, Family.Tables tables) {
        this.store = store;
        this.footprints = store.maintenance().hasFootprints()
                ? Optional.of(t -> store.maintenance().footprint(t).orElseThrow()) : Optional.empty();
        this.tables = tables;
        try {
            footprints.ifPresent(f -> reference());
        } catch (RuntimeException e) {
            // the store is failing: each cell will say its figure could not be read
        }
    }

    /** What the footprint stands at before a set-up that writes to {@code owned} (and tables it will create). */
    Before before(List<String> owned) {
        try {
            return measureBefore(owned);
        } catch (RuntimeException e) {
            return new Before(-1, 0, null);
        }
    }

    private Before measureBefore(List<String> owned) {
        if (footprints.isEmpty()) {
            return new Before(0, 0, null);
        }
        java.util.function.Function<String, Footprint> f = footprints.get();
        long sum = 0;
        for (String t : owned) {
            if (store.hasTable(t)) {
                sum += f.apply(t).bytes();
            }
        }
        Footprint shared = f.apply(reference());
        return new Before(sum, shared.bytes(), shared.shared() ? shared : null);
    }

    /** The growth of the technique's footprint from {@code before} to now. */
    StoredBytes after(Before before, List<String> owned) {
        if (before.ownedBytes() < 0) {
            return StoredBytes.none("the footprint before the set-up could not be read");
        }
        try {
            return measureAfter(before, owned);
        } catch (RuntimeException e) {
            return StoredBytes.none("the footprint could not be read: " + PatternBenchmarks.describe(e));
        }
    }

    private StoredBytes measureAfter(Before before, List<String> owned) {
        if (footprints.isEmpty()) {
            return StoredBytes.none("the " + store.kind() + " store reports no storage footprint");
        }
        java.util.function.Function<String, Footprint> f = footprints.get();
        if (before.shared() != null) {
            Footprint now = f.apply(reference());
            return growth(now.bytes() - before.sharedBytes(), now, " (growth across the set-up)");
        }
        List<String> present = owned.stream().filter(store::hasTable).toList();
        if (present.isEmpty()) {
            return StoredBytes.none("the technique has no tables of its own");
        }
        long sum = 0;
        Footprint last = null;
        dev.nosqlpatterns.store.model.Footprint.Accuracy accuracy = dev.nosqlpatterns.store.model.Footprint.Accuracy.EXACT;
        for (String t : present) {
            last = f.apply(t);
            sum += last.bytes();
            accuracy = last.accuracy().compareTo(accuracy) > 0 ? last.accuracy() : accuracy;
        }
        Footprint total = new Footprint(present.get(0), sum, last.basis(), accuracy, false);
        return growth(sum - before.ownedBytes(), total, "");
    }

    private static StoredBytes growth(long bytes, Footprint figure, String note) {
        if (bytes < 0) {
            return StoredBytes.none("the store's figure went down across the set-up (" + figure.basis() + ")");
        }
        return new StoredBytes(bytes, figure.basis() + note, figure.accuracy());
    }

    /** An empty table of the meter's own, to read a shared figure through. */
    private String reference() {
        if (reference == null) {
            reference = tables.next("footprint");
            store.createTable(TableSpec.named(reference));
        }
        return reference;
    }

    /**
     * The figures before a set-up.
     *
     * @param ownedBytes  the footprint of the technique's existing tables, or -1 when it could not be read
     * @param sharedBytes the shared figure, when {@code shared} is not null
     * @param shared      the shared footprint, or null when the store's figures are per table
     */
    record Before(long ownedBytes, long sharedBytes, Footprint shared) {
    }
}
