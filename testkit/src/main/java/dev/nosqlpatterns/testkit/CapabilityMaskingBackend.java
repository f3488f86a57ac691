package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Capabilities;
import dev.nosqlpatterns.store.Capability;
import dev.nosqlpatterns.store.ItemRef;
import dev.nosqlpatterns.store.Limits;
import dev.nosqlpatterns.store.TableSpec;
import dev.nosqlpatterns.store.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A backend that hides some of another backend's capabilities, so that a store which has them can also
 * prove the fallback a technique takes without them (e.g. the ordered, repairable protocol of a store
 * without atomic writes, or the generic geo index of a store without native geo). Native capability
 * interfaces of hidden capabilities are hidden too.
 */
public final class CapabilityMaskingBackend implements StoreBackend {
    private final StoreBackend delegate;
    private final Set<Capability> hidden;

    public CapabilityMaskingBackend(StoreBackend delegate, Capability... hidden) {
        this.delegate = Objects.requireNonNull(delegate, "delegate must not be null");
        this.hidden = hidden.length == 0 ? EnumSet.noneOf(Capability.class) : EnumSet.of(hidden[0], hidden);
    }

    /** The backend without multi-item atomic writes of either scope. */
    public static CapabilityMaskingBackend withoutAtomicWrites(StoreBackend delegate) {
        return new CapabilityMaskingBackend(delegate, Capability.ATOMIC_WRITES, Capability.ATOMIC_WRITES_SINGLE_PARTITION);
    }

    @Override
    public String kind() {
        return delegate.kind();
    }

    @Override
    public Capabilities capabilities() {
        EnumSet<Capability> features = EnumSet.noneOf(Capability.class);
        features.addAll(delegate.capabilities().features());
        features.removeAll(hidden);
        return new Capabilities(features);
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
    public <T> Optional<T> capability(Class<T> type) {
        boolean masked = (hidden.contains(Capability.NATIVE_SECONDARY_INDEX)
                && type == dev.nosqlpatterns.store.capability.NativeSecondaryIndexes.class)
                || (hidden.contains(Capability.NATIVE_GEO) && type == dev.nosqlpatterns.store.capability.NativeGeo.class)
                || (hidden.contains(Capability.TEXT_SEARCH) && type == dev.nosqlpatterns.store.capability.TextSearch.class)
                || (hidden.contains(Capability.NESTED_DOCUMENTS)
                        && type == dev.nosqlpatterns.store.capability.NestedDocuments.class);
        return masked ? Optional.empty() : delegate.capability(type);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
