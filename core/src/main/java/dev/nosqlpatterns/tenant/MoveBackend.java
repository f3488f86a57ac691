package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.GeoVertex;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.TextSearch;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tenant's data while it moves between two tenancy handles: reads from the source until the switch, from the
 * target after it; writes to the source, each followed by the same change in the target (for an item, the
 * source's item copied over until a re-read finds it unchanged, so that whoever copies last copied the last
 * write), then, after the switch, to the target alone. A scan cursor names the side that issued it, so a scan
 * begun before the switch is refused after it instead of being read against the other side.
 */
final class MoveBackend implements StoreBackend {
    /** Where a call goes in the move's current phase. */
    enum Route {
        SOURCE,
        MIRROR,
        TARGET,
        /** Fenced: the write waits for the switch. */
        WAIT
    }

    private static final int COPY_ROUNDS = 8;
    private static final String SOURCE_TOKEN = "s";
    private static final String TARGET_TOKEN = "t";

    private final StoreBackend source;
    private final StoreBackend target;
    private final Routes routes;
    private final Capabilities capabilities;
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();

    MoveBackend(StoreBackend source, StoreBackend target, Routes routes) {
        this.source = source;
        this.target = target;
        this.routes = routes;
        this.capabilities = common(source.capabilities(), target.capabilities());
    }

    /** The guarantees both sides keep and the ports both have, routed by phase. */
    private Capabilities common(Capabilities s, Capabilities t) {
        Capabilities.Builder b = Capabilities.builder();
        s.all().stream().filter(c -> !ScopedBackend.PORTS.contains(c) && t.has(c)).forEach(b::with);
        if (s.nativeIndexes().isPresent() && t.nativeIndexes().isPresent()) {
            b.nativeIndexes((read, meter) -> readSide().capabilities().nativeIndexes().orElseThrow().read(read, meter));
        }
        if (s.nativeGeo().isPresent() && t.nativeGeo().isPresent()) {
            b.nativeGeo(new Geo());
        }
        if (s.textSearch().isPresent() && t.textSearch().isPresent()) {
            b.textSearch(new Search());
        }
        if (s.nestedDocuments().isPresent() && t.nestedDocuments().isPresent()) {
            b.nestedDocuments((table, list, fields, limit, meter) -> readSide().capabilities().nestedDocuments()
                    .orElseThrow().findByElement(table, list, fields, limit, meter));
        }
        if (s.linkedReads().isPresent() && t.linkedReads().isPresent()) {
            b.linkedReads((read, meter) -> readSide().capabilities().linkedReads().orElseThrow().follow(read, meter));
        }
        return b.withoutFootprints().build();
    }

    /** Writes through this backend that have chosen their route and not yet returned. */
    int writesInFlight() {
        return inFlight.get();
    }

    /** Runs a write with the route the phase gives it, counted in flight until it returns. */
    private <T> T routed(java.util.function.Function<Route, T> write) {
        while (true) {
            inFlight.incrementAndGet();
            try {
                Route route = routes.writes();
                if (route != Route.WAIT) {
                    return write.apply(route);
                }
            } finally {
                inFlight.decrementAndGet();
            }
            routes.awaitSwitch();
        }
    }

    private StoreBackend readSide() {
        return routes.reads() == Route.TARGET ? target : source;
    }

    /** Copies the source's item at {@code key} to the target until a re-read of the source finds it unchanged. */
    void copy(String table, Key key, CostMeter meter) {
        Optional<Item> seen = source.get(table, key, meter);
        for (int round = 0; round < COPY_ROUNDS; round++) {
            if (seen.isPresent()) {
                target.put(Write.put(table, seen.get()), meter);
            } else {
                target.delete(Write.delete(table, key), meter);
            }
            Optional<Item> again = source.get(table, key, meter);
            if (again.equals(seen)) {
                return;
            }
            seen = again;
        }
        // Written faster than it can be copied: the verification under the fence copies it once writes stop.
    }

    private void followWrites(List<Write> done, CostMeter meter) {
        for (Write w : done) {
            if (!(w instanceof Write.Check)) {
                copy(w.table(), keyOf(w), meter);
            }
        }
    }

    private static Key keyOf(Write w) {
        if (w instanceof Write.Put p) {
            return p.item().key();
        }
        if (w instanceof Write.Delete d) {
            return d.key();
        }
        if (w instanceof Write.Update u) {
            return u.key();
        }
        return ((Write.Check) w).key();
    }

    @Override
    public String kind() {
        return source.kind();
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public Limits limits() {
        Limits s = source.limits();
        Limits t = target.limits();
        return new Limits(Math.min(s.maxItemBytes(), t.maxItemBytes()),
                Math.min(s.maxPartitionKeyBytes(), t.maxPartitionKeyBytes()),
                Math.min(s.maxSortKeyBytes(), t.maxSortKeyBytes()),
                Math.min(s.maxAtomicWriteItems(), t.maxAtomicWriteItems()),
                Math.min(s.maxAtomicWriteBytes(), t.maxAtomicWriteBytes()));
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        onSides(b -> b.createTable(spec, meter));
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        onSides(b -> b.dropTable(table, meter));
    }

    /** A change made on the source and, while mirroring, the target, or on the target alone after the switch. */
    private void onSides(java.util.function.Consumer<StoreBackend> change) {
        routed(route -> {
            if (route != Route.TARGET) {
                change.accept(source);
            }
            if (route != Route.SOURCE) {
                change.accept(target);
            }
            return null;
        });
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return readSide().get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return readSide().getAll(refs, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return readSide().query(query, meter);
    }

    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        return readSide().queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        boolean fromTarget = routes.reads() == Route.TARGET;
        String side = fromTarget ? TARGET_TOKEN : SOURCE_TOKEN;
        Optional<String> token = scan.token().map(t -> {
            if (!t.startsWith(side)) {
                throw new IllegalArgumentException("this scan cursor was issued before the tenant moved to its new "
                        + "store; start the scan again");
            }
            return t.substring(1);
        });
        ScanResult page = (fromTarget ? target : source).scan(new ScanRequest(scan.table(), scan.segment(),
                scan.totalSegments(), scan.limit(), token), meter);
        return new ScanResult(page.items(), page.nextToken().map(t -> side + t));
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        write(List.of(put), () -> source.put(put, meter), () -> target.put(put, meter), meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        write(List.of(delete), () -> source.delete(delete, meter), () -> target.delete(delete, meter), meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return routed(route -> {
            if (route == Route.TARGET) {
                return target.update(update, meter);
            }
            Item updated = source.update(update, meter);
            if (route == Route.MIRROR) {
                copy(update.table(), update.key(), meter);
            }
            return updated;
        });
    }

    @Override
    public void writeBatch(List<Write> batch, CostMeter meter) {
        write(batch, () -> source.writeBatch(batch, meter), () -> target.writeBatch(batch, meter), meter);
    }

    @Override
    public void writeAtomically(List<Write> group, CostMeter meter) {
        write(group, () -> source.writeAtomically(group, meter), () -> target.writeAtomically(group, meter), meter);
    }

    @Override
    public List<Boolean> writeEach(List<Write> writes, CostMeter meter) {
        List<List<Boolean>> applied = new ArrayList<>(1);
        write(writes, () -> applied.add(source.writeEach(writes, meter)),
                () -> applied.add(target.writeEach(writes, meter)), meter);
        return applied.get(0);
    }

    private void write(List<Write> done, Runnable toSource, Runnable toTarget, CostMeter meter) {
        routed(route -> {
            if (route == Route.TARGET) {
                toTarget.run();
            } else {
                toSource.run();
                if (route == Route.MIRROR) {
                    followWrites(done, meter);
                }
            }
            return null;
        });
    }

    @Override
    public void close() {
        // Both sides belong to the stores the move was made from.
    }

    /** Native geo sets: points put and removed on both sides in the call's order, searched on the read side. */
    private final class Geo implements NativeGeo {
        private NativeGeo of(StoreBackend side) {
            return side.capabilities().nativeGeo().orElseThrow();
        }

        private void write(java.util.function.Consumer<NativeGeo> change) {
            onSides(side -> change.accept(of(side)));
        }

        @Override
        public void putPoints(String set, List<GeoPoint> points, CostMeter meter) {
            write(g -> g.putPoints(set, points, meter));
        }

        @Override
        public void removePoint(String set, String id, CostMeter meter) {
            write(g -> g.removePoint(set, id, meter));
        }

        @Override
        public void dropSet(String set, CostMeter meter) {
            write(g -> g.dropSet(set, meter));
        }

        @Override
        public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters, int limit,
                                         CostMeter meter) {
            return of(readSide()).withinRadius(set, latitude, longitude, radiusMeters, limit, meter);
        }

        @Override
        public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                      CostMeter meter) {
            return of(readSide()).withinBox(set, south, west, north, east, limit, meter);
        }

        @Override
        public List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter) {
            return of(readSide()).withinPolygon(set, rings, limit, meter);
        }

        @Override
        public List<GeoHit> nearest(String set, double latitude, double longitude, int k, CostMeter meter) {
            return of(readSide()).nearest(set, latitude, longitude, k, meter);
        }
    }

    /** Text indexes: documents indexed and deleted on both sides in the call's order, searched on the read side. */
    private final class Search implements TextSearch {
        private TextSearch of(StoreBackend side) {
            return side.capabilities().textSearch().orElseThrow();
        }

        private void write(java.util.function.Consumer<TextSearch> change) {
            onSides(side -> change.accept(of(side)));
        }

        @Override
        public void indexDocument(String index, String id, Map<String, String> fields, CostMeter meter) {
            write(s -> s.indexDocument(index, id, fields, meter));
        }

        @Override
        public void deleteDocument(String index, String id, CostMeter meter) {
            write(s -> s.deleteDocument(index, id, meter));
        }

        @Override
        public void dropIndex(String index, CostMeter meter) {
            write(s -> s.dropIndex(index, meter));
        }

        @Override
        public List<String> searchPhrase(String index, String field, String phrase, int slop, int limit,
                                         CostMeter meter) {
            return of(readSide()).searchPhrase(index, field, phrase, slop, limit, meter);
        }
    }

    /** Where the move's current phase sends reads and writes. */
    interface Routes {
        /** {@link Route#SOURCE} or {@link Route#TARGET}. */
        Route reads();

        /** Where a write goes now; {@link Route#WAIT} while the move is fenced. */
        Route writes();

        /** Waits, not counted in flight, until the fence is lifted or the wait times out (then throws). */
        void awaitSwitch();
    }
}
