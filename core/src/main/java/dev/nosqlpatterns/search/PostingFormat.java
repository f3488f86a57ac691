package dev.nosqlpatterns.search;

/**
 * How an {@link InvertedSearch} stores and combines posting lists (term → document ids). Both formats
 * answer every query identically; they differ in size, write cost and the speed of AND / OR / NOT, which
 * is what the benchmarks compare.
 */
public enum PostingFormat {
    /**
     * Each chunk of a posting list is a serialized RoaringBitmap in a binary attribute, and queries
     * combine bitmaps. Compact for dense and for clustered ids (a full chunk of 65,536 ids is 8 KB at
     * most, runs much less); default chunk span 2<sup>16</sup> ids, one bitmap container.
     */
    BITMAP(16),
    /**
     * Each chunk is the store's native number set of ids, readable by any tool, and queries merge
     * sorted id arrays. Larger (a few bytes per id), so the default chunk span is 2<sup>12</sup> ids.
     */
    SORTED_IDS(12);

    private final int defaultChunkBits;

    PostingFormat(int defaultChunkBits) {
        this.defaultChunkBits = defaultChunkBits;
    }

    /** The default base-2 logarithm of the id range one stored chunk covers. */
    int defaultChunkBits() {
        return defaultChunkBits;
    }

    /**
     * The largest a chunk item's posting attribute can grow for a chunk of {@code 2^chunkBits} ids: a
     * bitmap never exceeds one bit per id, a number set about six bytes per id (ids up to ten digits).
     */
    long worstCaseBytes(int chunkBits) {
        long span = 1L << chunkBits;
        return this == BITMAP ? span / 8 + 64 : span * 6;
    }
}
