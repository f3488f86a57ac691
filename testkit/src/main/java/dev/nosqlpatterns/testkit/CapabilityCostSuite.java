package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexQuery;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.spi.LinkedReads;
import dev.nosqlpatterns.store.spi.NativeIndexes;
import dev.nosqlpatterns.store.spi.NestedDocuments;
import dev.nosqlpatterns.store.spi.StorageFootprint;
import dev.nosqlpatterns.store.spi.TextSearch;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Every capability call reaches the cost listeners, as the core calls do: native index reads, native geo
 * search, text search, nested-document queries and storage footprints each report their operation, round
 * trips and items read; bad arguments are refused before the store sees them (nothing reported); and the
 * store's backend is never handed out. Each test is skipped on stores without its capability.
 */
public abstract class CapabilityCostSuite extends StoreSuite {

    private final List<OperationCost> costs = new ArrayList<>();

    /** Runs {@code work} with {@link #costs} holding the cost of each store call it makes. */
    private void listen(Runnable work) {
        costs.clear();
        store.measure(costs::add, work);
    }

    private OperationCost only(String operation) {
        List<OperationCost> matching = costs.stream().filter(c -> c.operation().equals(operation)).toList();
        assertEquals(1, matching.size(), () -> "one '" + operation + "' cost among " + costs);
        OperationCost cost = matching.get(0);
        assertTrue(cost.roundTrips() >= 1, () -> "a round trip counted: " + cost);
        return cost;
    }

    @Test
    void nativeIndexReadsAreMetered() {
        assumeCapability(Capability.NATIVE_SECONDARY_INDEX);
        String t = newTable(spec -> spec.index(IndexSpec.of("byCity", "city")));
        store.put(t, Item.builder("ada", "<U>").put("city", "London").build());
        store.put(t, Item.builder("bob", "<U>").put("city", "London").build());
        listen(() -> {
            Page page = store.queryIndex(IndexQuery.of(t, "byCity", Value.of("London")));
            assertEquals(2, page.items().size());
        });
        assertEquals(2, only("queryIndex").itemsRead());
    }

    @Test
    void nativeGeoSearchesAreMetered() {
        assumeCapability(Capability.NATIVE_GEO);
        String set = "geo" + Long.toString(System.nanoTime() % 1_000_000, 36);
        listen(() -> {
            store.nativeGeo().putPoint(set, "eiffel", 48.8584, 2.2945);
            assertEquals(1, store.nativeGeo().withinRadius(set, 48.8584, 2.2945, 100, 10).size());
            store.nativeGeo().removePoint(set, "eiffel");
        });
        assertEquals(1, only("geoPut").itemsWritten());
        assertEquals(1, only("geoRadius").itemsRead());
        only("geoRemove");
    }

    @Test
    void textSearchesAreMeteredAndBadArgumentsNeverReachTheStore() {
        assumeCapability(Capability.TEXT_SEARCH);
        String index = "text" + Long.toString(System.nanoTime() % 1_000_000, 36);
        listen(() -> {
            store.textSearch().indexDocument(index, "a", Map.of("body", "the quick brown fox"));
            assertEquals(List.of("a"), store.textSearch().searchPhrase(index, "body", "quick brown", 0, 10));
            assertThrows(IllegalArgumentException.class, () -> store.textSearch().searchPhrase(index, "body", "fox", -1, 10));
            assertThrows(IllegalArgumentException.class, () -> store.textSearch().indexDocument(index, "b\uD83D", Map.of()));
            store.textSearch().deleteDocument(index, "a");
        });
        assertEquals(1, only("textIndex").itemsWritten());
        assertEquals(1, only("textSearch").itemsRead());
        only("textDelete");
        assertEquals(3, costs.size(), () -> "refused calls report nothing: " + costs);
    }

    @Test
    void nestedDocumentQueriesAreMetered() {
        assumeCapability(Capability.NESTED_DOCUMENTS);
        String t = newTable();
        store.put(t, Item.builder("ada", "<U>").put("skills", Value.list(List.of(
                Value.map(Map.of("skill", Value.of("poetry"), "level", Value.of("high")))))).build());
        listen(() -> {
            assertEquals(List.of(Key.of("ada", "<U>")), store.nestedDocuments().findByElement(t, "skills",
                    Map.of("skill", Value.of("poetry")), 10));
            assertThrows(IllegalArgumentException.class, () -> store.nestedDocuments().findByElement(t, "skills", Map.of(), 10));
        });
        assertEquals(1, only("nestedFind").itemsRead());
        assertEquals(1, costs.size(), () -> "refused calls report nothing: " + costs);
    }

    @Test
    void footprintsAreMetered() {
        Assumptions.assumeTrue(store.maintenance().hasFootprints(), () -> "the " + store.kind() + " store reports no footprint");
        String t = newTable();
        listen(() -> {
            assertEquals(t, store.maintenance().footprint(t).orElseThrow().table());
        });
        only("footprint");
    }

    @Test
    void portsAreNeverHandedOutAroundTheStore() {
        for (Class<?> port : List.of(NativeIndexes.class, NativeGeo.class, TextSearch.class, NestedDocuments.class,
                StorageFootprint.class, LinkedReads.class, StoreBackend.class)) {
            assertTrue(store.extension(port).isEmpty(), () -> port.getSimpleName() + " is reached only through the store");
        }
        if (!store.has(Capability.TEXT_SEARCH)) {
            assertThrows(UnsupportedCapabilityException.class, () -> store.textSearch());
        }
        if (!store.has(Capability.NESTED_DOCUMENTS)) {
            assertThrows(UnsupportedCapabilityException.class, () -> store.nestedDocuments());
        }
    }
}
