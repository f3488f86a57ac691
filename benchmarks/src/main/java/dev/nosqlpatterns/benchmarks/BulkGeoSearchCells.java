package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.benchmarks.overhead.Baselines;
import dev.nosqlpatterns.benchmarks.overhead.Loader;
import dev.nosqlpatterns.geo.Circle;
import dev.nosqlpatterns.geo.GeoHash;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.GeoVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.SearchVerification;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.Predicate;

/**
 * The bulk family's loads of the geo index and the inverted search: {@code N} points ({@link GeoPoints#full}: about
 * 3 per km²) into a cell {@link GeoIndex} by {@link GeoIndex#putAll}, and {@code N} documents (as the inverted-search
 * family makes them) into an {@link InvertedSearch} by {@link InvertedSearch#indexAll}, each in chunks of
 * {@value BulkLoadCells#CHUNK} into fresh tables per load (created before the load is timed). Why: loading a data set
 * is the first thing done with either technique, and its cost decides how often one can rebuild.
 *
 * <p>Both are also loaded by hand with the store's official driver ({@link Loader#write}) into the technique's
 * physical layout: per point, an entry in its cell's partition and a point record, with the same coordinates and
 * write token, written blind into the fresh table (the library's {@code putAll} first reads the point records of
 * the chunk to move the ids that have one); the documents as {@link HandSearchLoad} writes them.
 *
 * <p>One operation is one whole load; throughput is items per second. Every load is read back through the
 * library, untimed, whichever wrote it: the geo index's {@code verify()} must count {@code N} entries and {@code N}
 * point records and no drift, and radius searches of {@value #RADIUS_METRES} m around the data set's
 * {@value GeoPoints#CENTRES} centres must return the brute-force answer over the loaded points, nearest first; the
 * search's {@code verify()} must read {@code N} rows and find no drift, its {@code size()} must be {@code N}, four
 * term queries must return exactly the documents a filter over the loaded ones keeps, and three documents looked up
 * by their ids (through the id dictionary) must be the loaded ones. Round trips: the store's
 * cost reports for the library, the requests the loader sent for the hand-written load (printed on the console's
 * {@code load} lines and kept in the family's notes).
 */
final class BulkGeoSearchCells {
    static final String GEO_TECHNIQUE = "putAll (GeoIndex, cells)";
    static final String SEARCH_TECHNIQUE = "indexAll (InvertedSearch)";
    static final String HAND_WRITTEN = BulkLoadCells.HAND_WRITTEN;
    static final String NAME = "pts";
    static final double RADIUS_METRES = 2_000;
    /** The cell strategy's layout, as its package documents it: (kind, index, scope, first geohash characters). */
    private static final CompositeKeyCodec PARTITION = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.STRING, SegmentType.STRING);
    private static final CompositeKeyCodec SORT = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);
    private static final int PARTITION_CHARS = 3;

    private BulkGeoSearchCells() {
    }

    static String geoWorkload(int n) {
        return String.format(Locale.ROOT, "load %,d points into a geo index", n);
    }

    static String searchWorkload(int n) {
        return String.format(Locale.ROOT, "load %,d documents into an inverted search", n);
    }

    /** Why the hand-written geo and search loads cannot run on a store of {@code kind}, if they cannot. */
    static Optional<String> handSkipReason(String kind) {
        return switch (kind) {
            case "redis", "cassandra", "mongodb", "dynamodb" -> Optional.empty();
            case "memory" -> Optional.of("the in-memory store has no driver to write with by hand");
            case "lucene" -> Optional.of("a Lucene store reads through a searcher only it refreshes, after its own"
                    + " writes: items written by hand into the runner's index would stay unseen by the library's"
                    + " read-back, and no geo or search load into an index of its own is written");
            default -> Optional.of("no hand-written bulk write for the " + kind + " store");
        };
    }

    /** The geo and search cells on {@code store}: the library's loads and the hand-written ones (or their skips). */
    static List<Family.Candidate> candidates(Store store, String address, Family.Tables tables, int n, int prepared,
                                             List<Runnable> cleanUp, Map<String, String> notes) {
        List<Family.Candidate> out = new ArrayList<>();
        String geo = geoWorkload(n);
        out.add(Family.Candidate.of(geo, GEO_TECHNIQUE, () -> geoCell(GEO_TECHNIQUE, store, tables, n, prepared, notes,
                putAll(store), "GeoIndex.putAll per chunk of " + BulkLoadCells.CHUNK)));
        Optional<String> noHand = handSkipReason(store.kind());
        java.util.function.Supplier<Loader> driver = () -> {
            Loader loader = Baselines.loader(store.kind(), address).orElseThrow();
            cleanUp.add(loader::close);
            return loader;
        };
        out.add(noHand.isPresent() ? Family.Candidate.skip(geo, HAND_WRITTEN, noHand.get())
                : Family.Candidate.of(geo, HAND_WRITTEN, () -> {
                    Loader loader = driver.get();
                    return geoCell(HAND_WRITTEN, store, tables, n, prepared, notes, geoByHand(loader), geoHow(loader));
                }));
        String search = searchWorkload(n);
        out.add(Family.Candidate.of(search, SEARCH_TECHNIQUE, () -> searchCell(SEARCH_TECHNIQUE, store, tables, n,
                prepared, notes, indexAll(store), "InvertedSearch.indexAll per chunk of " + BulkLoadCells.CHUNK)));
        out.add(noHand.isPresent() ? Family.Candidate.skip(search, HAND_WRITTEN, noHand.get())
                : Family.Candidate.of(search, HAND_WRITTEN, () -> {
                    Loader loader = driver.get();
                    return searchCell(HAND_WRITTEN, store, tables, n, prepared, notes, searchByHand(loader),
                            HandSearchLoad.how(loader));
                }));
        return out;
    }

    /** One load of the points into a fresh index; returns the round trips (requests) it took. */
    @FunctionalInterface
    interface GeoLoad {
        long run(GeoIndex index, String table, Map<String, LatLon> points);
    }

    /** One load of the documents into a fresh search in the two tables named; returns the round trips it took. */
    @FunctionalInterface
    interface SearchLoad {
        long run(InvertedSearch search, String postingsTable, String directTable, List<Document> documents);
    }

    private record GeoTarget(GeoIndex index, String table) {
    }

    private record SearchTarget(InvertedSearch search, String postingsTable, String directTable) {
    }

    /** The cell index the geo family builds, in {@code table} (created by its builder). */
    static GeoIndex geoIndex(Store store, String table) {
        return GeoIndex.builder(store, table).name(NAME).strategy(GeoIndex.Strategy.CELLS).build();
    }

    /** A geo load cell: operation {@code i} loads the points into the table of load {@code i}. */
    static CellSpec geoCell(String technique, Store store, Family.Tables tables, int n, int prepared,
                            Map<String, String> notes, GeoLoad load, String how) {
        GeoPoints data = GeoPoints.full(n);
        IntFunction<GeoTarget> at = prepare(prepared, i -> {
            String table = tables.next("geo_load");
            return new GeoTarget(geoIndex(store, table), table);
        });
        CellSpec.Operation op = i -> {
            GeoTarget t = at.apply(i);
            timed(store, technique, "points", n, notes, how, () -> load.run(t.index(), t.table(), data.points()));
            return null;
        };
        return new CellSpec(technique, 1, 1, op, i -> geoOracle(data), i -> geoReadBack(at.apply(i).index(), data), n,
                n, -1);
    }

    /** The library's geo load: {@link GeoIndex#putAll} per chunk; its round trips as the store reports them. */
    static GeoLoad putAll(Store store) {
        return (index, table, points) -> metered(store, () -> {
            for (Map<String, LatLon> chunk : chunks(points)) {
                index.putAll(chunk);
            }
        });
    }

    /** The hand-written geo load: per chunk the entries, then the point records, with the driver's bulk write. */
    static GeoLoad geoByHand(Loader loader) {
        return (index, table, points) -> {
            long requests = 0;
            for (Map<String, LatLon> chunk : chunks(points)) {
                List<Item> entries = new ArrayList<>(chunk.size());
                List<Item> records = new ArrayList<>(chunk.size());
                chunk.forEach((id, p) -> {
                    String cell = GeoHash.toBase32(p.latitude(), p.longitude(), GeoHash.MAX_CHARS);
                    long token = ThreadLocalRandom.current().nextLong();
                    entries.add(Item.builder(PARTITION.encode("geo.cell", NAME, "", cell.substring(0, PARTITION_CHARS)),
                            SORT.encode(cell, id)).put("lat", Value.of(p.latitude())).put("lon", Value.of(p.longitude()))
                            .put("w", token).build());
                    records.add(Item.builder(PARTITION.encode("geo.point", NAME, "", id), "point").put("cell", cell)
                            .put("lat", Value.of(p.latitude())).put("lon", Value.of(p.longitude())).put("w", token)
                            .build());
                });
                requests += loader.write(table, entries) + loader.write(table, records);
            }
            return requests;
        };
    }

    private static String geoHow(Loader loader) {
        String write = loader.howScanAndWrite();
        int at = write.indexOf("write: ");
        return "entries, then point records, per chunk of " + BulkLoadCells.CHUNK + "; "
                + (at >= 0 ? write.substring(at) : write);
    }

    private static List<Map<String, LatLon>> chunks(Map<String, LatLon> points) {
        List<Map<String, LatLon>> out = new ArrayList<>();
        Map<String, LatLon> chunk = new LinkedHashMap<>();
        for (Map.Entry<String, LatLon> e : points.entrySet()) {
            chunk.put(e.getKey(), e.getValue());
            if (chunk.size() == BulkLoadCells.CHUNK) {
                out.add(chunk);
                chunk = new LinkedHashMap<>();
            }
        }
        if (!chunk.isEmpty()) {
            out.add(chunk);
        }
        return out;
    }

    /** What the library reads back: the verify, then the radius searches. */
    static Answer geoReadBack(GeoIndex index, GeoPoints data) {
        List<String> out = new ArrayList<>(List.of(describe(index.verify())));
        for (int c = 0; c < GeoPoints.CENTRES; c++) {
            List<GeoHit> hits = index.withinRadius(data.centre(c), RADIUS_METRES, GeoIndex.MAX_LIMIT);
            out.add("centre " + c + ": " + hits.stream().map(GeoHit::id).toList());
        }
        return Answer.inOrder(out);
    }

    static Answer geoOracle(GeoPoints data) {
        int n = data.points().size();
        List<String> out = new ArrayList<>(List.of(describe(new GeoVerification(n, n, 0, 0, 0, 0, false))));
        for (int c = 0; c < GeoPoints.CENTRES; c++) {
            Circle circle = new Circle(data.centre(c), RADIUS_METRES);
            out.add("centre " + c + ": " + GeoFamily.nearest(circle, data.inside(circle)));
        }
        return Answer.inOrder(out);
    }

    private static String describe(GeoVerification v) {
        return "verify checked " + v.entries() + " entries and " + v.points() + " points: " + v.staleEntries()
                + " stale, " + v.missingEntries() + " missing, " + v.unfinishedMoves() + " unfinished, " + v.expired()
                + " expired";
    }

    /** A search load cell: operation {@code i} loads the documents into the tables of load {@code i}. */
    static CellSpec searchCell(String technique, Store store, Family.Tables tables, int n, int prepared,
                               Map<String, String> notes, SearchLoad load, String how) {
        List<InvertedSearchFamily.Doc> docs = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            docs.add(InvertedSearchFamily.Doc.of(k));
        }
        List<Document> documents = docs.stream().map(InvertedSearchFamily.Doc::document).toList();
        IntFunction<SearchTarget> at = prepare(prepared, i -> {
            String postings = tables.next("search_postings");
            String direct = tables.next("search_direct");
            return new SearchTarget(InvertedSearch.builder(store, postings, direct).build(), postings, direct);
        });
        CellSpec.Operation op = i -> {
            SearchTarget t = at.apply(i);
            timed(store, technique, "documents", n, notes, how, () -> load.run(t.search(), t.postingsTable(),
                    t.directTable(), documents));
            return null;
        };
        return new CellSpec(technique, 1, 1, op, i -> searchOracle(docs), i -> searchReadBack(at.apply(i).search(), n),
                n, n, -1);
    }

    /** The library's search load: {@link InvertedSearch#indexAll} per chunk; its round trips as the store reports. */
    static SearchLoad indexAll(Store store) {
        return (search, postings, direct, documents) -> metered(store, () -> {
            for (int from = 0; from < documents.size(); from += BulkLoadCells.CHUNK) {
                search.indexAll(documents.subList(from, Math.min(documents.size(), from + BulkLoadCells.CHUNK)));
            }
        });
    }

    /** The hand-written search load with {@code loader} ({@link HandSearchLoad}). */
    static SearchLoad searchByHand(Loader loader) {
        return (search, postings, direct, documents) -> HandSearchLoad.load(loader, postings, direct, documents);
    }

    private record TermQuery(String field, String value, Predicate<InvertedSearchFamily.Doc> oracle) {
    }

    private static final List<TermQuery> TERMS = List.of(
            new TermQuery("country", "c1", d -> d.country() == 1),
            new TermQuery("device", "d2", d -> d.device() == 2),
            new TermQuery("tag", "t3", d -> d.tags().contains(3)),
            new TermQuery("tag", "t19", d -> d.tags().contains(19)));

    /**
     * What the library reads back: the verify, the size, the term queries' documents (sorted), and three documents
     * by their ids (through the dictionary).
     */
    static Answer searchReadBack(InvertedSearch search, int n) {
        List<String> out = new ArrayList<>(List.of(describe(search.verify()), "size " + search.size()));
        for (TermQuery q : TERMS) {
            out.add(q.field() + "=" + q.value() + " " + search.documentIds(search.find(Criteria.has(q.field(),
                    q.value())), n).stream().sorted().toList());
        }
        for (int k : sampleDocuments(n)) {
            String id = InvertedSearchFamily.Doc.of(k).id();
            out.add(id + " " + search.document(id).map(BulkGeoSearchCells::describe).orElse("none"));
        }
        return Answer.inOrder(out);
    }

    private static int[] sampleDocuments(int n) {
        return new int[] {0, n / 2, n - 1};
    }

    private static String describe(Document d) {
        Map<String, List<String>> fields = new java.util.TreeMap<>();
        d.fields().forEach((f, values) -> fields.put(f, values.stream().sorted().toList()));
        return fields.toString();
    }

    static Answer searchOracle(List<InvertedSearchFamily.Doc> docs) {
        List<String> out = new ArrayList<>(List.of(describe(new SearchVerification(docs.size(), 0, 0, 0, 0, 0, 0)),
                "size " + docs.size()));
        for (TermQuery q : TERMS) {
            out.add(q.field() + "=" + q.value() + " " + docs.stream().filter(q.oracle()).map(InvertedSearchFamily.Doc::id)
                    .sorted().toList());
        }
        for (int k : sampleDocuments(docs.size())) {
            out.add(docs.get(k).id() + " " + describe(docs.get(k).document()));
        }
        return Answer.inOrder(out);
    }

    private static String describe(SearchVerification v) {
        return "verify read " + v.documents() + " documents: " + v.missingPostings() + " missing, " + v.stalePostings()
                + " stale, " + v.wrongCounts() + " wrong counts, " + v.pendingDocuments() + " pending";
    }

    /** The set-up of load {@code i}, made once; the first {@code prepared} made now (before anything is timed). */
    private static <T> IntFunction<T> prepare(int prepared, IntFunction<T> make) {
        Map<Integer, T> made = new ConcurrentHashMap<>();
        IntFunction<T> at = i -> made.computeIfAbsent(i, make::apply);
        for (int i = 0; i < prepared; i++) {
            at.apply(i);
        }
        return at;
    }

    /** Runs {@code load}, counting the round trips the store reports meanwhile. */
    private static long metered(Store store, Runnable load) {
        AtomicLong roundTrips = new AtomicLong();
        Store.Registration registration = store.onCost(c -> roundTrips.addAndGet(c.roundTrips()));
        try {
            load.run();
        } finally {
            registration.close();
        }
        return roundTrips.get();
    }

    /** Times a load, prints its rate and round trips as a {@code load} line and keeps them in the notes. */
    private static void timed(Store store, String technique, String what, int n, Map<String, String> notes, String how,
                              java.util.function.LongSupplier load) {
        long start = System.nanoTime();
        long requests = load.getAsLong();
        double seconds = (System.nanoTime() - start) / 1e9;
        String line = String.format(Locale.ROOT, "%,d %s in %.2f s (%,.0f %s/s), %,d round trips (%.4f per item); %s",
                n, what, seconds, n / Math.max(seconds, 1e-9), what, requests, (double) requests / n, how);
        System.out.printf(Locale.ROOT, "   load  %s / bulk, %s: %s%n", store.kind(), technique, line);
        notes.put(technique + ", " + what, line);
    }
}
