package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.NativeGeoCalls;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.spi.NativeGeo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.IntFunction;

/**
 * The geo index on the store's own geo search ({@link NativeGeo}): one native set per table, index and
 * scope. The capability answers exactly, with the distances of {@link LatLon#distanceMeters} and the
 * nearest {@code limit} first (see {@link NativeGeo}), so searches pass the shape and the limit through
 * unchanged; hits are re-measured with the same {@link Circle}, {@link LatLonBox} and
 * {@link LatLonPolygon} checks the cell strategy uses, so both strategies answer alike. Calls go through {@link Store#nativeGeo()}, which
 * reports their cost.
 *
 * <p>Expiring points ({@link NativeMembers}, only on an index built with expiring points): a store's geo
 * set cannot expire one member, so the member of an expiring point is its id with the expiry appended and
 * a search leaves out the members expired by the store's clock, asking again for more when it dropped some
 * from a full answer (no extra request otherwise). Each write of such an index reads one member record first.
 */
final class NativeStrategy implements GeoStrategy {
    private static final CompositeKeyCodec SET = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.STRING);

    private final NativeGeoCalls geo;
    private final String table;
    private final String name;
    private final NativeMembers members;

    NativeStrategy(Store store, String table, String name, boolean expiring) {
        this.geo = store.nativeGeo();
        this.table = table;
        this.name = name;
        this.members = expiring ? new NativeMembers(store, table, name) : null;
    }

    private String set(String scope) {
        return SET.encode(table, name, scope);
    }

    @Override
    public void put(String scope, String id, LatLon point, OptionalLong expiry) {
        if (members == null) {
            geo.putPoint(set(scope), id, point.latitude(), point.longitude());
            return;
        }
        members.put(set(scope), scope, id, expiry,
                member -> geo.putPoint(set(scope), member, point.latitude(), point.longitude()),
                member -> geo.removePoint(set(scope), member));
    }

    @Override
    public void putAll(String scope, java.util.Map<String, LatLon> points) {
        if (members != null) {
            points.forEach((id, p) -> put(scope, id, p, OptionalLong.empty()));
            return;
        }
        List<dev.nosqlpatterns.store.model.GeoPoint> batch = new ArrayList<>(points.size());
        points.forEach((id, p) -> batch.add(new dev.nosqlpatterns.store.model.GeoPoint(id, p.latitude(), p.longitude())));
        geo.putPoints(set(scope), batch);
    }

    @Override
    public void remove(String scope, String id) {
        if (members == null) {
            geo.removePoint(set(scope), id);
        } else {
            members.remove(scope, id, member -> geo.removePoint(set(scope), member));
        }
    }

    /**
     * The live hits of a search asked with {@code limit} (ids without their expiry suffix); when it dropped
     * expired members from a full answer, asks again for as many more as it dropped.
     */
    private List<GeoHit> live(int limit, IntFunction<List<GeoHit>> search) {
        if (members == null) {
            return search.apply(limit);
        }
        int ask = limit;
        while (true) {
            List<GeoHit> all = search.apply(ask);
            List<GeoHit> live = members.live(all);
            if (live.size() >= limit || all.size() < ask || ask >= GeoIndex.MAX_LIMIT) {
                return live;
            }
            ask = Math.min(GeoIndex.MAX_LIMIT, ask + (all.size() - live.size()));
        }
    }

    @Override
    public List<GeoHit> withinRadius(String scope, Circle circle, int limit) {
        LatLon c = circle.centre();
        List<GeoHit> hits = new ArrayList<>();
        for (GeoHit hit : live(limit, n -> geo.withinRadius(set(scope), c.latitude(), c.longitude(),
                circle.radiusMeters(), n))) {
            LatLon p = hit.point();
            double d = circle.distanceTo(p.latitude(), p.longitude());
            if (d <= circle.radiusMeters()) {
                hits.add(new GeoHit(hit.id(), p, d));
            }
        }
        return sorted(hits, limit);
    }

    @Override
    public List<GeoHit> withinBox(String scope, LatLonBox box, int limit) {
        LatLon centre = box.centre();
        List<GeoHit> hits = new ArrayList<>();
        for (GeoHit hit : live(limit, n -> geo.withinBox(set(scope), box.south(), box.west(), box.north(),
                box.east(), n))) {
            LatLon p = hit.point();
            if (box.containsUnchecked(p.latitude(), p.longitude())) {
                hits.add(new GeoHit(hit.id(), p, centre.distanceTo(p)));
            }
        }
        return sorted(hits, limit);
    }

    @Override
    public List<GeoHit> withinPolygon(String scope, LatLonPolygon polygon, int limit) {
        List<List<dev.nosqlpatterns.store.model.GeoVertex>> rings = new ArrayList<>();
        for (List<LatLon> ring : polygon.rings()) {
            rings.add(ring.stream().map(v -> new dev.nosqlpatterns.store.model.GeoVertex(v.latitude(), v.longitude())).toList());
        }
        LatLon centre = polygon.centre();
        List<GeoHit> hits = new ArrayList<>();
        for (GeoHit hit : live(limit, n -> geo.withinPolygon(set(scope), rings, n))) {
            LatLon p = hit.point();
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
        for (GeoHit hit : live(k, n -> geo.nearest(set(scope), centre.latitude(), centre.longitude(), n))) {
            LatLon p = hit.point();
            hits.add(new GeoHit(hit.id(), p, centre.distanceTo(p)));
        }
        return sorted(hits, k);
    }

    @Override
    public GeoVerification audit(boolean fix) {
        if (members == null) {
            return GeoVerification.empty(fix);
        }
        return GeoVerification.empty(fix).plusExpired(members.expired(fix, (scope, member) -> geo.removePoint(set(scope),
                member)));
    }

    private static List<GeoHit> sorted(List<GeoHit> hits, int limit) {
        hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id));
        return hits.size() > limit ? List.copyOf(hits.subList(0, limit)) : List.copyOf(hits);
    }
}
