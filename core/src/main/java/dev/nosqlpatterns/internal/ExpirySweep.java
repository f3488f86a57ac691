package dev.nosqlpatterns.internal;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The background removal of expired items for backends whose store has no expiry of its own: once
 * {@link #start()}ed it runs its task about once per period on one daemon thread shared by every sweep of
 * the JVM, until {@link #stop()}. A failing run is logged and the next one runs as planned.
 */
public final class ExpirySweep {
    /** The default time between two runs. */
    public static final Duration PERIOD = Duration.ofSeconds(1);
    private static final Logger LOG = Logger.getLogger(ExpirySweep.class.getName());
    private static final ScheduledExecutorService RUNNER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "nosqlpatterns-expiry-sweep");
        t.setDaemon(true);
        return t;
    });

    private final Runnable task;
    private final Duration period;
    private volatile ScheduledFuture<?> scheduled;
    private boolean stopped;

    /** A sweep running {@code task} once per {@link #PERIOD}. */
    public ExpirySweep(Runnable task) {
        this(task, PERIOD);
    }

    /** A sweep running {@code task} once per {@code period}. */
    public ExpirySweep(Runnable task, Duration period) {
        this.task = Objects.requireNonNull(task, "sweep task must not be null");
        this.period = Objects.requireNonNull(period, "sweep period must not be null");
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("sweep period must be positive, got " + period);
        }
    }

    /** Starts the runs unless started or stopped already; cheap to call on every write that sets an expiry. */
    public void start() {
        if (scheduled != null) {
            return;
        }
        synchronized (this) {
            if (scheduled != null || stopped) {
                return;
            }
            long millis = period.toMillis();
            scheduled = RUNNER.scheduleWithFixedDelay(this::runOnce, millis, millis, TimeUnit.MILLISECONDS);
        }
    }

    /** Ends the runs; a run under way completes. */
    public synchronized void stop() {
        stopped = true;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }

    private void runOnce() {
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "expiry sweep failed; the next run tries again", e);
        }
    }
}
