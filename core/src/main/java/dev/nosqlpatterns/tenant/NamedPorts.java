package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.GeoVertex;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.spi.TextSearch;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;

/**
 * The native ports whose data a store keeps apart from its tables, under names: geo sets and text-search
 * indexes, each name the tenant gives stored under the tenant's own. Both tenancy views on a shared store use
 * them, so that the adapter adds the tenant to the native key, and both record each name on its first write so
 * that off-boarding can drop it.
 */
final class NamedPorts {
    private NamedPorts() {
    }

    /** Names the tenant uses outside tables, recorded so that off-boarding can drop them. */
    enum Kind {
        GEO_SET,
        TEXT_INDEX
    }

    /** Tells of each name once per view, before its first write. */
    static final class FirstUse {
        private final BiConsumer<Kind, String> onFirstUse;
        private final Set<String> used = ConcurrentHashMap.newKeySet();

        FirstUse(BiConsumer<Kind, String> onFirstUse) {
            this.onFirstUse = onFirstUse;
        }

        void of(Kind kind, String name) {
            if (used.add(kind + ":" + name)) {
                onFirstUse.accept(kind, name);
            }
        }
    }

    /** The native geo port with every set named for the tenant. */
    static final class Geo implements NativeGeo {
        private final NativeGeo port;
        private final UnaryOperator<String> physical;
        private final FirstUse firstUse;

        Geo(NativeGeo port, UnaryOperator<String> physical, FirstUse firstUse) {
            this.port = port;
            this.physical = physical;
            this.firstUse = firstUse;
        }

        @Override
        public void putPoints(String set, List<GeoPoint> points, CostMeter meter) {
            firstUse.of(Kind.GEO_SET, set);
            port.putPoints(physical.apply(set), points, meter);
        }

        @Override
        public void dropSet(String set, CostMeter meter) {
            port.dropSet(physical.apply(set), meter);
        }

        @Override
        public void removePoint(String set, String id, CostMeter meter) {
            port.removePoint(physical.apply(set), id, meter);
        }

        @Override
        public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters,
                                         int limit, CostMeter meter) {
            return port.withinRadius(physical.apply(set), latitude, longitude, radiusMeters, limit, meter);
        }

        @Override
        public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                      CostMeter meter) {
            return port.withinBox(physical.apply(set), south, west, north, east, limit, meter);
        }

        @Override
        public List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter) {
            return port.withinPolygon(physical.apply(set), rings, limit, meter);
        }

        @Override
        public List<GeoHit> nearest(String set, double latitude, double longitude, int k, CostMeter meter) {
            return port.nearest(physical.apply(set), latitude, longitude, k, meter);
        }
    }

    /** The text search port with every index named for the tenant. */
    static final class Search implements TextSearch {
        private final TextSearch port;
        private final UnaryOperator<String> physical;
        private final FirstUse firstUse;

        Search(TextSearch port, UnaryOperator<String> physical, FirstUse firstUse) {
            this.port = port;
            this.physical = physical;
            this.firstUse = firstUse;
        }

        @Override
        public void indexDocument(String index, String id, Map<String, String> fields, CostMeter meter) {
            firstUse.of(Kind.TEXT_INDEX, index);
            port.indexDocument(physical.apply(index), id, fields, meter);
        }

        @Override
        public void dropIndex(String index, CostMeter meter) {
            port.dropIndex(physical.apply(index), meter);
        }

        @Override
        public void deleteDocument(String index, String id, CostMeter meter) {
            port.deleteDocument(physical.apply(index), id, meter);
        }

        @Override
        public List<String> searchPhrase(String index, String field, String phrase, int slop, int limit,
                                         CostMeter meter) {
            return port.searchPhrase(physical.apply(index), field, phrase, slop, limit, meter);
        }
    }
}
