package dev.nosqlpatterns.search;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;

/** Builds {@link IdSet}s of a {@link PostingFormat} and moves them in and out of chunk items. */
final class IdSets {
    /** The attribute holding a bitmap chunk. */
    static final String BITS = "bits";
    /** The attribute holding a sorted-id chunk (absent when the chunk is empty: sets are never empty). */
    static final String IDS = "ids";

    private IdSets() {
    }

    static IdSet empty(PostingFormat format) {
        return format == PostingFormat.BITMAP ? BitmapIdSet.EMPTY : SortedIdSet.EMPTY;
    }

    static IdSet of(PostingFormat format, int... ids) {
        for (int id : ids) {
            if (id < 0) {
                throw new IllegalArgumentException("document ids are from 0 to " + Integer.MAX_VALUE + ", got " + id);
            }
        }
        return format == PostingFormat.BITMAP ? BitmapIdSet.of(ids) : SortedIdSet.of(ids);
    }

    /** The ids a chunk item holds; an absent item holds none. */
    static IdSet decode(PostingFormat format, Optional<Item> chunk) {
        if (chunk.isEmpty()) {
            return empty(format);
        }
        Item item = chunk.get();
        if (format == PostingFormat.BITMAP) {
            return item.get(BITS).map(v -> {
                if (!(v instanceof Value.Bin bin)) {
                    throw new IllegalStateException("posting chunk " + item.key() + " holds a " + v.type()
                            + " where a bitmap was expected: was the index written in another format?");
                }
                return (IdSet) BitmapIdSet.deserialize(bin.value());
            }).orElse(BitmapIdSet.EMPTY);
        }
        return item.get(IDS).map(v -> {
            if (!(v instanceof Value.NumSet set)) {
                throw new IllegalStateException("posting chunk " + item.key() + " holds a " + v.type()
                        + " where a number set was expected: was the index written in another format?");
            }
            return (IdSet) SortedIdSet.of(toInts(set.value()));
        }).orElse(SortedIdSet.EMPTY);
    }

    /** The chunk attribute and value for {@code ids}; an empty value for an empty sorted-id chunk. */
    static Optional<Value> encode(PostingFormat format, IdSet ids) {
        if (format == PostingFormat.BITMAP) {
            BitmapIdSet bits = ids instanceof BitmapIdSet b ? b : BitmapIdSet.of(ids.toArray());
            return Optional.of(Value.of(bits.serialize()));
        }
        if (ids.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Value.numberSet(Arrays.stream(ids.toArray()).boxed().toList()));
    }

    static String attribute(PostingFormat format) {
        return format == PostingFormat.BITMAP ? BITS : IDS;
    }

    private static int[] toInts(Set<BigDecimal> members) {
        int[] out = new int[members.size()];
        int n = 0;
        for (BigDecimal d : members) {
            out[n++] = d.intValueExact();
        }
        return out;
    }

    /** A short rendering: the size and the first few ids. */
    static String describe(IdSet set) {
        int[] ids = set.toArray();
        StringBuilder sb = new StringBuilder("[").append(ids.length).append(" ids");
        for (int i = 0; i < Math.min(8, ids.length); i++) {
            sb.append(i == 0 ? ": " : ", ").append(ids[i]);
        }
        return sb.append(ids.length > 8 ? ", ...]" : "]").toString();
    }
}
