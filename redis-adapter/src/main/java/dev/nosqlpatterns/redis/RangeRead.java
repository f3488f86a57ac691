package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One read of a sorted set's range in progress, chunk by chunk: the {@code range.lua} call that reads its
 * next chunk, and the items the replies so far gave. Keeping this apart from how the calls travel lets
 * {@link RangeReads} send them one after another for a single read, or in one pipeline with the calls of
 * other reads when it serves many reads at once, and both answer the same.
 */
final class RangeRead {
    private final String table;
    private final Key where;
    private final byte[] set;
    private final boolean descending;
    private final int limit;
    private final byte[] itemPrefix;
    private final Function<byte[], Key> keyOf;
    private final Predicate<Key> selects;
    private final List<Item> items = new ArrayList<>();
    private byte[] min;
    private byte[] max;
    private byte[] last;
    private int want;
    private boolean more;

    /**
     * @param table      the table read, to name in errors
     * @param where      the key to name in errors ({@code null} for an index)
     * @param set        the sorted set holding the range
     * @param min        the lower ZRANGEBYLEX bound
     * @param max        the upper ZRANGEBYLEX bound
     * @param itemPrefix what turns a member into its item key ({@code ''} for an index)
     * @param keyOf      the item key a member stands for
     * @param selects    whether an item of the range belongs to the answer
     */
    RangeRead(String table, Key where, byte[] set, byte[] min, byte[] max, boolean descending, int limit,
              byte[] itemPrefix, Function<byte[], Key> keyOf, Predicate<Key> selects) {
        this.table = table;
        this.where = where;
        this.set = set;
        this.min = min;
        this.max = max;
        this.descending = descending;
        this.limit = limit;
        this.itemPrefix = itemPrefix;
        this.keyOf = keyOf;
        this.selects = selects;
    }

    String table() {
        return table;
    }

    Key where() {
        return where;
    }

    /** The call that reads the next chunk: one member more than it returns items, to tell whether more follow. */
    Pipelines.Call next() {
        want = Math.min(limit - items.size(), RangeReads.CHUNK);
        return new Pipelines.Call(List.of(set), List.of(min, max, RangeReads.num(want + 1L), RangeReads.num(want),
                RangeReads.num(descending ? 1 : 0), itemPrefix));
    }

    /** Takes the reply to the call {@link #next()} gave last; returns whether the read is complete. */
    boolean accept(List<?> reply) {
        long listed = (Long) reply.get(0);
        for (int i = 1; i + 1 < reply.size(); i += 2) {
            byte[] member = (byte[]) reply.get(i);
            last = member;
            Key key = keyOf.apply(member);
            if (selects.test(key)) {
                ItemHash.fromFlat(key, (List<?>) reply.get(i + 1)).ifPresent(items::add);
            }
        }
        if (listed <= want) {
            return true;
        }
        if (items.size() >= limit) {
            more = true;
            return true;
        }
        if (descending) {
            max = Keys.concat((byte) '(', last);
        } else {
            min = Keys.concat((byte) '(', last);
        }
        return false;
    }

    /** What a complete read found. */
    RangeReads.Range result() {
        return new RangeReads.Range(items, more, last);
    }
}
