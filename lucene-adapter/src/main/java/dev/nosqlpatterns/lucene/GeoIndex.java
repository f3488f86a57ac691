package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.capability.NativeGeo;
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
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.SloppyMath;

/**
 * Points in named sets as {@link LatLonPoint}s (for distance and box queries) with doc values (to sort
 * by distance). The exact coordinates given are stored and returned; distances are haversine metres.
 */
final class GeoIndex implements NativeGeo {
    private static final String ID = "_gid";
    private static final String SET = "_gset";
    private static final String POINT = "_gp";
    private static final String STORED_ID = "_gid_s";
    private static final String LAT = "_glat";
    private static final String LON = "_glon";
    /** Points per write of a batch: a bounded set of terms to replace. */
    private static final int CHUNK = 1_000;

    private final LuceneBackend.Reader reader;
    private final LuceneBackend.Writer writer;

    GeoIndex(LuceneBackend.Reader reader, LuceneBackend.Writer writer) {
        this.reader = reader;
        this.writer = writer;
    }

    /** Replaces the points' documents in chunks of {@link #CHUNK}, one write (one round trip) each. */
    @Override
    public void putPoints(String set, List<Point> points, CostMeter meter) {
        for (int from = 0; from < points.size(); from += CHUNK) {
            List<Point> chunk = points.subList(from, Math.min(points.size(), from + CHUNK));
            List<BytesRef> terms = new ArrayList<>(chunk.size());
            List<Iterable<IndexableField>> docs = new ArrayList<>(chunk.size());
            for (Point p : chunk) {
                check(set, p.id());
                checkPoint(p.latitude(), p.longitude());
                terms.add(term(set, p.id()));
                docs.add(document(set, p));
            }
            meter.roundTrip();
            writer.write(ID, terms, docs);
        }
    }

    private static Document document(String set, Point p) {
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

    @Override
    public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                                     CostMeter meter) {
        checkSearch(set, limit);
        checkPoint(latitude, longitude);
        if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
            throw new IllegalArgumentException("radius must be a finite number of metres >= 0, got " + radiusMeters);
        }
        Query q = LatLonPoint.newDistanceQuery(POINT, latitude, longitude, radiusMeters);
        return search(set, q, latitude, longitude, limit, meter);
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
        Query q = LatLonPoint.newBoxQuery(POINT, south, north, west, east);
        double centreLon = west <= east ? (west + east) / 2 : normalize((west + east + 360) / 2);
        return search(set, q, (south + north) / 2, centreLon, limit, meter);
    }

    /** One search; the matching documents beyond those returned count as extra items read. */
    private List<GeoHit> search(String set, Query shape, double lat, double lon, int limit, CostMeter meter) {
        Query q = new BooleanQuery.Builder().add(shape, BooleanClause.Occur.FILTER)
                .add(new TermQuery(new Term(SET, set)), BooleanClause.Occur.FILTER).build();
        Sort byDistance = new Sort(LatLonDocValuesField.newDistanceSort(POINT, lat, lon));
        meter.roundTrip();
        return reader.read(null, null, s -> {
            TopDocs top = s.search(q, limit, byDistance);
            StoredFields stored = s.storedFields();
            List<GeoHit> hits = new ArrayList<>();
            for (ScoreDoc hit : top.scoreDocs) {
                Document d = stored.document(hit.doc);
                double pLat = d.getField(LAT).numericValue().doubleValue();
                double pLon = d.getField(LON).numericValue().doubleValue();
                hits.add(new GeoHit(d.get(STORED_ID), pLat, pLon, SloppyMath.haversinMeters(lat, lon, pLat, pLon)));
            }
            hits.sort(Comparator.comparingDouble(GeoHit::distanceMeters).thenComparing(GeoHit::id));
            meter.extraItemsRead(Math.max(0, top.totalHits.value - hits.size()));
            return hits;
        });
    }

    private static double normalize(double lon) {
        return lon > 180 ? lon - 360 : lon;
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
