package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.LinkedRead;
import java.util.List;

/**
 * A store that follows links itself ({@link dev.nosqlpatterns.store.model.Capability#NATIVE_LINKED_READS}):
 * a Redis script, say, reads a whole {@link LinkedRead} in one request where the library would otherwise
 * send one batch read per level. Applications call {@link dev.nosqlpatterns.store.Store#follow}, which
 * checks the read, uses this when the store has it and reports the cost either way.
 */
public interface LinkedReads {

    /**
     * Every item {@code read} reaches, each once, in its breadth-first order (see {@link LinkedRead});
     * records round trips on {@code meter}. The answer may hold items that have expired but are not yet
     * removed: the caller leaves them out.
     */
    List<Item> follow(LinkedRead read, CostMeter meter);
}
