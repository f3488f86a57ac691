package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.geo.Circle;
import dev.nosqlpatterns.geo.GeoHash;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.geo.LatLonPolygon;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Geo search: points within a radius (100 m to 50 km) and within a box, found through a
 * geohash cover of the shape ({@link GeoIndex} cells), through the store's native geo search, and
 * through the classic centre cell plus its 8 neighbours at the finest geohash length whose cells are
 * no smaller than the radius. Points are uniform over a square near Paris: 2,000 on 1° × 1° in quick and
 * standard mode; 100,000 and 1,000,000 in full mode, on a square growing with the count (see {@link GeoPoints}).
 * Read amplification is items read ÷ points inside the shape, since the limit caps what is returned.
 * Also a concave polygon and the 10 nearest points, on the cover and natively. The quick mode searches
 * within {@link #QUICK_RADII} only, leaves the polygon out and compares the coverers on a quarter of the shapes.
 */
final class GeoFamily implements Family {
    static final double[] RADII = {100, 1_000, 10_000, 50_000};
    /** The radii of the quick mode: a small and a large circle, whose covers differ in how much they read. */
    static final double[] QUICK_RADII = {1_000, 10_000};
    /** Centres per latitude of the coverers' shapes in the quick mode (a quarter of {@link CoverComparison#CENTRES}). */
    static final int QUICK_COVER_CENTRES = 100;
    static final int QUICK_POINTS = 2_000;
    static final int[] FULL_POINTS = {100_000, 1_000_000};
    /** The most hits one search returns, for every technique. */
    static final int LIMIT = GeoIndex.MAX_LIMIT;
    /**
     * Why 1,000,000 points are skipped on DynamoDB Local: its own pace of writing, which hand-written batch writes
     * do not beat, makes loading and searching them take too long.
     */
    static final String DYNAMODB_LOCAL_MILLION =
            "DynamoDB Local took 20,000 points through GeoIndex.putAll at 1,263 to 1,382 points/s, and through"
                    + " hand-written BatchWriteItems of 25 (4 at a time) into the same layout at 792 to 1,052 (bulk"
                    + " family, 2026-12-07, 2 shared cores): 1,000,000 would take 12 to 13 minutes to load at the"
                    + " store's own pace, then about 10 s per 50 km 8-neighbour search (808 pages), over 20 minutes in"
                    + " all";
    /** Why large searches are skipped on the embedded MongoDB server: each range query's time grows with the data. */
    static final String EMBEDDED_MONGODB =
            "on the embedded MongoDB server each range query takes time growing with the collection: 0.35 s per query"
                    + " at 100,000 points (a 1 km geohash-cover search of 8 queries 2.7 s, measured 2026-11-22), so a"
                    + " 50 km search (67 to 207 pages) takes 25 to 75 s and its cell 10 to 30 minutes, and 1,000,000"
                    + " points ten times that; a real MongoDB given by NOSQLPATTERNS_MONGODB_URI runs these cells";

    @Override
    public String name() {
        return "geo";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        List<Candidate> out = new ArrayList<>();
        if (mode != Settings.Mode.FULL) {
            out.addAll(candidates(store, tables, QUICK_POINTS, false, mode.sampled));
        } else {
            for (int n : FULL_POINTS) {
                out.addAll(candidates(store, tables, n, true, false));
            }
        }
        out.addAll(coverCandidates(store, mode.sampled ? QUICK_COVER_CENTRES : CoverComparison.CENTRES));
        return out;
    }

    /** The searches of {@code n} points; {@code sampled}: of {@link #QUICK_RADII} only, without the polygon. */
    private static List<Candidate> candidates(Store store, Tables tables, int n, boolean full, boolean sampled) {
        String boxSlow = tooSlow(store.kind(), n, 0);
        Lazy<GeoPoints> data = new Lazy<>(() -> full ? GeoPoints.full(n) : GeoPoints.quick(n));
        Lazy<GeoIndex> cells = new Lazy<>(() -> timed(store, "geohash cover", n, () -> load(GeoIndex.builder(store,
                tables.next("geo_cells")).name("pts").strategy(GeoIndex.Strategy.CELLS).build(), data.get())));
        Lazy<GeoIndex> nativeGeo = new Lazy<>(() -> timed(store, "native geo", n, () -> load(GeoIndex.builder(store,
                tables.next("geo_native")).name("pts").strategy(GeoIndex.Strategy.NATIVE).build(), data.get())));
        Lazy<NeighbourCells> neighbours = new Lazy<>(() -> timed(store, "centre cell + 8 neighbours", n,
                () -> new NeighbourCells(store, tables.next("geo_nine"), data.get().points())));
        List<Candidate> out = new ArrayList<>();
        for (double radius : sampled ? QUICK_RADII : RADII) {
            String workload = "within " + (radius < 1000 ? (int) radius + " m" : (int) (radius / 1000) + " km")
                    + " (" + n + " points)";
            String slow = tooSlow(store.kind(), n, radius);
            out.add(candidate(workload, "geohash cover", slow, () -> radius("geohash cover", data.get(),
                    c -> ids(cells.get().withinRadius(c, radius, LIMIT)), radius)));
            out.add(nativeGeo(store, workload, slow, () -> radius("native geo", data.get(),
                    c -> ids(nativeGeo.get().withinRadius(c, radius, LIMIT)), radius)));
            out.add(candidate(workload, "centre cell + 8 neighbours", slow, () -> radius("centre cell + 8 neighbours",
                    data.get(), c -> neighbours.get().within(c, radius), radius)));
            out.add(candidate(workload, REFERENCE, slow, () -> centreCell(data.get(), neighbours.get(), radius)));
        }
        String box = "box of 0.1° × 0.1° (" + n + " points)";
        out.add(candidate(box, "geohash cover", boxSlow, () -> box("geohash cover", data.get(),
                b -> ids(cells.get().withinBox(b, LIMIT)))));
        out.add(nativeGeo(store, box, boxSlow, () -> box("native geo", data.get(), b -> ids(nativeGeo.get().withinBox(b, LIMIT)))));
        out.addAll(polygonAndNearest(store, n, boxSlow, data, cells, nativeGeo, sampled));
        return out;
    }

    /**
     * A reference, not a search: one range query (one call, one page of at most {@value #REFERENCE_ITEMS} items)
     * of the centre's cell in the centre-and-neighbours layout, whose latency a cover's is compared with. Its
     * answer is that page (checked), not the circle's points; recommendations leave it out.
     */
    static final String REFERENCE = "one range query (reference, not a search)";
    static final int REFERENCE_ITEMS = 100;

    private static CellSpec centreCell(GeoPoints data, NeighbourCells layout, double radius) {
        IntFunction<String> cellOf = i -> {
            LatLon c = data.centre(i);
            return GeoHash.toBase32(c.latitude(), c.longitude(), NeighbourCells.length(radius, c.latitude()));
        };
        return CellSpec.read(REFERENCE, GeoPoints.CENTRES, GeoPoints.CENTRES,
                i -> Answer.anyOrder(layout.cell(cellOf.apply(i))),
                i -> Answer.anyOrder(data.points().entrySet().stream()
                        .map(e -> GeoHash.toBase32(e.getValue().latitude(), e.getValue().longitude(), GeoHash.MAX_CHARS)
                                + "|" + e.getKey())
                        .filter(sortKey -> sortKey.startsWith(cellOf.apply(i))).sorted().limit(REFERENCE_ITEMS)
                        .map(sortKey -> sortKey.substring(sortKey.indexOf('|') + 1)).toList()), -1);
    }

    /** The k of the nearest-points workload. */
    static final int NEAREST_K = 10;

    /**
     * A concave polygon (a 14-vertex star about 0.12° across) around each centre, and the {@value #NEAREST_K}
     * nearest points to it: the geohash cover of the polygon or the rings of growing circles, against the
     * store's native search. Read amplification is items read ÷ points inside the polygon (÷ k for nearest).
     */
    private static List<Candidate> polygonAndNearest(Store store, int n, String tooSlow, Lazy<GeoPoints> data,
                                                     Lazy<GeoIndex> cells, Lazy<GeoIndex> nativeGeo, boolean sampled) {
        String polygon = "polygon, 14-vertex star of 0.12° (" + n + " points)";
        String nearest = NEAREST_K + " nearest (" + n + " points)";
        List<Candidate> out = new ArrayList<>();
        if (!sampled) {
            out.add(candidate(polygon, "geohash cover", tooSlow, () -> polygon("geohash cover", data.get(),
                    p -> ids(cells.get().withinPolygon(p, LIMIT)))));
            out.add(nativeGeo(store, polygon, tooSlow, () -> polygon("native geo", data.get(),
                    p -> ids(nativeGeo.get().withinPolygon(p, LIMIT)))));
        }
        out.add(candidate(nearest, "geohash cover", tooSlow, () -> nearest("geohash cover", data.get(),
                c -> ids(cells.get().nearest(c, NEAREST_K)))));
        out.add(nativeGeo(store, nearest, tooSlow, () -> nearest("native geo", data.get(),
                c -> ids(nativeGeo.get().nearest(c, NEAREST_K)))));
        out.add(candidate(nearest, "circles ×8, each read whole", tooSlow, () -> nearest("circles ×8, each read whole",
                data.get(), c -> ids(circles(cells.get(), c)))));
        return out;
    }

    /** The k nearest by radius searches of 1 km, 8 km, ...: each circle's cover read whole, the baseline of rings. */
    static List<GeoHit> circles(GeoIndex index, LatLon centre) {
        for (double radius = 1_000; ; radius *= 8) {
            List<GeoHit> hits = index.withinRadius(centre, Math.min(radius, 20_015_087), NEAREST_K);
            if (hits.size() >= NEAREST_K || radius >= 20_015_087) {
                return hits;
            }
        }
    }

    /** A star polygon around {@code centre}: 7 points 0.06° out, 7 notches 0.025° out, longitudes widened by 1/cos. */
    static LatLonPolygon star(LatLon centre) {
        List<LatLon> ring = new ArrayList<>();
        double stretch = 1 / Math.cos(Math.toRadians(centre.latitude()));
        for (int i = 0; i < 14; i++) {
            double r = i % 2 == 0 ? 0.06 : 0.025;
            double a = Math.PI * i / 7;
            ring.add(LatLon.of(centre.latitude() + r * Math.sin(a), centre.longitude() + r * Math.cos(a) * stretch));
        }
        ring.add(ring.get(0));
        return LatLonPolygon.of(ring);
    }

    /**
     * Computing covers, no store involved, so only on the memory store: the geohash cover and S2's
     * RegionCoverer on the same circles and boxes ({@link CoverComparison}: {@code centres} at each of its
     * latitudes for each radius, 4,800 of each at its 400 centres), each operation one
     * cover of the next shape. The check phase covers every shape and checks that each holds up to 8 points
     * of its shape (an answer lists the points missed: none). What each cover reads, its area over the
     * shape's (mean and 99th percentile), is computed here over the same shapes and named in the workload.
     */
    static List<Candidate> coverCandidates(Store store, int centres) {
        if (!store.kind().equals("memory")) {
            return List.of();
        }
        List<Candidate> out = new ArrayList<>();
        for (String kind : List.of("circle", "box")) {
            List<CoverComparison.Shape> shapes = CoverComparison.shapes(kind, CoverComparison.LATITUDES, centres);
            CoverComparison.Spread[] reads = CoverComparison.amplifications(shapes);
            String workload = String.format(Locale.ROOT, "cover of a %s, 8 ranges or cells (%,d shapes; reads ×%.2f mean,"
                    + " ×%.2f p99 by geohash cover, ×%.2f mean, ×%.2f p99 by S2)", kind, shapes.size(), reads[0].mean(),
                    reads[0].p99(), reads[1].mean(), reads[1].p99());
            out.add(Candidate.of(workload, "geohash cover", () -> cover("geohash cover", shapes, false)));
            out.add(Candidate.of(workload, "S2 RegionCoverer", () -> cover("S2 RegionCoverer", shapes, true)));
        }
        return out;
    }

    /** Results of timed covers, kept so that no cover is optimised away. */
    static long coverSink;

    private static CellSpec cover(String technique, List<CoverComparison.Shape> shapes, boolean s2) {
        int n = shapes.size();
        Answer none = Answer.anyOrder(List.of());
        return CellSpec.read(technique, n, n, i -> {
            CoverComparison.Shape shape = shapes.get(i % n);
            if (i < n) {
                return Answer.anyOrder(s2 ? shape.missedByS2() : shape.missedByGeohash());
            }
            coverSink += s2 ? shape.s2Cover().size() : shape.geohash().ranges().size();
            return none;
        }, i -> none, -1);
    }

    private static CellSpec polygon(String technique, GeoPoints data, Function<LatLonPolygon, List<String>> find) {
        IntFunction<List<String>> inside = i -> {
            LatLonPolygon p = star(data.centre(i));
            return data.points().entrySet().stream().filter(e -> p.contains(e.getValue())).map(Map.Entry::getKey).toList();
        };
        return CellSpec.read(technique, GeoPoints.CENTRES, GeoPoints.CENTRES,
                i -> Answer.anyOrder(find.apply(star(data.centre(i)))), i -> Answer.anyOrder(inside.apply(i)), -1)
                .withMatched(i -> inside.apply(i).size());
    }

    private static CellSpec nearest(String technique, GeoPoints data, Function<LatLon, List<String>> find) {
        IntFunction<List<String>> brute = i -> {
            LatLon c = data.centre(i);
            return data.points().entrySet().stream().sorted(java.util.Comparator
                            .<Map.Entry<String, LatLon>>comparingDouble(e -> c.distanceTo(e.getValue()))
                            .thenComparing(Map.Entry::getKey))
                    .limit(NEAREST_K).map(Map.Entry::getKey).toList();
        };
        return CellSpec.read(technique, GeoPoints.CENTRES, GeoPoints.CENTRES, i -> Answer.inOrder(find.apply(data.centre(i))),
                i -> Answer.inOrder(brute.apply(i)), -1).withMatched(i -> NEAREST_K);
    }

    /**
     * Why {@code n} points searched within {@code radius} (0 for the box) are skipped on an embedded store
     * that takes too long for them, or null; a store given by URI runs every cell.
     */
    static String tooSlow(String kind, int n, double radius) {
        String uri = System.getenv("NOSQLPATTERNS_" + kind.toUpperCase(Locale.ROOT) + "_URI");
        if (uri != null && !uri.isBlank()) {
            return null;
        }
        if (kind.equals("dynamodb") && n >= 1_000_000) {
            return DYNAMODB_LOCAL_MILLION;
        }
        return kind.equals("mongodb") && (n >= 1_000_000 || n >= 100_000 && radius >= 50_000) ? EMBEDDED_MONGODB : null;
    }

    private static Candidate candidate(String workload, String technique, String tooSlow, Supplier<CellSpec> setUp) {
        return tooSlow == null ? Candidate.of(workload, technique, setUp) : Candidate.skip(workload, technique, tooSlow);
    }

    private static Candidate nativeGeo(Store store, String workload, String tooSlow, Supplier<CellSpec> setUp) {
        return store.has(Capability.NATIVE_GEO) ? candidate(workload, "native geo", tooSlow, setUp)
                : Candidate.skip(workload, "native geo", "the store declares no native geo search");
    }

    private static GeoIndex load(GeoIndex index, GeoPoints data) {
        index.putAll(data.points());
        return index;
    }

    /** Runs a load and prints how long it took, the load time of the layout on this store. */
    private static <T> T timed(Store store, String layout, int n, Supplier<T> load) {
        long t0 = System.nanoTime();
        T loaded = load.get();
        double seconds = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "   load  %s / geo / %s: %d points in %.1f s (%.0f points/s)%n", store.kind(),
                layout, n, seconds, n / seconds);
        return loaded;
    }

    /**
     * A radius search; every technique returns (and the oracle expects) the {@value #LIMIT} nearest points
     * when more lie inside, nearest first, ties broken by id, as {@link GeoIndex} does.
     */
    private static CellSpec radius(String technique, GeoPoints data, Function<LatLon, List<String>> find, double radius) {
        IntFunction<Circle> circle = i -> new Circle(data.centre(i), radius);
        return CellSpec.read(technique, GeoPoints.CENTRES, GeoPoints.CENTRES,
                i -> Answer.anyOrder(find.apply(data.centre(i))),
                i -> Answer.anyOrder(nearest(circle.apply(i), data.inside(circle.apply(i)))), -1)
                .withMatched(i -> data.inside(circle.apply(i)).size());
    }

    /** The ids of the {@value #LIMIT} points nearest the circle's centre, nearest first, ties by id. */
    static List<String> nearest(Circle circle, List<Map.Entry<String, LatLon>> inside) {
        return inside.stream()
                .sorted(java.util.Comparator.<Map.Entry<String, LatLon>>comparingDouble(
                        e -> circle.distanceTo(e.getValue().latitude(), e.getValue().longitude()))
                        .thenComparing(Map.Entry::getKey))
                .limit(LIMIT).map(Map.Entry::getKey).toList();
    }

    private static CellSpec box(String technique, GeoPoints data, Function<LatLonBox, List<String>> find) {
        IntFunction<LatLonBox> boxOf = i -> {
            LatLon c = data.centre(i);
            return LatLonBox.of(c.latitude() - 0.05, c.longitude() - 0.05, c.latitude() + 0.05, c.longitude() + 0.05);
        };
        return CellSpec.read(technique, GeoPoints.CENTRES, GeoPoints.CENTRES, i -> Answer.anyOrder(find.apply(boxOf.apply(i))),
                i -> Answer.anyOrder(data.inside(boxOf.apply(i)).stream().map(Map.Entry::getKey).toList()), -1)
                .withMatched(i -> data.inside(boxOf.apply(i)).size());
    }

    static List<String> ids(List<GeoHit> hits) {
        return hits.stream().map(GeoHit::id).toList();
    }

    /**
     * The centre-cell-and-neighbours layout: each point an item in partition {@code <first 3 geohash
     * characters>}, sorted by its full geohash; a search reads the prefix of the cell holding the centre
     * and of its 8 neighbours, all at once, at the longest geohash whose cells are at least the radius wide
     * and high.
     */
    static final class NeighbourCells {
        static final int PARTITION_CHARS = 3;
        private static final int BATCH = 1_000;
        private final Store store;
        private final String table;

        NeighbourCells(Store store, String table, Map<String, LatLon> data) {
            this.store = store;
            this.table = table;
            store.createTable(TableSpec.named(table));
            List<Write> writes = new ArrayList<>(BATCH);
            for (Map.Entry<String, LatLon> e : data.entrySet()) {
                LatLon p = e.getValue();
                String hash = GeoHash.toBase32(p.latitude(), p.longitude(), GeoHash.MAX_CHARS);
                writes.add(Write.put(table, Item.builder(hash.substring(0, PARTITION_CHARS), hash + "|" + e.getKey())
                        .put("id", e.getKey()).put("lat", p.latitude() + "").put("lon", p.longitude() + "").build()));
                if (writes.size() == BATCH) {
                    store.writeBatch(writes);
                    writes.clear();
                }
            }
            store.writeBatch(writes);
        }

        /** Geohash length whose cells are at least {@code radius} metres in both directions at {@code lat}. */
        static int length(double radius, double lat) {
            for (int chars = GeoHash.MAX_CHARS; chars > 1; chars--) {
                int bits = 5 * chars;
                double heightMeters = 180.0 / (1L << (bits / 2)) * 111_195;
                double widthMeters = 360.0 / (1L << (bits - bits / 2)) * 111_195 * Math.cos(Math.toRadians(lat));
                if (heightMeters >= radius && widthMeters >= radius) {
                    return chars;
                }
            }
            return 1;
        }

        /** The ids of the first {@value #REFERENCE_ITEMS} points of {@code cell}: one range query, one page. */
        List<String> cell(String cell) {
            return store.query(Query.in(table, cell.substring(0, PARTITION_CHARS))
                    .where(SortKeyCondition.beginsWith(cell)).limit(REFERENCE_ITEMS)).items().stream()
                    .map(i -> i.getString("id").orElseThrow()).toList();
        }

        List<String> within(LatLon centre, double radius) {
            int chars = length(radius, centre.latitude());
            if (chars < PARTITION_CHARS) {
                throw new IllegalArgumentException("radius " + radius + " m needs cells wider than a partition of "
                        + PARTITION_CHARS + " geohash characters; this layout serves radii up to about 78 km");
            }
            String cell = GeoHash.toBase32(centre.latitude(), centre.longitude(), chars);
            List<String> cellsToRead = new ArrayList<>(GeoHash.neighbours(cell));
            cellsToRead.add(cell);
            Circle circle = new Circle(centre, radius);
            List<Map.Entry<String, LatLon>> out = new ArrayList<>();
            List<Query> queries = cellsToRead.stream().map(c -> Query.in(table, c.substring(0, PARTITION_CHARS))
                    .where(SortKeyCondition.beginsWith(c)).limit(500)).toList();
            for (List<Item> cellItems : store.queryEachAll(queries)) {
                cellItems.stream()
                        .map(i -> Map.entry(i.getString("id").orElseThrow(), LatLon.of(
                                Double.parseDouble(i.getString("lat").orElseThrow()),
                                Double.parseDouble(i.getString("lon").orElseThrow()))))
                        .filter(e -> circle.contains(e.getValue()))
                        .forEach(out::add);
            }
            return nearest(circle, out);
        }
    }
}
