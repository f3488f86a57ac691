package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Capabilities;
import dev.nosqlpatterns.store.Capability;
import dev.nosqlpatterns.store.ItemRef;
import dev.nosqlpatterns.store.Limits;
import dev.nosqlpatterns.store.TableSpec;
import dev.nosqlpatterns.store.Write;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kit on the in-memory store with its atomic writes hidden, so that every technique's ordered,
 * repairable protocol (the path stores without transactions take) is proven here too.
 */
class MemoryWithoutAtomicWritesConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return new WithoutAtomicWrites(new MemoryBackend());
    }

    private record WithoutAtomicWrites(StoreBackend d) implements StoreBackend {
        @Override
        public String kind() {
            return "memory-without-atomic-writes";
        }

        @Override
        public Capabilities capabilities() {
            EnumSet<Capability> features = EnumSet.noneOf(Capability.class);
            features.addAll(d.capabilities().features());
            features.remove(Capability.ATOMIC_WRITES);
            features.remove(Capability.ATOMIC_WRITES_SINGLE_PARTITION);
            return new Capabilities(features);
        }

        @Override
        public Limits limits() {
            return d.limits();
        }

        @Override
        public void createTable(TableSpec spec, CostMeter meter) {
            d.createTable(spec, meter);
        }

        @Override
        public void dropTable(String table, CostMeter meter) {
            d.dropTable(table, meter);
        }

        @Override
        public Optional<Item> get(String table, Key key, CostMeter meter) {
            return d.get(table, key, meter);
        }

        @Override
        public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
            return d.getAll(refs, meter);
        }

        @Override
        public void put(Write.Put put, CostMeter meter) {
            d.put(put, meter);
        }

        @Override
        public void delete(Write.Delete delete, CostMeter meter) {
            d.delete(delete, meter);
        }

        @Override
        public Item update(Write.Update update, CostMeter meter) {
            return d.update(update, meter);
        }

        @Override
        public QueryResult query(KeyQuery query, CostMeter meter) {
            return d.query(query, meter);
        }

        @Override
        public ScanResult scan(ScanRequest scan, CostMeter meter) {
            return d.scan(scan, meter);
        }

        @Override
        public void writeBatch(List<Write> writes, CostMeter meter) {
            d.writeBatch(writes, meter);
        }

        @Override
        public void close() {
            d.close();
        }
    }
}
