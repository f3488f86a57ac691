package dev.nosqlpatterns.store.model;

/**
 * A store's size limits, checked before every write so that a write that would fail is refused
 * with a clear error and nothing is written.
 *
 * @param maxItemBytes          largest item, as {@link dev.nosqlpatterns.item.Item#sizeInBytes()} counts it
 * @param maxPartitionKeyBytes  longest partition key, in UTF-8 bytes
 * @param maxSortKeyBytes       longest sort key, in UTF-8 bytes
 * @param maxAtomicWriteItems   most writes in one {@code Store.writeAtomically} call
 * @param maxAtomicWriteBytes   most bytes of items in one {@code Store.writeAtomically} call
 */
public record Limits(int maxItemBytes, int maxPartitionKeyBytes, int maxSortKeyBytes, int maxAtomicWriteItems,
                     long maxAtomicWriteBytes) {

    /**
     * DynamoDB's limits less a reserve for what adapters store beside an item (key names, a table prefix),
     * the portable default: data that fits them fits every store here.
     */
    public static final Limits PORTABLE = new Limits(400 * 1024 - 1024, 2048 - 64, 1024, 100, 4L * 1024 * 1024 - 64 * 1024);

    public Limits {
        positive("maxItemBytes", maxItemBytes);
        positive("maxPartitionKeyBytes", maxPartitionKeyBytes);
        positive("maxSortKeyBytes", maxSortKeyBytes);
        positive("maxAtomicWriteItems", maxAtomicWriteItems);
        positive("maxAtomicWriteBytes", maxAtomicWriteBytes);
    }

    private static void positive(String name, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
    }
}
