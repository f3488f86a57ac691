package dev.nosqlpatterns.migration;

/**
 * Where a {@link MigrationJob} stands, as persisted in its state item, in the order the phases run.
 *
 * <p>Why: a migration outlives the process that starts it; each phase is recorded in the store before the next
 * begins, so a restarted job (or one in another JVM) resumes at the phase recorded, and writers learn from it
 * when the old form stops being written.
 */
public enum MigrationPhase {
    /** Not begun: no state item yet. */
    NOT_STARTED,
    /** Begun: dual writes are on and the segments are being backfilled, each from its checkpoint. */
    BACKFILL,
    /** Every segment is backfilled; reads go to the new form, writes still go to both. */
    CUT_OVER,
    /** The new form was compared with the old one item by item, drift repaired, and found equal. */
    VERIFIED,
    /** Writes of the old form are refused and its items are being removed (a re-key; nothing for an add-index). */
    CLEANUP,
    /** Finished: the new form alone holds the data. */
    DONE;

    /** True when this phase comes at or after {@code other}. */
    public boolean reached(MigrationPhase other) {
        return compareTo(other) >= 0;
    }
}
