package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.GeoVertex;

import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.geo.LatLonPolygon;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.LatLonDocValuesField;
import org.apache.lucene.document.LatLonPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.geo.Polygon;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * Points in named sets as {@link LatLonPoint}s (for distance and box queries) with doc values (to sort
 * by distance). The exact coordinates given are stored and returned.
 *
 * <p>Lucene rounds coordinates to about a centimetre and measures with a fast approximate haversine,
 * so its answers alone are off at the edges and in the order of near ties. A search therefore asks
 * Lucene for a shape wider by {@link #margin}, sorted by its distance, until {@code limit} of the
 * points read lie inside the exact shape; it then reads every point whose Lucene distance is within
 * twice the margin of the last of those (its ties and near ties). Every candidate is then measured exactly from its stored coordinates with
 * {@link LatLon#distanceMeters} and {@link LatLonBox#contains}, ranked by distance then id, and cut to
 * the limit, as {@link NativeGeo} requires.
 */
final class LuceneGeo implements NativeGeo {
    private static final String ID = "_gid";
    static final String SET = "_gset";
    private static final String POINT = "_gp";
    private static final String STORED_ID = "_gid_s";
    private static final String LAT = "_glat";
    private static final String LON = "_glon";
    /** Degrees a box is widened by before Lucene sees it: above its rounding of coordinates (under 1e-7). */
    private static final double BOX_MARGIN = 1e-6;
    /** Points per write of a batch: a bounded set of terms to replace. */
    private static final int CHUNK = 1_000;

    private final LuceneBackend.Reader reader;
    private final LuceneBackend.Writer writer;

    LuceneGeo(LuceneBackend.Reader reader, LuceneBackend.Writer writer) {
        this.reader = reader;
        this.writer = writer;
    }

    /** Replaces the points' documents in chunks of {@link #CHUNK}, one write (one round trip) each. */
    @Override
    public void putPoints(String set, List<GeoPoint> points, CostMeter meter) {
        for (int from = 0; from < points.size(); from += CHUNK) {
            List<GeoPoint> chunk = points.subList(from, Math.min(points.size(), from + CHUNK));
            List<BytesRef> terms = new ArrayList<>(chunk.size());
            List<Iterable<IndexableField>> docs = new ArrayList<>(chunk.size());
            for (GeoPoint p : chunk) {
                check(set, p.id());
                checkPoint(p.latitude(), p.longitude());
                terms.add(term(set, p.id()));
                docs.add(document(set, p));
            }
            meter.roundTrip();
            writer.write(ID, terms, docs);
        }
    }

    private static Document document(String set, GeoPoint p) {
        Document doc = new Document();
        doc.add(new StringField(ID, term(set, p.id()), Field.Store.NO));
        doc.add(new StringField(SET, set, Field.Store.NO));
        doc.add(new StringField(Docs.TOP, "1", Field.Store.NO));
        doc.add(new LatLonPoint(POINT, p.latitude(), p.longitude()));
        doc.add(new LatLonDocValuesField(POINT, p.latitude(), p.longitude()));
        doc.add(new StoredField(STORED_ID, p.id()));
        doc.add(new StoredField(LAT, p.latitude()));
        doc.add(new StoredField(LON, p.longitude()));
        return doc;
    }

    @Override
    public void removePoint(String set, String id, CostMeter meter) {
        check(set, id);
        meter.roundTrip();
        writer.write(ID, List.of(term(set, id)), List.of());
    }

    /** One delete by the set's term: every point document of the set, whatever their number. */
    @Override
    public void dropSet(String set, CostMeter meter) {
        if (set == null || set.isEmpty()) {
            throw new IllegalArgumentException("a geo set name must be non-empty, got '" + set + "'");
        }
        meter.roundTrip();
        writer.deleteAll(SET, set);
    }

    @Override
    public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                                     CostMeter meter) {
        checkSearch(set, limit);
        checkPoint(latitude, longitude);
        if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
            throw new IllegalArgumentException("radius must be a finite number of metres >= 0, got " + radiusMeters);
        }
        Query q = LatLonPoint.newDistanceQuery(POINT, latitude, longitude, radiusMeters + margin(radiusMeters));
        return search(set, q, (pLat, pLon, d) -> d <= radiusMeters, latitude, longitude, limit, meter);
    }

    @Override
    public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                  CostMeter meter) {
        checkSearch(set, limit);
        checkPoint(south, west);
        checkPoint(north, east);
        if (south > north) {
            throw new IllegalArgumentException("the box's south " + south + " lies north of its north " + north);
        }
        LatLonBox box = LatLonBox.of(south, west, north, east);
        LatLon centre = box.centre();
        return search(set, widerBox(box), (pLat, pLon, d) -> box.contains(pLat, pLon), centre.latitude(),
                centre.longitude(), limit, meter);
    }

    /**
     * {@link LatLonPoint#newPolygonQuery} on the outer ring, whose edges are straight in latitude and
     * longitude as {@link LatLonPolygon}'s are, joined with a thin rectangle around each edge so that Lucene's
     * rounding of coordinates loses no point on or near an edge; holes are left to the exact check. A polygon
     * that reaches the antimeridian or encloses a pole (which Lucene's polygons cannot express) asks for its
     * bounding box instead. Then as a box search: nearest to the polygon's centre, exact check, limit.
     */
    @Override
    public List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter) {
        checkSearch(set, limit);
        LatLonPolygon polygon = LatLonPolygon.ofRings(rings.stream().map(r -> r.stream()
                .map(v -> LatLon.of(v.latitude(), v.longitude())).toList()).toList());
        LatLonBox bounds = polygon.bounds();
        boolean plain = polygon.enclosedPole().isEmpty() && !bounds.crossesAntimeridian()
                && bounds.west() - BOX_MARGIN > -180 && bounds.east() + BOX_MARGIN < 180;
        Query shape = plain ? polygonQuery(polygon.outer()) : widerBox(bounds);
        LatLon centre = polygon.centre();
        return search(set, shape, (pLat, pLon, d) -> polygon.contains(pLat, pLon), centre.latitude(),
                centre.longitude(), limit, meter);
    }

    private static Query polygonQuery(List<LatLon> outer) {
        List<Polygon> parts = new ArrayList<>();
        double[] lats = new double[outer.size()];
        double[] lons = new double[outer.size()];
        for (int i = 0; i < outer.size(); i++) {
            lats[i] = outer.get(i).latitude();
            lons[i] = outer.get(i).longitude();
        }
        parts.add(new Polygon(lats, lons));
        for (int i = 0; i + 1 < outer.size(); i++) {
            Polygon strip = strip(outer.get(i), outer.get(i + 1));
            if (strip != null) {
                parts.add(strip);
            }
        }
        return LatLonPoint.newPolygonQuery(POINT, parts.toArray(new Polygon[0]));
    }

    /** A rectangle {@link #BOX_MARGIN} wide on every side of the edge a-b, or null for a zero-length edge. */
    private static Polygon strip(LatLon a, LatLon b) {
        double dx = b.longitude() - a.longitude();
        double dy = b.latitude() - a.latitude();
        double length = Math.hypot(dx, dy);
        if (length == 0) {
            return null;
        }
        double ux = dx / length * BOX_MARGIN;
        double uy = dy / length * BOX_MARGIN;
        double[][] corners = {
            {a.longitude() - ux - uy, a.latitude() - uy + ux},
            {a.longitude() - ux + uy, a.latitude() - uy - ux},
            {b.longitude() + ux + uy, b.latitude() + uy - ux},
            {b.longitude() + ux - uy, b.latitude() + uy + ux}};
        double[] lats = new double[5];
        double[] lons = new double[5];
        for (int i = 0; i < 5; i++) {
            lons[i] = Math.max(-180, Math.min(180, corners[i % 4][0]));
            lats[i] = Math.max(-90, Math.min(90, corners[i % 4][1]));
        }
        return new Polygon(lats, lons);
    }

    /** The box widened by {@link #BOX_MARGIN} on every side, across the antimeridian when it reaches it. */
    private static Query widerBox(LatLonBox box) {
        double south = Math.max(-90, box.south() - BOX_MARGIN);
        double north = Math.min(90, box.north() + BOX_MARGIN);
        if (box.widthDegrees() + 2 * BOX_MARGIN >= 360) {
            return LatLonPoint.newBoxQuery(POINT, south, north, -180, 180);
        }
        double west = box.west() - BOX_MARGIN;
        double east = box.east() + BOX_MARGIN;
        return LatLonPoint.newBoxQuery(POINT, south, north, west < -180 ? west + 360 : west,
                east > 180 ? east - 360 : east);
    }

    /** Metres by which Lucene's distance may differ from the exact one (rounding and approximation). */
    static double margin(double meters) {
        return 1.0 + meters * 1e-6;
    }

    /** Whether a candidate, at exact distance {@code d} from the centre, is inside the shape. */
    private interface Inside {
        boolean test(double latitude, double longitude, double d);
    }

    /**
     * One read: the nearest points by Lucene's distance, more and more of them until {@code limit} of
     * them are inside the exact shape (or none is left); then, if so, every point as near as the last of
     * those within twice the margin. All are measured exactly; the candidates measured beyond those
     * returned count as extra items read.
     */
    private List<GeoHit> search(String set, Query shape, Inside inside, double lat, double lon, int limit,
                                CostMeter meter) {
        Query q = new BooleanQuery.Builder().add(shape, BooleanClause.Occur.FILTER)
                .add(new TermQuery(new Term(SET, set)), BooleanClause.Occur.FILTER).build();
        Sort byDistance = new Sort(LatLonDocValuesField.newDistanceSort(POINT, lat, lon));
        meter.roundTrip();
        return reader.read(null, null, s -> {
            StoredFields stored = s.storedFields();
            for (int n = limit; ; n = n > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE : n * 2) {
                ScoreDoc[] docs = s.search(q, n, byDistance).scoreDocs;
                List<GeoHit> hits = new ArrayList<>();
                for (ScoreDoc doc : docs) {
                    GeoHit hit = measured(stored.document(doc.doc), inside, lat, lon);
                    if (hit != null && hits.add(hit) && hits.size() == limit) {
                        double last = (Double) ((FieldDoc) doc).fields[0];
                        Query ties = new BooleanQuery.Builder().add(q, BooleanClause.Occur.FILTER)
                                .add(LatLonPoint.newDistanceQuery(POINT, lat, lon, last + 2 * margin(last)),
                                        BooleanClause.Occur.FILTER).build();
                        docs = s.search(ties, Math.max(1, s.count(ties))).scoreDocs;
                        hits.clear();
                        for (ScoreDoc tie : docs) {
                            GeoHit h = measured(stored.document(tie.doc), inside, lat, lon);
                            if (h != null) {
                                hits.add(h);
                            }
                        }
                        return nearest(hits, limit, docs.length, meter);
                    }
                }
                if (docs.length < n) {
                    return nearest(hits, limit, docs.length, meter);
                }
            }
        });
    }

    /** The stored point measured exactly, or null when outside the shape. */
    private static GeoHit measured(Document d, Inside inside, double lat, double lon) {
        double pLat = d.getField(LAT).numericValue().doubleValue();
        double pLon = d.getField(LON).numericValue().doubleValue();
        double distance = LatLon.distanceMeters(lat, lon, pLat, pLon);
        return inside.test(pLat, pLon, distance) ? new GeoHit(d.get(STORED_ID), LatLon.of(pLat, pLon), distance) : null;
    }

    private static List<GeoHit> nearest(List<GeoHit> hits, int limit, int candidates, CostMeter meter) {
        hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id));
        List<GeoHit> out = hits.size() > limit ? List.copyOf(hits.subList(0, limit)) : List.copyOf(hits);
        meter.extraItemsRead(candidates - out.size());
        return out;
    }

    private static BytesRef term(String set, String id) {
        return new BytesRef(Keys.chunks(Keys.utf8(set), Keys.utf8(id)));
    }

    private static void check(String set, String id) {
        if (set == null || set.isEmpty() || id == null || id.isEmpty()) {
            throw new IllegalArgumentException("a geo set name and a point id must be non-empty, got set '" + set
                    + "' and id '" + id + "'");
        }
    }

    private static void checkSearch(String set, int limit) {
        if (set == null || set.isEmpty()) {
            throw new IllegalArgumentException("a geo search needs a non-empty set name");
        }
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
    }

    private static void checkPoint(double latitude, double longitude) {
        if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
            throw new IllegalArgumentException("coordinates must be latitude -90..90 and longitude -180..180, got ("
                    + latitude + ", " + longitude + ")");
        }
    }
}
