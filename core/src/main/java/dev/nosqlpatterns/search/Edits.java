package dev.nosqlpatterns.search;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/** Collects id additions and removals per partition, then splits them into one {@link Postings.Edit} per chunk. */
final class Edits {
    private final PostingFormat format;
    private final int chunkBits;
    private final Map<String, RoaringBitmap[]> byPartition = new TreeMap<>();

    Edits(PostingFormat format, int chunkBits) {
        this.format = format;
        this.chunkBits = chunkBits;
    }

    void add(String partition, int id) {
        sets(partition)[0].add(id);
    }

    void remove(String partition, int id) {
        sets(partition)[1].add(id);
    }

    boolean isEmpty() {
        return byPartition.isEmpty();
    }

    private RoaringBitmap[] sets(String partition) {
        return byPartition.computeIfAbsent(partition, p -> new RoaringBitmap[] {new RoaringBitmap(), new RoaringBitmap()});
    }

    /** One edit per touched chunk, partitions in order, chunks ascending. */
    List<Postings.Edit> build() {
        List<Postings.Edit> out = new ArrayList<>();
        byPartition.forEach((partition, sets) -> {
            IdSet adds = IdSets.of(format, sets[0].toArray());
            IdSet removes = IdSets.of(format, sets[1].toArray()).andNot(adds);
            IdSet touched = adds.or(removes);
            for (int chunk : touched.chunks(chunkBits)) {
                long from = (long) chunk << chunkBits;
                long to = from + (1L << chunkBits);
                out.add(new Postings.Edit(partition, chunk, adds.range(from, to), removes.range(from, to)));
            }
        });
        return out;
    }
}
