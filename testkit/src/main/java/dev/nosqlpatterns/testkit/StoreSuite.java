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
    private final List<String> created = new ArrayList<>();

    /**
     * Opens a backend of the store under test; called before each test, closed after it. Suites nested in a
     * {@link StoreConformanceKit} leave it alone (null): {@link KitBackends} takes the kit's backend then.
     */
    protected StoreBackend openBackend() {
        return null;
    }

    @BeforeEach
    void openStore(StoreBackend opened) {
        backend = opened;
        store = Store.of(backend);
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
