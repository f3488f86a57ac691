package dev.nosqlpatterns.denormalize;

import dev.nosqlpatterns.verify.Verification;
import dev.nosqlpatterns.item.Key;
import java.util.List;
import java.util.Map;

/**
 * Copies that differ from their source, found by {@link Denormalizer#verify} or fixed by
 * {@link Denormalizer#repair}.
 *
 * @param targetsChecked target items examined
 * @param stale          copies that differed from the source
 * @param staleSample    keys of up to 20 such targets
 */
public record CopyVerification(long targetsChecked, long stale, List<Key> staleSample) implements Verification {
    public CopyVerification {
        staleSample = List.copyOf(staleSample);
    }

    @Override
    public long examined() {
        return targetsChecked;
    }

    @Override
    public long disagreements() {
        return stale;
    }

    @Override
    public List<String> findings() {
        return Verification.lines(Map.of("copies that differ from their source " + staleSample, stale));
    }
}
