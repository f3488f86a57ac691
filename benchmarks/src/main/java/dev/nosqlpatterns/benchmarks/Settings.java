package dev.nosqlpatterns.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The run's settings: quick (the default: a representative part of every family but tenancy on every store,
 * about seven minutes on two cores), standard (every workload at the small sizes, about twenty minutes) or full (larger
 * data sets, more repetitions), which stores to run on, and where the report goes.
 *
 * @param mode        quick, standard or full
 * @param repetitions timed repetitions per cell
 * @param stores      store names to run ({@code memory}, {@code dynamodb}, {@code cassandra},
 *                    {@code mongodb}, {@code redis}, {@code lucene})
 * @param families    families to run, by {@link #ALL_FAMILIES} name
 * @param outputDir   where benchmark.md and benchmark.html are written
 * @param latency     the round trip added in front of every networked store by a loopback proxy, or zero
 */
public record Settings(Mode mode, int repetitions, List<String> stores, List<String> families, Path outputDir,
                       Duration latency) {
    /** Every store the runner knows, in report order. */
    public static final List<String> ALL_STORES = List.of("memory", "dynamodb", "cassandra", "mongodb", "redis", "lucene");
    /** Every family the runner knows, by its argument name (the report name with dashes for spaces). */
    public static final List<String> ALL_FAMILIES = List.of("trees", "geo", "secondary-lookup", "time-ranges",
            "inverted-search", "bulk-load", "overhead", "migration", "bulk", "tenancy");
    /**
     * What runs without {@code --families}: every family but {@code tenancy}, which creates tables, stores and
     * namespaces per tenant and loads and removes tenants of thousands of items. In the quick mode the {@code bulk}
     * family runs its backfill, verify and user load only ({@code BulkFamily.QUICK_WORKLOADS}).
     */
    public static final List<String> DEFAULT_FAMILIES = ALL_FAMILIES.stream().filter(f -> !f.equals("tenancy")).toList();
    /** The longest round trip {@code --latency} may add. */
    public static final Duration MAX_LATENCY = Duration.ofSeconds(1);

    public Settings {
        List<String> problems = new ArrayList<>();
        if (mode == null) {
            problems.add("mode must not be null");
        }
        if (repetitions < 1) {
            problems.add("repetitions must be at least 1, got " + repetitions);
        }
        if (stores == null || stores.isEmpty()) {
            problems.add("at least one store is needed");
        } else {
            stores.stream().filter(s -> !ALL_STORES.contains(s))
                    .forEach(s -> problems.add("unknown store '" + s + "' (known: " + String.join(", ", ALL_STORES) + ")"));
        }
        if (families == null || families.isEmpty()) {
            problems.add("at least one family is needed");
        } else {
            families.stream().filter(f -> !ALL_FAMILIES.contains(f))
                    .forEach(f -> problems.add("unknown family '" + f + "' (known: " + String.join(", ", ALL_FAMILIES) + ")"));
        }
        if (outputDir == null) {
            problems.add("output directory must not be null");
        }
        if (latency == null || latency.isNegative() || latency.compareTo(MAX_LATENCY) > 0) {
            problems.add("latency must be between 0 and " + MAX_LATENCY.toMillis() + " ms, got " + latency);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid settings: " + String.join("; ", problems));
        }
        stores = List.copyOf(stores);
        families = List.copyOf(families);
    }

    /** Settings without added latency: the stores answer at loopback speed. */
    public Settings(Mode mode, int repetitions, List<String> stores, List<String> families, Path outputDir) {
        this(mode, repetitions, stores, families, outputDir, Duration.ZERO);
    }

    /** Whether the family named {@code reportName} (e.g. {@code "secondary lookup"}) is to run. */
    boolean runs(String reportName) {
        return families.contains(reportName.replace(' ', '-'));
    }

    /**
     * Parses {@code --mode quick|standard|full}, {@code --stores a,b}, {@code --families a,b}, {@code --repetitions n},
     * {@code --out dir}, {@code --latency 2ms} (also {@code us} and {@code s}; fractions allowed);
     * every problem is reported at once.
     */
    public static Settings parse(String... args) {
        Objects.requireNonNull(args, "args");
        Mode mode = Mode.QUICK;
        Integer reps = null;
        List<String> stores = ALL_STORES;
        List<String> families = DEFAULT_FAMILIES;
        Path out = Path.of("reports");
        Duration latency = Duration.ZERO;
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (arg) {
                case "--mode", "--stores", "--families", "--repetitions", "--out", "--latency" -> {
                    if (value == null) {
                        problems.add(arg + " needs a value");
                        continue;
                    }
                    i++;
                    switch (arg) {
                        case "--mode" -> {
                            try {
                                mode = Mode.valueOf(value.toUpperCase(java.util.Locale.ROOT));
                            } catch (IllegalArgumentException e) {
                                problems.add("--mode must be quick, standard or full, got '" + value + "'");
                            }
                        }
                        case "--stores" -> stores = List.of(value.split(","));
                        case "--families" -> families = List.of(value.split(","));
                        case "--repetitions" -> {
                            try {
                                reps = Integer.parseInt(value);
                            } catch (NumberFormatException e) {
                                problems.add("--repetitions must be a whole number, got '" + value + "'");
                            }
                        }
                        case "--latency" -> {
                            try {
                                latency = duration(value);
                            } catch (IllegalArgumentException e) {
                                problems.add("--latency " + e.getMessage());
                            }
                        }
                        default -> out = Path.of(value);
                    }
                }
                default -> problems.add("unknown argument '" + arg + "'");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid arguments: " + String.join("; ", problems));
        }
        return new Settings(mode, reps == null ? mode.repetitions : reps, stores, families, out, latency);
    }

    /** A duration written as a number and a unit: {@code 2ms}, {@code 0.5ms}, {@code 500us}, {@code 1s}. */
    static Duration duration(String text) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s)").matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("must be a number and a unit (us, ms or s), e.g. 2ms, got '" + text + "'");
        }
        double nanosPerUnit = switch (m.group(2)) {
            case "us" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
        return Duration.ofNanos(Math.round(Double.parseDouble(m.group(1)) * nanosPerUnit));
    }

    /**
     * How much a run measures. {@code quick}, the default, runs every family but {@code bulk} on every store with
     * a representative part of each: the competing techniques of each family side by side on fewer workloads and
     * inputs, with a fifth of the warm-ups (a read cell's least time and operations, the embedded servers'
     * rounds), shorter repetitions, and, when named, a small {@code bulk} family without Spark. {@code standard} runs every workload at the small sizes;
     * {@code full} multiplies data sizes and operation counts by {@link #scale}.
     */
    public enum Mode {
        QUICK(1, 2, Duration.ofMillis(100), 200, Duration.ofMillis(30), StoreTargets.WARM_UP_ROUNDS / 5, true),
        STANDARD(1, 3, Duration.ofMillis(500), 1_000, Duration.ofMillis(100), StoreTargets.WARM_UP_ROUNDS, false),
        FULL(10, 5, Duration.ofSeconds(2), 2_000, Duration.ofMillis(500), StoreTargets.WARM_UP_ROUNDS, false);

        /** Multiplier of data set sizes and operation counts. */
        public final int scale;
        final int repetitions;
        /** The least time a read cell warms up for (see {@link Harness}). */
        final Duration readWarmUp;
        /** The fewest operations a read cell warms up with, time allowing (see {@link Harness}). */
        final int readWarmUpOps;
        /** The least time each timed repetition of a read cell lasts. */
        final Duration readRepetition;
        /** Rounds of requests that warm up the embedded servers before their first cell (see {@link StoreTargets}). */
        final int serverWarmUpRounds;
        /** Whether each family runs a representative part of its workloads rather than all of them. */
        final boolean sampled;

        Mode(int scale, int repetitions, Duration readWarmUp, int readWarmUpOps, Duration readRepetition,
             int serverWarmUpRounds, boolean sampled) {
            this.scale = scale;
            this.repetitions = repetitions;
            this.readWarmUp = readWarmUp;
            this.readWarmUpOps = readWarmUpOps;
            this.readRepetition = readRepetition;
            this.serverWarmUpRounds = serverWarmUpRounds;
            this.sampled = sampled;
        }
    }
}
