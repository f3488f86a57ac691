package dev.nosqlpatterns.testkit;

import java.util.Objects;
import java.util.function.LongConsumer;
import org.opentest4j.TestAbortedException;

/**
 * The random schedules one randomized test draws: how many, and the seed of each, derived from the
 * {@link KitRun}'s seed and a label naming the test. The same kit seed gives the same seeds, so a failure is
 * replayed by running again with that seed; {@link #forEach} names the seed and the {@code -D} flags that
 * replay it in the message of any failure.
 *
 * <p>Suites get theirs from {@link StoreSuite#randomSchedules(double, Object...)}, sized by the store's
 * {@link KitProfile}.
 */
public final class RandomSchedules {
    private final KitRun run;
    private final String label;
    private final int count;
    private final String replay;
    private final long base;

    private RandomSchedules(KitRun run, String label, int count, String replay) {
        this.run = Objects.requireNonNull(run, "run");
        this.label = Objects.requireNonNull(label, "label");
        this.replay = Objects.requireNonNull(replay, "replay");
        if (count < 1) {
            throw new IllegalArgumentException("at least one schedule is drawn, got " + count + " for " + label);
        }
        this.count = count;
        this.base = run.derive(label);
    }

    /**
     * {@code count} schedules of the test {@code label} in {@code run}.
     *
     * @param replay the flags besides the seed that select the test again, such as
     *               {@code -Dtest=MemoryConformanceTest -Dnosqlpatterns.kit.suites=TreeInterleavings}; may be empty
     */
    public static RandomSchedules of(KitRun run, String label, int count, String replay) {
        return new RandomSchedules(run, label, count, replay);
    }

    /** How many schedules are drawn. */
    public int count() {
        return count;
    }

    /** The label naming the test, from which the seeds are derived. */
    public String label() {
        return label;
    }

    /**
     * The seed of schedule {@code index}, counted from 0; it depends on the kit seed, the label and the index
     * only, not on the count.
     */
    public long seed(int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("schedule " + index + " of " + count);
        }
        return KitRun.nth(base, index);
    }

    /**
     * Runs {@code schedule} with the seed of each schedule in turn. A failure (an assertion or an unexpected
     * exception) is rethrown as an {@link AssertionError} that names the schedule, its seed and the flags
     * that replay it, with the failure as its cause; a skipped test (a failed assumption) passes through.
     */
    public void forEach(LongConsumer schedule) {
        for (int k = 0; k < count; k++) {
            long seed = seed(k);
            try {
                schedule.accept(seed);
            } catch (TestAbortedException skipped) {
                throw skipped;
            } catch (AssertionError | RuntimeException failure) {
                throw new AssertionError(failureMessage(k, seed, failure), failure);
            }
        }
    }

    /** The message of a failure of schedule {@code index}: which schedule, its seed, how to replay it, and why. */
    String failureMessage(int index, long seed, Throwable failure) {
        return "random schedule " + (index + 1) + " of " + count + " (schedule seed " + seed + ") of " + label
                + " failed; replay with " + replayFlags() + "\n" + failure;
    }

    /** Every flag that replays these schedules. */
    public String replayFlags() {
        return run.replayFlags() + (replay.isBlank() ? "" : " " + replay.trim());
    }

    @Override
    public String toString() {
        return count + " random schedules of " + label + " (" + replayFlags() + ")";
    }
}
