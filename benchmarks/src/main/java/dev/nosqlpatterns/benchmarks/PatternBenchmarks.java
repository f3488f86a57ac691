package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.examples.cli.CliErrors;
import dev.nosqlpatterns.store.Store;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The pattern-comparison runner, the main job: for every store, runs every family of access patterns
 * with each competing technique, checks answers against the oracle before timing, and writes
 * {@code benchmark.md} and {@code benchmark.html} to the output directory. Progress goes to the console.
 * Exits with status 1 when any cell failed (a wrong answer or an error) or on an unexpected failure,
 * 2 on a user's mistake (bad arguments, a malformed or unreachable configured store), told in one line.
 *
 * <p>Arguments: see {@link #USAGE}.
 */
public final class PatternBenchmarks {
    static final List<Family> FAMILIES = List.of(new TreeFamily(), new GeoFamily(), new SecondaryLookupFamily(), new TimeRangeFamily(),
            new InvertedSearchFamily(), new BulkLoadFamily(), new OverheadFamily(), new MigrationFamily(),
            new BulkFamily(), new TenancyFamily());

    private final Settings settings;
    private final PrintStream console;
    private final StoreTargets targets;
    private Progress progress = new Progress(1);

    PatternBenchmarks(Settings settings, PrintStream console, StoreTargets targets) {
        this.settings = settings;
        this.console = console;
        this.targets = targets;
    }

    /** The usage text: the options, where stores are, and the exit codes. */
    static final String USAGE = """
            Usage: PatternBenchmarks [--mode quick|standard|full] [--stores memory,redis,...] [--families trees,geo,...]
                                     [--repetitions n] [--out dir] [--latency 2ms] [--verbose]
            Runs every family of access patterns on every store and writes benchmark.md and benchmark.html.
              --mode m             quick (default): every family on every store, fewer workloads and shorter
                                   warm-ups, about seven minutes; standard: every workload at the small sizes, about
                                   twenty minutes; full: the issue-sized data sets, hours
              --stores a,b         of memory, dynamodb, cassandra, mongodb, redis, lucene (default: all)
              --families a,b       of trees, geo, secondary-lookup, time-ranges, inverted-search, bulk-load,
                                   overhead, migration, bulk, tenancy (default: all but tenancy, which
                                   runs only when named; bulk in quick mode: backfill, verify, user load)
              --repetitions n      timed repetitions per cell (default: 2 quick, 3 standard, 5 full)
              --out dir            where the report files go (default: reports)
              --latency 2ms        a loopback proxy adds this round trip to every networked store (us, ms, s)
              --verbose            print the stack trace of an error after its one-line message
              -h, --help           print this text
            A store runs embedded unless NOSQLPATTERNS_<STORE>_URI names its server.
            Exit codes: 0 success; 1 a cell failed, or an unexpected failure (printed with its stack trace);
            2 a mistake: no or bad arguments, a malformed or unreachable NOSQLPATTERNS_<STORE>_URI, told in one line.
            """;

    /** Runs the comparison and exits with its code. */
    public static void main(String[] args) {
        // DynamoDB Local's parsers print ANTLR version notices to System.err as they load (see ConsoleFilter)
        PrintStream err = ConsoleFilter.wrap(System.err);
        System.setErr(err);
        int code = execute(args, System.out, err, System.getenv());
        // the embedded servers' threads are not all daemons: end the JVM explicitly
        System.exit(code);
    }

    /**
     * Runs the comparison with the given streams and environment; returns the exit code: 0 when every
     * cell passed, 1 when one failed or on an unexpected failure (printed with its stack trace), 2 for a
     * mistake of the user's (no arguments, a bad one, a malformed or unreachable configured store), told
     * in one line on {@code err} with its stack trace only under {@code --verbose}.
     */
    static int execute(String[] args, PrintStream out, PrintStream err, Map<String, String> environment) {
        List<String> arguments = new ArrayList<>(List.of(args));
        boolean verbose = arguments.remove("--verbose");
        if (arguments.isEmpty()) {
            err.print(USAGE);
            return CliErrors.USER_ERROR;
        }
        if (arguments.contains("--help") || arguments.contains("-h")) {
            out.print(USAGE);
            return 0;
        }
        try {
            Settings settings;
            try {
                settings = Settings.parse(arguments.toArray(String[]::new));
            } catch (IllegalArgumentException e) {
                throw new CliErrors.Mistake(CliErrors.firstLine(e.getMessage()) + "; see --help", e);
            }
            try (StoreTargets targets = new StoreTargets(settings.latency(), environment, true,
                    settings.mode().serverWarmUpRounds)) {
                targets.checkConfigured(settings.stores());
                Report report = new PatternBenchmarks(settings, out, targets).run();
                Path md;
                try {
                    md = report.writeTo(settings.outputDir());
                } catch (IOException e) {
                    throw new CliErrors.Mistake("cannot write the report to " + settings.outputDir() + ": "
                            + CliErrors.firstLine(e.getMessage()) + "; choose another --out " + CliErrors.DETAILS, e);
                }
                out.println("report: " + md.toAbsolutePath() + " and " + md.resolveSibling("benchmark.html").toAbsolutePath());
                long failed = report.cells().stream().filter(c -> c.status() == CellResult.Status.FAILED).count();
                if (failed > 0) {
                    err.println(failed + " cell(s) failed: see the report");
                }
                return failed > 0 ? CliErrors.INTERNAL_ERROR : 0;
            }
        } catch (CliErrors.Mistake e) {
            err.println("error: " + e.getMessage());
            if (verbose) {
                e.printStackTrace(err);
            }
            return CliErrors.USER_ERROR;
        } catch (RuntimeException | Error e) {
            err.println("internal error: " + CliErrors.firstLine(e.getMessage()));
            e.printStackTrace(err);
            return CliErrors.INTERNAL_ERROR;
        } finally {
            err.flush();
            out.flush();
        }
    }

    /** Runs every family on every store of the settings. */
    Report run() {
        Instant started = Instant.now();
        if (settings.stores().contains("cassandra")) {
            targets.prestartCassandra();
        }
        List<CellResult> cells = new ArrayList<>();
        List<Report.StoreInfo> stores = new ArrayList<>();
        List<Report.Note> notes = new ArrayList<>();
        progress = new Progress(settings.stores().size());
        String runId = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
        for (String name : settings.stores()) {
            console.printf("== %s: starting%n", name);
            // a node still starting in the background would take a core from this store's timed cells
            long waiting = System.nanoTime();
            targets.awaitBackgroundStarts();
            waiting = System.nanoTime() - waiting;
            if (waiting > 1_000_000_000L) {
                console.printf(Locale.ROOT, "== %s: waited %.1f s for the Cassandra node starting in the background%n",
                        name, waiting / 1e9);
            }
            long t0 = System.nanoTime();
            int cellsBefore = cells.size();
            Store store;
            try {
                store = targets.open(name);
            } catch (RuntimeException | Error e) {
                String reason = "the store did not start: " + describe(e);
                console.printf("== %s: %s%n", name, reason);
                stores.add(new Report.StoreInfo(name, targets.origin(name), "", reason));
                for (Family family : families()) {
                    cells.add(CellResult.skipped(family.name(), "*", name, "*", reason));
                }
                progress.storeOpened(0);
                continue;
            }
            String origin = targets.origin(name) + (targets.delayed(name)
                    ? ", behind a proxy adding " + Report.millis(settings.latency()) + " per round trip" : "");
            stores.add(new Report.StoreInfo(name, origin, store.capabilities().toString(), ""));
            console.printf("== %s: ready in %d ms (%s)%n", name, (System.nanoTime() - t0) / 1_000_000, store.capabilities());
            Family.Tables tables = new Family.Tables(runId);
            tables.leftToTheServer(settings.mode().sampled && targets.discardedWithTheRun(name));
            try (store) {
                try {
                    // every family's candidates first, so that the progress line knows how many cells this store runs
                    Map<Family, Plan> plans = new LinkedHashMap<>();
                    for (Family family : families()) {
                        plans.put(family, plan(store, family, tables, targets.address(name)));
                    }
                    progress.storeOpened(plans.values().stream().mapToInt(Plan::cells).sum());
                    for (Map.Entry<Family, Plan> e : plans.entrySet()) {
                        try {
                            cells.addAll(runFamily(name, store, e.getKey(), e.getValue(), tables));
                            e.getKey().notes().forEach((topic, text) ->
                                    notes.add(new Report.Note(e.getKey().name(), name, topic, text)));
                        } finally {
                            e.getKey().close();
                        }
                    }
                } finally {
                    families().forEach(Family::close);
                }
                if (settings.mode().sampled && targets.discardedWithTheRun(name)) {
                    console.printf("   leaving the run's %d tables to the embedded server, which ends with the run%n",
                            tables.issued().size());
                } else {
                    dropTables(store, tables);
                }
            } catch (RuntimeException e) {
                console.printf("== %s: closing failed: %s%n", name, describe(e));
            }
            console.printf("== %s: %d cells in %s%n", name, cells.size() - cellsBefore,
                    Progress.clock(Duration.ofNanos(System.nanoTime() - t0)));
        }
        return new Report(settings, Environment.describe(), stores, cells, notes, started,
                Duration.between(started, Instant.now()));
    }

    private List<Family> families() {
        return FAMILIES.stream().filter(f -> settings.runs(f.name())).toList();
    }

    /** A family's candidates on one store, or why its set-up failed. */
    private record Plan(List<Family.Candidate> candidates, String failure) {
        /** The cells the plan reports: one per candidate, two for a candidate with a rival, one for a failure. */
        int cells() {
            return failure != null ? 1 : candidates.stream().mapToInt(c -> c.rival().isPresent() ? 2 : 1).sum();
        }
    }

    private Plan plan(Store store, Family family, Family.Tables tables, String address) {
        try {
            return new Plan(family.candidates(store, address, tables, settings.mode()), null);
        } catch (RuntimeException e) {
            return new Plan(List.of(), "set-up failed: " + describe(e));
        }
    }

    /** Prints a cell's outcome with the run's progress after it. */
    private void report(String outcome, int cells) {
        String line = null;
        for (int i = 0; i < cells; i++) {
            line = progress.cellDone();
        }
        console.println(outcome + " | " + line);
    }

    private List<CellResult> runFamily(String storeName, Store store, Family family, Plan plan, Family.Tables tables) {
        List<CellResult> out = new ArrayList<>();
        Harness harness = new Harness(settings.repetitions(), settings.mode().readWarmUp, settings.mode().readWarmUpOps,
                settings.mode().readRepetition);
        if (plan.failure() != null) {
            report(String.format("   FAIL  %s / %s: %s", storeName, family.name(), plan.failure()), 1);
            out.add(CellResult.failed(family.name(), "*", storeName, "*", plan.failure()));
            return out;
        }
        StorageMeter storage = new StorageMeter(store, tables);
        for (Family.Candidate c : plan.candidates()) {
            String label = String.format("%s / %s / %s / %s", storeName, family.name(), c.workload(), c.technique());
            if (c.skipReason().isPresent()) {
                report(String.format("   skip  %s: %s", label, c.skipReason().get()), 1);
                out.add(CellResult.skipped(family.name(), c.workload(), storeName, c.technique(), c.skipReason().get()));
                continue;
            }
            if (c.rival().isPresent()) {
                out.addAll(runInterleaved(storeName, store, family, c, harness));
                continue;
            }
            long t0 = System.nanoTime();
            try {
                // tables a technique creates, in its set-up or lazily while measured, are its own
                String owner = family.name() + " / " + c.technique();
                StorageMeter.Before before = storage.before(tables.ownedBy(owner));
                Harness.Measured m;
                StoredBytes stored;
                tables.owner(owner);
                try {
                    CellSpec spec = c.setUp().get();
                    stored = spec.isWrite() ? StoredBytes.none(StoredBytes.NOT_APPLICABLE)
                            : spec.stored() != null ? spec.stored() : storage.after(before, tables.ownedBy(owner));
                    m = harness.measure(store, spec);
                } finally {
                    tables.owner(null);
                }
                out.add(CellResult.measured(family.name(), c.workload(), storeName, c.technique(), m.stats(),
                        m.costs().withStored(stored)));
                report(String.format(Locale.ROOT, "   ok    %s: p50 %.0f us, p99 %.0f us, %s (%d s)", label,
                        m.stats().p50Micros(), m.stats().p99Micros(), roundTrips(m.costs()),
                        (System.nanoTime() - t0) / 1_000_000_000), 1);
            } catch (WrongAnswerException e) {
                report(String.format("   FAIL  %s: %s", label, e.getMessage()), 1);
                out.add(CellResult.failed(family.name(), c.workload(), storeName, c.technique(), e.getMessage()));
            } catch (RuntimeException e) {
                report(String.format("   FAIL  %s: %s", label, describe(e)), 1);
                out.add(CellResult.failed(family.name(), c.workload(), storeName, c.technique(), "error: " + describe(e)));
            }
        }
        return out;
    }

    /** A candidate and its rival measured operation by operation in turn: two cells. */
    private List<CellResult> runInterleaved(String storeName, Store store, Family family, Family.Candidate c, Harness harness) {
        String rival = c.rival().orElseThrow();
        String label = String.format("%s / %s / %s / %s vs %s", storeName, family.name(), c.workload(), c.technique(), rival);
        long t0 = System.nanoTime();
        try {
            List<Harness.Measured> m = harness.measureInterleaved(store, c.setUp().get(), c.rivalSetUp().get());
            report(String.format(Locale.ROOT, "   ok    %s: p50 %.0f vs %.0f us (%.2fx), p99 %.0f vs %.0f us (%.2fx) (%d s)", label,
                    m.get(0).stats().p50Micros(), m.get(1).stats().p50Micros(),
                    m.get(0).stats().p50Micros() / m.get(1).stats().p50Micros(),
                    m.get(0).stats().p99Micros(), m.get(1).stats().p99Micros(),
                    m.get(0).stats().p99Micros() / m.get(1).stats().p99Micros(), (System.nanoTime() - t0) / 1_000_000_000), 2);
            return List.of(CellResult.measured(family.name(), c.workload(), storeName, c.technique(), m.get(0).stats(),
                            m.get(0).costs()),
                    CellResult.measured(family.name(), c.workload(), storeName, rival, m.get(1).stats(), m.get(1).costs()));
        } catch (WrongAnswerException e) {
            report(String.format("   FAIL  %s: %s", label, e.getMessage()), 2);
            return List.of(CellResult.failed(family.name(), c.workload(), storeName, c.technique(), e.getMessage()),
                    CellResult.failed(family.name(), c.workload(), storeName, rival, e.getMessage()));
        } catch (RuntimeException e) {
            report(String.format("   FAIL  %s: %s", label, describe(e)), 2);
            return List.of(CellResult.failed(family.name(), c.workload(), storeName, c.technique(), "error: " + describe(e)),
                    CellResult.failed(family.name(), c.workload(), storeName, rival, "error: " + describe(e)));
        }
    }

    private void dropTables(Store store, Family.Tables tables) {
        console.printf("   dropping the run's %d tables%n", tables.issued().size());
        for (String t : tables.issued()) {
            try {
                if (store.hasTable(t)) {
                    store.dropTable(t);
                }
            } catch (RuntimeException e) {
                console.printf("   could not drop table %s: %s%n", t, describe(e));
            }
        }
    }

    /**
     * A cell's round trips per operation for the console, or that it made no store call this JVM saw: a cover
     * computed in memory calls no store, and Spark's tasks call it from their executor JVMs.
     */
    static String roundTrips(CellResult.Costs costs) {
        if (Double.isNaN(costs.roundTripsPerOp())) {
            return "no store calls in this JVM";
        }
        return String.format(Locale.ROOT, "%.1f round trips/op, %.1f in sequence", costs.roundTripsPerOp(),
                costs.criticalPathPerOp());
    }

    static String describe(Throwable e) {
        String message = e.getMessage() == null ? "" : ": " + e.getMessage();
        String text = e.getClass().getSimpleName() + message;
        return text.length() > 300 ? text.substring(0, 300) + "..." : text.replace('\n', ' ');
    }

    /** Creates the directory and writes the two report files; returns the Markdown file. */
    static Path write(Report report, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path md = dir.resolve("benchmark.md");
        Files.writeString(md, MarkdownReport.render(report));
        Files.writeString(dir.resolve("benchmark.html"), HtmlReport.render(report));
        return md;
    }
}
