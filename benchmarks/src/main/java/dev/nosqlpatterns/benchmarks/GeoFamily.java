package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.geo.Circle;
import dev.nosqlpatterns.geo.GeoHash;
import dev.nosqlpatterns.geo.GeoHit;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLon;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Capability;
import dev.nosqlpatterns.store.Query;
import dev.nosqlpatterns.store.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.TableSpec;
import dev.nosqlpatterns.store.Write;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Geo search (technique 6): points within a radius (100 m to 50 km) and within a box, found through a
 * geohash cover of the shape ({@link GeoIndex} cells), through the store's native geo search, and
 * through the classic centre cell plus its 8 neighbours at the finest geohash length whose cells are
 * no smaller than the radius. Points are spread uniformly over a 1° × 1° square around Paris.
 */
final class GeoFamily implements Family {
    static final double SOUTH = 48.4;
    static final double WEST = 1.8;
    static final double[] RADII = {100, 1_000, 10_000, 50_000};
    private static final int CENTRES = 4;
    /** The most hits one search returns, for every technique. */
    static final int LIMIT = GeoIndex.MAX_LIMIT;

    @Override
    public String name() {
        return "geo";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        int scale = mode.scale;
        int points = 2_000 * scale;
        Map<String, LatLon> data = points(points);
        Lazy<GeoIndex> cells = new Lazy<>(() -> load(GeoIndex.builder(store, tables.next("geo_cells")).name("pts")
                .strategy(GeoIndex.Strategy.CELLS).build(), data));
        Lazy<GeoIndex> nativeGeo = new Lazy<>(() -> load(GeoIndex.builder(store, tables.next("geo_native")).name("pts")
                .strategy(GeoIndex.Strategy.NATIVE).build(), data));
        Lazy<NeighbourCells> neighbours = new Lazy<>(() -> new NeighbourCells(store, tables.next("geo_nine"), data));
        List<Candidate> out = new ArrayList<>();
        for (double radius : RADII) {
            String workload = "within " + (radius < 1000 ? (int) radius + " m" : (int) (radius / 1000) + " km")
                    + " (" + points + " points)";
            out.add(Candidate.of(workload, "geohash cover", () -> radius("geohash cover", data,
                    c -> ids(cells.get().withinRadius(c, radius, LIMIT)), radius)));
            out.add(nativeGeo(store, workload, () -> radius("native geo", data,
                    c -> ids(nativeGeo.get().withinRadius(c, radius, LIMIT)), radius)));
            out.add(Candidate.of(workload, "centre cell + 8 neighbours", () -> radius("centre cell + 8 neighbours", data,
                    c -> neighbours.get().within(c, radius), radius)));
        }
        String box = "box of 0.1° × 0.1°";
        out.add(Candidate.of(box, "geohash cover", () -> box("geohash cover", data,
                b -> ids(cells.get().withinBox(b, LIMIT)))));
        out.add(nativeGeo(store, box, () -> box("native geo", data, b -> ids(nativeGeo.get().withinBox(b, LIMIT)))));
        return out;
    }

    private static Candidate nativeGeo(Store store, String workload, java.util.function.Supplier<CellSpec> setUp) {
        return store.has(Capability.NATIVE_GEO) ? Candidate.of(workload, "native geo", setUp)
                : Candidate.skip(workload, "native geo", "the store declares no native geo search");
    }

    static Map<String, LatLon> points(int n) {
        SplittableRandom random = new SplittableRandom(2024);
        Map<String, LatLon> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            out.put("p" + i, LatLon.of(SOUTH + random.nextDouble(), WEST + random.nextDouble()));
        }
        return out;
    }

    static LatLon centre(int i) {
        return LatLon.of(SOUTH + 0.2 + 0.15 * (i % CENTRES), WEST + 0.3 + 0.1 * (i % CENTRES));
    }

    private static GeoIndex load(GeoIndex index, Map<String, LatLon> data) {
        index.putAll(data);
        return index;
    }

    /**
     * A radius search; every technique returns (and the oracle expects) the {@value #LIMIT} nearest points
     * when more lie inside, nearest first, ties broken by id, as {@link GeoIndex} does.
     */
    private static CellSpec radius(String technique, Map<String, LatLon> data, Function<LatLon, List<String>> find,
                                   double radius) {
        return CellSpec.read(technique, CENTRES, CENTRES, i -> Answer.anyOrder(find.apply(centre(i))), i -> {
            Circle circle = new Circle(centre(i), radius);
            return Answer.anyOrder(nearest(circle, data.entrySet().stream().filter(e -> circle.contains(e.getValue()))
                    .map(e -> Map.entry(e.getKey(), e.getValue())).toList()));
        }, -1);
    }

    /** The ids of the {@value #LIMIT} points nearest the circle's centre, nearest first, ties by id. */
    static List<String> nearest(Circle circle, List<Map.Entry<String, LatLon>> inside) {
        return inside.stream()
                .sorted(java.util.Comparator.<Map.Entry<String, LatLon>>comparingDouble(
                        e -> circle.distanceTo(e.getValue().latitude(), e.getValue().longitude()))
                        .thenComparing(Map.Entry::getKey))
                .limit(LIMIT).map(Map.Entry::getKey).toList();
    }

    private static CellSpec box(String technique, Map<String, LatLon> data, Function<LatLonBox, List<String>> find) {
        Function<Integer, LatLonBox> boxOf = i -> {
            LatLon c = centre(i);
            return LatLonBox.of(c.latitude() - 0.05, c.longitude() - 0.05, c.latitude() + 0.05, c.longitude() + 0.05);
        };
        return CellSpec.read(technique, CENTRES, CENTRES, i -> Answer.anyOrder(find.apply(boxOf.apply(i))),
                i -> Answer.anyOrder(data.entrySet().stream().filter(e -> boxOf.apply(i).contains(e.getValue()))
                        .map(Map.Entry::getKey).toList()), -1);
    }

    static List<String> ids(List<GeoHit> hits) {
        return hits.stream().map(GeoHit::id).toList();
    }

    /**
     * The centre-cell-and-neighbours layout: each point an item in partition {@code <first 3 geohash
     * characters>}, sorted by its full geohash; a search reads the prefix of the cell holding the centre
     * and of its 8 neighbours, at the longest geohash whose cells are at least the radius wide and high.
     */
    static final class NeighbourCells {
        static final int PARTITION_CHARS = 3;
        private final Store store;
        private final String table;

        NeighbourCells(Store store, String table, Map<String, LatLon> data) {
            this.store = store;
            this.table = table;
            store.createTable(TableSpec.named(table));
            List<Write> writes = new ArrayList<>();
            data.forEach((id, p) -> {
                String hash = GeoHash.toBase32(p.latitude(), p.longitude(), GeoHash.MAX_CHARS);
                writes.add(Write.put(table, Item.builder(hash.substring(0, PARTITION_CHARS), hash + "|" + id)
                        .put("id", id).put("lat", p.latitude() + "").put("lon", p.longitude() + "").build()));
            });
            for (int from = 0; from < writes.size(); from += 100) {
                store.writeBatch(writes.subList(from, Math.min(writes.size(), from + 100)));
            }
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
            for (String c : cellsToRead) {
                store.queryAll(Query.in(table, c.substring(0, PARTITION_CHARS)).where(SortKeyCondition.beginsWith(c)).limit(500))
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
