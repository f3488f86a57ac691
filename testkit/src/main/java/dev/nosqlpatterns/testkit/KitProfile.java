package dev.nosqlpatterns.testkit;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * How much of the kit's configuration space one store explores: how many random schedules and random
 * operations the randomized tests draw, and which optional modes of exploration run. Suites read it instead
 * of asking which store they test, so a store's budget is data its conformance test declares (or inherits),
 * and every store that has a capability runs the tests of that capability.
 *
 * <p>The sizes are those of a run at schedule factor 1; {@link KitRun#scheduleFactor()} scales them, for a
 * short or a soak run, without changing which schedules are drawn first.
 *
 * <pre>{@code
 * class MyStoreConformanceTest extends StoreConformanceKit {
 *     protected StoreBackend openBackend() { return MyStore.backend(); }
 *     protected KitProfile kitProfile() { return KitProfile.networked().toBuilder().randomSchedules(10).build(); }
 * }
 * }</pre>
 *
 * @param randomSchedules  random schedules a randomized interleaving test of standard weight draws for each of
 *                         its parameters; heavier tests draw a share of it (see {@link #schedules(double)})
 * @param randomOperations random operations a randomized single-writer test makes (random writes through
 *                         every path, say)
 * @param modes            the optional modes of exploration that run; those left out are reported as skipped
 */
public record KitProfile(int randomSchedules, int randomOperations, Set<Mode> modes) {

    /** Optional, costlier ways of exploring a technique that a store's profile turns on. */
    public enum Mode {
        /**
         * Pause-point schedules run once for each retry limit a technique is tried with (a writer that retries,
         * and one that gives up after losing a race), not only with the one that leaves a lost race unhidden.
         */
        EVERY_RETRY_LIMIT,
        /** Schedules that pause a writer twice try every pair of pause points, not every other pair. */
        EVERY_PAUSE_PAIR,
        /**
         * Three-writer pause schedules run through the store's atomic writes as well as through the ordered
         * protocol, on stores that have atomic writes.
         */
        ATOMIC_THREE_WRITER_SCHEDULES
    }

    /**
     * Checks the values; use {@link #builder()} to have every problem reported at once.
     *
     * @throws IllegalArgumentException naming every bad value
     */
    public KitProfile {
        List<String> problems = problems(randomSchedules, randomOperations, modes);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("bad kit profile: " + String.join("; ", problems));
        }
        modes = Set.copyOf(modes);
    }

    /**
     * For stores whose calls cross a network or a process boundary: schedules enough to meet the races a
     * handful of calls apart, small enough for a CI run; every mode but the exhaustive ones.
     */
    public static KitProfile networked() {
        return builder().randomSchedules(20).randomOperations(120).modes(Mode.ATOMIC_THREE_WRITER_SCHEDULES).build();
    }

    /**
     * For stores in the test's own process whose calls cost microseconds (the in-memory store): a thousand
     * schedules per test and every mode, the kit's reference exploration.
     */
    public static KitProfile inProcess() {
        return builder().randomSchedules(1000).randomOperations(600).modes(EnumSet.allOf(Mode.class)).build();
    }

    /** A builder starting from {@link #networked()}'s values. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this profile's values, to change some. */
    public Builder toBuilder() {
        return new Builder().randomSchedules(randomSchedules).randomOperations(randomOperations).modes(modes);
    }

    /** Whether {@code mode} runs on this store. */
    public boolean runs(Mode mode) {
        return modes.contains(Objects.requireNonNull(mode, "mode"));
    }

    /**
     * The random schedules a test of the given weight draws per parameter at schedule factor 1:
     * {@code weight} times {@link #randomSchedules()}, rounded, at least 1.
     *
     * @param weight the share of the standard count, in (0, 1]: smaller for tests whose schedules cost more
     */
    public int schedules(double weight) {
        checkWeight(weight);
        return (int) Math.max(1, Math.round(randomSchedules * weight));
    }

    static void checkWeight(double weight) {
        if (!(weight > 0 && weight <= 1)) {
            throw new IllegalArgumentException("a schedule weight is in (0, 1], got " + weight);
        }
    }

    private static List<String> problems(int randomSchedules, int randomOperations, Collection<Mode> modes) {
        List<String> problems = new ArrayList<>();
        if (randomSchedules < 1) {
            problems.add("randomSchedules must be at least 1, got " + randomSchedules);
        }
        if (randomOperations < 1) {
            problems.add("randomOperations must be at least 1, got " + randomOperations);
        }
        if (modes == null) {
            problems.add("modes must not be null");
        } else if (modes.stream().anyMatch(Objects::isNull)) {
            problems.add("modes must not contain null, got " + modes);
        }
        return problems;
    }

    /** Builds a {@link KitProfile}, checking every value at once. */
    public static final class Builder {
        private int randomSchedules = 20;
        private int randomOperations = 120;
        private final List<Mode> modes = new ArrayList<>();

        private Builder() {
        }

        /** Random schedules a test of standard weight draws per parameter; at least 1. */
        public Builder randomSchedules(int count) {
            this.randomSchedules = count;
            return this;
        }

        /** Random operations a randomized single-writer test makes; at least 1. */
        public Builder randomOperations(int count) {
            this.randomOperations = count;
            return this;
        }

        /** The modes that run, replacing those set before. */
        public Builder modes(Mode... modes) {
            return modes(modes == null ? null : java.util.Arrays.asList(modes));
        }

        /** The modes that run, replacing those set before. */
        public Builder modes(Collection<Mode> modes) {
            this.modes.clear();
            if (modes == null) {
                this.modes.add(null);
            } else {
                this.modes.addAll(modes);
            }
            return this;
        }

        /** Adds a mode. */
        public Builder with(Mode mode) {
            modes.add(mode);
            return this;
        }

        /** Removes a mode, e.g. one a store cannot afford in CI time. */
        public Builder without(Mode mode) {
            modes.remove(mode);
            return this;
        }

        /**
         * The profile.
         *
         * @throws IllegalArgumentException naming every bad value
         */
        public KitProfile build() {
            List<String> problems = problems(randomSchedules, randomOperations, modes);
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("bad kit profile: " + String.join("; ", problems));
            }
            return new KitProfile(randomSchedules, randomOperations, EnumSet.copyOf(modesOrNone()));
        }

        private Collection<Mode> modesOrNone() {
            return modes.isEmpty() ? EnumSet.noneOf(Mode.class) : modes;
        }
    }
}
