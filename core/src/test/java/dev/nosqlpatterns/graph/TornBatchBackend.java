package dev.nosqlpatterns.graph;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A backend whose Nth batch write is torn, as a batch split over several requests is when the process
 * dies between them: only every other write of it (in no useful order) is applied, then every call fails.
 * Closing it does not close the backend it wraps.
 */
final class TornBatchBackend implements StoreBackend {
    private final StoreBackend delegate;
    private final int tornBatch;
    private final AtomicInteger batches = new AtomicInteger();
    private volatile boolean crashed;

    TornBatchBackend(StoreBackend delegate, int tornBatch) {
        this.delegate = delegate;
        this.tornBatch = tornBatch;
    }

    boolean crashed() {
        return crashed;
    }

    int batches() {
        return batches.get();
    }

    private void alive() {
        if (crashed) {
            throw new StoreUnavailableException("simulated crash", null, null, null);
        }
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        alive();
        if (batches.incrementAndGet() != tornBatch) {
            delegate.writeBatch(writes, meter);
            return;
        }
        List<Write> half = new ArrayList<>();
        for (int i = writes.size() - 1; i >= 0; i -= 2) {
            half.add(writes.get(i));
        }
        delegate.writeBatch(half, meter);
        crashed = true;
        throw new StoreUnavailableException("simulated crash in the middle of a batch", null, null, null);
    }

    @Override
    public String kind() {
        return delegate.kind();
    }

    @Override
    public Capabilities capabilities() {
        return delegate.capabilities();
    }

    @Override
    public Limits limits() {
        return delegate.limits();
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        alive();
        delegate.createTable(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        alive();
        delegate.dropTable(table, meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        alive();
        return delegate.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        alive();
        return delegate.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        alive();
        delegate.put(put, meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        alive();
        delegate.delete(delete, meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        alive();
        return delegate.update(update, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        alive();
        return delegate.query(query, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        alive();
        return delegate.scan(scan, meter);
    }

    @Override
    public void close() {
        // The data outlives the crashed process.
    }
}
