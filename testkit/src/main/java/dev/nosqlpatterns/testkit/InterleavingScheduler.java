package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The backend behind {@link Interleaving}: one turn is passed among the writer threads, and each call a
 * writer makes to the store first asks the schedule whose turn it is. Calls from other threads pass through.
 */
final class InterleavingScheduler extends ForwardingBackend {
    private final Interleaving.Schedule schedule;
    private final List<Consumer<Store>> writers;
    private final Collection<String> tables;
    private final ThreadLocal<Integer> self = new ThreadLocal<>();
    private final Object lock = new Object();
    private final int[] points;
    private final boolean[] finished;
    private int current;
    private String stuck;
    private final List<String> trace = new ArrayList<>();

    InterleavingScheduler(StoreBackend delegate, Collection<String> tables, Interleaving.Schedule schedule,
                          List<Consumer<Store>> writers) {
        super(delegate);
        this.schedule = schedule;
        this.writers = List.copyOf(writers);
        this.tables = List.copyOf(tables);
        this.points = new int[writers.size()];
        this.finished = new boolean[writers.size()];
    }

    Interleaving.Outcome run() {
        List<Store> stores = new ArrayList<>();
        for (int i = 0; i < writers.size(); i++) {
            Store s = Store.of(this);
            tables.forEach(t -> s.createTable(TableSpec.named(t)));
            stores.add(s);
        }
        Throwable[] failures = new Throwable[writers.size()];
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < writers.size(); i++) {
            int me = i;
            Thread t = new Thread(() -> {
                self.set(me);
                try {
                    awaitTurn(me);
                    writers.get(me).accept(stores.get(me));
                } catch (Throwable e) {
                    failures[me] = e;
                } finally {
                    finish(me);
                }
            }, "interleaved-writer-" + i);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
        long deadline = System.nanoTime() + Interleaving.STUCK.toNanos();
        for (Thread t : threads) {
            try {
                t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while writers ran", e);
            }
            if (t.isAlive()) {
                abort("writer thread " + t.getName() + " still running after " + Interleaving.STUCK);
                throw new AssertionError("interleaved writers did not finish within " + Interleaving.STUCK
                        + "; points reached " + java.util.Arrays.toString(points));
            }
        }
        synchronized (lock) {
            if (stuck != null) {
                throw new AssertionError("interleaving stuck: " + stuck);
            }
        }
        synchronized (lock) {
            return new Interleaving.Outcome(java.util.Arrays.asList(failures), trace);
        }
    }

    private void abort(String why) {
        synchronized (lock) {
            stuck = why;
            lock.notifyAll();
        }
    }

    private List<Integer> runnable() {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < finished.length; i++) {
            if (!finished[i]) {
                out.add(i);
            }
        }
        return out;
    }

    private void point(String call) {
        Integer me = self.get();
        if (me == null) {
            return;
        }
        synchronized (lock) {
            points[me]++;
            List<Integer> runnable = runnable();
            int next = schedule.next(me, points[me], runnable);
            if (!runnable.contains(next)) {
                stuck = "the schedule chose writer " + next + ", which is not among " + runnable;
                lock.notifyAll();
                throw new IllegalStateException(stuck);
            }
            current = next;
            lock.notifyAll();
            awaitTurn(me);
            trace.add(me + ": " + call);
        }
    }

    private void awaitTurn(int me) {
        synchronized (lock) {
            long deadline = System.nanoTime() + Interleaving.STUCK.toNanos();
            while (current != me && stuck == null) {
                long left = (deadline - System.nanoTime()) / 1_000_000;
                if (left <= 0) {
                    stuck = "writer " + me + " waited " + Interleaving.STUCK + " for its turn";
                    lock.notifyAll();
                    break;
                }
                try {
                    lock.wait(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stuck = "writer " + me + " interrupted";
                }
            }
            if (stuck != null) {
                throw new IllegalStateException("interleaving aborted: " + stuck);
            }
        }
    }

    private void finish(int me) {
        synchronized (lock) {
            finished[me] = true;
            List<Integer> runnable = runnable();
            if (!runnable.isEmpty()) {
                int next = schedule.next(me, 0, runnable);
                current = runnable.contains(next) ? next : runnable.get(0);
            }
            lock.notifyAll();
        }
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        point("createTable " + spec.name());
        super.createTable(spec, meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        point("dropTable " + table);
        super.dropTable(table, meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        point("get " + table + " " + key);
        return super.get(table, key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        point("getAll " + refs);
        return super.getAll(refs, meter);
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        point("put " + put);
        super.put(put, meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        point("delete " + delete);
        super.delete(delete, meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        point("update " + update);
        return super.update(update, meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        point("query " + query);
        return super.query(query, meter);
    }

    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        point("queryEach " + queries);
        return super.queryEach(queries, meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        point("scan " + scan);
        return super.scan(scan, meter);
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        point("writeBatch " + writes);
        super.writeBatch(writes, meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        point("writeAtomically " + writes);
        super.writeAtomically(writes, meter);
    }

    /** The wrapped backend's capabilities; its linked reads and prefix scans wait for their turn as other reads do. */
    @Override
    public Capabilities capabilities() {
        Capabilities wrapped = delegate.capabilities();
        Capabilities.Builder b = wrapped.toBuilder();
        wrapped.linkedReads().ifPresent(linked -> b.linkedReads((read, meter) -> {
            point("follow " + read);
            return linked.follow(read, meter);
        }));
        wrapped.prefixScans().ifPresent(scans -> b.prefixScans((scan, prefix, meter) -> {
            point("scan " + scan + " of '" + prefix + "'");
            return scans.scan(scan, prefix, meter);
        }));
        return b.build();
    }

    @Override
    public void close() {
        // The writers' stores must not close the backend the test owns.
    }
}
