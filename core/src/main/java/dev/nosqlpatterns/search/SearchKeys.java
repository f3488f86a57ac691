package dev.nosqlpatterns.search;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import java.util.List;
import java.util.Optional;

/**
 * Where an {@link InvertedSearch} keeps things.
 *
 * <p>Postings table: one partition per term, {@code (t, field, value)}, holding a summary item (the
 * term's document count) and one chunk item per {@code 2^chunkBits} ids that the term has ever held,
 * sorted by chunk number; the partition {@code (u)} holds every indexed document the same way (the
 * universe NOT is relative to). The same table holds the id dictionary, {@code (d, document id)} to
 * dense id, the id sequence {@code (q)} and the settings {@code (m)}. Direct table: one row per dense id,
 * so that a scan of it reads rows and nothing else.
 */
final class SearchKeys {
    private static final CompositeKeyCodec PARTITION =
            CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING, SegmentType.STRING);
    private static final CompositeKeyCodec SORT = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.LONG);
    private static final CompositeKeyCodec ROW = CompositeKeyCodec.of(SegmentType.LONG);
    static final String UNIVERSE = PARTITION.encode("u", "", "");
    static final String SUMMARY = SORT.encode("s", 0L);
    static final String CHUNKS = SORT.prefix("c");
    static final Key SEQUENCE = Key.of(PARTITION.encode("q", "", ""), SUMMARY);
    static final Key SETTINGS = Key.of(PARTITION.encode("m", "", ""), SUMMARY);
    static final String ROW_SORT = "doc";
    /** The partition of expiry markers ({@link Expiries}). */
    static final String EXPIRING = PARTITION.encode("x", "", "");

    private SearchKeys() {
    }

    static String term(Term term) {
        return PARTITION.encode("t", term.field(), term.value());
    }

    /** The term a postings partition belongs to; empty for the universe and for non-term partitions. */
    static Optional<Term> termOf(String partition) {
        List<Object> parts = decode(partition);
        return parts != null && "t".equals(parts.get(0))
                ? Optional.of(new Term((String) parts.get(1), (String) parts.get(2))) : Optional.empty();
    }

    /** True for partitions holding posting chunks: terms and the universe. */
    static boolean isPosting(String partition) {
        List<Object> parts = decode(partition);
        return parts != null && ("t".equals(parts.get(0)) || "u".equals(parts.get(0)));
    }

    static Key dictionary(String documentId) {
        return Key.of(PARTITION.encode("d", documentId, ""), SUMMARY);
    }

    static Key summary(String partition) {
        return Key.of(partition, SUMMARY);
    }

    static Key chunk(String partition, int chunk) {
        return Key.of(partition, SORT.encode("c", (long) chunk));
    }

    /** The chunk number of a chunk item's sort key; -1 for any other sort key. */
    static int chunkOf(String sort) {
        if (!sort.startsWith(CHUNKS)) {
            return -1;
        }
        return ((Long) SORT.decode(sort).get(1)).intValue();
    }

    static Key row(int id) {
        return Key.of(ROW.encode((long) id), ROW_SORT);
    }

    static int idOf(Key row) {
        long id = (Long) ROW.decode(row.partition()).get(0);
        if (id < 0 || id > Integer.MAX_VALUE) {
            throw new IllegalStateException("direct row " + row + " has an id out of range");
        }
        return (int) id;
    }

    private static List<Object> decode(String partition) {
        try {
            return PARTITION.decode(partition);
        } catch (IllegalArgumentException notOurs) {
            return null;
        }
    }
}
