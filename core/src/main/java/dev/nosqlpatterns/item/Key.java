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

    /**
     * This key for an error message: each part longer than {@value #SHOWN} characters cut to its start, followed
     * by its length, so that a message stays readable whatever the key holds.
     */
    public String abbreviated() {
        return "(" + abbreviate(partition) + ", " + abbreviate(sort) + ")";
    }

    /** The most characters of a key part, or of a value, that messages repeat. */
    static final int SHOWN = 100;

    /**
     * {@code text} when it is at most {@value #SHOWN} characters long, else its first 60 characters (never half
     * a surrogate pair) followed by its length.
     */
    public static String abbreviate(String text) {
        if (text == null || text.length() <= SHOWN) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(59)) ? 59 : 60;
        return text.substring(0, end) + "...(" + text.length() + " characters)";
    }
}
