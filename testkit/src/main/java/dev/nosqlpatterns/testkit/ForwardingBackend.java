package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.Capabilities;
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
import java.util.Objects;
import java.util.Optional;

/**
 * A backend that passes every call to another one; test backends extend it and override only what
 * they change (the capabilities they declare, a native capability they fake, a fault they inject).
 */
public abstract class ForwardingBackend implements StoreBackend {
    /** The backend every call goes to. */
    protected final StoreBackend delegate;

    protected ForwardingBackend(StoreBackend delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate must not be null");
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
        delegate.createTable(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        delegate.dropTable(table, meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return delegate.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return delegate.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        delegate.put(put, meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        delegate.delete(delete, meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return delegate.update(update, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return delegate.query(query, meter);
    }

    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        return delegate.queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return delegate.scan(scan, meter);
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        delegate.writeBatch(writes, meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        delegate.writeAtomically(writes, meter);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
