package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Runs several writers against one store under a chosen interleaving of their store calls. Each writer
 * runs on its own thread, but only one runs at a time: before every call a writer makes to the store (a
 * <em>step point</em>, reads and writes alike) the schedule decides which writer goes on. So a test can
 * pause one writer right before any call of its protocol, let another run a conflicting operation to
 * completion, and resume the first, or draw thousands of seeded random schedules, and every run is
 * reproducible from its schedule.
 *
 * <pre>{@code
 * int points = Interleaving.stepPoints(backend, tables, s -> index(s).put(moveToY));
 * for (int p = 1; p <= points; p++) {
 *     Interleaving.run(backend, tables, Interleaving.pauseFirstAt(p),
 *             s -> index(s).put(moveToY), s -> index(s).put(moveBackToX));
 *     // check the invariants, before any repair
 * }
 * }</pre>
 */
public final class Interleaving {
    /** How long any writer may wait for its turn, or run, before the run is declared stuck. */
    static final Duration STUCK = Duration.ofSeconds(60);

    private Interleaving() {
    }

    /** Decides, at each step point, which writer goes on. */
    @FunctionalInterface
    public interface Schedule {
        /**
         * The writer to run next.
         *
         * @param writer   the writer at the step point, or the writer that has just finished
         * @param point    how many step points that writer has reached, counted from 1; 0 when it has finished
         * @param runnable the writers that have not finished, in ascending order
         * @return one of {@code runnable}
         */
        int next(int writer, int point, List<Integer> runnable);
    }

    /**
     * How a run ended.
     *
     * @param failures what each writer threw, {@code null} for a normal return
     * @param trace    every store call of the writers, in the order they were made, as "writer: call"
     */
    public record Outcome(List<Throwable> failures, List<String> trace) {
        public Outcome {
            failures = java.util.Collections.unmodifiableList(new ArrayList<>(failures));
            trace = List.copyOf(trace);
        }

        /** The trace, one call a line, for a failure message. */
        public String describe() {
            return String.join("\n", trace);
        }

        /** The failure of writer {@code i}, or {@code null}. */
        public Throwable failureOf(int i) {
            return failures.get(i);
        }

        /** Rethrows the first failure that is not of one of the {@code expected} types. */
        @SafeVarargs
        @SuppressWarnings("varargs") // the array is only read
        public final Outcome allowing(Class<? extends Throwable>... expected) {
            for (int i = 0; i < failures.size(); i++) {
                Throwable t = failures.get(i);
                if (t != null && java.util.Arrays.stream(expected).noneMatch(c -> c.isInstance(t))) {
                    throw new AssertionError("writer " + i + " failed unexpectedly: " + t, t);
                }
            }
            return this;
        }
    }

    /**
     * Writer 0 runs alone up to its {@code point}th step point; there it is paused while every other
     * writer runs to completion, in order; then it resumes. If writer 0 finishes before that point, the
     * others run after it.
     */
    public static Schedule pauseFirstAt(int point) {
        if (point < 1) {
            throw new IllegalArgumentException("step points are counted from 1, got " + point);
        }
        return (writer, reached, runnable) -> {
            if (writer == 0 && reached > 0 && reached < point) {
                return 0;
            }
            if (writer != 0 && runnable.contains(writer)) {
                return writer;
            }
            return runnable.stream().filter(w -> w != 0).findFirst().orElse(0);
        };
    }

    /**
     * Pauses writer {@code a} before each of its store calls in turn (and once after its last), while
     * {@code b} runs to completion, then resumes it; before each schedule {@code reset} puts the data back,
     * and after it {@code check} is given a description of the schedule and its calls for its messages.
     * Writers may fail with {@code allowed} exceptions; the check decides what the data must then be.
     */
    @SafeVarargs
    public static void pauseAtEveryStep(StoreBackend backend, Collection<String> tables, Runnable reset,
                                        Consumer<Store> a, Consumer<Store> b, Consumer<String> check,
                                        Class<? extends Throwable>... allowed) {
        reset.run();
        int points = stepPoints(backend, tables, a);
        if (points < 1) {
            throw new AssertionError("the paused operation makes no store call");
        }
        for (int p = 1; p <= points + 1; p++) {
            reset.run();
            Outcome outcome = run(backend, tables, pauseFirstAt(p), a, b).allowing(allowed);
            check.accept("A paused at step point " + p + " of " + points + ", calls:\n" + outcome.describe());
        }
    }

    /**
     * Runs seeded random schedules: for each of {@code schedules}, {@code reset} puts the data back,
     * {@code writers} draws the writers from a {@link Random} of the schedule's seed, they run under
     * {@link #random(long)} of that seed, and {@code check} is given the schedule's description. A failure
     * names the seed and the flags that replay it (see {@link RandomSchedules#forEach}).
     */
    public static void randomSchedules(StoreBackend backend, Collection<String> tables, RandomSchedules schedules,
                                       Runnable reset, java.util.function.Function<Random, List<Consumer<Store>>> writers,
                                       Consumer<String> check) {
        schedules.forEach(seed -> {
            reset.run();
            Outcome outcome = run(backend, tables, random(seed), writers.apply(new Random(seed))).allowing();
            check.accept("random schedule " + seed + ", calls:\n" + outcome.describe());
        });
    }

    /** At every step point, any unfinished writer may go on, drawn from {@code seed}. */
    public static Schedule random(long seed) {
        Random random = new Random(seed);
        return (writer, reached, runnable) -> runnable.get(random.nextInt(runnable.size()));
    }

    /** The step points one writer reaches when it runs alone; the pause points to try, 1 to this. */
    public static int stepPoints(StoreBackend backend, Collection<String> tables, Consumer<Store> writer) {
        int[] seen = {0};
        run(backend, tables, (w, point, runnable) -> {
            seen[0] = Math.max(seen[0], point);
            return runnable.get(0);
        }, List.of(writer)).allowing();
        return seen[0];
    }

    /**
     * Runs {@code writers} over {@code backend} under {@code schedule}. Each writer gets a store of its own
     * on which {@code tables} are declared; it is not closed, so the data stays in {@code backend}.
     */
    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only read
    public static Outcome run(StoreBackend backend, Collection<String> tables, Schedule schedule,
                              Consumer<Store>... writers) {
        return run(backend, tables, schedule, List.of(writers));
    }

    /** As {@link #run(StoreBackend, Collection, Schedule, Consumer[])}, for a list of writers. */
    public static Outcome run(StoreBackend backend, Collection<String> tables, Schedule schedule,
                              List<Consumer<Store>> writers) {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(tables, "tables");
        Objects.requireNonNull(schedule, "schedule");
        if (writers.isEmpty()) {
            throw new IllegalArgumentException("at least one writer is needed");
        }
        return new InterleavingScheduler(backend, tables, schedule, writers).run();
    }
}
