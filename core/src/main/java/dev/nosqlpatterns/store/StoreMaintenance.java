package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Footprint;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StorageFootprint;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.Optional;

/**
 * The upkeep of a store's tables, apart from reading and writing them: expired items still stored, and what a
 * table occupies. From {@link Store#maintenance()}; every call is metered like the store's own.
 */
public final class StoreMaintenance {
    private static final int COUNT_PAGE = 1000;
    private final Store store;
    private final StoreBackend backend;

    StoreMaintenance(Store store, StoreBackend backend) {
        this.store = store;
        this.backend = backend;
    }

    /**
     * Counts the items of {@code table} that have expired but are still stored (the store has not swept
     * them yet): what reads leave out. Reads the whole table.
     *
     * @throws TableNotFoundException when the table is not declared on this store
     */
    public long countExpired(String table) {
        store.checkTable(table);
        return ExpiredItems.run(store, backend, table, false);
    }

    /**
     * Removes the items of {@code table} that have expired but are still stored, each only while it still
     * carries the expiry read (an item written again meanwhile stays), and returns how many it removed.
     * Reads the whole table; a store without {@link Capability#NATIVE_EXPIRY} calls it in the background.
     *
     * @throws TableNotFoundException when the table is not declared on this store
     */
    public long removeExpired(String table) {
        store.checkTable(table);
        return ExpiredItems.run(store, backend, table, true);
    }

    /**
     * What the store says {@code table} occupies now, where it can tell (empty where it cannot), metered.
     *
     * @throws TableNotFoundException when the table is not declared on this store
     */
    public Optional<Footprint> footprint(String table) {
        store.checkTable(table);
        Optional<StorageFootprint> footprints = store.ports().footprints();
        if (footprints.isEmpty()) {
            return Optional.empty();
        }
        return store.call("footprint", table, call -> Optional.of(footprints.get().footprint(table, call.meter)));
    }

    /**
     * Counts every item the store holds in {@code table}, expired items included, whether or not this handle has
     * declared the table (declaring it would create it): 0 when the store has no such table. For checking what is
     * left after a table was dropped or a tenant off-boarded, through the handle that reached it. Reads the whole
     * table.
     */
    public long countStored(String table) {
        dev.nosqlpatterns.store.model.TableSpec.checkName(table);
        return store.call("countStored", table, call -> {
            long count = 0;
            Optional<String> token = Optional.empty();
            try {
                do {
                    ScanResult page = backend.scan(new ScanRequest(table, 0, 1, COUNT_PAGE, token), call.meter);
                    page.items().forEach(call::read);
                    count += page.items().size();
                    token = page.nextToken();
                } while (token.isPresent());
            } catch (TableNotFoundException gone) {
                return 0L;
            }
            return count;
        });
    }

    /** True when the store can tell what a table occupies ({@link #footprint(String)} answers). */
    public boolean hasFootprints() {
        return store.ports().footprints().isPresent();
    }
}
