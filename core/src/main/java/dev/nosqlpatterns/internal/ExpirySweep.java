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
 * {@link #start()}ed it runs its task about once a second on one daemon thread shared by every sweep of
 * the JVM, until {@link #stop()}. A failing run is logged and the next one runs as planned.
 */
public final class ExpirySweep {
    /** The time between two runs. */
    private static final Duration PERIOD = Duration.ofSeconds(1);
    private static final Logger LOG = Logger.getLogger(ExpirySweep.class.getName());
    private static final ScheduledExecutorService RUNNER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "nosqlpatterns-expiry-sweep");
        t.setDaemon(true);
        return t;
    });

    private final Runnable task;
    private volatile ScheduledFuture<?> scheduled;
    private boolean stopped;

    /** A sweep running {@code task} once a second. */
    public ExpirySweep(Runnable task) {
        this.task = Objects.requireNonNull(task, "sweep task must not be null");
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
            long millis = PERIOD.toMillis();
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
