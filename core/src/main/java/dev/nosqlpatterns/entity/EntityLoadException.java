package dev.nosqlpatterns.entity;

import java.util.Objects;

/**
 * A load of entities ({@link EntityLoad}) stopped in one of its windows: an entity there was refused as bad input
 * (nothing of that window was written), its save was refused by the store (a unique value taken: the entities
 * before it in the window were written), or the store failed. Every window before it is written; the cause says
 * what went wrong. Saving again from {@link #resumeAt()} finishes the load: saves of what was already written write
 * the same again.
 */
public final class EntityLoadException extends RuntimeException {
    private final transient LoadReport written;
    private final long resumeAt;

    EntityLoadException(String message, LoadReport written, long resumeAt, RuntimeException cause) {
        super(message + "; the " + resumeAt + " entities before the window were written (" + written.windows()
                + " windows): save again from position " + resumeAt + " to finish the load", cause);
        this.written = Objects.requireNonNull(written, "written");
        this.resumeAt = resumeAt;
    }

    /** What the windows before the failed one wrote, and their cost. */
    public LoadReport written() {
        return written;
    }

    /** The position in the source of the first entity of the failed window: where to start a load that finishes. */
    public long resumeAt() {
        return resumeAt;
    }
}
