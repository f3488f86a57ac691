package dev.nosqlpatterns.item;

import java.util.Objects;

/**
 * The address of an item inside a logical table: a partition key and a sort key.
 *
 * <p>Items of one partition are stored together and ordered by sort key (by UTF-8 bytes, see
 * {@link dev.nosqlpatterns.key.Utf8Order}). Both parts are required; an item that needs no sort key
 * uses a constant one, such as {@code "<BASE>"}. Lengths and characters are checked by the store a key
 * is written to, since limits differ per store.
 */
public record Key(String partition, String sort) {

    public Key {
        Objects.requireNonNull(partition, "partition key must not be null");
        Objects.requireNonNull(sort, "sort key must not be null");
    }

    public static Key of(String partition, String sort) {
        return new Key(partition, sort);
    }

    @Override
    public String toString() {
        return "(" + partition + ", " + sort + ")";
    }
}
