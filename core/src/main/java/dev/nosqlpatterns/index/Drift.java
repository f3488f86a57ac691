package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Key;
import java.util.List;

/**
 * What {@link IndexTable#verify()} found, or what {@link IndexTable#repair()} fixed: base items whose
 * index entry is missing, and entries that point to an item that no longer holds their value.
 *
 * @param baseItemsChecked items of the base table examined
 * @param entriesChecked   entries of the index table examined
 * @param missing          count of base items lacking their entry
 * @param dangling         count of stale entries
 * @param missingSample    keys of up to {@value #SAMPLE} base items lacking their entry
 * @param danglingSample   index keys of up to {@value #SAMPLE} stale entries
 */
public record Drift(long baseItemsChecked, long entriesChecked, long missing, long dangling,
                    List<Key> missingSample, List<Key> danglingSample) {
    /** How many keys of each kind a report lists. */
    public static final int SAMPLE = 20;

    public Drift {
        missingSample = List.copyOf(missingSample);
        danglingSample = List.copyOf(danglingSample);
    }

    /** True when the index matches the base table exactly. */
    public boolean none() {
        return missing == 0 && dangling == 0;
    }

    Drift plus(Drift o) {
        return new Drift(baseItemsChecked + o.baseItemsChecked, entriesChecked + o.entriesChecked,
                missing + o.missing, dangling + o.dangling, merge(missingSample, o.missingSample),
                merge(danglingSample, o.danglingSample));
    }

    private static List<Key> merge(List<Key> a, List<Key> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).limit(SAMPLE).toList();
    }

    static Drift empty() {
        return new Drift(0, 0, 0, 0, List.of(), List.of());
    }
}
