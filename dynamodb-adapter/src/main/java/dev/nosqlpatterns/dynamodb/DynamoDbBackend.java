package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.function.Function;
import java.util.ArrayList;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The storage SPI on DynamoDB. Conditions, updates and transactions are DynamoDB's own, so they hold
 * across every process sharing the tables; reads are strongly consistent by default (index reads are
 * not: DynamoDB's global secondary indexes are eventually consistent); every
 * request asks for its consumed capacity and reports it with its round trips.
 */
final class DynamoDbBackend implements StoreBackend {

    private final DynamoDbClient client;
    private final boolean ownsClient;
    private final Layout layout;
    private final Limits limits;
    private final Map<String, TableSpec> specs = new ConcurrentHashMap<>();
    private final Tables tables;
    private final Reads reads;
    private final Writes writes;
    private final Transactions transactions;
    private final Indexes indexes;
    private final ConcurrentQueries concurrentQueries;
    private final Capabilities capabilities;

    DynamoDbBackend(DynamoDbClient client, boolean ownsClient, Layout layout, Sender sender, boolean createTables,
                    boolean consistentReads, int maxInFlight) {
        this.client = client;
        this.ownsClient = ownsClient;
        this.layout = layout;
        this.limits = new Limits(Layout.MAX_PHYSICAL_ITEM_BYTES - layout.itemOverheadBytes(),
                Layout.MAX_PARTITION_KEY_BYTES - layout.partitionPrefixBytes(), Layout.MAX_SORT_KEY_BYTES,
                Transactions.MAX_ACTIONS, Transactions.MAX_BYTES);
        this.tables = new Tables(client, layout, sender, createTables);
        this.reads = new Reads(client, layout, sender, consistentReads);
        this.concurrentQueries = new ConcurrentQueries(reads, maxInFlight);
        this.writes = new Writes(client, layout, sender, this::spec);
        this.transactions = new Transactions(client, layout, sender, writes, this::spec);
        this.indexes = new Indexes(client, layout, sender);
        this.capabilities = Capabilities.builder().with(Capability.ATOMIC_WRITES,
                Capability.ATOMIC_WRITES_SINGLE_PARTITION, Capability.SHARED_ACROSS_PROCESSES,
                Capability.CONSUMED_CAPACITY, Capability.NATIVE_EXPIRY)
                .nativeIndexes(indexes::query)
                .footprints(new DynamoDbFootprint(client, layout, specs::containsKey)).build();
    }

    @Override
    public String kind() {
        return "dynamodb";
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public Limits limits() {
        return limits;
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        tables.ensure(spec.name(), spec.indexes().size(), meter);
        specs.put(spec.name(), spec);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        if (layout.singleTable()) {
            try {
                // each page's deletes sent as the writes of a batch are, several requests at once
                reads.forEachKeyPage(table, meter,
                        keys -> concurrentQueries.writeAll(writes.deleteRequests(table, keys), table, meter));
            } catch (TableNotFoundException physicalTableGone) {
                // nothing left to remove
            }
        } else {
            tables.delete(table, meter);
        }
        specs.remove(table);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return reads.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return refs.isEmpty() ? Map.of() : concurrentQueries.getAll(refs, meter);
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
     * The queries sent at once from a small pool of threads, each read as {@link #query} reads it, so that
     * the caller waits for the slowest rather than for all of them in turn; see {@link ConcurrentQueries}.
     */
    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        return concurrentQueries.queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return reads.scan(scan, meter);
    }

    /**
     * The writes in BatchWriteItem requests of 25, every item checked before the first is sent, the requests
     * sent at most {@code maxInFlight} at a time from the pool that serves {@link #queryEach}, each retrying
     * its unprocessed items; see {@link ConcurrentQueries#writeAll}.
     */
    @Override
    public void writeBatch(List<Write> batch, CostMeter meter) {
        if (!batch.isEmpty()) {
            String table = batch.stream().map(Write::table).distinct().count() == 1 ? batch.get(0).table() : null;
            concurrentQueries.writeAll(writes.batchRequests(batch), table, meter);
        }
    }

    /** Each write a request of its own, at most {@code maxInFlight} at a time from the pool of {@link #queryEach}. */
    @Override
    public List<Boolean> writeEach(List<Write> batch, CostMeter meter) {
        List<Function<CostMeter, Boolean>> each = new ArrayList<>(batch.size());
        for (Write w : batch) {
            each.add(part -> {
                try {
                    if (w instanceof Write.Put p) {
                        writes.put(p, part);
                    } else {
                        writes.delete((Write.Delete) w, part);
                    }
                    return true;
                } catch (ConditionFailedException refused) {
                    return false;
                }
            });
        }
        String table = batch.stream().map(Write::table).distinct().count() == 1 ? batch.get(0).table() : null;
        return concurrentQueries.writeEach(each, table, meter);
    }

    @Override
    public void writeAtomically(List<Write> batch, CostMeter meter) {
        if (!batch.isEmpty()) {
            transactions.write(batch, meter);
        }
    }

    @Override
    public void close() {
        concurrentQueries.close();
        if (ownsClient) {
            client.close();
        }
    }

    @Override
    public String toString() {
        return "DynamoDbBackend[" + (layout.singleTable() ? "single table '" + layout.physicalTable("") + "'"
                : "table per logical table '" + layout.physicalTable("") + "*'") + "]";
    }

    /** The declared spec of a table, or a spec without indexes for one declared by another process. */
    private TableSpec spec(String table) {
        TableSpec spec = specs.get(table);
        return spec != null ? spec : TableSpec.named(table);
    }
}
