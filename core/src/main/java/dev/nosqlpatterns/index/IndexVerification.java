package dev.nosqlpatterns.index;

import dev.nosqlpatterns.verify.Verification;
import dev.nosqlpatterns.item.Key;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link IndexTable#verify()} found, or what {@link IndexTable#repair()} fixed: base items whose
 * index entry is missing, entries that point to an item that no longer holds their value, and, for a
 * unique index, items that hold a value another item already holds (written around the index, or left by
 * a crash after a claim was taken over). Repair adds and removes entries but never decides which of two
 * items keeps a unique value: it reports duplicates for the application to resolve.
 *
 * @param baseItemsChecked items of the base table examined
 * @param entriesChecked   entries of the index table examined
 * @param missing          count of base items lacking their entry
 * @param dangling         count of stale entries
 * @param duplicates       count of base items holding a unique value that another item holds and is
 *                         indexed under (found when the index entry names the other item, or when both
 *                         items are in one page of the audit)
 * @param missingSample    keys of up to {@value #SAMPLE} base items lacking their entry
 * @param danglingSample   index keys of up to {@value #SAMPLE} stale entries
 * @param duplicateSample  keys of up to {@value #SAMPLE} base items holding a duplicated unique value
 */
public record IndexVerification(long baseItemsChecked, long entriesChecked, long missing, long dangling, long duplicates,
                    List<Key> missingSample, List<Key> danglingSample, List<Key> duplicateSample)
        implements Verification {
    /** How many keys of each kind a report lists. */
    public static final int SAMPLE = 20;

    public IndexVerification {
        missingSample = List.copyOf(missingSample);
        danglingSample = List.copyOf(danglingSample);
        duplicateSample = List.copyOf(duplicateSample);
    }

    @Override
    public long examined() {
        return baseItemsChecked + entriesChecked;
    }

    @Override
    public long disagreements() {
        return missing + dangling + duplicates;
    }

    @Override
    public List<String> findings() {
        Map<String, Long> kinds = new LinkedHashMap<>();
        kinds.put("base items without their index entry " + missingSample, missing);
        kinds.put("index entries pointing to an item that no longer holds their value " + danglingSample, dangling);
        kinds.put("items holding a unique value another item holds " + duplicateSample, duplicates);
        return Verification.lines(kinds);
    }

    IndexVerification plus(IndexVerification o) {
        return new IndexVerification(baseItemsChecked + o.baseItemsChecked, entriesChecked + o.entriesChecked,
                missing + o.missing, dangling + o.dangling, duplicates + o.duplicates,
                merge(missingSample, o.missingSample), merge(danglingSample, o.danglingSample),
                merge(duplicateSample, o.duplicateSample));
    }

    private static List<Key> merge(List<Key> a, List<Key> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).limit(SAMPLE).toList();
    }

    static IndexVerification empty() {
        return new IndexVerification(0, 0, 0, 0, 0, List.of(), List.of(), List.of());
    }
}
