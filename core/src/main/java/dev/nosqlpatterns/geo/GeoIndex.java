package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.load.BulkLoad;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.spi.NativeGeo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Points of ids, found by distance, box or polygon, and the k nearest: the geohash technique on any store, or the store's own geo
 * search where it has one.
 *
 * <p>Why: a key-value store cannot search two coordinates at once. With the {@link Strategy#CELLS}
 * strategy each point is an entry keyed by its geohash, grouped into partitions by the first
 * characters, and a search reads the few key ranges of a {@link GeoCover} of the circle, box or polygon, then
 * keeps only the points truly inside, sorted by distance. A point record per id remembers its cell, so
 * a move deletes the old entry; writes are atomic where the store allows and otherwise an ordered,
 * repairable sequence ({@link #verify()}, {@link #repair()}). Points live in <em>scopes</em>, such as a
 * category: a search in one scope reads only that scope's entries (points of one category near X),
 * which the cell key alone could not do. {@link Strategy#NATIVE} serves the same calls from
 * {@link NativeGeo}, so the two can be compared; both give the same, exact answers (the brute-force
 * answer over the points put, by {@link LatLon#distanceMeters}, nearest first, ties by id, a limit
 * keeping the first hits of that order), at every latitude and across the antimeridian.
 *
 * <pre>{@code
 * GeoIndex shops = GeoIndex.builder(store, "places").name("shops").build();
 * shops.put("bakery", "b-17", LatLon.of(48.8566, 2.3522));
 * List<GeoHit> near = shops.withinRadius("bakery", LatLon.of(48.85, 2.35), 2_000, 10);
 * }</pre>
 * Thread-safe; calls on one id from several threads or processes settle by optimistic concurrency.
 *
 * <p><b>Under concurrent writers</b> (no crash; cell strategy, with or without atomic writes): puts, moves and removes
 * of the same id from any number of threads or processes, interleaved at any store call, leave the
 * index exactly as the point records say once they have all returned or given up (a writer that keeps
 * losing races throws after {@link Builder#maxAttempts} attempts, having undone its own partial writes):
 * each point is found once, at its recorded position, removed points are not found, and
 * {@link #verify()} reports nothing; no repair is needed. While writes are in flight a search may see
 * an id at its old or its new position (with {@link Builder#verifiedReads} only where its record says).
 *
 * <p><b>Under crashes</b>: a writer that dies mid-write leaves, with atomic writes, the old or the new state
 * and nothing else. Without them it leaves the old or the new point record plus leftovers: an orphan
 * entry, or an old entry still to delete. Searches with verified reads never show them; plain searches
 * may show the point at the place it was moving from or to, or a just-removed point, until
 * {@link #repair()} removes them. {@link #verify()} counts them.
 * {@link #putAll} is not guarded against concurrent writes of the same ids and may also leave such
 * leftovers.
 *
 * <p><b>Expiry</b>: {@link #put(String, String, LatLon, Instant)} places a point that expires, say with the
 * item it locates ({@link Expiry}). From that instant on, by the store's clock, no search (radius, box,
 * polygon, k nearest) returns it, whether or not anything has removed it yet. On cells the entry and the
 * point record carry the expiry, so the store's reads leave them out at no cost and the store's own expiry
 * or sweep removes them. Natively the point's member in the store's geo set names its expiry, which the
 * search checks, asking the store again only when it dropped expired points from a full answer; the index
 * must be built with {@link Builder#expiringPoints}, which costs each native write one read more.
 * {@link #verify()} counts the expired points still stored ({@link GeoVerification#expired()}) and
 * {@link #repair()} removes them: on cells by the store's {@code countExpired} / {@code removeExpired} of the
 * index's table (one scan of it more), natively from the member records.
 */
public final class GeoIndex {
    /** Which implementation serves the index. */
    public enum Strategy {
        /** {@link #NATIVE} when the store has {@link Capability#NATIVE_GEO}, else {@link #CELLS}. */
        AUTO,
        /** Geohash-keyed items and range queries on the storage SPI; works on every store. */
        CELLS,
        /** The store's {@link NativeGeo}; fails to build on a store without it. */
        NATIVE
    }

    /** The most hits one search returns. */
    public static final int MAX_LIMIT = 10_000;
    private static final String UNSCOPED = "";

    private final String table;
    private final String name;
    private final Strategy strategy;
    private final CoverOptions coverOptions;
    private final Store store;
    private final CellKeys keys;
    private final GeoStrategy impl;
    private final boolean expiring;

    private GeoIndex(Builder b, Strategy resolved) {
        this.store = b.store;
        this.table = b.table;
        this.name = b.name;
        this.strategy = resolved;
        this.coverOptions = new CoverOptions(b.maxRanges, 5 * b.partitionChars, 60);
        this.keys = new CellKeys(name, b.partitionChars);
        this.expiring = b.expiringPoints;
        if (resolved == Strategy.NATIVE) {
            if (b.expiringPoints && !store.hasTable(table)) {
                store.createTable(TableSpec.named(table));
            }
            impl = new NativeStrategy(store, table, name, b.expiringPoints);
        } else {
            if (!store.hasTable(table)) {
                store.createTable(TableSpec.named(table));
            }
            impl = new CellStrategy(store, table, keys, coverOptions, b.verifiedReads, b.maxAttempts);
        }
    }

    /** A builder for an index in {@code table} (created when absent) of {@code store}. */
    public static Builder builder(Store store, String table) {
        return new Builder(store, table);
    }

    /** The strategy in use ({@link Strategy#AUTO} resolved). */
    public Strategy strategy() {
        return strategy;
    }

    /** Places the point of {@code id} (unscoped), moving it when it had one. */
    public void put(String id, LatLon point) {
        TechniqueCalls.run(store, "geo.put", table, () -> put(UNSCOPED, id, point, null, false));
    }

    /** Places the point of {@code id} in {@code scope}, moving it when it had one there. */
    public void put(String scope, String id, LatLon point) {
        TechniqueCalls.run(store, "geo.put", table, () -> put(scope, id, point, null, true));
    }

    /**
     * Places the unscoped point of {@code id}, which expires at {@code expiresAt} (truncated to milliseconds);
     * see {@link #put(String, String, LatLon, Instant)}.
     */
    public void put(String id, LatLon point, Instant expiresAt) {
        Objects.requireNonNull(expiresAt, "expiry instant must not be null");
        TechniqueCalls.run(store, "geo.put", table, () -> put(UNSCOPED, id, point, expiresAt, false));
    }

    /**
     * Places the point of {@code id} in {@code scope}, moving it when it had one there, until {@code expiresAt}
     * (truncated to milliseconds): from then on searches leave it out (see the class comment on expiry). A
     * later put without an expiry keeps the point for good.
     *
     * @throws IllegalArgumentException when the instant is outside {@link Expiry#EARLIEST} to {@link Expiry#LATEST}
     * @throws IllegalStateException    on the native strategy when the index was not built with
     *                                  {@link Builder#expiringPoints}
     */
    public void put(String scope, String id, LatLon point, Instant expiresAt) {
        Objects.requireNonNull(expiresAt, "expiry instant must not be null");
        TechniqueCalls.run(store, "geo.put", table, () -> put(scope, id, point, expiresAt, true));
    }

    private void put(String scope, String id, LatLon point, Instant expiresAt, boolean scoped) {
        List<String> problems = idProblems(scope, id, scoped);
        if (point == null) {
            problems.add("point must not be null");
        }
        if (expiresAt != null && (expiresAt.isBefore(Expiry.EARLIEST) || expiresAt.isAfter(Expiry.LATEST))) {
            problems.add("expiry instant " + expiresAt + " is outside " + Expiry.EARLIEST + " .. " + Expiry.LATEST);
        }
        GeoChecks.report(() -> "put of id " + quote(id) + (scoped ? " in scope " + quote(scope) : ""), problems);
        if (expiresAt != null && strategy == Strategy.NATIVE && !expiring) {
            throw new IllegalStateException("put of id " + quote(id) + " with expiry " + expiresAt + ": geo index '"
                    + name + "' uses the store's native geo search; build it with expiringPoints(true) to place "
                    + "points that expire");
        }
        impl.put(scope, id, point, expiresAt == null ? OptionalLong.empty() : OptionalLong.of(expiresAt.toEpochMilli()));
    }

    /**
     * Places many unscoped points, for loading: new ids are written with batch writes (entries first,
     * then point records), ids that already have a point are moved one by one as by {@link #put}.
     * Concurrent writes of the same ids may leave leftovers that {@link #repair()} removes.
     */
    public void putAll(Map<String, LatLon> points) {
        TechniqueCalls.run(store, "geo.putAll", table, () -> putAll(UNSCOPED, points, false));
    }

    /** Places many points of {@code scope}; see {@link #putAll(Map)}. */
    public void putAll(String scope, Map<String, LatLon> points) {
        TechniqueCalls.run(store, "geo.putAll", table, () -> putAll(scope, points, true));
    }

    /**
     * A load of more unscoped points than fit in memory, a window at a time, each window placed as by
     * {@link #putAll(Map)} (a later point of an id in one window wins): see {@link BulkLoad}. Nothing is read from
     * the stream before {@link BulkLoad#run()}.
     */
    public BulkLoad<Map.Entry<String, LatLon>> load(Stream<? extends Map.Entry<String, LatLon>> points) {
        return BulkLoad.of(store, points, window -> putAll(asMap(window)));
    }

    /** A load of many points of {@code scope}; see {@link #load(Stream)}. */
    public BulkLoad<Map.Entry<String, LatLon>> load(String scope, Stream<? extends Map.Entry<String, LatLon>> points) {
        return BulkLoad.of(store, points, window -> putAll(scope, asMap(window)));
    }

    private static Map<String, LatLon> asMap(List<Map.Entry<String, LatLon>> window) {
        Map<String, LatLon> points = new LinkedHashMap<>();
        window.forEach(e -> points.put(e.getKey(), e.getValue()));
        return points;
    }

    private void putAll(String scope, Map<String, LatLon> points, boolean scoped) {
        Objects.requireNonNull(points, "points must not be null");
        List<String> problems = new ArrayList<>();
        if (scoped) {
            text(problems, "scope", scope);
        }
        Map<String, LatLon> copy = new LinkedHashMap<>();
        points.forEach((id, point) -> {
            if (problems.size() < 10) {
                idProblems(scope, id, false).forEach(p -> problems.add("id " + quote(id) + ": " + p));
                if (point == null) {
                    problems.add("the point of id " + quote(id) + " must not be null");
                }
            }
            copy.put(id, point);
        });
        GeoChecks.report(() -> "putAll of " + points.size() + " points", problems);
        impl.putAll(scope, copy);
    }

    /** Removes the point of {@code id} (unscoped), if any. */
    public void remove(String id) {
        TechniqueCalls.run(store, "geo.remove", table, () -> remove(UNSCOPED, id, false));
    }

    /** Removes the point of {@code id} from {@code scope}, if any. */
    public void remove(String scope, String id) {
        TechniqueCalls.run(store, "geo.remove", table, () -> remove(scope, id, true));
    }

    private void remove(String scope, String id, boolean scoped) {
        GeoChecks.report(() -> "remove of id " + quote(id), idProblems(scope, id, scoped));
        impl.remove(scope, id);
    }

    /** Unscoped points within {@code radiusMeters} of {@code centre}, nearest first, at most {@code limit}. */
    public List<GeoHit> withinRadius(LatLon centre, double radiusMeters, int limit) {
        return TechniqueCalls.call(store, "geo.withinRadius", table,
                () -> withinRadius(UNSCOPED, centre, radiusMeters, limit, false));
    }

    /** Points of {@code scope} within {@code radiusMeters} of {@code centre}, nearest first, at most {@code limit}. */
    public List<GeoHit> withinRadius(String scope, LatLon centre, double radiusMeters, int limit) {
        return TechniqueCalls.call(store, "geo.withinRadius", table, () -> {
            return withinRadius(scope, centre, radiusMeters, limit, true);
        });
    }

    private List<GeoHit> withinRadius(String scope, LatLon centre, double radiusMeters, int limit, boolean scoped) {
        List<String> problems = searchProblems(scope, scoped, limit);
        if (centre == null) {
            problems.add("centre must not be null");
        }
        if (!(radiusMeters >= 0) || Double.isInfinite(radiusMeters)) {
            problems.add("radius must be a finite number of metres >= 0, got " + radiusMeters);
        }
        GeoChecks.report(() -> "radius search", problems);
        return impl.withinRadius(scope, new Circle(centre, radiusMeters), limit);
    }

    /**
     * The {@code k} unscoped points nearest to {@code centre}, nearest first (ties by id), or every point when
     * there are fewer: exact on every strategy, as a radius search is. Searches circles of growing radius
     * (1 km on the index's first search, later as wide as the density near the last search says {@code k}
     * points need; then wider as the density found so far suggests, 1.5 to 8 times, up to the whole sphere) until
     * one holds {@code k} points: every point outside it is then farther than those inside. The cell strategy
     * reads ring by ring (a ring's cover leaves out what the smaller circle's cover held whole, where its
     * ranges allow), so the guess of each circle, not the re-reading, sets the cost. The native one asks the store ({@link NativeGeo#nearest}): MongoDB's {@code $geoNear} and Lucene's
     * distance sort rank natively; Redis widens circles the same way over its geohash score ranges.
     * On cells, a {@code k} beyond the points near the centre (or beyond all points) widens the circle up to
     * the whole sphere, which reads one range per partition: 32^{@link Builder#partitionChars} queries
     * (32,768 with the default 3), so sparse global data wants fewer partition characters or the native strategy.
     *
     * @throws IllegalArgumentException when the centre is null or {@code k} is not 1 to {@value #MAX_LIMIT}
     */
    public List<GeoHit> nearest(LatLon centre, int k) {
        return TechniqueCalls.call(store, "geo.nearest", table, () -> nearest(UNSCOPED, centre, k, false));
    }

    /** The {@code k} points of {@code scope} nearest to {@code centre}; see {@link #nearest(LatLon, int)}. */
    public List<GeoHit> nearest(String scope, LatLon centre, int k) {
        return TechniqueCalls.call(store, "geo.nearest", table, () -> nearest(scope, centre, k, true));
    }

    private List<GeoHit> nearest(String scope, LatLon centre, int k, boolean scoped) {
        List<String> problems = searchProblems(scope, scoped, k);
        if (centre == null) {
            problems.add("centre must not be null");
        }
        GeoChecks.report(() -> "nearest search", problems);
        return impl.nearest(scope, centre, k);
    }

    /**
     * Unscoped points inside {@code box}, nearest to its centre first, at most {@code limit}. With the
     * native strategy and more than {@code limit} points inside, the store picks which are returned.
     */
    public List<GeoHit> withinBox(LatLonBox box, int limit) {
        return TechniqueCalls.call(store, "geo.withinBox", table, () -> withinBox(UNSCOPED, box, limit, false));
    }

    /** Points of {@code scope} inside {@code box}; see {@link #withinBox(LatLonBox, int)}. */
    public List<GeoHit> withinBox(String scope, LatLonBox box, int limit) {
        return TechniqueCalls.call(store, "geo.withinBox", table, () -> withinBox(scope, box, limit, true));
    }

    private List<GeoHit> withinBox(String scope, LatLonBox box, int limit, boolean scoped) {
        List<String> problems = searchProblems(scope, scoped, limit);
        if (box == null) {
            problems.add("box must not be null");
        }
        GeoChecks.report(() -> "box search", problems);
        return impl.withinBox(scope, box, limit);
    }

    /**
     * Unscoped points inside {@code polygon} (edges included, holes excluded, as {@link LatLonPolygon#contains}
     * decides), nearest to {@link LatLonPolygon#centre()} first (ties by id), at most {@code limit}. The cell
     * strategy reads the ranges of the polygon's {@link GeoCover}; the native one asks the store for the
     * points of the polygon (or of a region around it, where the store has no polygon search) and keeps those
     * inside. Either way the answer is exact, and a limit keeps the first hits of that order.
     */
    public List<GeoHit> withinPolygon(LatLonPolygon polygon, int limit) {
        return TechniqueCalls.call(store, "geo.withinPolygon", table,
                () -> withinPolygon(UNSCOPED, polygon, limit, false));
    }

    /** Points of {@code scope} inside {@code polygon}; see {@link #withinPolygon(LatLonPolygon, int)}. */
    public List<GeoHit> withinPolygon(String scope, LatLonPolygon polygon, int limit) {
        return TechniqueCalls.call(store, "geo.withinPolygon", table, () -> withinPolygon(scope, polygon, limit, true));
    }

    private List<GeoHit> withinPolygon(String scope, LatLonPolygon polygon, int limit, boolean scoped) {
        List<String> problems = searchProblems(scope, scoped, limit);
        if (polygon == null) {
            problems.add("polygon must not be null");
        }
        GeoChecks.report(() -> "polygon search", problems);
        return impl.withinPolygon(scope, polygon, limit);
    }

    /** Scans the index and counts what interrupted writes and expired points left behind, changing nothing. */
    public GeoVerification verify() {
        return TechniqueCalls.call(store, "geo.verify", table, () -> impl.audit(false));
    }

    /** Scans the index and fixes what interrupted writes left behind and removes expired points; idempotent. */
    public GeoVerification repair() {
        return TechniqueCalls.call(store, "geo.repair", table, () -> impl.audit(true));
    }

    private List<String> idProblems(String scope, String id, boolean scoped) {
        List<String> problems = new ArrayList<>();
        if (scoped) {
            text(problems, "scope", scope);
        }
        text(problems, "id", id);
        if (expiring && strategy == Strategy.NATIVE && id != null && id.indexOf(NativeMembers.SEPARATOR) >= 0) {
            problems.add("id " + quote(id) + " holds U+001F, which an index of expiring native points keeps "
                    + "between an id and its expiry");
        }
        if (problems.isEmpty() && strategy != Strategy.NATIVE) {
            problems.addAll(keys.tooLong(scope, id, store.limits()));
        }
        return problems;
    }

    private static List<String> searchProblems(String scope, boolean scoped, int limit) {
        List<String> problems = new ArrayList<>();
        if (scoped) {
            text(problems, "scope", scope);
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            problems.add("limit must be from 1 to " + MAX_LIMIT + ", got " + limit);
        }
        return problems;
    }

    private static void text(List<String> problems, String what, String value) {
        if (value == null) {
            problems.add(what + " must not be null");
        } else if (value.isEmpty()) {
            problems.add(what + " must not be empty");
        } else if (Utf8Order.firstUnpairedSurrogate(value) >= 0) {
            problems.add(what + " " + quote(value) + " has an unpaired surrogate at index "
                    + Utf8Order.firstUnpairedSurrogate(value));
        }
    }

    private static String quote(String s) {
        return s == null ? "null" : "'" + s + "'";
    }

    @Override
    public String toString() {
        return "GeoIndex[" + name + " in " + table + ", " + strategy + ", " + coverOptions + "]";
    }

    /** Settings of a {@link GeoIndex}; each setter checks its argument at once. */
    public static final class Builder {
        private final Store store;
        private final String table;
        private String name = "geo";
        private Strategy strategy = Strategy.AUTO;
        private int maxRanges = CoverOptions.DEFAULT.maxRanges();
        private int partitionChars = 3;
        private boolean verifiedReads;
        private int maxAttempts = 10;
        private boolean expiringPoints;

        private Builder(Store store, String table) {
            this.store = Objects.requireNonNull(store, "store must not be null");
            this.table = TableSpec.checkName(table);
        }

        /** Tells this index from others in the same table or store; default {@code geo}. */
        public Builder name(String indexName) {
            List<String> problems = new ArrayList<>();
            text(problems, "index name", indexName);
            GeoChecks.report(() -> "geo index", problems);
            this.name = indexName;
            return this;
        }

        /** Default {@link Strategy#AUTO}. */
        public Builder strategy(Strategy choice) {
            this.strategy = Objects.requireNonNull(choice, "strategy must not be null");
            return this;
        }

        /** The most range queries a search makes (more only when it spans more partitions); default 8. */
        public Builder maxRanges(int ranges) {
            this.maxRanges = GeoChecks.range("maxRanges", ranges, 1, 64);
            return this;
        }

        /**
         * Geohash characters in the partition key, 0 to 8; default 3 (cells about 156 km wide at the
         * equator). More spreads load over more partitions; fewer lets wide searches use fewer queries.
         */
        public Builder partitionChars(int chars) {
            this.partitionChars = GeoChecks.range("partitionChars", chars, 0, 8);
            return this;
        }

        /**
         * Whether searches check each hit against its point record (one batched read more), so that a
         * write interrupted without atomic writes never shows a point where it is not; default false.
         */
        public Builder verifiedReads(boolean verify) {
            this.verifiedReads = verify;
            return this;
        }

        /** Attempts of a put or remove that keeps losing races for the same id; default 10. */
        public Builder maxAttempts(int attempts) {
            this.maxAttempts = GeoChecks.range("maxAttempts", attempts, 1, 1000);
            return this;
        }

        /**
         * Whether points may be put with an expiry on the native strategy; default false. The cell strategy
         * takes expiring points either way. Natively each put and remove then reads one member record of
         * its id first (see the class comment on expiry), and ids may not hold U+001F.
         */
        public Builder expiringPoints(boolean expiring) {
            this.expiringPoints = expiring;
            return this;
        }

        /** The index; on {@link Strategy#NATIVE} fails when the store has no native geo search. */
        public GeoIndex build() {
            boolean hasNative = store.has(Capability.NATIVE_GEO);
            if (strategy == Strategy.NATIVE && !hasNative) {
                throw new UnsupportedCapabilityException(store.kind(), Capability.NATIVE_GEO,
                        "geo index '" + name + "' asks for the native strategy; use CELLS or AUTO");
            }
            Strategy resolved = strategy == Strategy.AUTO ? (hasNative ? Strategy.NATIVE : Strategy.CELLS) : strategy;
            return new GeoIndex(this, resolved);
        }
    }
}
