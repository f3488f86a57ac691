package dev.nosqlpatterns.testkit.geo;

import dev.nosqlpatterns.store.Capabilities;
import dev.nosqlpatterns.store.Capability;
import dev.nosqlpatterns.store.capability.NativeGeo;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.testkit.ForwardingBackend;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory backend with a brute-force {@link NativeGeo} that, like Redis, measures distances on a
 * slightly different Earth radius, to run the native geo strategy where memory has none.
 */
final class GeoTestBackend extends ForwardingBackend {
    private static final double OTHER_EARTH_RADIUS = 6_372_797.560856;

    private final FakeGeo geo = new FakeGeo();

    GeoTestBackend() {
        super(new MemoryBackend());
    }

    @Override
    public Capabilities capabilities() {
        EnumSet<Capability> features = EnumSet.noneOf(Capability.class);
        features.addAll(delegate.capabilities().features());
        features.add(Capability.NATIVE_GEO);
        return new Capabilities(features);
    }

    @Override
    public <T> Optional<T> capability(Class<T> type) {
        return type == NativeGeo.class ? Optional.of(type.cast(geo)) : delegate.capability(type);
    }

    /** Brute-force geo sets. */
    private static final class FakeGeo implements NativeGeo {
        private final Map<String, Map<String, double[]>> sets = new ConcurrentHashMap<>();

        @Override
        public void putPoints(String set, List<Point> points, CostMeter meter) {
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
        public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                                         CostMeter meter) {
            meter.roundTrip();
            List<GeoHit> hits = new ArrayList<>();
            sets.getOrDefault(set, Map.of()).forEach((id, p) -> {
                double d = distance(latitude, longitude, p[0], p[1]);
                if (d <= radiusMeters) {
                    hits.add(new GeoHit(id, p[0], p[1], d));
                }
            });
            hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters));
            return hits.subList(0, Math.min(limit, hits.size()));
        }

        @Override
        public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                      CostMeter meter) {
            meter.roundTrip();
            List<GeoHit> hits = new ArrayList<>();
            sets.getOrDefault(set, Map.of()).forEach((id, p) -> {
                boolean lon = west <= east ? p[1] >= west && p[1] <= east : p[1] >= west || p[1] <= east;
                if (p[0] >= south && p[0] <= north && lon && hits.size() < limit) {
                    hits.add(new GeoHit(id, p[0], p[1], 0));
                }
            });
            return hits;
        }

        private static double distance(double lat1, double lon1, double lat2, double lon2) {
            double dLat = Math.toRadians(lat2 - lat1);
            double dLon = Math.toRadians(lon2 - lon1);
            double a = Math.sin(dLat / 2) * Math.sin(dLat / 2) + Math.cos(Math.toRadians(lat1))
                    * Math.cos(Math.toRadians(lat2)) * Math.sin(dLon / 2) * Math.sin(dLon / 2);
            return 2 * OTHER_EARTH_RADIUS * Math.asin(Math.sqrt(Math.min(1, a)));
        }
    }
}
