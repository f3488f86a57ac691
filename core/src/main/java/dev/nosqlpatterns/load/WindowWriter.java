package dev.nosqlpatterns.load;

import java.util.List;

/**
 * How a {@link BulkLoad} writes one window: every item is first given to {@link #check} in order, and only when
 * all were accepted is the window given to {@link #write}, so that an invalid item writes nothing of its window.
 * A technique's bulk write that checks its whole input before writing (as {@code GeoIndex.putAll} does) needs no
 * {@code check} of its own.
 *
 * @param <T> what the load reads from its source
 */
@FunctionalInterface
public interface WindowWriter<T> {
    /**
     * Refuses an item that cannot be written, with an exception saying why; called for each item of a window
     * before the window is written. Does nothing by default.
     */
    default void check(T item) {
    }

    /** Writes a window whose items were all checked. */
    void write(List<T> window);
}
