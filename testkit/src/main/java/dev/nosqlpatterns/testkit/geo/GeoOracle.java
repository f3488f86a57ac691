package dev.nosqlpatterns.testkit.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.store.NativeGeoCalls;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.spi.NativeGeo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The brute-force answer to a geo search over the points put, and the searches to hold to it: through
 * a {@link GeoIndex} of either strategy, or through the store's {@link NativeGeo} capability directly.
 * Membership uses {@link LatLon#distanceMeters} (edge included) and {@link LatLonBox#contains}; order
 * is by distance (from the box's centre for boxes), then id; a limit keeps the first hits of that
 * order. No tolerance: the stores' own rounding must not show.
 */
public final class GeoOracle {
    private GeoOracle() {
    }

    /** A search and its limit. */
    public sealed interface Search permits Radius, Box {
        int limit();
    }

    /** Points within {@code meters} of {@code centre}. */
    public record Radius(LatLon centre, double meters, int limit) implements Search {
        @Override
        public String toString() {
            return "radius " + meters + " m around " + centre + ", limit " + limit;
        }
    }

    /** Points inside {@code box}. */
    public record Box(LatLonBox box, int limit) implements Search {
        @Override
        public String toString() {
            return box + ", limit " + limit;
        }
    }

    public static Radius radius(double lat, double lon, double meters, int limit) {
        return new Radius(LatLon.of(lat, lon), meters, limit);
    }

    public static Box box(double south, double west, double north, double east, int limit) {
        return new Box(LatLonBox.of(south, west, north, east), limit);
    }

    /** A hit as the oracle states it: id, distance and the point as put. */
    public record Expected(String id, double distanceMeters, LatLon point) {
    }

    /** The brute-force answer. */
    public static List<Expected> answer(Map<String, LatLon> points, Search search) {
        LatLon from = search instanceof Box b ? b.box().centre() : ((Radius) search).centre();
        List<Expected> hits = new ArrayList<>();
        points.forEach((id, p) -> {
            double d = from.distanceTo(p);
            boolean inside = search instanceof Box b ? b.box().contains(p) : d <= ((Radius) search).meters();
            if (inside) {
                hits.add(new Expected(id, d, p));
            }
        });
        hits.sort(Comparator.comparingDouble(Expected::distanceMeters).thenComparing(Expected::id));
        return List.copyOf(hits.subList(0, Math.min(search.limit(), hits.size())));
    }

    /** A way of putting the points and searching them. */
    public interface Path {
        void put(Map<String, LatLon> points);

        List<Expected> search(Search search);
    }

    /** Points in a fresh index of {@code table} with the given strategy. */
    public static Path index(Store store, String table, GeoIndex.Strategy strategy) {
        GeoIndex index = GeoIndex.builder(store, table).strategy(strategy).build();
        return new Path() {
            @Override
            public void put(Map<String, LatLon> points) {
                index.putAll(points);
            }

            @Override
            public List<Expected> search(Search search) {
                List<GeoHit> hits = search instanceof Box b ? index.withinBox(b.box(), b.limit())
                        : index.withinRadius(((Radius) search).centre(), ((Radius) search).meters(), search.limit());
                return hits.stream().map(h -> new Expected(h.id(), h.distanceMeters(), h.point())).toList();
            }

            @Override
            public String toString() {
                return "geo index (" + strategy + ")";
            }
        };
    }

    /** Points in the native geo set {@code set}, searched through {@link Store#nativeGeo()}. */
    static Path capability(Store store, String set) {
        NativeGeoCalls geo = store.nativeGeo();
        return new Path() {
            @Override
            public void put(Map<String, LatLon> points) {
                List<dev.nosqlpatterns.store.model.GeoPoint> batch = new ArrayList<>();
                points.forEach((id, p) -> batch.add(new dev.nosqlpatterns.store.model.GeoPoint(id, p.latitude(), p.longitude())));
                geo.putPoints(set, batch);
            }

            @Override
            public List<Expected> search(Search search) {
                List<GeoHit> hits;
                if (search instanceof Box b) {
                    LatLonBox x = b.box();
                    hits = geo.withinBox(set, x.south(), x.west(), x.north(), x.east(), b.limit());
                } else {
                    Radius r = (Radius) search;
                    hits = geo.withinRadius(set, r.centre().latitude(), r.centre().longitude(), r.meters(), r.limit());
                }
                return hits.stream().map(h -> new Expected(h.id(), h.distanceMeters(), h.point())).toList();
            }

            @Override
            public String toString() {
                return "native geo capability";
            }
        };
    }

    /** Puts the points through every path, then holds every search of each path to the oracle. */
    public static void check(List<Path> paths, Map<String, LatLon> points, List<? extends Search> searches) {
        for (Path path : paths) {
            path.put(points);
        }
        for (Search search : searches) {
            List<Expected> expected = answer(points, search);
            for (Path path : paths) {
                List<Expected> actual = path.search(search);
                assertEquals(ids(expected), ids(actual), () -> path + ", " + search + ": expected " + expected
                        + "\n but got " + actual);
                for (int i = 0; i < expected.size(); i++) {
                    Expected e = expected.get(i);
                    Expected a = actual.get(i);
                    assertEquals(e.point(), a.point(), () -> path + ", " + search + ": coordinates of " + e.id());
                    assertEquals(e.distanceMeters(), a.distanceMeters(), 1e-9 * (1 + e.distanceMeters()),
                            () -> path + ", " + search + ": distance of " + e.id());
                }
            }
        }
    }

    private static List<String> ids(List<Expected> hits) {
        return hits.stream().map(Expected::id).toList();
    }
}
