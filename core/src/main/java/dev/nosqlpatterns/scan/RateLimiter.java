package dev.nosqlpatterns.scan;

/**
 * A token bucket shared by the threads of one bulk scan: {@code perSecond} tokens a second, starting
 * empty and holding at most one second's worth. {@link #acquire} blocks until the tokens are there.
 */
final class RateLimiter {
    private final double perSecond;
    private double tokens;
    private long last;

    RateLimiter(double perSecond) {
        this.perSecond = perSecond;
        this.tokens = 0;
        this.last = System.nanoTime();
    }

    synchronized long acquire(double wanted) throws InterruptedException {
        long waitedNanos = 0;
        refill();
        tokens -= wanted;
        while (tokens < 0) {
            long sleepNanos = (long) (-tokens / perSecond * 1e9);
            long start = System.nanoTime();
            wait(Math.max(1, sleepNanos / 1_000_000), (int) (sleepNanos % 1_000_000));
            waitedNanos += System.nanoTime() - start;
            refill();
        }
        return waitedNanos;
    }

    private void refill() {
        long now = System.nanoTime();
        tokens = Math.min(perSecond, tokens + (now - last) / 1e9 * perSecond);
        last = now;
    }
}
