package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.capability.NativeGeo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The geo index on the store's own geo search ({@link NativeGeo}): one native set per table, index and
 * scope. The capability answers exactly, with the distances of {@link LatLon#distanceMeters} and the
 * nearest {@code limit} first (see {@link NativeGeo}), so searches pass the shape and the limit through
 * unchanged; hits are re-measured with the same {@link Circle}, {@link LatLonBox} and
 * {@link LatLonPolygon} checks the cell strategy uses, so both strategies answer alike. Calls go through {@link Store#nativeGeo()}, which
 * reports their cost.
 */
final class NativeStrategy implements GeoStrategy {
    private static final CompositeKeyCodec SET = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.STRING);

    private final Store.NativeGeoCalls geo;
    private final String table;
    private final String name;

    NativeStrategy(Store.NativeGeoCalls geo, String table, String name) {
        this.geo = geo;
        this.table = table;
        this.name = name;
    }

    private String set(String scope) {
        return SET.encode(table, name, scope);
    }

    @Override
    public void put(String scope, String id, LatLon point) {
        geo.putPoint(set(scope), id, point.latitude(), point.longitude());
    }

    @Override
    public void putAll(String scope, java.util.Map<String, LatLon> points) {
        List<NativeGeo.Point> batch = new ArrayList<>(points.size());
        points.forEach((id, p) -> batch.add(new NativeGeo.Point(id, p.latitude(), p.longitude())));
        geo.putPoints(set(scope), batch);
    }

    @Override
    public void remove(String scope, String id) {
        geo.removePoint(set(scope), id);
    }

    @Override
    public List<GeoHit> withinRadius(String scope, Circle circle, int limit) {
        LatLon c = circle.centre();
        List<GeoHit> hits = new ArrayList<>();
        for (NativeGeo.GeoHit hit : geo.withinRadius(set(scope), c.latitude(), c.longitude(), circle.radiusMeters(),
                limit)) {
            double d = circle.distanceTo(hit.latitude(), hit.longitude());
            if (d <= circle.radiusMeters()) {
                hits.add(new GeoHit(hit.id(), new LatLon(hit.latitude(), hit.longitude()), d));
            }
        }
        return sorted(hits, limit);
    }

    @Override
    public List<GeoHit> withinBox(String scope, LatLonBox box, int limit) {
        LatLon centre = box.centre();
        List<GeoHit> hits = new ArrayList<>();
        for (NativeGeo.GeoHit hit : geo.withinBox(set(scope), box.south(), box.west(), box.north(), box.east(), limit)) {
            if (box.containsUnchecked(hit.latitude(), hit.longitude())) {
                LatLon p = new LatLon(hit.latitude(), hit.longitude());
                hits.add(new GeoHit(hit.id(), p, centre.distanceTo(p)));
            }
        }
        return sorted(hits, limit);
    }

    @Override
    public List<GeoHit> withinPolygon(String scope, LatLonPolygon polygon, int limit) {
        List<List<NativeGeo.Vertex>> rings = new ArrayList<>();
        for (List<LatLon> ring : polygon.rings()) {
            rings.add(ring.stream().map(v -> new NativeGeo.Vertex(v.latitude(), v.longitude())).toList());
        }
        LatLon centre = polygon.centre();
        List<GeoHit> hits = new ArrayList<>();
        for (NativeGeo.GeoHit hit : geo.withinPolygon(set(scope), rings, limit)) {
            LatLon p = new LatLon(hit.latitude(), hit.longitude());
            if (polygon.contains(p)) {
                hits.add(new GeoHit(hit.id(), p, centre.distanceTo(p)));
            }
        }
        return sorted(hits, limit);
    }

    /** The store's own k nearest ({@link NativeGeo#nearest}), re-measured and ranked as the other searches. */
    @Override
    public List<GeoHit> nearest(String scope, LatLon centre, int k) {
        List<GeoHit> hits = new ArrayList<>();
        for (NativeGeo.GeoHit hit : geo.nearest(set(scope), centre.latitude(), centre.longitude(), k)) {
            LatLon p = new LatLon(hit.latitude(), hit.longitude());
            hits.add(new GeoHit(hit.id(), p, centre.distanceTo(p)));
        }
        return sorted(hits, k);
    }

    @Override
    public GeoAudit audit(boolean fix) {
        return GeoAudit.empty(fix);
    }

    private static List<GeoHit> sorted(List<GeoHit> hits, int limit) {
        hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id));
        return hits.size() > limit ? List.copyOf(hits.subList(0, limit)) : List.copyOf(hits);
    }
}
