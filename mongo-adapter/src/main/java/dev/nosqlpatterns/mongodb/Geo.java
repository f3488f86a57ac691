package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.GeoVertex;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.geo.LatLonPolygon;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Native geo on a 2dsphere index: the points of every set in one collection ({@code _geo}), one document
 * per point, {@code {_id: {s: set, i: id}, g: GeoJSON point, lat, lng}}. Both searches are
 * {@code $geoNear} aggregations, which return the nearest first with the server's great-circle distance
 * in metres: a radius search bounds it by {@code maxDistance}; a box search runs from the box's centre
 * filtered to the box in degrees ({@code lat}/{@code lng} ranges, split at the antimeridian), since
 * GeoJSON polygons have geodesic edges, not edges along parallels.
 *
 * <p>The server measures on a sphere of 6378.1 km, not the library's, so a radius search asks for a
 * slightly larger radius, and every hit is measured again from its stored coordinates with
 * {@link LatLon#distanceMeters} (or {@link LatLonBox#contains}) before the limit: the aggregation reads
 * more and more of the nearest until {@code limit} of them are inside, then every point as near as the
 * last of those within a small margin (its near ties), and the exact ranking (distance, then id) keeps
 * the first {@code limit}, as {@link NativeGeo} requires.
 */
final class Geo implements NativeGeo {
    private static final String NAME = "geo";
    /** The server's Earth radius over the library's, with room to spare: radii are widened by it. */
    private static final double SERVER_RADIUS_RATIO = 1.0012;
    /** Points per bulk write of a batch. */
    private static final int CHUNK = 1_000;

    private final Tables tables;
    private volatile boolean indexed;

    Geo(Tables tables) {
        this.tables = tables;
    }

    /** Upserts in unordered bulk writes of {@link #CHUNK} points, one round trip each. */
    @Override
    public void putPoints(String set, List<GeoPoint> points, CostMeter meter) {
        for (int from = 0; from < points.size(); from += CHUNK) {
            List<ReplaceOneModel<BsonDocument>> models = new ArrayList<>();
            for (GeoPoint p : points.subList(from, Math.min(points.size(), from + CHUNK))) {
                check(set, p.id());
                checkPoint(p.latitude(), p.longitude());
                BsonDocument key = new BsonDocument("s", new BsonString(set)).append("i", new BsonString(p.id()));
                BsonDocument doc = new BsonDocument(Documents.ID, key)
                        .append("g", Discovery.point(p.longitude(), p.latitude()))
                        .append("lat", new BsonDouble(p.latitude())).append("lng", new BsonDouble(p.longitude()));
                models.add(new ReplaceOneModel<>(new BsonDocument(Documents.ID, key), doc, new ReplaceOptions().upsert(true)));
            }
            meter.roundTrip();
            Failures.run("putPoints", tables.internalName(NAME), null,
                    () -> collection().bulkWrite(models, new BulkWriteOptions().ordered(false)));
        }
    }

    @Override
    public void removePoint(String set, String id, CostMeter meter) {
        check(set, id);
        meter.roundTrip();
        Failures.run("removePoint", tables.internalName(NAME), null, () -> collection().deleteOne(new BsonDocument(Documents.ID,
                new BsonDocument("s", new BsonString(set)).append("i", new BsonString(id)))));
    }

    /**
     * One {@code deleteMany} of the set's documents. Every set shares the collection, so the filter bounds
     * {@code _id} (the document {@code {s, i}}, which orders by the set first) to the set's range,
     * {@code {s: set, i: MinKey}} to {@code {s: set, i: MaxKey}}, for the {@code _id} index to serve, and names
     * the set again for the exact match: the server reads the set's points only, not every set's.
     */
    @Override
    public void dropSet(String set, CostMeter meter) {
        check(set, "-");
        BsonDocument range = new BsonDocument("$gte", setBound(set, new BsonMinKey()))
                .append("$lte", setBound(set, new BsonMaxKey()));
        BsonDocument filter = new BsonDocument(Documents.ID, range).append(Documents.ID + ".s", new BsonString(set));
        meter.roundTrip();
        Failures.run("dropSet", tables.internalName(NAME), null, () -> collection().deleteMany(filter));
    }

    private static BsonDocument setBound(String set, BsonValue id) {
        return new BsonDocument("s", new BsonString(set)).append("i", id);
    }

    @Override
    public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                                     CostMeter meter) {
        check(set, "-");
        checkPoint(latitude, longitude);
        if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
            throw new IllegalArgumentException("radius must be a finite number of metres >= 0, got " + radiusMeters);
        }
        checkLimit(limit);
        BsonDocument near = geoNear(set, latitude, longitude, new BsonDocument())
                .append("maxDistance", new BsonDouble(radiusMeters * SERVER_RADIUS_RATIO + 1));
        return run(near, (lat, lng, d) -> d <= radiusMeters, latitude, longitude, limit, meter);
    }

    @Override
    public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                  CostMeter meter) {
        check(set, "-");
        checkLimit(limit);
        if (!(south <= north) || south < -90 || north > 90 || !(west >= -180 && west <= 180 && east >= -180 && east <= 180)) {
            throw new IllegalArgumentException("box must have -90 <= south <= north <= 90 and longitudes in [-180, 180],"
                    + " got south " + south + ", west " + west + ", north " + north + ", east " + east);
        }
        BsonDocument lat = new BsonDocument("lat", new BsonDocument("$gte", new BsonDouble(south)).append("$lte", new BsonDouble(north)));
        List<BsonValue> lng = new ArrayList<>();
        if (west <= east) {
            lng.add(new BsonDocument("lng", new BsonDocument("$gte", new BsonDouble(west)).append("$lte", new BsonDouble(east))));
        } else {
            lng.add(new BsonDocument("lng", new BsonDocument("$gte", new BsonDouble(west))));
            lng.add(new BsonDocument("lng", new BsonDocument("$lte", new BsonDouble(east))));
        }
        // Longitudes -180 and 180 are one meridian.
        lng.add(new BsonDocument("lng", new BsonDouble(east == 180 || west == 180 ? -180 : 180)));
        BsonDocument filter = lat.append("$or", new BsonArray(lng));
        LatLonBox box = LatLonBox.of(south, west, north, east);
        LatLon centre = box.centre();
        return run(geoNear(set, centre.latitude(), centre.longitude(), filter), (la, ln, d) -> box.contains(la, ln),
                centre.latitude(), centre.longitude(), limit, meter);
    }

    /**
     * One {@code find} with {@code $geoWithin}: a GeoJSON {@code $geometry} Polygon around the polygon's
     * bounding box (widened by {@link #POLYGON_MARGIN} degrees, its edges along parallels cut into pieces of a
     * degree, so that the server's geodesic edges stay outside the box), or, for a polygon around a pole,
     * beyond ±80 degrees or 180 degrees wide, a {@code $centerSphere} cap around it. GeoJSON edges are
     * geodesic and {@link LatLonPolygon}'s are straight in latitude and longitude, so the server only narrows
     * the candidates: {@link LatLonPolygon#contains} decides, then the exact ranking and the limit.
     */
    @Override
    public List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter) {
        check(set, "-");
        checkLimit(limit);
        LatLonPolygon polygon = LatLonPolygon.ofRings(rings.stream().map(r -> r.stream()
                .map(v -> LatLon.of(v.latitude(), v.longitude())).toList()).toList());
        LatLon centre = polygon.centre();
        BsonDocument within = new BsonDocument("$geoWithin", region(polygon));
        BsonDocument filter = new BsonDocument(Documents.ID + ".s", new BsonString(set)).append("g", within);
        meter.roundTrip();
        List<BsonDocument> docs = Failures.call("geo search", tables.internalName(NAME), null,
                () -> collection().find(filter).into(new ArrayList<>()));
        List<GeoHit> hits = new ArrayList<>();
        for (BsonDocument d : docs) {
            GeoHit hit = measured(d, (la, ln, dist) -> polygon.contains(la, ln), centre.latitude(), centre.longitude());
            if (hit != null) {
                hits.add(hit);
            }
        }
        return nearest(hits, limit, docs.size(), meter);
    }

    /** Degrees the bounding box is widened by: far above the bulge of a one-degree geodesic edge (0.001). */
    private static final double POLYGON_MARGIN = 0.01;

    /** The {@code $geoWithin} operand holding every point of the polygon's bounding box. */
    private static BsonDocument region(LatLonPolygon polygon) {
        LatLonBox b = polygon.bounds();
        double south = b.south() - POLYGON_MARGIN;
        double north = b.north() + POLYGON_MARGIN;
        double width = b.widthDegrees() + 2 * POLYGON_MARGIN;
        if (polygon.enclosedPole().isEmpty() && south > -80 && north < 80 && width < 180) {
            double west = b.west() - POLYGON_MARGIN;
            int pieces = (int) Math.ceil(width);
            BsonArray ring = new BsonArray();
            for (int i = 0; i <= pieces; i++) {
                ring.add(position(south, west + width * i / pieces));
            }
            for (int i = pieces; i >= 0; i--) {
                ring.add(position(north, west + width * i / pieces));
            }
            ring.add(position(south, west));
            BsonDocument geometry = new BsonDocument("type", new BsonString("Polygon"))
                    .append("coordinates", new BsonArray(List.of(ring)));
            return new BsonDocument("$geometry", geometry);
        }
        LatLon c = polygon.centre();
        double radius = Math.PI;
        if (!b.contains(-c.latitude(), c.longitude() > 0 ? c.longitude() - 180 : c.longitude() + 180)) {
            double max = 0;
            int steps = 720;
            for (int i = 0; i <= steps; i++) {
                double lon = b.west() + b.widthDegrees() * i / steps;
                lon = lon > 180 ? lon - 360 : lon;
                double lat = b.south() + (b.north() - b.south()) * i / steps;
                max = Math.max(max, Math.max(c.distanceTo(LatLon.of(b.south(), lon)), c.distanceTo(LatLon.of(b.north(), lon))));
                max = Math.max(max, Math.max(c.distanceTo(LatLon.of(lat, b.west())), c.distanceTo(LatLon.of(lat, b.east()))));
            }
            // A step of the sampling is at most half a degree: add a degree of margin.
            radius = Math.min(Math.PI, max / LatLon.EARTH_RADIUS_METERS + Math.toRadians(1));
        }
        return new BsonDocument("$centerSphere", new BsonArray(List.of(
                new BsonArray(List.of(new BsonDouble(c.longitude()), new BsonDouble(c.latitude()))), new BsonDouble(radius))));
    }

    private static BsonArray position(double latitude, double longitude) {
        double lon = longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude;
        return new BsonArray(List.of(new BsonDouble(lon), new BsonDouble(latitude)));
    }

    private BsonDocument geoNear(String set, double latitude, double longitude, BsonDocument query) {
        return new BsonDocument("near", Discovery.point(longitude, latitude))
                .append("distanceField", new BsonString("d")).append("key", new BsonString("g"))
                .append("spherical", BsonBoolean.TRUE)
                .append("query", query.append(Documents.ID + ".s", new BsonString(set)));
    }

    /**
     * Aggregations of the nearest by the server's distance, more each time, until {@code limit} lie
     * inside the exact shape or none is left; then one for the near ties of the last of those. Every
     * hit is measured exactly; those measured beyond the ones returned count as extra items read.
     */
    private List<GeoHit> run(BsonDocument geoNear, Inside inside, double lat, double lon, int limit, CostMeter meter) {
        for (int n = limit; ; n = n > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE : n * 2) {
            List<BsonDocument> docs = aggregate(geoNear, n, meter);
            List<GeoHit> hits = new ArrayList<>();
            for (BsonDocument d : docs) {
                GeoHit hit = measured(d, inside, lat, lon);
                if (hit != null && hits.add(hit) && hits.size() == limit) {
                    double last = number(d.get("d"));
                    double ties = last + 2 * (last * 1e-6 + 0.01);
                    BsonValue max = geoNear.get("maxDistance");
                    BsonDocument near = geoNear.clone().append("maxDistance",
                            new BsonDouble(max == null ? ties : Math.min(ties, number(max))));
                    docs = aggregate(near, 0, meter);
                    hits.clear();
                    for (BsonDocument t : docs) {
                        GeoHit h = measured(t, inside, lat, lon);
                        if (h != null) {
                            hits.add(h);
                        }
                    }
                    return nearest(hits, limit, docs.size(), meter);
                }
            }
            if (docs.size() < n) {
                return nearest(hits, limit, docs.size(), meter);
            }
        }
    }

    /** One {@code $geoNear} aggregation, with {@code $limit} when {@code limit > 0}. */
    private List<BsonDocument> aggregate(BsonDocument geoNear, int limit, CostMeter meter) {
        meter.roundTrip();
        List<BsonDocument> stages = new ArrayList<>(List.of(new BsonDocument("$geoNear", geoNear)));
        if (limit > 0) {
            stages.add(new BsonDocument("$limit", new BsonInt32(limit)));
        }
        return Failures.call("geo search", tables.internalName(NAME), null,
                () -> collection().aggregate(stages).into(new ArrayList<>()));
    }

    private static GeoHit measured(BsonDocument d, Inside inside, double lat, double lon) {
        double pLat = number(d.get("lat"));
        double pLon = number(d.get("lng"));
        double distance = LatLon.distanceMeters(lat, lon, pLat, pLon);
        return inside.test(pLat, pLon, distance)
                ? new GeoHit(d.getDocument(Documents.ID).getString("i").getValue(), LatLon.of(pLat, pLon), distance) : null;
    }

    private static List<GeoHit> nearest(List<GeoHit> hits, int limit, int candidates, CostMeter meter) {
        hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id));
        List<GeoHit> out = hits.size() > limit ? List.copyOf(hits.subList(0, limit)) : List.copyOf(hits);
        meter.extraItemsRead(candidates - out.size());
        return out;
    }

    /** Whether a point, at exact distance {@code d} from the centre, is inside the shape. */
    private interface Inside {
        boolean test(double latitude, double longitude, double d);
    }

    private MongoCollection<BsonDocument> collection() {
        MongoCollection<BsonDocument> c = tables.internal(NAME);
        if (!indexed) {
            c.createIndex(new BsonDocument("g", new BsonString("2dsphere")).append(Documents.ID + ".s", new BsonInt32(1)),
                    new IndexOptions().name("g_2dsphere_set"));
            indexed = true;
        }
        return c;
    }

    private static double number(BsonValue v) {
        return v.asNumber().doubleValue();
    }

    private static void check(String set, String id) {
        Objects.requireNonNull(set, "set must not be null");
        Objects.requireNonNull(id, "id must not be null");
        if (set.isEmpty() || id.isEmpty()) {
            throw new IllegalArgumentException("geo set and id must not be empty");
        }
    }

    private static void checkPoint(double latitude, double longitude) {
        if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
            throw new IllegalArgumentException("a point needs latitude in [-90, 90] and longitude in [-180, 180], got "
                    + latitude + ", " + longitude);
        }
    }

    private static void checkLimit(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
    }
}
