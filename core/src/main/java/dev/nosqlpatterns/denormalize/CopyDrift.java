package dev.nosqlpatterns.denormalize;

import dev.nosqlpatterns.item.Key;
import java.util.List;

/**
 * Copies that differ from their source, found by {@link Denormalizer#verify} or fixed by
 * {@link Denormalizer#repair}.
 *
 * @param targetsChecked target items examined
 * @param stale          copies that differed from the source
 * @param staleSample    keys of up to 20 such targets
 */
public record CopyDrift(long targetsChecked, long stale, List<Key> staleSample) {
    public CopyDrift {
        staleSample = List.copyOf(staleSample);
    }

    public boolean none() {
        return stale == 0;
    }
}
