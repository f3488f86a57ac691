package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.spark.IndexDefinition;
import dev.nosqlpatterns.spark.IndexJobs;
import dev.nosqlpatterns.spark.TableOptions;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Bulk index jobs: a base table of users, each with a city, is loaded once per store; then an index table of
 * users by city is built from it (backfill: every entry missing, every one added) and compared with it (verify:
 * every item and every entry checked, nothing found), by these techniques: the single-JVM {@link IndexTable}
 * (pass 1 of a repair page by page for the backfill, {@link IndexTable#verify()}), and {@link IndexJobs} on a
 * Spark standalone cluster on 127.0.0.1 with one and with two executors ({@link BulkSpark}: one worker of one
 * core per executor, each executor a JVM of its own, the driver in this JVM), the base table read in
 * {@value #SEGMENTS} scan segments; and by hand with the store's official driver on the adapter's layout
 * ({@link BulkHandCells}), where the store has one.
 *
 * <p>One operation is one whole job over every item; throughput is in items per second. Every backfill
 * writes into a fresh index table; its read-back (untimed) runs the single-JVM verify on it, which must find
 * no drift with as many entries as items, and looks up three cities, whose users must be exactly the loaded
 * ones: so every technique ends at the same index, and a wrong one fails its cell. Every verify must report
 * as many items and entries as were loaded and no drift.
 *
 * <p>Sizes: {@value #QUICK_ITEMS} items quick, {@value #STANDARD_ITEMS} standard, {@value #FULL_ITEMS} full, or
 * the system property
 * {@value #ITEMS_PROPERTY}. Before anything is measured a probe loads the first items, at least {@value #PROBE}
 * and for at least 3 seconds, and times all but its first batch (which warms the code up): a store whose
 * measured rate would make the family's writes (the load, then one index per backfill run) take longer than
 * {@value #BUDGET_MINUTES} minutes (system property {@value #BUDGET_PROPERTY} for another budget) is skipped with that
 * rate as its reason. The estimate is a lower bound: the
 * probe writes in batches, a backfill one entry at a time.
 * Spark's tasks open the store from its URI in the executor JVMs, so the Spark cells run only on stores other
 * processes can reach (a server); on the in-memory store (one JVM's heap) and Lucene (one process may write an
 * index) they are skipped with that reason, and the single JVM runs on the runner's store.
 *
 * <p>The family also compares loads of users with a unique and a non-unique index table, {@code saveAll} against
 * hand-written driver code ({@link BulkLoadCells}), and loads a geo index and an inverted search
 * ({@link BulkGeoSearchCells}), within the same budget.
 */
final class BulkFamily implements Family {
    static final int QUICK_ITEMS = 2_000;
    static final int STANDARD_ITEMS = 100_000;
    static final int FULL_ITEMS = 1_000_000;
    static final String ITEMS_PROPERTY = "nosqlpatterns.bulk.items";
    static final int SEGMENTS = 8;
    static final int CITIES = 1_000;
    static final int PROBE = 2_000;
    private static final long PROBE_NANOS = 3_000_000_000L;
    static final int BUDGET_MINUTES = 8;
    static final String BUDGET_PROPERTY = "nosqlpatterns.bulk.budgetMinutes";
    static final String WORKLOADS_PROPERTY = "nosqlpatterns.bulk.workloads";
    static final String SINGLE = "single JVM (IndexTable)";
    static final int MAX_EXECUTORS = 2;
    private static final int LOAD_BATCH = 500;
    static final String ATTRIBUTE = "city";

    private final List<Runnable> cleanUp = new ArrayList<>();
    private final BulkSpark spark = new BulkSpark();
    /** What the load comparison's last loads took, by technique (round trips included). */
    private final Map<String, String> notes = new ConcurrentHashMap<>();

    @Override
    public Map<String, String> notes() {
        return Map.copyOf(notes);
    }

    @Override
    public String name() {
        return "bulk";
    }

    /** Items loaded in {@code mode}, unless the system property sets another count. */
    static int items(Settings.Mode mode) {
        return Integer.getInteger(ITEMS_PROPERTY, switch (mode) {
            case QUICK -> QUICK_ITEMS;
            case STANDARD -> STANDARD_ITEMS;
            case FULL -> FULL_ITEMS;
        });
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        throw new UnsupportedOperationException("the bulk family needs the store's address: Spark's tasks open it");
    }

    @Override
    public List<Candidate> candidates(Store runnerStore, String address, Tables tables, Settings.Mode mode) {
        int n = items(mode);
        int repetitions = mode.repetitions;
        String backfill = String.format(Locale.ROOT, "backfill an index of %,d items", n);
        String verify = String.format(Locale.ROOT, "verify an index of %,d items", n);
        Optional<String> noSpark = sparkSkipReason(address)
                .or(() -> mode.sampled ? Optional.of(QUICK_WITHOUT_SPARK) : Optional.empty());
        List<String> techniques = new ArrayList<>(List.of(SINGLE));
        for (int e = 1; e <= MAX_EXECUTORS; e++) {
            techniques.add(spark(e));
        }
        List<String> running = noSpark.isPresent() ? List.of(SINGLE) : techniques;
        Target target = new Target(runnerStore, address);
        String base = tables.next("users");
        TableSpec spec = TableSpec.named(base);
        target.store.createTable(spec);
        cleanUp.add(() -> drop(target.store, base));
        int probed = Math.min(LOAD_BATCH, n);
        load(target.store, base, 0, probed);
        long t0 = System.nanoTime();
        while (probed < n && (probed < PROBE || System.nanoTime() - t0 < PROBE_NANOS)) {
            int to = Math.min(n, probed + LOAD_BATCH);
            load(target.store, base, probed, to);
            probed = to;
        }
        int timed = probed - Math.min(LOAD_BATCH, n);
        double rate = timed == 0 ? Double.POSITIVE_INFINITY : timed * 1e9 / Math.max(1, System.nanoTime() - t0);
        int first = probed;
        // the load, then one index of n entries per backfill run: check, warm-up, repetitions, per technique; then
        // the load comparison's loads of users with two entries each, as many per technique
        int users = BulkLoadCells.users(mode);
        int userLoads = 3 * (2 + repetitions); // saveAll, by hand, and the migration's (its load and backfill)
        Optional<String> noHand = BulkHandCells.skipReason(target.store.kind());
        int backfills = running.size() + (noHand.isEmpty() ? 1 : 0);
        // the geo loads (library and by hand) and the search loads: about two items written per point or document
        int geoSearchLoads = (BulkGeoSearchCells.handSkipReason(target.store.kind()).isEmpty() ? 4 : 2)
                * (2 + repetitions);
        double minutes = ((double) n * (1 + backfills * (2 + repetitions)) + 3.0 * users * userLoads
                + 2.0 * users * geoSearchLoads) / rate / 60;
        int budget = Integer.getInteger(BUDGET_PROPERTY, BUDGET_MINUTES);
        if (minutes > budget) {
            String reason = String.format(Locale.ROOT, "a probe loaded %,d items at %,.0f items/s: the load, the %d"
                    + " backfills (%,d entries each), the %d loads of %,d users with their entries and the %d geo and"
                    + " search loads would take about %.0f min at that rate, over this family's budget of %d min", timed,
                    rate, backfills * (2 + repetitions), n, userLoads, users, geoSearchLoads, minutes, budget);
            List<Candidate> skipped = new ArrayList<>();
            techniques.forEach(t -> skipped.add(Candidate.skip(backfill, t, reason)));
            techniques.forEach(t -> skipped.add(Candidate.skip(verify, t, reason)));
            for (String job : List.of(backfill, verify)) {
                skipped.add(Candidate.skip(job, BulkHandCells.HAND_WRITTEN, noHand.orElse(reason)));
            }
            skipped.add(Candidate.skip(BulkLoadCells.workload(users), BulkLoadCells.SAVE_ALL, reason));
            skipped.add(Candidate.skip(BulkLoadCells.workload(users), BulkLoadCells.HAND_WRITTEN, reason));
            skipped.add(Candidate.skip(BulkMigrationCells.workload(users), BulkMigrationCells.TECHNIQUE, reason));
            for (String workload : List.of(BulkGeoSearchCells.geoWorkload(users),
                    BulkGeoSearchCells.searchWorkload(users))) {
                BulkGeoSearchCells.candidates(target.store, address, tables, users, 0, cleanUp, notes).stream()
                        .filter(c -> c.workload().equals(workload))
                        .forEach(c -> skipped.add(Candidate.skip(workload, c.technique(), c.skipReason().orElse(reason))));
            }
            return skipped;
        }
        Lazy<String> loaded = new Lazy<>(() -> {
            long start = System.nanoTime();
            load(target.store, base, first, n);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "   load  %s / bulk: %,d items in %.1f s (%,.0f items/s), after %,d in the"
                    + " probe (%,.0f items/s after its first batch)%n", target.store.kind(), n - first, seconds,
                    (n - first) / Math.max(seconds, 1e-9), first, rate);
            return base;
        });
        TableOptions options = TableOptions.of(target.uri, spec, SEGMENTS);
        Lazy<String> verified = new Lazy<>(() -> {
            loaded.get();
            String ix = tables.next("users_by_city");
            cleanUp.add(() -> drop(target.store, ix));
            singleBackfill(target.store, base, ix);
            return ix;
        });
        List<Candidate> out = new ArrayList<>();
        for (int executors = 0; executors <= MAX_EXECUTORS; executors++) {
            int t = executors;
            String technique = t == 0 ? SINGLE : spark(t);
            if (t > 0 && noSpark.isPresent()) {
                out.add(Candidate.skip(backfill, technique, noSpark.get()));
                out.add(Candidate.skip(verify, technique, noSpark.get()));
                continue;
            }
            Backfiller backfiller = t == 0 ? ix -> singleBackfill(target.store, base, ix)
                    : ix -> spark.session(t, job -> job.backfill(definition(options, ix)));
            Function<String, IndexVerification> verifier = t == 0 ? ix -> index(target.store, base, ix).verify()
                    : ix -> spark.session(t, job -> job.verify(definition(options, ix)));
            out.add(Candidate.of(backfill, technique, () -> {
                loaded.get();
                if (t > 0) {
                    spark.start(t);
                }
                return backfillCell(technique, n, target.store, base, tables, backfiller);
            }));
            out.add(Candidate.of(verify, technique, () -> {
                String ix = verified.get();
                if (t > 0) {
                    spark.start(t);
                }
                return verifyCell(technique, n, ix, verifier);
            }));
        }
        out.addAll(BulkHandCells.candidates(target.store, address, base, tables, n, backfill, verify, loaded,
                verified, cleanUp, notes));
        out.addAll(BulkLoadCells.candidates(target.store, address, tables, mode, cleanUp, notes));
        out.add(BulkMigrationCells.candidate(target.store, tables, BulkLoadCells.users(mode), 2 + repetitions, notes));
        out.addAll(BulkGeoSearchCells.candidates(target.store, address, tables, users, 2 + repetitions, cleanUp,
                notes));
        String only = System.getProperty(WORKLOADS_PROPERTY);
        if (only != null) {
            return only(out, only);
        }
        return mode.sampled ? only(out, QUICK_WORKLOADS, QUICK_LEAVES_OUT) : out;
    }

    /**
     * The words of the workloads the quick mode runs, without {@link #WORKLOADS_PROPERTY}: the backfill, the verify
     * and the user load (its workload names a unique e-mail), the jobs whose ratios to hand-written code the family
     * exists for. The migration and the geo and search loads take minutes on DynamoDB Local, whose scans read the one
     * physical table every family's items share.
     */
    static final String QUICK_WORKLOADS = "backfill,verify,unique";
    /** Why the quick mode skips the family's other workloads, and how to run them. */
    static final String QUICK_LEAVES_OUT = "the quick mode runs the backfill, the verify and the user load;"
            + " --mode standard runs this one, or -D" + WORKLOADS_PROPERTY + "=migration,geo,search in quick mode";

    /**
     * The candidates whose workload contains one of the comma-separated words of {@code only} (all when blank), the
     * others skipped with that reason: a soak of one workload at a large size without the others' time.
     */
    static List<Candidate> only(List<Candidate> all, String only) {
        return only(all, only, "left out by -D" + WORKLOADS_PROPERTY + "=" + only);
    }

    private static List<Candidate> only(List<Candidate> all, String only, String reason) {
        List<String> words = Arrays.stream(only.split(",")).map(String::trim).filter(w -> !w.isEmpty()).toList();
        if (words.isEmpty()) {
            return all;
        }
        return all.stream().map(c -> words.stream().anyMatch(c.workload()::contains) ? c
                : Candidate.skip(c.workload(), c.technique(), reason))
                .toList();
    }

    /** Why the quick mode (with {@code --families bulk}) leaves the Spark cells out. */
    static final String QUICK_WITHOUT_SPARK = "the quick mode leaves Spark out: each cluster took 18 to 30 s to start"
            + " on two cores; --mode standard --families bulk runs it";

    static String spark(int executors) {
        return "Spark, " + executors + (executors == 1 ? " executor" : " executors");
    }

    /**
     * Why the Spark cells cannot run on the store at {@code address}, if they cannot: its executors are other
     * JVMs, which open the store from its URI.
     */
    static Optional<String> sparkSkipReason(String address) {
        if (address.startsWith("memory:")) {
            return Optional.of("the in-memory store lives in one JVM's heap: Spark's executor JVMs cannot reach it");
        }
        if (address.startsWith("lucene:")) {
            return Optional.of("Lucene lets one process write an index: Spark's executor JVMs cannot open the one this"
                    + " JVM writes");
        }
        return Optional.empty();
    }

    /** Where the family's data lives: the runner's store, and its address for Spark's tasks. */
    private record Target(Store store, String uri) {
    }

    private static IndexDefinition definition(TableOptions options, String indexTable) {
        return IndexDefinition.onAttribute(options, indexTable, ATTRIBUTE, false);
    }

    static IndexTable index(Store store, String base, String indexTable) {
        return IndexTable.builder(store).baseTable(base).indexTable(indexTable).attribute(ATTRIBUTE).build();
    }

    /**
     * The single-JVM backfill: a repair of the fresh index ({@link IndexTable#repair()}: every base item's entry
     * checked and missing ones added, then the index table counted against the entries confirmed).
     */
    static IndexVerification singleBackfill(Store store, String base, String indexTable) {
        return index(store, base, indexTable).repair();
    }

    /** Builds an index into a given (fresh) index table and reports what it found. */
    @FunctionalInterface
    interface Backfiller {
        IndexVerification backfill(String indexTable);
    }

    /**
     * A backfill of {@code n} users of {@code base} on {@code store}, each run into a fresh index table; the
     * read-back verifies the index with the single-JVM audit and looks up three cities.
     */
    static CellSpec backfillCell(String technique, int n, Store store, String base, Tables tables,
                                 Backfiller backfiller) {
        Map<Integer, String> indexes = new ConcurrentHashMap<>();
        Map<Integer, IndexVerification> reported = new ConcurrentHashMap<>();
        CellSpec.Operation op = i -> {
            String ix = indexes.computeIfAbsent(i, k -> tables.next("users_by_city"));
            reported.put(i, backfiller.backfill(ix));
            return null;
        };
        CellSpec.Operation readBack = i -> {
            String ix = indexes.get(i);
            IndexVerification backfilled = reported.get(i);
            List<String> ids = new ArrayList<>(List.of("backfill checked " + backfilled.baseItemsChecked(),
                    "backfill added " + backfilled.missing(), "backfill duplicates " + backfilled.duplicates()));
            IndexTable index = index(store, base, ix);
            ids.addAll(summary("then verify", index.verify()));
            for (int city : sampleCities()) {
                ids.add(cityName(city) + " " + index.find(cityName(city)).stream().map(Item::key).map(Key::toString)
                        .sorted().toList());
            }
            // this cell's indexes are dropped once read back: the first after the check, the rest at the end
            indexes.entrySet().removeIf(e -> {
                // declared on this store first: Spark's tasks declared it on theirs
                index(store, base, e.getValue());
                drop(store, e.getValue());
                return true;
            });
            return Answer.inOrder(ids);
        };
        return new CellSpec(technique, 1, 1, op, i -> backfillOracle(n), readBack, n, n, -1);
    }

    /** A verify of the index of {@code n} users in {@code indexTable}, which must find no drift. */
    static CellSpec verifyCell(String technique, int n, String indexTable, Function<String, IndexVerification> verifier) {
        CellSpec.Operation op = i -> Answer.inOrder(summary("verify", verifier.apply(indexTable)));
        // read amplification per item or entry checked (the answer itself is a two-line summary)
        return new CellSpec(technique, 1, 1, op, i -> Answer.inOrder(summary("verify", expectedVerify(n))), null, 0, n, -1)
                .withMatched(i -> 2L * n);
    }

    private static IndexVerification expectedVerify(int n) {
        return new IndexVerification(n, n, 0, 0, 0, List.of(), List.of(), List.of());
    }

    private static List<String> summary(String what, IndexVerification d) {
        return List.of(what + " checked " + d.baseItemsChecked() + " items and " + d.entriesChecked() + " entries",
                what + " found " + d.missing() + " missing, " + d.dangling() + " stale, " + d.duplicates() + " duplicates");
    }

    /** What every backfill must report, then what its index must hold. */
    static Answer backfillOracle(int n) {
        List<String> ids = new ArrayList<>(List.of("backfill checked " + n, "backfill added " + n, "backfill duplicates 0"));
        ids.addAll(summary("then verify", expectedVerify(n)));
        for (int city : sampleCities()) {
            List<String> keys = new ArrayList<>();
            for (int k = city; k < n; k += CITIES) {
                keys.add(key(k).toString());
            }
            ids.add(cityName(city) + " " + keys.stream().sorted().toList());
        }
        return Answer.inOrder(ids);
    }

    private static int[] sampleCities() {
        return new int[] {0, 1, CITIES - 1};
    }

    static String cityName(int city) {
        return String.format(Locale.ROOT, "city-%04d", city);
    }

    static Key key(int k) {
        return Key.of(String.format(Locale.ROOT, "user-%08d", k), "profile");
    }

    /** User {@code k}: city {@code k mod} {@value #CITIES}, and a name. */
    static Item user(int k) {
        Key key = key(k);
        return Item.builder(key.partition(), key.sort()).put(ATTRIBUTE, cityName(k % CITIES))
                .put("name", "user number " + k).build();
    }

    /** Loads users {@code from} to {@code to - 1} in batches. */
    static void load(Store store, String table, int from, int to) {
        for (int start = from; start < to; start += LOAD_BATCH) {
            List<Write> batch = new ArrayList<>(LOAD_BATCH);
            for (int k = start; k < Math.min(to, start + LOAD_BATCH); k++) {
                batch.add(Write.put(table, user(k)));
            }
            store.writeBatch(batch);
        }
    }

    private static void drop(Store store, String table) {
        if (store.hasTable(table)) {
            store.dropTable(table);
        }
    }

    @Override
    public void close() {
        try {
            for (int i = 0; i < cleanUp.size(); i++) {
                try {
                    cleanUp.get(i).run();
                } catch (RuntimeException e) {
                    System.out.println("   bulk: clean-up failed: " + PatternBenchmarks.describe(e));
                }
            }
        } finally {
            cleanUp.clear();
            notes.clear();
            spark.close();
        }
    }
}
