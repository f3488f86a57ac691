package dev.nosqlpatterns.testkit.geo;

import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.GeoVertex;

import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.testkit.ForwardingBackend;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory backend with a brute-force {@link NativeGeo} that keeps the capability's contract to
 * the letter, to run the native geo strategy where memory has none.
 */
final class GeoTestBackend extends ForwardingBackend {
    private final FakeGeo geo = new FakeGeo();

    GeoTestBackend() {
        super(new MemoryBackend());
    }

    @Override
    public Capabilities capabilities() {
        return delegate.capabilities().toBuilder().nativeGeo(geo).build();
    }

    /** Brute-force geo sets. */
    private static final class FakeGeo implements NativeGeo {
        private final Map<String, Map<String, double[]>> sets = new ConcurrentHashMap<>();

        @Override
        public void putPoints(String set, List<GeoPoint> points, CostMeter meter) {
            meter.roundTrip();
            Map<String, double[]> placed = sets.computeIfAbsent(set, s -> new ConcurrentHashMap<>());
            points.forEach(p -> placed.put(p.id(), new double[] {p.latitude(), p.longitude()}));
        }

        @Override
        public void removePoint(String set, String id, CostMeter meter) {
            meter.roundTrip();
            sets.getOrDefault(set, Map.of()).remove(id);
        }

        @Override
        public void dropSet(String set, CostMeter meter) {
            meter.roundTrip();
            sets.remove(set);
        }

        @Override
        public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                                         CostMeter meter) {
            return search(set, latitude, longitude, (lat, lon, d) -> d <= radiusMeters, limit, meter);
        }

        @Override
        public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                      CostMeter meter) {
            LatLonBox box = LatLonBox.of(south, west, north, east);
            LatLon centre = box.centre();
            return search(set, centre.latitude(), centre.longitude(), (lat, lon, d) -> box.contains(lat, lon), limit,
                    meter);
        }

        @Override
        public List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter) {
            dev.nosqlpatterns.geo.LatLonPolygon polygon = dev.nosqlpatterns.geo.LatLonPolygon.ofRings(rings.stream()
                    .map(r -> r.stream().map(v -> LatLon.of(v.latitude(), v.longitude())).toList()).toList());
            LatLon centre = polygon.centre();
            return search(set, centre.latitude(), centre.longitude(), (lat, lon, d) -> polygon.contains(lat, lon), limit,
                    meter);
        }

        /** Brute force, as the capability's contract states it. */
        private List<GeoHit> search(String set, double latitude, double longitude, Inside inside, int limit,
                                    CostMeter meter) {
            meter.roundTrip();
            List<GeoHit> hits = new ArrayList<>();
            sets.getOrDefault(set, Map.of()).forEach((id, p) -> {
                double d = LatLon.distanceMeters(latitude, longitude, p[0], p[1]);
                if (inside.test(p[0], p[1], d)) {
                    hits.add(new GeoHit(id, LatLon.of(p[0], p[1]), d));
                }
            });
            hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id));
            return List.copyOf(hits.subList(0, Math.min(limit, hits.size())));
        }
    }

    private interface Inside {
        boolean test(double latitude, double longitude, double d);
    }
}
