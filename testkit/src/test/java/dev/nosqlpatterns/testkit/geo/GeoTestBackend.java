package dev.nosqlpatterns.testkit.geo;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Capabilities;
import dev.nosqlpatterns.store.Capability;
import dev.nosqlpatterns.store.ItemRef;
import dev.nosqlpatterns.store.Limits;
import dev.nosqlpatterns.store.TableSpec;
import dev.nosqlpatterns.store.Write;
import dev.nosqlpatterns.store.capability.NativeGeo;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The in-memory backend with its capabilities changed, to run the geo suites on paths memory alone
 * would not take: without atomic writes (the ordered write protocol), and with a brute-force
 * {@link NativeGeo} that, like Redis, measures distances on a slightly different Earth radius.
 */
final class GeoTestBackend implements StoreBackend {
    private static final double OTHER_EARTH_RADIUS = 6_372_797.560856;

    private final MemoryBackend delegate = new MemoryBackend();
    private final boolean atomic;
    private final boolean nativeGeo;
    private final FakeGeo geo = new FakeGeo();

    GeoTestBackend(boolean atomic, boolean nativeGeo) {
        this.atomic = atomic;
        this.nativeGeo = nativeGeo;
    }

    @Override
    public String kind() {
        return "memory";
    }

    @Override
    public Capabilities capabilities() {
        EnumSet<Capability> features = EnumSet.noneOf(Capability.class);
        features.addAll(delegate.capabilities().features());
        if (!atomic) {
            features.remove(Capability.ATOMIC_WRITES);
            features.remove(Capability.ATOMIC_WRITES_SINGLE_PARTITION);
        }
        if (nativeGeo) {
            features.add(Capability.NATIVE_GEO);
        }
        return new Capabilities(features);
    }

    @Override
    public Limits limits() {
        return delegate.limits();
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        delegate.createTable(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        delegate.dropTable(table, meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return delegate.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return delegate.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        delegate.put(put, meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        delegate.delete(delete, meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return delegate.update(update, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return delegate.query(query, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return delegate.scan(scan, meter);
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        delegate.writeBatch(writes, meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        if (!atomic) {
            throw new AssertionError("atomic writes were not offered");
        }
        delegate.writeAtomically(writes, meter);
    }

    @Override
    public <T> Optional<T> capability(Class<T> type) {
        return nativeGeo && type == NativeGeo.class ? Optional.of(type.cast(geo)) : Optional.empty();
    }

    @Override
    public void close() {
        delegate.close();
    }

    /** Brute-force geo sets. */
    private static final class FakeGeo implements NativeGeo {
        private final Map<String, Map<String, double[]>> sets = new ConcurrentHashMap<>();

        @Override
        public void putPoint(String set, String id, double latitude, double longitude) {
            sets.computeIfAbsent(set, s -> new ConcurrentHashMap<>()).put(id, new double[] {latitude, longitude});
        }

        @Override
        public void removePoint(String set, String id) {
            sets.getOrDefault(set, Map.of()).remove(id);
        }

        @Override
        public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit) {
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
        public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit) {
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
