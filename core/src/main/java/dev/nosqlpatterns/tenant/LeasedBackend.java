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
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A tenant's handle as an application holds it: every call that writes (items, tables, native geo points, text
 * documents) is admitted by the handle's {@link TenantLease.Handle lease} before it goes to the tenant's view, so
 * that a handle whose tenant was off-boarded, here or in another process, writes nothing that off-boarding could no
 * longer find. Reads go through unchecked: they create nothing, and reading what is left through the handle that
 * reached the tenant is how an off-boarding is checked. Off-boarding itself removes the tenant's data through a view
 * without a lease.
 */
final class LeasedBackend implements StoreBackend {
    private final StoreBackend view;
    private final TenantLease.Handle lease;
    private final Capabilities capabilities;

    LeasedBackend(StoreBackend view, TenantLease.Handle lease) {
        this.view = view;
        this.lease = lease;
        this.capabilities = leased(view.capabilities());
    }

    /** The ports with the writes admitted by the lease: the native geo sets' and text indexes'. */
    private Capabilities leased(Capabilities all) {
        Capabilities.Builder b = all.toBuilder();
        all.nativeGeo().ifPresent(p -> b.nativeGeo(new Geo(p)));
        all.textSearch().ifPresent(p -> b.textSearch(new Search(p)));
        return b.build();
    }

    @Override
    public String kind() {
        return view.kind();
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public Limits limits() {
        return view.limits();
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        lease.check();
        view.createTable(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        lease.check();
        view.dropTable(table, meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return view.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return view.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        lease.check();
        view.put(put, meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        lease.check();
        view.delete(delete, meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        lease.check();
        return view.update(update, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return view.query(query, meter);
    }

    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        return view.queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return view.scan(scan, meter);
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        lease.check();
        view.writeBatch(writes, meter);
    }

    @Override
    public List<Boolean> writeEach(List<Write> writes, CostMeter meter) {
        lease.check();
        return view.writeEach(writes, meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        lease.check();
        view.writeAtomically(writes, meter);
    }

    @Override
    public void close() {
        view.close();
    }

    /** The native geo port, each write admitted by the lease. */
    private final class Geo implements NativeGeo {
        private final NativeGeo port;

        Geo(NativeGeo port) {
            this.port = port;
        }

        @Override
        public void putPoints(String set, List<GeoPoint> points, CostMeter meter) {
            lease.check();
            port.putPoints(set, points, meter);
        }

        @Override
        public void removePoint(String set, String id, CostMeter meter) {
            lease.check();
            port.removePoint(set, id, meter);
        }

        @Override
        public void dropSet(String set, CostMeter meter) {
            lease.check();
            port.dropSet(set, meter);
        }

        @Override
        public List<GeoHit> withinRadius(String set, double latitude, double longitude, double radiusMeters,
                                         int limit, CostMeter meter) {
            return port.withinRadius(set, latitude, longitude, radiusMeters, limit, meter);
        }

        @Override
        public List<GeoHit> withinBox(String set, double south, double west, double north, double east, int limit,
                                      CostMeter meter) {
            return port.withinBox(set, south, west, north, east, limit, meter);
        }

        @Override
        public List<GeoHit> withinPolygon(String set, List<List<GeoVertex>> rings, int limit, CostMeter meter) {
            return port.withinPolygon(set, rings, limit, meter);
        }

        @Override
        public List<GeoHit> nearest(String set, double latitude, double longitude, int k, CostMeter meter) {
            return port.nearest(set, latitude, longitude, k, meter);
        }
    }

    /** The text search port, each write admitted by the lease. */
    private final class Search implements TextSearch {
        private final TextSearch port;

        Search(TextSearch port) {
            this.port = port;
        }

        @Override
        public void indexDocument(String index, String id, Map<String, String> fields, CostMeter meter) {
            lease.check();
            port.indexDocument(index, id, fields, meter);
        }

        @Override
        public void deleteDocument(String index, String id, CostMeter meter) {
            lease.check();
            port.deleteDocument(index, id, meter);
        }

        @Override
        public void dropIndex(String index, CostMeter meter) {
            lease.check();
            port.dropIndex(index, meter);
        }

        @Override
        public List<String> searchPhrase(String index, String field, String phrase, int slop, int limit,
                                         CostMeter meter) {
            return port.searchPhrase(index, field, phrase, slop, limit, meter);
        }
    }
}
