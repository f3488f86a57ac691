package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.benchmarks.overhead.Loader;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.search.Document;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.roaringbitmap.RoaringBitmap;

/**
 * A load of documents into a fresh {@code InvertedSearch} (bitmap postings, the default chunk span of 2^16 ids)
 * written by hand with a store's official driver ({@link Loader#write}), on the technique's physical layout as its
 * package documents it: what a competent engineer who knows that layout would write to fill an empty index once.
 * Why: the bulk family compares the library's {@code indexAll} with it, as it compares its other loads.
 *
 * <p>The documents get the dense ids 0 to {@code N - 1} (a fresh index's sequence starts at 0), and the sequence
 * item is set to {@code N} first. Then, a chunk of {@value BulkLoadCells#CHUNK} documents at a time, their direct
 * rows (document id, fields as a map of string sets, a version) and their dictionary entries are written while the
 * posting lists are built in memory; at the end every term's and the universe's posting chunks (a run-optimized,
 * portable RoaringBitmap serialization, version 1, the chunk's count) and count summaries, a page of
 * {@value BulkLoadCells#CHUNK} items per bulk write. Nothing is read, nothing is conditional: it is meant for empty
 * tables and a single writer, where the library's {@code indexAll} reads the dictionary, the rows and every chunk
 * it changes, and writes each chunk conditionally on its version.
 */
final class HandSearchLoad {
    private static final CompositeKeyCodec PARTITION = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.STRING);
    private static final CompositeKeyCodec SORT = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.LONG);
    private static final CompositeKeyCodec ROW = CompositeKeyCodec.of(SegmentType.LONG);
    private static final String SUMMARY = SORT.encode("s", 0L);
    private static final String UNIVERSE = PARTITION.encode("u", "", "");
    private static final int CHUNK_BITS = 16;

    private HandSearchLoad() {
    }

    /** How the load goes, in a few words for the report. */
    static String how(Loader loader) {
        String write = loader.howScanAndWrite();
        int at = write.indexOf("write: ");
        return "sequence, then rows and dictionary entries per chunk of " + BulkLoadCells.CHUNK + ", then posting"
                + " chunks and counts built in memory; " + (at >= 0 ? write.substring(at) : write);
    }

    /** Loads {@code documents} into the empty tables; returns the requests sent. */
    static long load(Loader loader, String postingsTable, String directTable, List<Document> documents) {
        long requests = loader.write(postingsTable, List.of(Item.builder(PARTITION.encode("q", "", ""), SUMMARY)
                .put("n", documents.size()).build()));
        // partition -> chunk number -> ids
        Map<String, Map<Integer, RoaringBitmap>> postings = new LinkedHashMap<>();
        long version = (System.currentTimeMillis() << 12) | ThreadLocalRandom.current().nextInt(1 << 12);
        for (int from = 0; from < documents.size(); from += BulkLoadCells.CHUNK) {
            int to = Math.min(documents.size(), from + BulkLoadCells.CHUNK);
            List<Item> rows = new ArrayList<>(to - from);
            List<Item> dictionary = new ArrayList<>(to - from);
            for (int id = from; id < to; id++) {
                Document doc = documents.get(id);
                rows.add(Item.builder(ROW.encode((long) id), "doc").put("doc", doc.id())
                        .put("f", fields(doc.fields())).put("v", version).build());
                dictionary.add(Item.builder(PARTITION.encode("d", doc.id(), ""), SUMMARY).put("n", id).build());
                add(postings, UNIVERSE, id);
                for (Map.Entry<String, Set<String>> field : doc.fields().entrySet()) {
                    for (String value : field.getValue()) {
                        add(postings, PARTITION.encode("t", field.getKey(), value), id);
                    }
                }
            }
            requests += loader.write(directTable, rows);
            requests += loader.write(postingsTable, dictionary);
        }
        List<Item> items = new ArrayList<>();
        for (Map.Entry<String, Map<Integer, RoaringBitmap>> p : postings.entrySet()) {
            long count = 0;
            for (Map.Entry<Integer, RoaringBitmap> chunk : p.getValue().entrySet()) {
                RoaringBitmap bits = chunk.getValue();
                bits.runOptimize();
                ByteBuffer bytes = ByteBuffer.allocate(bits.serializedSizeInBytes());
                bits.serialize(bytes);
                items.add(Item.builder(p.getKey(), SORT.encode("c", (long) chunk.getKey())).put("v", 1)
                        .put("n", bits.getCardinality()).put("bits", Value.of(bytes.array())).build());
                count += bits.getCardinality();
            }
            items.add(Item.builder(p.getKey(), SUMMARY).put("n", count).build());
        }
        for (int from = 0; from < items.size(); from += BulkLoadCells.CHUNK) {
            requests += loader.write(postingsTable, items.subList(from, Math.min(items.size(), from + BulkLoadCells.CHUNK)));
        }
        return requests;
    }

    private static void add(Map<String, Map<Integer, RoaringBitmap>> postings, String partition, int id) {
        postings.computeIfAbsent(partition, p -> new TreeMap<>()).computeIfAbsent(id >>> CHUNK_BITS,
                c -> new RoaringBitmap()).add(id);
    }

    /** A document's fields as the direct row holds them: field to the set of its values. */
    private static Value fields(Map<String, Set<String>> fields) {
        Map<String, Value> map = new TreeMap<>();
        fields.forEach((f, values) -> map.put(f, Value.stringSet(values)));
        return Value.map(map);
    }
}
