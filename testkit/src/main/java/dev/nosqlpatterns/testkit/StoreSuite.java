package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInfo;

/**
 * The base of every conformance suite: opens a {@link Store} over the backend under test before each
 * test, gives the test fresh logical tables, and drops them and closes the store afterwards.
 *
 * <p>Suites are abstract; {@link StoreConformanceKit} runs them all for one backend.
 */
@org.junit.jupiter.api.extension.ExtendWith({KitBackends.class, KitSelection.class})
public abstract class StoreSuite {
    private static final AtomicLong TABLES = new AtomicLong();
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000, 36);

    /** The store under test, open for the current test. */
    protected Store store;
    /** The backend behind {@link #store}, e.g. to wrap in a {@link FaultInjectingBackend} over the same data. */
    protected StoreBackend backend;
    /** How much of the configuration space this store explores; randomized tests size themselves by it. */
    protected KitProfile kit;
    private final List<String> created = new ArrayList<>();
    private String replay = "";
    private String testLabel = "";
    private java.util.function.Supplier<java.util.Optional<SecondServer>> secondServer = java.util.Optional::empty;

    /**
     * Opens a backend of the store under test; called before each test, closed after it. Suites nested in a
     * {@link StoreConformanceKit} leave it alone (null): {@link KitBackends} takes the kit's backend then.
     */
    protected StoreBackend openBackend() {
        return null;
    }

    /**
     * The profile of the store under test, for a suite run on its own; suites nested in a
     * {@link StoreConformanceKit} leave it alone (null) and take the kit's {@link StoreConformanceKit#kitProfile()}.
     * A suite on its own that returns null gets {@link KitProfile#networked()}.
     */
    protected KitProfile kitProfile() {
        return null;
    }

    @BeforeEach
    void openStore(StoreBackend opened, KitBackends.SuiteSettings settings, TestInfo test) {
        kit = settings.profile();
        replay = settings.replay();
        secondServer = settings.secondServer();
        testLabel = test.getTestMethod().map(m -> m.getDeclaringClass().getSimpleName() + "." + m.getName()
                + (test.getDisplayName().equals(m.getName() + "()") ? "" : " " + test.getDisplayName()))
                .orElse(getClass().getSimpleName() + " " + test.getDisplayName());
        backend = opened;
        store = Store.of(backend);
    }

    /**
     * The random schedules this test draws: {@link KitProfile#schedules(double) kit.schedules(weight)} scaled by
     * the run's {@link KitRun#scheduleFactor()}, each seeded from the kit seed, this test (its method and
     * parameters) and {@code variant}, the values that tell apart several sets of schedules in one test.
     *
     * @param weight the share of the store's standard count, in (0, 1]: smaller for costlier schedules
     */
    protected RandomSchedules randomSchedules(double weight, Object... variant) {
        KitRun run = KitRun.current();
        return RandomSchedules.of(run, label(variant), run.scale(kit.schedules(weight)), replay);
    }

    /**
     * The random operations a randomized single-writer test makes ({@link KitProfile#randomOperations()} scaled
     * by the run's factor), under one seed derived from the kit seed and this test; a failure of {@code body}
     * names the seed and the flags that replay it.
     */
    protected void randomOperations(java.util.function.BiConsumer<java.util.Random, Integer> body) {
        KitRun run = KitRun.current();
        RandomSchedules.of(run, label(new Object[0]), 1, replay)
                .forEach(seed -> body.accept(new java.util.Random(seed), run.scale(kit.randomOperations())));
    }

    private String label(Object[] variant) {
        return variant.length == 0 ? testLabel : testLabel + " " + java.util.Arrays.deepToString(variant);
    }

    @AfterEach
    void closeStore() {
        if (store == null) {
            return;
        }
        try {
            for (String table : created) {
                if (store.hasTable(table)) {
                    store.dropTable(table);
                }
            }
        } finally {
            created.clear();
            store.close();
        }
    }

    /**
     * A second, independent server of the store under test, from the enclosing kit's
     * {@link StoreConformanceKit#startSecondServer()}: started on the first call of the suite's tests, the same
     * for its other tests, stopped after the suite. Empty when the store's conformance test offers none, and for
     * a suite outside a kit; tests that need it skip then. The tables a test creates on it are the test's to drop.
     */
    protected java.util.Optional<SecondServer> secondServer() {
        return secondServer.get();
    }

    /** Creates a table with a name no other test uses, and drops it after the test. */
    protected String newTable() {
        return newTable(null);
    }

    /** Creates a table from a spec builder named uniquely; {@code spec} may add attributes and indexes. */
    protected String newTable(java.util.function.UnaryOperator<TableSpec.Builder> spec) {
        String name = "t" + RUN + "_" + TABLES.incrementAndGet();
        TableSpec.Builder builder = TableSpec.builder(name);
        store.createTable(spec == null ? builder.build() : spec.apply(builder).build());
        created.add(name);
        return name;
    }

    /**
     * A table name no other test uses, not created yet (for code under test that declares its own tables),
     * dropped after the test if it exists then.
     */
    protected String reserveTable() {
        String name = "t" + RUN + "_" + TABLES.incrementAndGet();
        created.add(name);
        return name;
    }

    /** Drops {@code table} after the test if it exists then, e.g. a table that code under test derives from another's name. */
    protected void dropAfterwards(String table) {
        created.add(table);
    }

    /**
     * A second store over the same data whose Nth write fails {@code when}, after which every call fails,
     * as if its process had crashed; the tables of {@link #store} are declared on it.
     */
    protected Store crashingStore(int failingWrite, FaultInjectingBackend.When when) {
        Store faulty = Store.of(new FaultInjectingBackend(backend).failWrite(failingWrite, when));
        for (String table : created) {
            faulty.createTable(TableSpec.named(table));
        }
        return faulty;
    }

    /** A second store over the same data that counts write calls, to find how many steps an operation takes. */
    protected FaultInjectingBackend countingBackend() {
        return new FaultInjectingBackend(backend);
    }

    /** Skips the test, naming the capability, when the store lacks it. */
    protected void assumeCapability(Capability capability) {
        Assumptions.assumeTrue(store.has(capability),
                () -> "the " + store.kind() + " store does not support " + capability);
    }

    protected static Item item(String partition, String sort, Object... attributes) {
        Item.Builder b = Item.builder(Key.of(partition, sort));
        for (int i = 0; i < attributes.length; i += 2) {
            String name = (String) attributes[i];
            Object v = attributes[i + 1];
            if (v instanceof String s) {
                b.put(name, s);
            } else if (v instanceof Integer n) {
                b.put(name, n.longValue());
            } else if (v instanceof Long n) {
                b.put(name, n);
            } else if (v instanceof Boolean flag) {
                b.put(name, flag);
            } else if (v instanceof dev.nosqlpatterns.item.Value value) {
                b.put(name, value);
            } else {
                throw new IllegalArgumentException("unsupported test attribute " + v);
            }
        }
        return b.build();
    }
}
