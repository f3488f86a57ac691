package dev.nosqlpatterns.mongodb;

import com.mongodb.client.MongoClient;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.PrefixScans;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The storage SPI on MongoDB: a collection per logical table, a document per item (see {@link Documents}),
 * conditions as filters, updates in place ({@link UpdatePlan}), batches as unordered bulk writes, atomic
 * writes as transactions where the server has them. Capabilities follow {@link ServerFeatures}.
 */
final class MongoBackend implements StoreBackend {
    private final MongoClient client;
    private final boolean ownsClient;
    private final Limits limits;
    private final ServerFeatures features;
    private final Capabilities capabilities;
    private final Tables tables;
    private final Reads reads;
    private final Writes writes;
    private final Transactions transactions;
    private final Nested nested;
    private final Indexes indexes;
    private final Geo geo;
    private final ConcurrentQueries concurrentQueries;
    /** Removes expired items where the server's TTL monitor does not (a server without working indexes). */
    private final dev.nosqlpatterns.internal.ExpirySweep sweep =
            new dev.nosqlpatterns.internal.ExpirySweep(this::removeExpired);
    private final java.util.Set<String> expiring = java.util.concurrent.ConcurrentHashMap.newKeySet();

    MongoBackend(MongoClient client, boolean ownsClient, Tables tables, Limits limits, ServerFeatures features,
                 int maxInFlight) {
        this.concurrentQueries = new ConcurrentQueries(this::query, maxInFlight);
        this.client = client;
        this.ownsClient = ownsClient;
        this.limits = limits;
        this.features = features;
        this.tables = tables;
        Sizes sizes = new Sizes(limits.maxItemBytes(), features.maxDocumentBytes());
        this.reads = new Reads(tables);
        this.writes = new Writes(tables, reads, sizes, Math.min(Writes.WRITES_PER_BULK, features.maxWriteBatch()));
        this.transactions = new Transactions(client, tables, sizes);
        this.nested = new Nested(tables);
        this.indexes = new Indexes(tables);
        this.geo = new Geo(tables);
        this.capabilities = features.capabilities(new ServerFeatures.Ports(indexes, geo, nested,
                new MongoFootprint(tables), calls -> new Graphs(tables, calls))).toBuilder()
                .prefixScans(this::scan)
                .build();
    }

    @Override
    public String kind() {
        return "mongodb";
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public Limits limits() {
        return limits;
    }

    ServerFeatures features() {
        return features;
    }

    /** The index reader whether or not the server uses indexes, so its queries can be tested on any server. */
    Indexes indexes() {
        return indexes;
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        Failures.run("createTable", spec.name(), null, () -> meter.roundTrips(tables.create(spec)));
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        meter.roundTrip();
        Failures.run("dropTable", table, null, () -> tables.drop(table));
        expiring.remove(table);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return Failures.call("get", table, key, () -> reads.get(table, key, meter));
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return Failures.call("getAll", refs.get(0).table(), null, () -> reads.getAll(refs, meter));
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        sweepLater(List.of(put));
        Failures.run("put", put.table(), put.key(), () -> writes.put(put, meter));
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        Failures.run("delete", delete.table(), delete.key(), () -> writes.delete(delete, meter));
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return Failures.call("update", update.table(), update.key(), () -> writes.update(update, meter));
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return Failures.call("query", query.table(), null, () -> reads.query(query, meter));
    }

    /** Each query's {@link #query} sent at the same time as the others, so the caller waits for the slowest. */
    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        return concurrentQueries.queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return Failures.call("scan", scan.table(), null, () -> reads.scan(scan, meter));
    }

    /** A page of the partitions that begin with {@code prefix}: a range of the {@code _id} index. */
    private ScanResult scan(ScanRequest scan, String prefix, CostMeter meter) {
        PrefixScans.end(prefix); // refuses a prefix the port does not take
        return Failures.call("scan", scan.table(), null, () -> reads.scan(scan, prefix, meter));
    }

    @Override
    public void writeBatch(List<Write> batch, CostMeter meter) {
        sweepLater(batch);
        Failures.run("writeBatch", batch.get(0).table(), null, () -> writes.writeBatch(batch, meter));
    }

    /**
     * The writes whose outcome an unordered bulk write tells one by one (puts if absent, unconditional puts and
     * deletes) in bulk writes, one per table and chunk; every other write a request of its own, sent from the pool
     * of {@link #queryEach}, as many at once as it allows, while the bulk writes go.
     */
    @Override
    public List<Boolean> writeEach(List<Write> batch, CostMeter meter) {
        sweepLater(batch);
        List<Integer> bulk = new java.util.ArrayList<>();
        List<Integer> alone = new java.util.ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            (Writes.bulkable(batch.get(i)) && batch.size() > 1 ? bulk : alone).add(i);
        }
        List<java.util.function.Function<CostMeter, Boolean>> each = new java.util.ArrayList<>(alone.size() + 1);
        for (int i : alone) {
            Write w = batch.get(i);
            each.add(part -> {
                try {
                    if (w instanceof Write.Put p) {
                        put(p, part);
                    } else {
                        delete((Write.Delete) w, part);
                    }
                    return true;
                } catch (dev.nosqlpatterns.store.model.ConditionFailedException refused) {
                    return false;
                }
            });
        }
        List<List<Boolean>> bulkApplied = new java.util.ArrayList<>(1);
        if (!bulk.isEmpty()) {
            List<Write> writes = bulk.stream().map(batch::get).toList();
            each.add(part -> {
                bulkApplied.add(Failures.call("writeEach", writes.get(0).table(), null, () -> this.writes.bulkEach(writes, part)));
                return true;
            });
        }
        String table = batch.stream().map(Write::table).distinct().count() == 1 ? batch.get(0).table() : null;
        List<Boolean> answers = concurrentQueries.writeEach(each, table, meter);
        Boolean[] applied = new Boolean[batch.size()];
        for (int j = 0; j < alone.size(); j++) {
            applied[alone.get(j)] = answers.get(j);
        }
        for (int j = 0; j < bulk.size(); j++) {
            applied[bulk.get(j)] = bulkApplied.get(0).get(j);
        }
        return List.of(applied);
    }

    @Override
    public void writeAtomically(List<Write> batch, CostMeter meter) {
        if (!features.transactions()) {
            throw new UnsupportedCapabilityException(kind(), Capability.ATOMIC_WRITES,
                    "the server has no multi-document transactions (it is not a replica set or sharded cluster)");
        }
        sweepLater(batch);
        Failures.run("writeAtomically", batch.get(0).table(), null, () -> transactions.write(batch, meter));
    }

    /**
     * On a server whose TTL indexes do nothing (no {@link Capability#NATIVE_EXPIRY}), starts the background
     * removal of the expired items of the tables these writes give expiring items.
     */
    private void sweepLater(List<Write> batch) {
        if (capabilities.has(Capability.NATIVE_EXPIRY)) {
            return;
        }
        for (Write w : batch) {
            if (w instanceof Write.Put p && p.item().has(dev.nosqlpatterns.item.Expiry.ATTRIBUTE)
                    && expiring.add(p.table())) {
                sweep.start();
            }
        }
    }

    /** One run of the background removal: deletes the documents whose expiry date has passed. */
    private void removeExpired() {
        org.bson.BsonDocument due = new org.bson.BsonDocument(Documents.EXPIRES, new org.bson.BsonDocument("$lte",
                new org.bson.BsonDateTime(System.currentTimeMillis())));
        for (String table : expiring) {
            try {
                tables.collection(table).deleteMany(due);
            } catch (com.mongodb.MongoException e) {
                // the server may be away for a moment; the next run tries again
            }
        }
    }

    @Override
    public void close() {
        sweep.stop();
        concurrentQueries.close();
        if (ownsClient) {
            client.close();
        }
    }

    @Override
    public String toString() {
        return "MongoBackend[" + tables.database().getName() + ", " + features + "]";
    }
}
