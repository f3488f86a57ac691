package dev.nosqlpatterns.internal;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Sends the independent reads of one call (the queries of a {@code queryEach}, the requests of a batch read)
 * at most a bounded number at a time, so that a call of tens of thousands of reads neither overruns what a
 * driver or connection holds in flight nor fails because it is large. Each read is sent as soon as an
 * earlier one answers, in the order of the reads; the answers come back in that order, failures and
 * interrupts as {@link ConcurrentQueryWait#await} says. The wait reported is truthful: the longest chain of
 * reads each sent once the one before it in the chain answered, so that {@code n} single-request reads with
 * {@code w} in flight wait about {@code n / w} round trips, not one.
 */
public final class InFlightWindow {
    /** The largest bound an adapter accepts. */
    static final int MAX = 65_536;

    private InFlightWindow() {
    }

    /** A read of a call: sends read {@code index}, counting its costs on {@code part}. */
    @FunctionalInterface
    public interface Send<T> {
        /** The read's answer, completed once {@code part} is final, whichever thread finishes the read. */
        CompletableFuture<T> send(int index, CostMeter part);
    }

    /** Checks a configured bound, naming the option: {@code option must be from 1 to 65536, got 0}. */
    public static int check(String option, int inFlight) {
        if (inFlight < 1 || inFlight > MAX) {
            throw new IllegalArgumentException(option + " must be from 1 to " + MAX + ", got " + inFlight);
        }
        return inFlight;
    }

    /**
     * The answers of the queries, in their order, with at most {@code window} in flight at once. Once a query
     * failed, no further query is sent; those in flight are awaited and the first failure in order is thrown.
     * A query whose sending throws fails as if it had been sent.
     *
     * @param send    sends query {@code i}
     * @param failure turns a failure other than an {@link Error} into the library's exception
     */
    public static <T> List<T> run(List<KeyQuery> queries, int window, Send<T> send, CostMeter meter,
                                  ConcurrentQueryWait.Failure failure) {
        String table = queries.stream().map(KeyQuery::table).distinct().count() == 1 ? queries.get(0).table() : null;
        return run(queries.size() + " queries", table, queries.size(), window, send, meter, failure);
    }

    /**
     * The answers of {@code count} reads, in their order, with at most {@code window} in flight at once; see
     * {@link #run(List, int, Send, CostMeter, ConcurrentQueryWait.Failure)}.
     *
     * @param what    names the reads in the exception of an interrupted wait, e.g. {@code "300 batch reads"}
     * @param table   their table, null when several
     */
    public static <T> List<T> run(String what, String table, int count, int window, Send<T> send, CostMeter meter,
                                  ConcurrentQueryWait.Failure failure) {
        check("in-flight window", window);
        BlockingQueue<Integer> free = new LinkedBlockingQueue<>(); // per free slot, the read that freed it
        for (int i = 0; i < Math.min(window, count); i++) {
            free.add(-1);
        }
        AtomicBoolean failed = new AtomicBoolean();
        List<CompletableFuture<T>> pending = new ArrayList<>(count);
        List<CostMeter> parts = new ArrayList<>(count);
        int[] sentAfter = new int[count];
        boolean interrupted = false;
        for (int i = 0; i < count; i++) {
            try {
                sentAfter[i] = free.take();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                interrupted = true;
                break;
            }
            if (failed.get()) {
                break;
            }
            CostMeter part = meter.part();
            CompletableFuture<T> sent;
            try {
                sent = send.send(i, part);
            } catch (RuntimeException | Error refused) { // failed before sending: awaited like the others
                sent = CompletableFuture.failedFuture(refused);
            }
            int index = i;
            parts.add(part);
            pending.add(sent.whenComplete((answer, error) -> {
                if (error != null) {
                    failed.set(true);
                }
                free.add(index);
            }));
        }
        return ConcurrentQueryWait.await(what, table, pending, parts, sentAfter, interrupted, meter, failure);
    }
}
