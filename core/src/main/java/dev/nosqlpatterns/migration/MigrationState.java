package dev.nosqlpatterns.migration;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Cursor;
import java.util.Optional;

/**
 * The persisted state of one migration, in its state table: an item holding the phase and the segment count,
 * and one checkpoint item per segment (how far its backfill got), all in the partition
 * {@code migration:<name>}, so that a restarted job, or another process, resumes where the last one stopped.
 */
final class MigrationState {
    private static final String PHASE = "phase";
    private static final String SEGMENTS = "segments";
    private static final String FINISHED = "finished";
    private static final String CURSOR = "cursor";
    private static final String ITEMS = "items";

    private final Store store;
    private final String table;
    private final String partition;

    MigrationState(Store store, String table, String migration) {
        this.store = store;
        this.table = table;
        this.partition = "migration:" + migration;
    }

    /** How far one segment got: finished, or to resume after a cursor, with the items it migrated so far. */
    record Checkpoint(boolean finished, Optional<Cursor> after, long items) {
        static final Checkpoint START = new Checkpoint(false, Optional.empty(), 0);
    }

    /** The phase recorded, or {@link MigrationPhase#NOT_STARTED} when there is no state item. */
    MigrationPhase phase() {
        return store.get(table, Key.of(partition, "state")).flatMap(i -> i.getString(PHASE))
                .map(MigrationPhase::valueOf).orElse(MigrationPhase.NOT_STARTED);
    }

    /** The segment count recorded at the start, or empty before it. */
    Optional<Integer> segments() {
        return store.get(table, Key.of(partition, "state")).flatMap(i -> i.getLong(SEGMENTS)).map(Long::intValue);
    }

    /** Records {@code phase}, with the segment count the backfill runs with. */
    void record(MigrationPhase phase, int segments) {
        store.put(table, Item.builder(Key.of(partition, "state")).put(PHASE, phase.name())
                .put(SEGMENTS, (long) segments).build());
    }

    Checkpoint checkpoint(int segment, int total) {
        return store.get(table, segmentKey(segment, total)).map(i -> new Checkpoint(
                i.getBoolean(FINISHED).orElse(false), i.getString(CURSOR).map(Cursor::new),
                i.getLong(ITEMS).orElse(0L))).orElse(Checkpoint.START);
    }

    void save(int segment, int total, Checkpoint c) {
        Item.Builder b = Item.builder(segmentKey(segment, total)).put(FINISHED, c.finished()).put(ITEMS, c.items());
        c.after().ifPresent(at -> b.put(CURSOR, at.token()));
        store.put(table, b.build());
    }

    private Key segmentKey(int segment, int total) {
        return Key.of(partition, "segment:" + total + ":" + String.format("%04d", segment));
    }
}
