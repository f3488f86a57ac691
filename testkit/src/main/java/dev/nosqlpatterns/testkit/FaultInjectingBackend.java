package dev.nosqlpatterns.testkit;

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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Wraps a backend and simulates a process that dies in the middle of a multi-step protocol: the Nth
 * write call fails either before it reaches the store or after it took effect, and from then on every
 * call fails, as if the process had crashed. Technique suites use it to prove crash safety at every
 * step: count the steps of a clean run with {@link #writes()}, then crash at each one in turn and check
 * that a fresh store over the same data gives no wrong answer and that repair converges.
 *
 * <p>Closing it does not close the wrapped backend, so the data outlives the "crashed" process.
 */
public final class FaultInjectingBackend implements StoreBackend {

    /** Whether the failing write takes effect before the crash. */
    public enum When { BEFORE, AFTER }

    /** The failure a crashed backend throws; a {@link StoreUnavailableException}, as a real outage would be. */
    public static final class SimulatedCrash extends StoreUnavailableException {
        SimulatedCrash(String message) {
            super(message, null, null, null);
        }
    }

    private final StoreBackend delegate;
    private final AtomicInteger writes = new AtomicInteger();
    private volatile int failAt = -1;
    private volatile When when = When.BEFORE;
    private volatile boolean crashed;

    public FaultInjectingBackend(StoreBackend delegate) {
        this.delegate = java.util.Objects.requireNonNull(delegate, "delegate must not be null");
    }

    /** Makes the {@code n}th write call from now on (1-based) fail {@code when}, then crash. */
    public FaultInjectingBackend failWrite(int n, When when) {
        if (n < 1) {
            throw new IllegalArgumentException("the failing write is counted from 1, got " + n);
        }
        this.writes.set(0);
        this.failAt = n;
        this.when = java.util.Objects.requireNonNull(when, "when");
        this.crashed = false;
        return this;
    }

    /** Write calls seen since creation or the last {@link #failWrite}. */
    public int writes() {
        return writes.get();
    }

    public boolean crashed() {
        return crashed;
    }

    private void beforeRead() {
        if (crashed) {
            throw new SimulatedCrash("simulated crash: the process is gone");
        }
    }

    private <T> T write(java.util.function.Supplier<T> call) {
        beforeRead();
        int n = writes.incrementAndGet();
        if (n == failAt && when == When.BEFORE) {
            crashed = true;
            throw new SimulatedCrash("simulated crash before write " + n);
        }
        T result = call.get();
        if (n == failAt) {
            crashed = true;
            throw new SimulatedCrash("simulated crash after write " + n + " took effect");
        }
        return result;
    }

    @Override
    public String kind() {
        return delegate.kind();
    }


    @Override
    public Limits limits() {
        return delegate.limits();
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        beforeRead();
        delegate.createTable(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        beforeRead();
        delegate.dropTable(table, meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        beforeRead();
        return delegate.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        beforeRead();
        return delegate.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        write(() -> {
            delegate.put(put, meter);
            return null;
        });
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        write(() -> {
            delegate.delete(delete, meter);
            return null;
        });
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return write(() -> delegate.update(update, meter));
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        beforeRead();
        return delegate.query(query, meter);
    }

    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        beforeRead();
        return delegate.queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        beforeRead();
        return delegate.scan(scan, meter);
    }

    @Override
    public void writeBatch(List<Write> batch, CostMeter meter) {
        write(() -> {
            delegate.writeBatch(batch, meter);
            return null;
        });
    }

    @Override
    public void writeAtomically(List<Write> atomic, CostMeter meter) {
        write(() -> {
            delegate.writeAtomically(atomic, meter);
            return null;
        });
    }

    /** The wrapped backend's capabilities; its linked reads and prefix scans are reads, which fail once crashed. */
    @Override
    public Capabilities capabilities() {
        Capabilities wrapped = delegate.capabilities();
        Capabilities.Builder b = wrapped.toBuilder();
        wrapped.linkedReads().ifPresent(linked -> b.linkedReads((read, meter) -> {
            beforeRead();
            return linked.follow(read, meter);
        }));
        wrapped.prefixScans().ifPresent(scans -> b.prefixScans((scan, prefix, meter) -> {
            beforeRead();
            return scans.scan(scan, prefix, meter);
        }));
        return b.build();
    }

    /** Does not close the wrapped backend. */
    @Override
    public void close() {
        crashed = true;
    }
}
