package dev.nosqlpatterns.benchmarks;

import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The run's progress for the console: which cell of how many, the time elapsed and an estimate of the
 * time left, e.g. {@code cell 3 of 12, 0:41 elapsed, about 1:22 left}. The total counts the cells of the
 * stores already opened exactly, and each store not yet opened as many as the last one opened; the time
 * left is the current store's cells left at its mean time per cell so far, plus the cells of the stores
 * not yet opened at the mean time per cell of the whole run so far (stores differ: DynamoDB Local is much
 * slower than the in-memory store).
 */
final class Progress {
    private final LongSupplier nanos;
    private final long start;
    private final int storesTotal;
    private int storesOpened;
    private int known;
    private int lastStoreCells;
    private int done;
    private long storeStart;
    private int storeCells;
    private int storeDone;

    Progress(int stores) {
        this(stores, System::nanoTime);
    }

    Progress(int stores, LongSupplier nanos) {
        this.nanos = nanos;
        this.start = nanos.getAsLong();
        this.storesTotal = stores;
    }

    /** A store was opened and will run {@code cells} cells (0 for a store that did not start). */
    void storeOpened(int cells) {
        storesOpened++;
        storeStart = nanos.getAsLong();
        storeCells = cells;
        storeDone = 0;
        known += cells;
        if (cells > 0) {
            lastStoreCells = cells;
        }
    }

    /** One more cell finished (measured, skipped or failed); returns the line to print. */
    String cellDone() {
        done++;
        storeDone++;
        return line();
    }

    /** The estimated number of cells of the whole run. */
    int total() {
        return Math.max(done, known + (storesTotal - storesOpened) * lastStoreCells);
    }

    /** The progress line now. */
    String line() {
        long now = nanos.getAsLong();
        Duration elapsed = Duration.ofNanos(now - start);
        int total = total();
        if (done == 0) {
            return format(done, total, elapsed, Duration.ZERO);
        }
        double perCell = (double) (now - start) / done;
        double perStoreCell = storeDone == 0 ? perCell : (double) (now - storeStart) / storeDone;
        int storeLeft = Math.max(0, storeCells - storeDone);
        int laterLeft = Math.max(0, total - done - storeLeft);
        Duration left = Duration.ofNanos((long) (storeLeft * perStoreCell + laterLeft * perCell));
        return format(done, total, elapsed, left);
    }

    /** {@code cell n of total, m:ss elapsed, about m:ss left}. */
    static String format(int n, int total, Duration elapsed, Duration left) {
        return String.format(Locale.ROOT, "cell %d of %d, %s elapsed, about %s left", n, total, clock(elapsed), clock(left));
    }

    /** A duration as {@code m:ss}, or {@code h:mm:ss} from an hour on; rounded to the second. */
    static String clock(Duration d) {
        long s = Math.max(0, (d.toMillis() + 500) / 1000);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
