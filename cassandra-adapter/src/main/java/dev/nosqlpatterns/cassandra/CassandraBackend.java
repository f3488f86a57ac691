package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The storage SPI on Cassandra; see {@link CassandraStore} for the model and {@link Writes} for the write policy. */
final class CassandraBackend implements StoreBackend {
    private final Cql cql;
    private final Tables tables = new Tables();
    private final Capabilities capabilities;
    private final Writes writes;
    private final Reads reads;
    private final IndexReads indexReads;
    private final PartitionStats partitionStats;

    CassandraBackend(CqlSession session, Settings settings) {
        this.cql = new Cql(session, settings);
        Schema.Server server = Schema.server(cql);
        Schema.ensureKeyspace(cql);
        this.writes = new Writes(cql, tables);
        this.reads = new Reads(cql, tables, server);
        this.indexReads = new IndexReads(cql, tables, reads);
        this.partitionStats = new PartitionStats(cql, tables);
        Capabilities.Builder caps = Capabilities.builder().with(Capability.ATOMIC_WRITES_SINGLE_PARTITION,
                Capability.SHARED_ACROSS_PROCESSES, Capability.NATIVE_EXPIRY)
                .extension(PartitionSizes.class, calls -> new PartitionSizes() {
                    @Override
                    public PartitionSize measure(String table, String partition) {
                        return calls.call("PartitionSizes.measure", table, m -> partitionStats.measure(table, partition, m));
                    }

                    @Override
                    public TableEstimate estimate(String table) {
                        return calls.call("PartitionSizes.estimate", table, m -> partitionStats.estimate(table, m));
                    }
                });
        if (server.hasStorageAttachedIndexes()) {
            caps.nativeIndexes(indexReads::query).with(Capability.CONSISTENT_NATIVE_INDEX_READS);
        }
        this.capabilities = caps.build();
    }

    @Override
    public String kind() {
        return "cassandra";
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public Limits limits() {
        return cql.settings.limits();
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        TableInfo table = new TableInfo(cql.settings.keyspace(), spec);
        Schema.createTable(cql, table, meter);
        tables.put(table);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        Schema.dropTable(cql, table, meter);
        tables.remove(table);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return reads.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return reads.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        writes.put(put, meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        writes.delete(delete, meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return writes.update(update, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return reads.query(query, meter);
    }

    /**
     * The queries sent at once on the driver's asynchronous API, each read as {@link #query} reads it, so
     * that the caller waits for the slowest rather than for all of them in turn; see {@link Reads#queryEach}.
     */
    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        return reads.queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return reads.scan(scan, meter);
    }

    @Override
    public void writeBatch(List<Write> batch, CostMeter meter) {
        writes.writeBatch(batch, meter);
    }

    /** Each write a statement of its own, sent asynchronously with a bounded number in flight; see {@link EachWriter}. */
    @Override
    public List<Boolean> writeEach(List<Write> batch, CostMeter meter) {
        return writes.writeEach(batch, meter);
    }

    @Override
    public void writeAtomically(List<Write> batch, CostMeter meter) {
        writes.writeAtomically(batch, meter);
    }

    @Override
    public void close() {
        if (cql.settings.ownsSession()) {
            cql.session.close();
        }
    }

    @Override
    public String toString() {
        return "CassandraBackend[keyspace " + cql.settings.keyspace() + ", " + capabilities + "]";
    }
}
