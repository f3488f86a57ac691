package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Tenancy: the models of {@link Tenants} side by side on each store, one technique per {@link TenancyModel} the
 * library offers (bridge: every tenant's tables under its code in the runner's store; pool: tables every tenant
 * shares, the tenant's code leading every key; silo: a store of its own per tenant; a model added later runs the
 * same way, with a store per tenant only if its builder asks for one).
 *
 * <p>Per model, {@value #DEFAULT_TENANTS} tenants (or the system property {@value #TENANTS_PROPERTY}) are onboarded,
 * each with a table of items and an index table of them by city ({@link IndexTable}, loaded in windows through
 * {@link IndexGroup#putAll}), {@link #items} items each. Every tenant has the same keys, and every item names its
 * owner, so an answer that reaches another tenant's data fails its cell. Through a tenant's handle
 * ({@link Tenants#forTenant}), operation by operation in turn over the tenants: a get, a lookup of a city's items
 * through the index table, and a scan page of {@value #PAGE} items; the stored bytes of the tenants' tables are
 * measured tenant by tenant through their handles ({@link StorageMeter}), the growth of each tenant's tables across
 * its load (for a model whose handles have no footprint, the pool's shared tables, the growth of the runner's
 * tables of those names across all the tenants' loads). Then the lifecycle: onboarding a tenant (registering it, opening its store where it has one, creating
 * its two tables, loading {@link #onboardItems} items with their index entries), one tenant per operation, and
 * offboarding those same tenants ({@link Tenants#offboard}), one per operation.
 *
 * <p>Every answer is checked: a get and a lookup must return the tenant's items only, each with its owner; a scan
 * page exactly {@value #PAGE} items of the tenant's, no key twice; an onboarded tenant must be registered with its two
 * tables holding exactly its items and one entry each (its export, {@link Tenants#export}), and its lookup exact;
 * an offboarded tenant must be unregistered with no table recorded and no item left in any of its tables.
 *
 * <p>A silo on a networked store is the cheapest real separation the store's address allows, opened from the
 * runner's own address (behind the latency proxy when there is one): DynamoDB a physical table of its own (a
 * table prefix of its own when the address asks for a table per logical table), Cassandra a keyspace, MongoDB a
 * database, Redis a key prefix with a client of its own; the memory store and an in-memory Lucene index a new
 * one per tenant. Each silo's backend is opened through the adapter's {@link StoreProvider} and wrapped as a view
 * of the runner's store, so that its calls reach the runner's cost listeners; it is still a client and namespace
 * of its own. The report says what a silo was on each store ({@link #notes()}).
 */
final class TenancyFamily implements Family {
    static final String TENANTS_PROPERTY = "nosqlpatterns.tenancy.tenants";
    static final String ITEMS_PROPERTY = "nosqlpatterns.tenancy.items";
    static final String ONBOARD_ITEMS_PROPERTY = "nosqlpatterns.tenancy.onboardItems";
    static final int DEFAULT_TENANTS = 10;
    /** The items of a scan page. */
    static final int PAGE = 100;
    static final int CITIES = 10;
    private static final int WINDOW = 500;
    /** The Cassandra driver's count of sessions past which it warns of a leak (a system property it reads). */
    private static final String SESSION_LEAK_THRESHOLD = "datastax-java-driver.advanced.session-leak.threshold";
    /** Items of the tenant each model onboards and offboards before the lifecycle cells. */
    static final int LIFECYCLE_WARM_UP = 2_000;
    /**
     * The handle lease of the measured tenancies: one registry read per lease and handle in the read cells, and the
     * wait every off-boarding makes (part of the offboard cell) before it removes anything.
     */
    static final java.time.Duration HANDLE_LEASE = java.time.Duration.ofMillis(100);
    static final String GET = "get an item through a tenant's handle";
    static final String LOOKUP = "find a tenant's items by city (index table)";
    static final String SCAN = "scan a page of " + PAGE + " of a tenant's items";
    static final String ONBOARD = "onboard a tenant";
    static final String OFFBOARD = "offboard a tenant";
    /** The note topic of the sizes. */
    static final String SIZES = "sizes";

    private final List<Runnable> cleanUp = new ArrayList<>();
    private final List<Store> silos = new ArrayList<>();
    private final Map<String, String> notes = new LinkedHashMap<>();
    private final Map<String, Model> models = new LinkedHashMap<>();
    /** Tenants, items per tenant and items per onboarded tenant; null: by the mode and the system properties. */
    private final int[] sizes;

    TenancyFamily() {
        this.sizes = null;
    }

    /** A family of the given sizes, whatever the mode (for tests). */
    TenancyFamily(int tenants, int items, int onboardItems) {
        this.sizes = new int[] {tenants, items, onboardItems};
    }

    @Override
    public String name() {
        return "tenancy";
    }

    /** Tenants onboarded per model for the reads. */
    static int tenants() {
        return Integer.getInteger(TENANTS_PROPERTY, DEFAULT_TENANTS);
    }

    /** Items per tenant for the reads: 200 quick, 1,000 standard, 10,000 full, or the system property. */
    static int items(Settings.Mode mode) {
        return Integer.getInteger(ITEMS_PROPERTY, switch (mode) {
            case QUICK -> 200;
            case STANDARD -> 1_000;
            case FULL -> 10_000;
        });
    }

    /**
     * Items of a tenant onboarded and offboarded: 1,000 quick, 10,000 standard, 100,000 full, or the system
     * property. The quick mode's tenant is a tenth of the standard one: the embedded MongoDB server, which scans its
     * collection for every query, took 77 to 97 s to onboard a tenant of 10,000 items (2 requests per item).
     */
    static int onboardItems(Settings.Mode mode) {
        return Integer.getInteger(ONBOARD_ITEMS_PROPERTY, switch (mode) {
            case QUICK -> 1_000;
            case STANDARD -> 10_000;
            case FULL -> 100_000;
        });
    }

    /** The workload of onboarding, with its size. */
    static String onboard(int items) {
        return String.format(Locale.ROOT, "%s of %,d items", ONBOARD, items);
    }

    /** The workload of offboarding, with its size. */
    static String offboard(int items) {
        return String.format(Locale.ROOT, "%s of %,d items", OFFBOARD, items);
    }

    /** A technique's name: the model's, in lower case. */
    static String technique(TenancyModel model) {
        return model.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public Map<String, String> notes() {
        return Map.copyOf(notes);
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        if (!store.kind().equals("memory")) {
            throw new UnsupportedOperationException("the tenancy family needs the store's address to open silos on the "
                    + store.kind() + " store");
        }
        return candidates(store, "memory:", tables, mode);
    }

    @Override
    public List<Candidate> candidates(Store store, String address, Tables tables, Settings.Mode mode) {
        close();
        notes.clear();
        int tenants = sizes != null ? sizes[0] : tenants();
        int items = sizes != null ? sizes[1] : items(mode);
        int onboarded = sizes != null ? sizes[2] : onboardItems(mode);
        if (tenants < 1 || items < PAGE || onboarded < CITIES) {
            throw new IllegalArgumentException("the tenancy family needs at least 1 tenant, " + PAGE + " items per tenant"
                    + " and " + CITIES + " items per onboarded tenant, got " + tenants + ", " + items + " and " + onboarded);
        }
        // the lifecycle cells run check, warm-up and repetitions, one tenant each
        int lifecycle = 2 + mode.repetitions;
        notes.put(SIZES, String.format(Locale.ROOT, "%d tenants of %,d items per model for the reads, each item in a table"
                        + " and indexed by city in an index table; onboarding and offboarding tenants of %,d items, one per"
                        + " operation (the check's, the warm-up's and each timed repetition's)", tenants, items, onboarded));
        Optional<SiloAddresses> siloAddresses = SiloAddresses.of(address);
        Map<String, String> skipped = new LinkedHashMap<>();
        Map<String, Model> running = new LinkedHashMap<>();
        for (TenancyModel model : TenancyModel.values()) {
            String technique = technique(model);
            Model m = new Model(model, store, siloAddresses, tables, tenants, items, onboarded, lifecycle);
            Optional<String> skip = m.skipReason();
            if (skip.isPresent()) {
                skipped.put(technique, skip.get());
                continue;
            }
            running.put(technique, m);
            models.put(technique, m);
            notes.put(technique, m.where());
            cleanUp.add(m::cleanUp);
        }
        Lazy<Boolean> warm = new Lazy<>(() -> warmUp(running.values(), mode));
        Lazy<Boolean> warmLifecycle = new Lazy<>(() -> {
            running.values().forEach(Model::warmUpLifecycle);
            return true;
        });
        List<Candidate> out = new ArrayList<>();
        // workload by workload, so that each model's cell of a workload runs beside the others'
        for (String workload : List.of(GET, LOOKUP, SCAN, onboard(onboarded), offboard(onboarded))) {
            for (TenancyModel model : TenancyModel.values()) {
                String technique = technique(model);
                if (skipped.containsKey(technique)) {
                    out.add(Candidate.skip(workload, technique, skipped.get(technique)));
                    continue;
                }
                Model m = running.get(technique);
                out.add(Candidate.of(workload, technique, switch (TenancyFamily.Step.of(workload).orElseThrow()) {
                    case GET_ITEM -> () -> {
                        warm.get();
                        return m.getCell();
                    };
                    case FIND_BY_CITY -> () -> {
                        warm.get();
                        return m.lookupCell();
                    };
                    case SCAN_PAGE -> () -> {
                        warm.get();
                        return m.scanCell();
                    };
                    case ONBOARDING -> () -> {
                        warmLifecycle.get();
                        return m.onboardCell();
                    };
                    case OFFBOARDING -> m::offboardCell;
                }));
            }
        }
        return out;
    }

    /**
     * Before the first read cell: every model's tenants loaded, then every model's reads run in turn, a get, a
     * lookup and a scan page of each per round, for the mode's least warm-up operations of a read cell or ten
     * times its least warm-up time, whichever ends first. The models share the library's code and the client's:
     * without it, the first model measured would run it before the compiler took it, and the later ones after.
     */
    private static boolean warmUp(java.util.Collection<Model> running, Settings.Mode mode) {
        List<CellSpec> reads = new ArrayList<>();
        for (Model m : running) {
            reads.addAll(List.of(m.getCell(), m.lookupCell(), m.scanCell()));
        }
        long end = System.nanoTime() + Harness.WARM_UP_LIMIT * mode.readWarmUp.toNanos();
        for (int round = 0; round < mode.readWarmUpOps && System.nanoTime() < end; round++) {
            for (CellSpec read : reads) {
                read.operation().run(round);
            }
        }
        return true;
    }

    /** The handle of read tenant {@code t} of a model's run, for tests; loads the tenants if they are not yet. */
    Store handle(String technique, int t) {
        return models.get(technique).loaded.get().handles.get(t);
    }

    /** The logical table of the items, for tests. */
    String itemsTable(String technique) {
        return models.get(technique).itemsTable;
    }

    /** Offboards the tenants still registered (unless the server ends with the run) and closes the silos. */
    @Override
    public void close() {
        try {
            for (Runnable r : cleanUp) {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    System.out.println("   tenancy: clean-up failed: " + PatternBenchmarks.describe(e));
                }
            }
        } finally {
            cleanUp.clear();
            models.clear();
            for (Store s : silos) {
                try {
                    s.close();
                } catch (RuntimeException e) {
                    System.out.println("   tenancy: closing a silo failed: " + PatternBenchmarks.describe(e));
                }
            }
            silos.clear();
        }
    }

    /** The read tenants of a model, loaded, and what they occupy. */
    private record Loaded(Tenants tenants, List<String> ids, List<Store> handles, List<IndexTable> indexes,
                          StoredBytes stored, long bytesWritten) {
    }

    /** One model's tenants on one store, and its cells. */
    private final class Model {
        private final TenancyModel model;
        private final String technique;
        private final Store store;
        private final Tables tables;
        private final int tenants;
        private final int items;
        private final int onboarded;
        private final int lifecycle;
        private final String registry;
        private final String itemsTable;
        private final String indexTable;
        private final Optional<SiloAddresses> siloAddresses;
        private final Map<String, String> namespaces = new LinkedHashMap<>();
        private final Lazy<Tenants> readTenants;
        private final Lazy<Loaded> loaded;
        private final Lazy<Tenants> lifecycleTenants;
        /** The onboarded tenants' handles, by operation. */
        private final Map<Integer, Store> onboardedHandles = new TreeMap<>();
        private boolean usesSilos;

        Model(TenancyModel model, Store store, Optional<SiloAddresses> siloAddresses, Tables tables, int tenants,
              int items, int onboarded, int lifecycle) {
            this.model = model;
            this.technique = technique(model);
            this.store = store;
            this.tables = tables;
            this.tenants = tenants;
            this.items = items;
            this.onboarded = onboarded;
            this.lifecycle = lifecycle;
            this.siloAddresses = siloAddresses;
            // every name is this run's: a configured server may keep another run's tenants
            this.registry = tables.next("tenants_" + technique);
            this.itemsTable = tables.next("items_" + technique);
            this.indexTable = tables.next("items_by_city_" + technique);
            this.usesSilos = model == TenancyModel.SILO;
            this.readTenants = new Lazy<>(() -> tenants(registry));
            this.loaded = new Lazy<>(this::load);
            this.lifecycleTenants = new Lazy<>(() -> tenants(registry + "_l"));
        }

        /** Why the model cannot run on this store, if it cannot. */
        Optional<String> skipReason() {
            if (model == TenancyModel.SILO && siloAddresses.isEmpty()) {
                return Optional.of("the runner knows no way to open a store per tenant at this store's address");
            }
            return Optional.empty();
        }

        /** What a tenant's store was, for the report. */
        String where() {
            if (model == TenancyModel.BRIDGE) {
                return "the runner's store: the tenant's tables in it, each under the tenant's code";
            }
            if (model == TenancyModel.SILO) {
                return siloAddresses.orElseThrow().description();
            }
            if (model == TenancyModel.POOL) {
                return "the runner's store: tables every tenant shares, the tenant's code leading every key";
            }
            return "the runner's store, as the " + technique + " model keeps tenants"
                    + siloAddresses.map(a -> " (or, where it opens a store per tenant: " + a.description() + ")").orElse("");
        }

        /** A registry of this model's tenants; a store per tenant opened only when the model needs one. */
        private Tenants tenants(String registryName) {
            Tenants.Builder b = Tenants.builder(store).model(model).registryTable(registryName).handleLease(HANDLE_LEASE);
            if (model == TenancyModel.SILO) {
                return b.silos(this::openSilo).build();
            }
            if (model == TenancyModel.BRIDGE || siloAddresses.isEmpty()) {
                return b.build();
            }
            try {
                return b.build();
            } catch (IllegalArgumentException needsSilos) {
                usesSilos = true;
                return Tenants.builder(store).model(model).registryTable(registryName).handleLease(HANDLE_LEASE)
                        .silos(this::openSilo).build();
            }
        }

        /** Opens tenant {@code id}'s own store, in a namespace of its own named for this run. */
        private Store openSilo(String id) {
            String namespace = namespaces.computeIfAbsent(id, k -> registry + "_" + namespaces.size());
            if (siloAddresses.orElseThrow().kind() == SiloAddresses.Kind.CASSANDRA) {
                // a session per tenant is what a silo is here: the driver's warning past 4 sessions would say so on
                // the console for every one
                System.setProperty(SESSION_LEAK_THRESHOLD, Integer.toString(Math.max(silos.size() + 8,
                        Integer.getInteger(SESSION_LEAK_THRESHOLD, 4))));
            }
            Store silo = open(store, siloAddresses.orElseThrow().address(namespace));
            silos.add(silo);
            return silo;
        }

        private String readId(int t) {
            return "tenant-" + t;
        }

        private String onboardId(int i) {
            return "onboarded-" + i;
        }

        /** Registers the read tenants and loads their items, measuring what each occupies through its handle. */
        private Loaded load() {
            Tenants ts = readTenants.get();
            List<String> ids = new ArrayList<>();
            List<Store> handles = new ArrayList<>();
            List<IndexTable> indexes = new ArrayList<>();
            long bytes = 0;
            long sum = 0;
            StoredBytes first = null;
            String unknown = null;
            dev.nosqlpatterns.store.model.Footprint.Accuracy accuracy = dev.nosqlpatterns.store.model.Footprint.Accuracy.EXACT;
            List<String> owned = List.of(itemsTable, indexTable);
            // a model whose handles have no footprint of their own (tables every tenant shares): the growth of the
            // runner's tables of the same names across every tenant's load
            StorageMeter shared = ts.forTenant(readId(0)).maintenance().hasFootprints()
                    || !store.maintenance().hasFootprints() ? null : new StorageMeter(store, tables);
            StorageMeter.Before sharedBefore = shared == null ? null : shared.before(owned);
            for (int t = 0; t < tenants; t++) {
                String id = readId(t);
                Store handle = ts.forTenant(id);
                StorageMeter meter = shared != null ? null : new StorageMeter(handle, tables);
                StorageMeter.Before before = meter == null ? null : meter.before(owned);
                IndexTable index = createTables(handle);
                bytes += loadItems(index, id, items);
                ids.add(id);
                handles.add(handle);
                indexes.add(index);
                if (meter == null) {
                    continue;
                }
                StoredBytes grown = meter.after(before, owned);
                if (!grown.known()) {
                    unknown = unknown == null ? grown.basis() : unknown;
                } else {
                    first = first == null ? grown : first;
                    sum += grown.bytes();
                    accuracy = grown.accuracy().compareTo(accuracy) > 0 ? grown.accuracy() : accuracy;
                }
            }
            if (shared != null) {
                // declared on the runner's store to read their footprint: they exist, under the names the tenants gave
                owned.forEach(t -> store.createTable(TableSpec.named(t)));
                StoredBytes grown = shared.after(sharedBefore, owned);
                return new Loaded(ts, ids, handles, indexes, !grown.known() ? grown : new StoredBytes(grown.bytes(),
                        grown.basis() + ", the tables all " + tenants + " tenants share", grown.accuracy()), bytes);
            }
            StoredBytes stored = unknown != null ? StoredBytes.none(unknown)
                    : new StoredBytes(sum, first.basis() + ", summed over the " + tenants + " tenants' tables", accuracy);
            return new Loaded(ts, ids, handles, indexes, stored, bytes);
        }

        private IndexTable createTables(Store handle) {
            handle.createTable(TableSpec.named(itemsTable));
            return IndexTable.builder(handle).baseTable(itemsTable).indexTable(indexTable).attribute("city").build();
        }

        CellSpec getCell() {
            Loaded l = loaded.get();
            int inputs = tenants * 5;
            return CellSpec.read(technique, inputs, Math.min(inputs, 30), i -> {
                int t = i % tenants;
                return Answer.inOrder(l.handles.get(t).get(itemsTable, key(getKey(i))).map(TenancyFamily::shown)
                        .stream().toList());
            }, i -> Answer.inOrder(List.of(shown(key(getKey(i)), l.ids.get(i % tenants)))), l.bytesWritten)
                    .withStored(l.stored);
        }

        /** The item a get reads: spread over the tenant's items. */
        private int getKey(int i) {
            return (int) ((i / tenants) * 7_919L % items);
        }

        CellSpec lookupCell() {
            Loaded l = loaded.get();
            int inputs = tenants * 2;
            return CellSpec.read(technique, inputs, Math.min(inputs, 30), i -> {
                int t = i % tenants;
                return Answer.anyOrder(l.indexes.get(t).find(city(lookupCity(i))).stream().map(TenancyFamily::shown)
                        .toList());
            }, i -> Answer.anyOrder(expected(l.ids.get(i % tenants), items, lookupCity(i))), l.bytesWritten)
                    .withStored(l.stored);
        }

        private int lookupCity(int i) {
            return (i / tenants) % 2 * (CITIES / 2);
        }

        CellSpec scanCell() {
            Loaded l = loaded.get();
            return CellSpec.read(technique, tenants, Math.min(tenants, 30), i -> {
                int t = i % tenants;
                return Answer.inOrder(pageSummary(scanPage(l.handles.get(t), itemsTable)));
            }, i -> Answer.inOrder(List.of(PAGE + " items", "owners [" + l.ids.get(i % tenants) + "]",
                    PAGE + " distinct keys")), l.bytesWritten).withStored(l.stored).withMatched(i -> PAGE);
        }

        CellSpec onboardCell() {
            CellSpec.Operation op = i -> {
                onboardTenant(i);
                return null;
            };
            CellSpec.Operation readBack = i -> Answer.inOrder(onboardedState(i));
            return new CellSpec(technique, 1, 1, op, i -> Answer.inOrder(expectedOnboarded(i)), readBack, onboarded,
                    onboarded, -1);
        }

        /**
         * Before the first onboarding cell, a tenant of a fifth of the size (at most {@value #LIFECYCLE_WARM_UP} items) onboarded and
         * offboarded with each model, untimed, so that no model's cells run the code of its lifecycle first.
         */
        void warmUpLifecycle() {
            Tenants ts = lifecycleTenants.get();
            String id = "warm-up";
            loadItems(createTables(ts.forTenant(id)), id, Math.min(onboarded / 5, LIFECYCLE_WARM_UP));
            ts.offboard(id);
        }

        /** Tenant {@code i} of the lifecycle: registered, its store opened, its tables created and loaded. */
        private void onboardTenant(int i) {
            Store handle = lifecycleTenants.get().forTenant(onboardId(i));
            onboardedHandles.put(i, handle);
            loadItems(createTables(handle), onboardId(i), onboarded);
        }

        private List<String> onboardedState(int i) {
            Tenants ts = lifecycleTenants.get();
            String id = onboardId(i);
            List<String> out = new ArrayList<>();
            out.add("registered " + ts.tenantIds().contains(id));
            Map<String, Long> counts = new TreeMap<>();
            ts.export(id, (table, item) -> counts.merge(table, 1L, Long::sum));
            ts.tablesOf(id).forEach(t -> counts.putIfAbsent(t, 0L));
            counts.forEach((table, n) -> out.add(table + ": " + n));
            Store handle = onboardedHandles.get(i);
            IndexTable index = IndexTable.builder(handle).baseTable(itemsTable).indexTable(indexTable).attribute("city")
                    .build();
            out.add("city-0: " + index.find(city(0)).stream().map(TenancyFamily::shown).sorted().toList());
            return out;
        }

        private List<String> expectedOnboarded(int i) {
            List<String> out = new ArrayList<>();
            out.add("registered true");
            Map<String, Long> counts = new TreeMap<>(Map.of(itemsTable, (long) onboarded, indexTable, (long) onboarded));
            counts.forEach((table, n) -> out.add(table + ": " + n));
            out.add("city-0: " + expected(onboardId(i), onboarded, 0).stream().sorted().toList());
            return out;
        }

        CellSpec offboardCell() {
            // the tenants the onboarding cell onboarded, one per operation; any it did not are onboarded now, untimed
            for (int i = 0; i < lifecycle; i++) {
                if (!onboardedHandles.containsKey(i) || !lifecycleTenants.get().tenantIds().contains(onboardId(i))) {
                    onboardTenant(i);
                }
            }
            CellSpec.Operation op = i -> {
                if (!onboardedHandles.containsKey(i)) {
                    throw new IllegalStateException("tenant " + onboardId(i) + " was not onboarded: the set-up prepares "
                            + lifecycle + " (check, warm-up and " + (lifecycle - 2) + " repetitions)");
                }
                lifecycleTenants.get().offboard(onboardId(i));
                return null;
            };
            CellSpec.Operation readBack = i -> Answer.inOrder(offboardedState(i));
            return new CellSpec(technique, 1, 1, op, i -> Answer.inOrder(List.of("registered false", "tables recorded 0",
                    itemsTable + " items left 0", indexTable + " items left 0")), readBack, onboarded, onboarded, -1);
        }

        /** What is left of offboarded tenant {@code i}, read through the handle it had (a new one would register it). */
        private List<String> offboardedState(int i) {
            Tenants ts = lifecycleTenants.get();
            String id = onboardId(i);
            Store handle = onboardedHandles.get(i);
            List<String> out = new ArrayList<>();
            out.add("registered " + (ts.tenantIds().contains(id) || ts.codeOf(id).isPresent()));
            out.add("tables recorded " + ts.tablesOf(id).size());
            for (String t : List.of(itemsTable, indexTable)) {
                out.add(t + " items left " + itemsLeft(handle, t));
            }
            return out;
        }

        /** Offboards every tenant still registered, unless the run leaves its data to the embedded server. */
        void cleanUp() {
            if (tables.leftToTheServer()) {
                return;
            }
            List<Tenants> registries = new ArrayList<>();
            if (readTenants.isDone()) {
                registries.add(readTenants.get());
            }
            if (lifecycleTenants.isDone()) {
                registries.add(lifecycleTenants.get());
            }
            for (Tenants ts : registries) {
                for (String id : ts.tenantIds()) {
                    ts.offboard(id);
                }
            }
        }
    }

    /**
     * The items the store holds in {@code table} for the tenant of {@code handle}, asked of the store itself: a
     * handle answers for the tables it declared, and declaring one creates it; 0 when the store has no such table.
     */
    static long itemsLeft(Store handle, String table) {
        return handle.maintenance().countStored(table);
    }

    /** Opens a store at {@code address} whose calls reach the runner store's cost listeners. */
    static Store open(Store runner, String address) {
        return Stores.open(address, runner);
    }

    /** Loads {@code n} items of {@code owner} with their index entries, in windows; returns their logical bytes. */
    static long loadItems(IndexTable index, String owner, int n) {
        IndexGroup group = IndexGroup.of(List.of(index));
        long bytes = 0;
        for (int start = 0; start < n; start += WINDOW) {
            List<Item> window = new ArrayList<>(WINDOW);
            for (int k = start; k < Math.min(n, start + WINDOW); k++) {
                Item item = item(owner, k);
                bytes += item.sizeInBytes();
                window.add(item);
            }
            group.putAll(window);
        }
        return bytes;
    }

    /** Item {@code k} of a tenant: the same key in every tenant, its owner's id and a city. */
    static Item item(String owner, int k) {
        Key key = key(k);
        return Item.builder(key.partition(), key.sort()).put("owner", owner).put("city", city(k % CITIES))
                .put("name", "item number " + k).build();
    }

    static Key key(int k) {
        return Key.of(String.format(Locale.ROOT, "item-%06d", k), "item");
    }

    static String city(int c) {
        return "city-" + c;
    }

    /** An item as answers show it: its key and its owner. */
    static String shown(Item item) {
        return item.key().partition() + " of " + item.getString("owner").orElse("nobody");
    }

    static String shown(Key key, String owner) {
        return key.partition() + " of " + owner;
    }

    /** The items of {@code owner} in city {@code c}, as answers show them. */
    static List<String> expected(String owner, int items, int c) {
        List<String> out = new ArrayList<>();
        for (int k = c; k < items; k += CITIES) {
            out.add(shown(key(k), owner));
        }
        return out;
    }

    /** The first {@value #PAGE} items of a scan, page after page while pages come short (a scan may filter). */
    static List<Item> scanPage(Store handle, String table) {
        List<Item> got = new ArrayList<>();
        Optional<Cursor> after = Optional.empty();
        do {
            Scan scan = Scan.of(table).limit(PAGE - got.size());
            Page page = handle.scan(after.isPresent() ? scan.after(after.get()) : scan);
            got.addAll(page.items());
            after = page.next();
        } while (got.size() < PAGE && after.isPresent());
        return got;
    }

    /** A scan page as its answer: how many items, whose, and how many distinct keys. */
    static List<String> pageSummary(List<Item> page) {
        return List.of(page.size() + " items",
                "owners " + page.stream().map(i -> i.getString("owner").orElse("nobody")).distinct().sorted().toList(),
                page.stream().map(Item::key).distinct().count() + " distinct keys");
    }

    /**
     * How a tenant's own store is opened from the runner's address on each kind of store: the cheapest separation
     * the address allows, in a namespace named for the tenant and the run.
     */
    record SiloAddresses(String base, Kind kind) {
        /** How a silo is separated from the runner's store. */
        enum Kind { MEMORY, LUCENE_MEMORY, LUCENE_DIRECTORY, DYNAMODB_TABLE, DYNAMODB_PREFIX, CASSANDRA, MONGODB, REDIS }

        /** How silos open from {@code address}; empty when the runner knows no way. */
        static Optional<SiloAddresses> of(String address) {
            String scheme = address.contains(":") ? address.substring(0, address.indexOf(':')).toLowerCase(Locale.ROOT) : "";
            Kind kind = switch (scheme) {
                case "memory" -> Kind.MEMORY;
                case "lucene" -> address.startsWith("lucene:memory") ? Kind.LUCENE_MEMORY : Kind.LUCENE_DIRECTORY;
                case "dynamodb" -> option(address, "tablePrefix").isPresent() ? Kind.DYNAMODB_PREFIX : Kind.DYNAMODB_TABLE;
                case "cassandra" -> Kind.CASSANDRA;
                case "mongodb", "mongodb+srv" -> Kind.MONGODB;
                case "redis", "rediss" -> Kind.REDIS;
                default -> null;
            };
            return Optional.ofNullable(kind).map(k -> new SiloAddresses(address, k));
        }

        /** The address of the silo in {@code namespace}. */
        String address(String namespace) {
            return switch (kind) {
                case MEMORY -> "memory:";
                case LUCENE_MEMORY -> base;
                case LUCENE_DIRECTORY -> {
                    int q = base.indexOf('?');
                    yield q < 0 ? base + "-" + namespace : base.substring(0, q) + "-" + namespace + base.substring(q);
                }
                case DYNAMODB_TABLE -> withOption(base, "table", namespace);
                case DYNAMODB_PREFIX -> withOption(base, "tablePrefix", option(base, "tablePrefix").orElse("") + namespace + "_");
                case CASSANDRA, MONGODB -> withPath(base, namespace);
                case REDIS -> withOption(base, "prefix", option(base, "prefix").orElse("nsp:") + namespace + ":");
            };
        }

        /** What a silo is on this store, for the report. */
        String description() {
            return switch (kind) {
                case MEMORY -> "an in-memory store of its own per tenant";
                case LUCENE_MEMORY -> "an in-memory Lucene index of its own per tenant";
                case LUCENE_DIRECTORY -> "a Lucene index directory of its own per tenant, beside the runner's";
                case DYNAMODB_TABLE -> "a physical DynamoDB table of its own per tenant (the single-table layout, table="
                        + "<tenant's>), with a client of its own, on the same server";
                case DYNAMODB_PREFIX -> "DynamoDB tables of its own per tenant (a table per logical table under a"
                        + " tablePrefix of the tenant's), with a client of its own, on the same server";
                case CASSANDRA -> "a Cassandra keyspace of its own per tenant (created on open, with the adapter's"
                        + " default replication), with a session of its own, on the same node";
                case MONGODB -> "a MongoDB database of its own per tenant, with a client of its own, on the same server";
                case REDIS -> "a Redis key prefix of its own per tenant (prefix=<tenant's>:), with a client and"
                        + " connection pool of its own, on the same server";
            };
        }

        /** The value of a query option of {@code address}. */
        static Optional<String> option(String address, String name) {
            int q = address.indexOf('?');
            if (q < 0) {
                return Optional.empty();
            }
            for (String pair : address.substring(q + 1).split("&")) {
                int eq = pair.indexOf('=');
                if (eq > 0 && pair.substring(0, eq).equals(name)) {
                    return Optional.of(java.net.URLDecoder.decode(pair.substring(eq + 1), java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            return Optional.empty();
        }

        /** {@code address} with query option {@code name} set to {@code value} (replaced when present). */
        static String withOption(String address, String name, String value) {
            int q = address.indexOf('?');
            String head = q < 0 ? address : address.substring(0, q);
            List<String> pairs = new ArrayList<>();
            if (q >= 0) {
                for (String pair : address.substring(q + 1).split("&")) {
                    if (!pair.isEmpty() && !pair.startsWith(name + "=")) {
                        pairs.add(pair);
                    }
                }
            }
            pairs.add(name + "=" + java.net.URLEncoder.encode(value, java.nio.charset.StandardCharsets.UTF_8));
            return head + "?" + String.join("&", pairs);
        }

        /** {@code address} with its path (a keyspace or database) replaced by {@code /name}. */
        static String withPath(String address, String name) {
            int q = address.indexOf('?');
            String head = q < 0 ? address : address.substring(0, q);
            String query = q < 0 ? "" : address.substring(q);
            int authority = head.indexOf("://");
            int path = authority < 0 ? -1 : head.indexOf('/', authority + 3);
            return (path < 0 ? head : head.substring(0, path)) + "/" + name + query;
        }
    }

    /** The models the family compares: every value of {@link TenancyModel}, in its order. */
    static List<String> techniques() {
        return java.util.Arrays.stream(TenancyModel.values()).map(TenancyFamily::technique).toList();
    }

    /** The step of a tenant's life a tenancy workload measures, with its name in the tenancy section. */
    enum Step {
        GET_ITEM("get"), FIND_BY_CITY("index lookup"), SCAN_PAGE("scan page"), ONBOARDING("onboarding"),
        OFFBOARDING("offboarding");

        final String label;

        Step(String label) {
            this.label = label;
        }

        /** The step of {@code workload}, if it is a tenancy workload. */
        static Optional<Step> of(String workload) {
            if (workload.equals(GET)) {
                return Optional.of(GET_ITEM);
            }
            if (workload.equals(LOOKUP)) {
                return Optional.of(FIND_BY_CITY);
            }
            if (workload.equals(SCAN)) {
                return Optional.of(SCAN_PAGE);
            }
            if (workload.startsWith(ONBOARD)) {
                return Optional.of(ONBOARDING);
            }
            if (workload.startsWith(OFFBOARD)) {
                return Optional.of(OFFBOARDING);
            }
            return Optional.empty();
        }

        /** Whether the step is one of the everyday reads through a tenant's handle. */
        boolean read() {
            return this == GET_ITEM || this == FIND_BY_CITY || this == SCAN_PAGE;
        }
    }
}
