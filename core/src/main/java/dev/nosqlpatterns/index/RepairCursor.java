package dev.nosqlpatterns.index;

import dev.nosqlpatterns.store.model.Cursor;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a paged verify or repair stopped: the pass (1 reads the base table for missing entries, 2 reads
 * the index table for stale ones), the scan cursor inside it, and the tallies that let pass 2 skip reading
 * base items. Made of plain values, so a long repair can resume in another process.
 *
 * <p>{@code confirmed} is the tally of the entries pass 1 found naming the item it checked (or added and
 * read that item back holding), up to where it stopped; empty when unknown (a cursor made with the
 * two-argument constructor). {@code counted} is present while pass 2 counts the index table: the tally of the
 * entries scanned so far. When the count ends equal to {@code confirmed}, pass 2 is over without reading any
 * base item; otherwise, or when {@code confirmed} is unknown, pass 2 reads the item of every entry (a pass 2
 * cursor without {@code counted}). See {@link IndexTable#verify()}.
 *
 * @param pass       1 or 2
 * @param scanCursor where the scan of the pass (or of pass 2's count) resumes; empty at its start
 * @param confirmed  the entries pass 1 confirmed so far; empty when unknown
 * @param counted    in pass 2, the entries its count scanned so far; empty when pass 2 reads every entry's item
 */
public record RepairCursor(int pass, Optional<Cursor> scanCursor, Optional<EntryTally> confirmed,
                           Optional<EntryTally> counted) {
    public RepairCursor {
        if (pass != 1 && pass != 2) {
            throw new IllegalArgumentException("a repair pass is 1 or 2, got " + pass);
        }
        Objects.requireNonNull(scanCursor, "scan cursor must not be null (use Optional.empty())");
        Objects.requireNonNull(confirmed, "confirmed tally must not be null (use Optional.empty())");
        Objects.requireNonNull(counted, "counted tally must not be null (use Optional.empty())");
        if (counted.isPresent() && (pass != 2 || confirmed.isEmpty())) {
            throw new IllegalArgumentException("only pass 2 counts entries, and only with the tally of pass 1");
        }
    }

    /**
     * A cursor without tallies, as cursors were before pass 2 could count: pass 1 then keeps no tally, and
     * pass 2 reads the item of every entry.
     */
    public RepairCursor(int pass, Optional<Cursor> scanCursor) {
        this(pass, scanCursor, Optional.empty(), Optional.empty());
    }

    /** The beginning of a verify or repair. */
    public static RepairCursor start() {
        return new RepairCursor(1, Optional.empty(), Optional.of(EntryTally.NONE), Optional.empty());
    }

    /** True while pass 2 counts the index table, before (or instead of) reading the item of every entry. */
    public boolean counting() {
        return counted.isPresent();
    }

    /**
     * A multiset of index entries, kept in constant space: how many, and the sum (modulo 2<sup>64</sup>, each
     * half) of a 128-bit hash of each entry's key, the item it names and its write generation. Two tallies of
     * different multisets are equal only by a hash collision, whose chance is negligible (about 2<sup>-64</sup>
     * or less); tallies are only added and compared.
     *
     * @param entries how many entries
     * @param high    the sum of the first halves of their hashes
     * @param low     the sum of the second halves
     */
    public record EntryTally(long entries, long high, long low) {
        /** No entry. */
        public static final EntryTally NONE = new EntryTally(0, 0, 0);

        public EntryTally {
            if (entries < 0) {
                throw new IllegalArgumentException("an entry count is not negative, got " + entries);
            }
        }

        /** The tally of both multisets together. */
        public EntryTally plus(EntryTally o) {
            return new EntryTally(entries + o.entries, high + o.high, low + o.low);
        }
    }
}
