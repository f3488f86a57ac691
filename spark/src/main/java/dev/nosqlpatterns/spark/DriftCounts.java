package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Key;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** A {@link IndexVerification} that travels between tasks and the driver, and adds up. */
final class DriftCounts implements Serializable {
    private static final long serialVersionUID = 1L;

    final long baseItemsChecked;
    final long entriesChecked;
    final long missing;
    final long dangling;
    final long duplicates;
    final ArrayList<String[]> missingSample;
    final ArrayList<String[]> danglingSample;
    final ArrayList<String[]> duplicateSample;

    private DriftCounts(long baseItemsChecked, long entriesChecked, long missing, long dangling, long duplicates,
                        List<String[]> missingSample, List<String[]> danglingSample, List<String[]> duplicateSample) {
        this.baseItemsChecked = baseItemsChecked;
        this.entriesChecked = entriesChecked;
        this.missing = missing;
        this.dangling = dangling;
        this.duplicates = duplicates;
        this.missingSample = new ArrayList<>(missingSample);
        this.danglingSample = new ArrayList<>(danglingSample);
        this.duplicateSample = new ArrayList<>(duplicateSample);
    }

    static DriftCounts none() {
        return new DriftCounts(0, 0, 0, 0, 0, List.of(), List.of(), List.of());
    }

    static DriftCounts of(IndexVerification d) {
        return new DriftCounts(d.baseItemsChecked(), d.entriesChecked(), d.missing(), d.dangling(), d.duplicates(),
                keys(d.missingSample()), keys(d.danglingSample()), keys(d.duplicateSample()));
    }

    DriftCounts plus(DriftCounts o) {
        return new DriftCounts(baseItemsChecked + o.baseItemsChecked, entriesChecked + o.entriesChecked,
                missing + o.missing, dangling + o.dangling, duplicates + o.duplicates,
                merge(missingSample, o.missingSample), merge(danglingSample, o.danglingSample),
                merge(duplicateSample, o.duplicateSample));
    }

    IndexVerification toDrift() {
        return new IndexVerification(baseItemsChecked, entriesChecked, missing, dangling, duplicates, back(missingSample),
                back(danglingSample), back(duplicateSample));
    }

    private static List<String[]> keys(List<Key> keys) {
        return keys.stream().map(k -> new String[] {k.partition(), k.sort()}).toList();
    }

    private static List<Key> back(List<String[]> keys) {
        return keys.stream().map(k -> Key.of(k[0], k[1])).toList();
    }

    private static List<String[]> merge(List<String[]> a, List<String[]> b) {
        List<String[]> out = new ArrayList<>(a);
        for (String[] k : b) {
            if (out.size() >= IndexVerification.SAMPLE) {
                break;
            }
            out.add(k);
        }
        return out;
    }
}
