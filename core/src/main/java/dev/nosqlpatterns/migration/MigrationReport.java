package dev.nosqlpatterns.migration;

import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link MigrationJob} did in this process: how many items its backfill migrated, how fast, how many
 * store writes it issued per item (its write amplification: the new item, its index entries and the
 * checkpoints), and the drift its verification found and repaired.
 *
 * @param phase          the phase the migration stands at
 * @param itemsMigrated  items of the old form the backfill carried over (again, after a resume)
 * @param writes         item and state writes the job issued: new forms (the backfill's and those following the
 *                       attached repository's writes), checkpoints, phases, repairs and clean-up deletes (an
 *                       index entry written with an item is not counted apart)
 * @param elapsed        the time the job's calls took
 * @param driftFound     items whose new form differed from the old one when verified (and index entries)
 * @param driftRepaired  of those, the ones the verification rewrote
 * @param driftRemaining drift a last verification pass found; zero once {@link MigrationPhase#VERIFIED}
 */
public record MigrationReport(MigrationPhase phase, long itemsMigrated, long writes, Duration elapsed,
                              long driftFound, long driftRepaired, long driftRemaining) {
    public MigrationReport {
        Objects.requireNonNull(phase, "phase is null");
        Objects.requireNonNull(elapsed, "elapsed is null");
    }

    /** Items migrated per second of the job's time (0 when nothing was). */
    public double itemsPerSecond() {
        double seconds = elapsed.toNanos() / 1e9;
        return seconds <= 0 ? 0 : itemsMigrated / seconds;
    }

    /** Store writes per migrated item (0 when nothing was migrated). */
    public double writesPerItem() {
        return itemsMigrated == 0 ? 0 : (double) writes / itemsMigrated;
    }
}
