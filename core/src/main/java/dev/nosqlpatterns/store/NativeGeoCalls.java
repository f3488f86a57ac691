package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.OperationCost;
import java.util.List;
import java.util.function.Function;

/**
 * Calls on the store's native geo sets, from {@link Store#nativeGeo()}: arguments are checked before the
 * store is asked, and each call reports one {@link OperationCost} (operation {@code geoPut},
 * {@code geoRemove}, {@code geoDrop}, {@code geoRadius}, {@code geoBox}, {@code geoPolygon} or
 * {@code geoNearest}, table = the set) with the hits as items read.
 */
public final class NativeGeoCalls {
    private final Store store;
    private final NativeGeo geo;

    NativeGeoCalls(Store store, NativeGeo geo) {
        this.store = store;
        this.geo = geo;
    }

    /** Places (or moves) the point of {@code id} in {@code set}. */
    public void putPoint(String set, String id, double latitude, double longitude) {
        putPoints(set, List.of(new dev.nosqlpatterns.store.model.GeoPoint(id, latitude, longitude)));
    }

    /** Places many points in as few requests as the store allows; when an id repeats, the last wins. */
    public void putPoints(String set, List<dev.nosqlpatterns.store.model.GeoPoint> points) {
        List<dev.nosqlpatterns.store.model.GeoPoint> distinct = GeoArguments.points(set, points);
        if (distinct.isEmpty()) {
            return;
        }
        store.run("geoPut", set, call -> {
            geo.putPoints(set, distinct, call.meter);
            distinct.forEach(p -> call.counted(0, 0, 1, GeoArguments.bytes(p.id())));
        });
    }

    /** Removes the point of {@code id} from {@code set}, if any. */
    public void removePoint(String set, String id) {
        GeoArguments.id(set, id);
        store.run("geoRemove", set, call -> {
            geo.removePoint(set, id, call.meter);
            call.counted(0, 0, 1, 0);
        });
    }

    /**
     * Removes every point of {@code set} and nothing else; repeatable (a set already empty is left as it is),
     * and the set can be filled again afterwards. Reported as {@code geoDrop}, with no item counted: the store
     * does not say how many points it removed.
     */
    public void dropSet(String set) {
        GeoArguments.set(set);
        store.run("geoDrop", set, call -> geo.dropSet(set, call.meter));
    }

    /** Points within {@code radiusMeters} of the centre, nearest first, at most {@code limit}. */
    public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit) {
        GeoArguments.radius(set, latitude, longitude, radiusMeters, limit);
        return hits("geoRadius", set, call -> geo.withinRadius(set, latitude, longitude, radiusMeters, limit, call.meter));
    }

    /** Points inside the box (west may exceed east across the antimeridian), at most {@code limit}. */
    public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit) {
        GeoArguments.box(set, south, west, north, east, limit);
        return hits("geoBox", set, call -> geo.withinBox(set, south, west, north, east, limit, call.meter));
    }

    /** The {@code k} points nearest to the centre, nearest first (ties by id), or all when fewer. */
    public List<GeoHit> nearest(String set, double latitude, double longitude, int k) {
        GeoArguments.radius(set, latitude, longitude, 0, k);
        return hits("geoNearest", set, call -> geo.nearest(set, latitude, longitude, k, call.meter));
    }

    /**
     * Points inside the polygon of {@code rings} (closed, the outer first, then holes), nearest to its
     * centre first, at most {@code limit}; see {@link NativeGeo}.
     */
    public List<GeoHit> withinPolygon(String set, List<List<dev.nosqlpatterns.store.model.GeoVertex>> rings, int limit) {
        List<List<dev.nosqlpatterns.store.model.GeoVertex>> copy = GeoArguments.polygon(set, rings, limit);
        return hits("geoPolygon", set, call -> geo.withinPolygon(set, copy, limit, call.meter));
    }

    /** A search: its hits counted as items read. */
    private List<GeoHit> hits(String operation, String set, Function<StoreCall, List<GeoHit>> search) {
        return store.call(operation, set, call -> {
            List<GeoHit> hits = search.apply(call);
            hits.forEach(h -> call.counted(1, GeoArguments.bytes(h.id()), 0, 0));
            return hits;
        });
    }
}
