package dev.nosqlpatterns.testkit;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The settings of one run of the conformance kit, from system properties: the kit seed every randomized test
 * derives its seeds from, and the factor that scales how many random schedules they draw.
 *
 * <ul>
 *   <li>{@value #SEED_PROPERTY}: the kit seed, a decimal {@code long}. Without it each run draws a fresh one
 *       and prints it, so every run explores new schedules and a failure names the seed that replays it.</li>
 *   <li>{@value #SCHEDULES_PROPERTY}: a positive factor on the schedule counts of each store's
 *       {@link KitProfile}, 1 by default; {@code 20} makes a soak run, {@code 0.2} a quick one. Schedule
 *       {@code k} of a test is the same whatever the factor, so a larger run covers a smaller one's schedules.</li>
 * </ul>
 *
 * <p>Seeds are derived deterministically from the kit seed and a label naming the test, so one kit seed
 * replays every randomized test of a run, on any store.
 */
public final class KitRun {
    /** The system property holding the kit seed. */
    public static final String SEED_PROPERTY = "nosqlpatterns.kit.seed";
    /** The system property holding the factor on schedule counts. */
    public static final String SCHEDULES_PROPERTY = "nosqlpatterns.kit.schedules";

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static volatile KitRun current;

    private final long seed;
    private final double scheduleFactor;

    private KitRun(long seed, double scheduleFactor) {
        if (!(scheduleFactor > 0) || Double.isInfinite(scheduleFactor)) {
            throw new IllegalArgumentException("the schedule factor must be positive and finite, got " + scheduleFactor);
        }
        this.seed = seed;
        this.scheduleFactor = scheduleFactor;
    }

    /**
     * A run with the given seed and schedule factor.
     *
     * @throws IllegalArgumentException if {@code scheduleFactor} is not positive and finite
     */
    public static KitRun of(long seed, double scheduleFactor) {
        return new KitRun(seed, scheduleFactor);
    }

    /**
     * This JVM's run, read from the system properties the first time it is asked for (when the seed is fresh,
     * it is printed then).
     *
     * @throws IllegalArgumentException if a property holds a bad value, naming it
     */
    public static KitRun current() {
        KitRun run = current;
        if (run == null) {
            synchronized (KitRun.class) {
                run = current;
                if (run == null) {
                    run = fromProperties(System::getProperty, new SecureRandom());
                    System.out.println("conformance kit: seed " + run.seed + ", schedule factor " + run.factorText()
                            + " (replay with " + run.replayFlags() + ")");
                    current = run;
                }
            }
        }
        return run;
    }

    /** The run the properties describe; {@code fresh} draws the seed when none is given. */
    static KitRun fromProperties(UnaryOperator<String> properties, java.util.Random fresh) {
        String seedText = trimmed(properties.apply(SEED_PROPERTY));
        String factorText = trimmed(properties.apply(SCHEDULES_PROPERTY));
        StringBuilder problems = new StringBuilder();
        long seed = 0;
        if (seedText == null) {
            seed = Math.floorMod(fresh.nextLong(), 1_000_000_000_000L);
        } else {
            try {
                seed = Long.parseLong(seedText);
            } catch (NumberFormatException e) {
                problems.append(SEED_PROPERTY).append(" must be a decimal long, got \"").append(seedText).append('"');
            }
        }
        double factor = 1;
        if (factorText != null) {
            try {
                factor = Double.parseDouble(factorText);
            } catch (NumberFormatException e) {
                factor = Double.NaN;
            }
            if (!(factor > 0) || Double.isInfinite(factor)) {
                problems.append(problems.length() == 0 ? "" : "; ").append(SCHEDULES_PROPERTY)
                        .append(" must be a positive number, got \"").append(factorText).append('"');
            }
        }
        if (problems.length() > 0) {
            throw new IllegalArgumentException(problems.toString());
        }
        return new KitRun(seed, factor);
    }

    private static String trimmed(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }

    /** The kit seed. */
    public long seed() {
        return seed;
    }

    /** The factor on schedule counts. */
    public double scheduleFactor() {
        return scheduleFactor;
    }

    /** {@code count} scaled by the schedule factor, rounded, at least 1. */
    public int scale(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("a count to scale must be at least 1, got " + count);
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(count * scheduleFactor)));
    }

    /** A seed derived from the kit seed and {@code label} alone: equal labels give equal seeds within a run. */
    public long derive(String label) {
        long h = 0xCBF29CE484222325L;
        for (byte b : label.getBytes(StandardCharsets.UTF_8)) {
            h = (h ^ (b & 0xFF)) * 0x100000001B3L;
        }
        return mix(mix(seed ^ h) + GOLDEN);
    }

    /** The {@code index}th seed of a sequence starting at {@code base}, well spread whatever the base. */
    static long nth(long base, int index) {
        return mix(base + GOLDEN * (index + 1L));
    }

    /** The finalizer of SplitMix64: every input bit affects every output bit. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The {@code -D} flags that make a run with these settings. */
    public String replayFlags() {
        return "-D" + SEED_PROPERTY + "=" + seed + (scheduleFactor == 1 ? "" : " -D" + SCHEDULES_PROPERTY + "=" + factorText());
    }

    private String factorText() {
        return scheduleFactor == Math.rint(scheduleFactor) ? Long.toString((long) scheduleFactor)
                : String.format(Locale.ROOT, "%s", scheduleFactor);
    }

    @Override
    public String toString() {
        return "KitRun[seed=" + seed + ", scheduleFactor=" + factorText() + "]";
    }
}
