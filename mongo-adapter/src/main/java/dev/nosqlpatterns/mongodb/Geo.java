package dev.nosqlpatterns.mongodb;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.ReplaceOneModel;
import com.mongodb.client.model.ReplaceOptions;
import dev.nosqlpatterns.store.capability.NativeGeo;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Native geo on a 2dsphere index: the points of every set in one collection ({@code _geo}), one document
 * per point, {@code {_id: {s: set, i: id}, g: GeoJSON point, lat, lng}}. Both searches are
 * {@code $geoNear} aggregations, which return the nearest first with the server's great-circle distance
 * in metres: a radius search bounds it by {@code maxDistance}; a box search runs from the box's centre
 * filtered to the box in degrees ({@code lat}/{@code lng} ranges, split at the antimeridian), since
 * GeoJSON polygons have geodesic edges, not edges along parallels.
 */
final class Geo implements NativeGeo {
    private static final String NAME = "geo";
    /** Points per bulk write of a batch. */
    private static final int CHUNK = 1_000;

    private final Tables tables;
    private volatile boolean indexed;

    Geo(Tables tables) {
        this.tables = tables;
    }

    /** Upserts in unordered bulk writes of {@link #CHUNK} points, one round trip each. */
    @Override
    public void putPoints(String set, List<Point> points, CostMeter meter) {
        for (int from = 0; from < points.size(); from += CHUNK) {
            List<ReplaceOneModel<BsonDocument>> models = new ArrayList<>();
            for (Point p : points.subList(from, Math.min(points.size(), from + CHUNK))) {
                check(set, p.id());
                checkPoint(p.latitude(), p.longitude());
                BsonDocument key = new BsonDocument("s", new BsonString(set)).append("i", new BsonString(p.id()));
                BsonDocument doc = new BsonDocument(Documents.ID, key)
                        .append("g", Discovery.point(p.longitude(), p.latitude()))
                        .append("lat", new BsonDouble(p.latitude())).append("lng", new BsonDouble(p.longitude()));
                models.add(new ReplaceOneModel<>(new BsonDocument(Documents.ID, key), doc, new ReplaceOptions().upsert(true)));
            }
            meter.roundTrip();
            Errors.run("putPoints", tables.internalName(NAME), null,
                    () -> collection().bulkWrite(models, new BulkWriteOptions().ordered(false)));
        }
    }

    @Override
    public void removePoint(String set, String id, CostMeter meter) {
        check(set, id);
        meter.roundTrip();
        Errors.run("removePoint", tables.internalName(NAME), null, () -> collection().deleteOne(new BsonDocument(Documents.ID,
                new BsonDocument("s", new BsonString(set)).append("i", new BsonString(id)))));
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
        BsonDocument near = geoNear(set, latitude, longitude, new BsonDocument()).append("maxDistance", new BsonDouble(radiusMeters));
        return run(near, limit, meter);
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
        BsonDocument filter;
        if (west <= east) {
            filter = lat.append("lng", new BsonDocument("$gte", new BsonDouble(west)).append("$lte", new BsonDouble(east)));
        } else {
            filter = lat.append("$or", new BsonArray(List.of(
                    new BsonDocument("lng", new BsonDocument("$gte", new BsonDouble(west))),
                    new BsonDocument("lng", new BsonDocument("$lte", new BsonDouble(east))))));
        }
        double width = west <= east ? east - west : east + 360 - west;
        double centreLng = west + width / 2;
        centreLng = centreLng > 180 ? centreLng - 360 : centreLng;
        return run(geoNear(set, (south + north) / 2, centreLng, filter), limit, meter);
    }

    private BsonDocument geoNear(String set, double latitude, double longitude, BsonDocument query) {
        return new BsonDocument("near", Discovery.point(longitude, latitude))
                .append("distanceField", new BsonString("d")).append("key", new BsonString("g"))
                .append("spherical", BsonBoolean.TRUE)
                .append("query", query.append(Documents.ID + ".s", new BsonString(set)));
    }

    /** One aggregation: the server examines what it returns, as far as the driver tells. */
    private List<GeoHit> run(BsonDocument geoNear, int limit, CostMeter meter) {
        meter.roundTrip();
        return Errors.call("geo search", tables.internalName(NAME), null, () -> {
            List<GeoHit> hits = new ArrayList<>();
            for (BsonDocument d : collection().aggregate(List.of(new BsonDocument("$geoNear", geoNear),
                    new BsonDocument("$limit", new BsonInt32(limit)))).batchSize(limit)) {
                hits.add(new GeoHit(d.getDocument(Documents.ID).getString("i").getValue(), number(d.get("lat")),
                        number(d.get("lng")), number(d.get("d"))));
            }
            return hits;
        });
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
