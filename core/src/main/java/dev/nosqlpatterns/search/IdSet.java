package dev.nosqlpatterns.search;

/**
 * An immutable set of dense document ids (0 to {@link Integer#MAX_VALUE}), the unit the query evaluator
 * combines. Two representations stand behind it, chosen by {@link PostingFormat}: compressed bitmaps and
 * sorted id arrays; operands of one operation always share a representation.
 */
interface IdSet {

    int cardinality();

    boolean contains(int id);

    IdSet and(IdSet other);

    IdSet or(IdSet other);

    IdSet andNot(IdSet other);

    /** The ids in ascending order. */
    int[] toArray();

    /** The ids from {@code from} (inclusive) to {@code to} (exclusive). */
    IdSet range(long from, long to);

    /** The distinct chunk numbers ({@code id >>> chunkBits}) of the ids, ascending. */
    int[] chunks(int chunkBits);

    default boolean isEmpty() {
        return cardinality() == 0;
    }
}
