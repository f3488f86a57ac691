package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Another backend's items with the capabilities a test gives. */
public class ForwardingCapabilities implements StoreBackend {
    private final StoreBackend items;
    private final Capabilities capabilities;

    public ForwardingCapabilities(StoreBackend items, Capabilities capabilities) {
        this.items = items;
        this.capabilities = capabilities;
    }

    @Override
    public String kind() {
        return items.kind();
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public Limits limits() {
        return items.limits();
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        items.createTable(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        items.dropTable(table, meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return items.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        return items.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        items.put(put, meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        items.delete(delete, meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return items.update(update, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return items.query(query, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return items.scan(scan, meter);
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        items.writeBatch(writes, meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        items.writeAtomically(writes, meter);
    }

    @Override
    public void close() {
        items.close();
    }
}
