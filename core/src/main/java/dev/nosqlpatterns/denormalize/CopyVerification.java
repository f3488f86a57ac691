package dev.nosqlpatterns.denormalize;

import dev.nosqlpatterns.verify.Verification;
import dev.nosqlpatterns.item.Key;
import java.util.List;
import java.util.Map;

/**
 * Copies that differ from their source, and entries of the reverse index (from a source to the targets that copy it)
 * that disagree with the targets, found by {@link Denormalizer#verify} or fixed by {@link Denormalizer#repair}. A
 * write of targets that dies after writing their new entries leaves entries no target holds; a fan-out would skip
 * them, but until repair they are drift.
 *
 * @param targetsChecked    target items examined
 * @param stale             copies that differed from the source
 * @param staleSample       keys of up to 20 such targets
 * @param reverseIndexDrift reverse-index entries missing or left behind (see
 *                          {@link dev.nosqlpatterns.index.IndexVerification#disagreements()})
 */
public record CopyVerification(long targetsChecked, long stale, List<Key> staleSample, long reverseIndexDrift)
        implements Verification {
    public CopyVerification {
        staleSample = List.copyOf(staleSample);
    }

    /** Copies only, with a reverse index in step. */
    public CopyVerification(long targetsChecked, long stale, List<Key> staleSample) {
        this(targetsChecked, stale, staleSample, 0);
    }

    @Override
    public long examined() {
        return targetsChecked;
    }

    @Override
    public long disagreements() {
        return stale + reverseIndexDrift;
    }

    @Override
    public List<String> findings() {
        return Verification.lines(Map.of("copies that differ from their source " + staleSample, stale,
                "reverse-index entries missing or left behind", reverseIndexDrift));
    }
}
