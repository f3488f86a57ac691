package dev.nosqlpatterns.store.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.ForwardingCapabilities;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.GeoVertex;
import dev.nosqlpatterns.store.model.OperationCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A port written before {@link NativeGeo#dropSet} and {@link TextSearch#dropIndex} refuses them, naming itself;
 * the store reports the refused call as failed, and refuses a bad name before the port sees it.
 */
class DropDefaultsTest {

    /** Every method but the drops, none of them called. */
    private static final class OldGeo implements NativeGeo {
        @Override
        public void putPoints(String set, List<GeoPoint> points, CostMeter meter) {
            throw new AssertionError("not called");
        }

        @Override
        public void removePoint(String set, String id, CostMeter meter) {
            throw new AssertionError("not called");
        }

        @Override
        public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters,
                                         int limit, CostMeter meter) {
            throw new AssertionError("not called");
        }

        @Override
        public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                      CostMeter meter) {
            throw new AssertionError("not called");
        }

        @Override
        public List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter) {
            throw new AssertionError("not called");
        }
    }

    /** Every method but the drop, none of them called. */
    private static final class OldSearch implements TextSearch {
        @Override
        public void indexDocument(String index, String id, Map<String, String> fields, CostMeter meter) {
            throw new AssertionError("not called");
        }

        @Override
        public void deleteDocument(String index, String id, CostMeter meter) {
            throw new AssertionError("not called");
        }

        @Override
        public List<String> searchPhrase(String index, String field, String phrase, int slop, int limit,
                                         CostMeter meter) {
            throw new AssertionError("not called");
        }
    }

    @Test
    void portsWithoutTheDropsRefuseThemByName() {
        MemoryBackend items = new MemoryBackend();
        Capabilities caps = items.capabilities().toBuilder().nativeGeo(new OldGeo()).textSearch(new OldSearch()).build();
        try (Store store = Store.of(new ForwardingCapabilities(items, caps))) {
            List<OperationCost> costs = new ArrayList<>();
            store.measure(costs::add, () -> {
                UnsupportedOperationException geo = assertThrows(UnsupportedOperationException.class,
                        () -> store.nativeGeo().dropSet("shops"));
                assertTrue(geo.getMessage().contains(OldGeo.class.getName()) && geo.getMessage().contains("'shops'")
                        && geo.getMessage().contains("NativeGeo.dropSet"), geo.getMessage());
                UnsupportedOperationException text = assertThrows(UnsupportedOperationException.class,
                        () -> store.textSearch().dropIndex("docs"));
                assertTrue(text.getMessage().contains(OldSearch.class.getName()) && text.getMessage().contains("'docs'")
                        && text.getMessage().contains("TextSearch.dropIndex"), text.getMessage());
            });
            assertEquals(List.of("geoDrop shops true", "textDrop docs true"),
                    costs.stream().map(c -> c.operation() + " " + c.table() + " " + c.failed()).toList());

            costs.clear();
            store.measure(costs::add, () -> {
                assertThrows(IllegalArgumentException.class, () -> store.nativeGeo().dropSet(""));
                assertThrows(NullPointerException.class, () -> store.nativeGeo().dropSet(null));
                assertThrows(IllegalArgumentException.class, () -> store.textSearch().dropIndex("no-dashes"));
                assertThrows(IllegalArgumentException.class, () -> store.textSearch().dropIndex(null));
            });
            assertEquals(List.of(), costs, "refused names reach the store");
        }
    }
}
