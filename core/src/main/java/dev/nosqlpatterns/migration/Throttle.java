package dev.nosqlpatterns.migration;

/** A token bucket of items per second (unlimited at 0), holding at most one second's worth. Thread-safe. */
final class Throttle {
    private final double perSecond;
    private double tokens;
    private long last = System.nanoTime();

    Throttle(double perSecond) {
        this.perSecond = perSecond;
    }

    /** Blocks until one more item may go. */
    synchronized void acquire() {
        int n = 1;
        if (perSecond <= 0) {
            return;
        }
        refill();
        while (tokens < n) {
            long waitNanos = (long) ((n - tokens) / perSecond * 1e9);
            try {
                wait(Math.max(1, waitNanos / 1_000_000), (int) (waitNanos % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while throttled", e);
            }
            refill();
        }
        tokens -= n;
    }

    private void refill() {
        long now = System.nanoTime();
        tokens = Math.min(Math.max(perSecond, 1), tokens + (now - last) / 1e9 * perSecond);
        last = now;
    }
}
