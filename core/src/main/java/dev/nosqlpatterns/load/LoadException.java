package dev.nosqlpatterns.load;

import java.util.Objects;

/**
 * A {@link BulkLoad} stopped in one of its windows: an item there was refused as bad input (nothing of that window
 * was written), the technique's write refused it (a unique value taken: what the technique wrote of the window
 * before it stays), or the store failed. Every window before it is written; the cause says what went wrong.
 * Loading again from {@link #resumeAt()} finishes the load: the techniques' bulk writes store the same again for
 * what was already written.
 */
public final class LoadException extends RuntimeException {
    private final transient LoadReport written;
    private final long resumeAt;

    LoadException(String message, LoadReport written, long resumeAt, RuntimeException cause) {
        super(message + "; the " + resumeAt + " items before the window were written (" + written.windows()
                + " windows): load again from position " + resumeAt + " to finish", cause);
        this.written = Objects.requireNonNull(written, "written");
        this.resumeAt = resumeAt;
    }

    /** What the windows before the failed one wrote, and their cost. */
    public LoadReport written() {
        return written;
    }

    /** The position in the source of the first item of the failed window: where to start a load that finishes. */
    public long resumeAt() {
        return resumeAt;
    }
}
