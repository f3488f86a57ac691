package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.internal.NearestCircles;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The geo index on the storage SPI alone: points as geohash-keyed entries ({@link CellKeys}), a search
 * as one range query per range of a {@link GeoCover}, then an exact filter on the coordinates.
 *
 * <p>An id found twice (a move interrupted before its old entry was deleted) is settled by its point
 * record; with verified reads every hit is checked against its point record, in one batched read, so an
 * interrupted write never shows a point where its record says it is not.
 */
final class CellStrategy implements GeoStrategy {
    private static final int PAGE = 500;

    private final Store store;
    private final String table;
    private final CellKeys keys;
    private final CoverOptions options;
    private final boolean verifiedReads;
    private final CellWrites writes;
    /** The circles of k-nearest searches, with the density near the last search of each scope. */
    private final NearestCircles circles = new NearestCircles(Math.PI * LatLon.EARTH_RADIUS_METERS * (1 + 1e-9));

    CellStrategy(Store store, String table, CellKeys keys, CoverOptions options, boolean verifiedReads,
                 int maxAttempts) {
        this.store = store;
        this.table = table;
        this.keys = keys;
        this.options = options;
        this.verifiedReads = verifiedReads;
        this.writes = new CellWrites(store, table, keys, maxAttempts);
    }

    @Override
    public void put(String scope, String id, LatLon point, java.util.OptionalLong expiry) {
        writes.put(scope, id, point, expiry);
    }

    @Override
    public void putAll(String scope, Map<String, LatLon> points) {
        writes.putAll(scope, points);
    }

    @Override
    public void remove(String scope, String id) {
        writes.remove(scope, id);
    }

    @Override
    public List<GeoHit> withinRadius(String scope, Circle circle, int limit) {
        double radius = circle.radiusMeters();
        return search(scope, GeoCover.of(circle, options), limit, p -> {
            double d = circle.distanceTo(p.latitude(), p.longitude());
            return d <= radius ? d : Double.NaN;
        });
    }

    @Override
    public List<GeoHit> withinBox(String scope, LatLonBox box, int limit) {
        LatLon centre = box.centre();
        return search(scope, GeoCover.of(box, options), limit, p -> box.containsUnchecked(p.latitude(), p.longitude())
                ? centre.distanceTo(p) : Double.NaN);
    }

    @Override
    public List<GeoHit> withinPolygon(String scope, LatLonPolygon polygon, int limit) {
        LatLon centre = polygon.centre();
        return search(scope, GeoCover.of(polygon, options), limit, p -> polygon.contains(p) ? centre.distanceTo(p)
                : Double.NaN);
    }

    @Override
    public GeoVerification audit(boolean fix) {
        return new CellAudit(store, table, keys, writes).run(fix);
    }

    /**
     * Ring by ring: the cover of a first circle, then the cover of the ring out to a wider circle, and so on,
     * until the points within the circle read so far are at least {@code k} (every point outside it is farther
     * than every point inside) or the circle is the whole sphere. A ring's cover leaves out the cells the inner
     * circle's cover held whole where its range budget allows (a narrow ring; a wide one's few ranges often
     * span the inner circle again, which held fewer than {@code k} points); an entry read twice counts once.
     * The next circle is guessed from the density found so far, at least 1.5 and at most 8 times wider. The
     * first is 1 km for the index's first search, then as wide as the density near the last search of the scope that
     * found its points says {@code k} points need, with a quarter to spare: on evenly spread points most searches
     * then wait for one round of reads.
     */
    @Override
    public List<GeoHit> nearest(String scope, LatLon centre, int k) {
        Map<String, List<Candidate>> byId = new LinkedHashMap<>();
        Set<Key> seen = new HashSet<>();
        ToDoubleFunction<LatLon> distance = centre::distanceTo;
        double inner = 0;
        double outer = circles.first(scope, k);
        while (true) {
            Circle circle = new Circle(centre, outer);
            GeoCover cover = inner == 0 ? GeoCover.of(circle, options)
                    : new GeoCover(CoverBuilder.cover(new AnnulusShape(circle, new Circle(centre, inner)), options));
            read(scope, cover, distance, byId, seen);
            List<GeoHit> hits = settle(scope, byId, distance, outer);
            if (hits.size() >= k || outer >= circles.whole()) {
                if (hits.size() >= k) {
                    circles.found(scope, k, hits.get(k - 1).distanceMeters());
                }
                return hits.size() > k ? List.copyOf(hits.subList(0, k)) : hits;
            }
            inner = outer;
            outer = circles.next(outer, hits.size(), k);
        }
    }

    private record Candidate(CellKeys.Entry entry, double distance) {
    }

    /** Reads every range of the cover, keeps the entries {@code distance} does not map to NaN, settles ids. */
    private List<GeoHit> search(String scope, GeoCover cover, int limit, ToDoubleFunction<LatLon> distance) {
        Map<String, List<Candidate>> byId = new LinkedHashMap<>();
        read(scope, cover, distance, byId, null);
        List<GeoHit> hits = settle(scope, byId, distance, Double.POSITIVE_INFINITY);
        return hits.size() > limit ? List.copyOf(hits.subList(0, limit)) : hits;
    }

    /** Adds the entries of the cover's ranges (each entry once, when {@code seen} is given) to {@code byId}. */
    private void read(String scope, GeoCover cover, ToDoubleFunction<LatLon> distance,
                      Map<String, List<Candidate>> byId, Set<Key> seen) {
        List<Query> queries = cover.ranges().stream().map(range -> Query.in(table, keys.partition(scope, range))
                .where(keys.condition(range)).limit(PAGE)).toList();
        for (List<Item> items : store.queryEachAll(queries)) {
            items.forEach(item -> keys.entryOf(item).ifPresent(entry -> {
                double d = distance.applyAsDouble(entry.point());
                if (!Double.isNaN(d) && (seen == null || seen.add(entry.key()))) {
                    byId.computeIfAbsent(entry.id(), id -> new ArrayList<>(1)).add(new Candidate(entry, d));
                }
            }));
        }
    }

    /**
     * One hit per id within {@code maxDistance}, nearest first, ties by id: an id found more than once, or every
     * id with verified reads, is settled by its point record (one batched read).
     */
    private List<GeoHit> settle(String scope, Map<String, List<Candidate>> byId, ToDoubleFunction<LatLon> distance,
                                double maxDistance) {
        List<Key> toCheck = new ArrayList<>();
        byId.forEach((id, found) -> {
            if ((verifiedReads || found.size() > 1) && found.stream().anyMatch(c -> c.distance() <= maxDistance)) {
                toCheck.add(keys.pointKey(scope, id));
            }
        });
        BatchGetResult records = toCheck.isEmpty() ? null : store.getAll(table, toCheck);
        List<GeoHit> hits = new ArrayList<>(byId.size());
        byId.forEach((id, found) -> {
            if (!verifiedReads && found.size() == 1) {
                Candidate c = found.get(0);
                if (c.distance() <= maxDistance) {
                    hits.add(new GeoHit(id, c.entry().point(), c.distance()));
                }
                return;
            }
            if (found.stream().noneMatch(c -> c.distance() <= maxDistance)) {
                return;
            }
            Optional<CellKeys.Point> record = records.get(new ItemRef(table, keys.pointKey(scope, id)))
                    .flatMap(keys::pointOf);
            if (record.isEmpty() || found.stream().noneMatch(c -> c.entry().cell().equals(record.get().cell()))) {
                return;
            }
            double d = distance.applyAsDouble(record.get().point());
            if (!Double.isNaN(d) && d <= maxDistance) {
                hits.add(new GeoHit(id, record.get().point(), d));
            }
        });
        hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id));
        return List.copyOf(hits);
    }
}
