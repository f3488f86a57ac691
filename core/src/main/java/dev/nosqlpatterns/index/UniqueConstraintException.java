package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.StoreException;

/**
 * A write would give a unique index value to a second item. Nothing was written, except in one case that
 * {@link #leftShared()} tells: a put paused longer than the claim lease lost its new value and, while it held it,
 * another item took its old one; the item went back to its old state and now shares that value.
 */
public class UniqueConstraintException extends StoreException {
    private final String value;
    private final Key holder;
    private final boolean leftShared;

    UniqueConstraintException(String indexTable, String value, Key writer, Key holder) {
        this("unique index '" + indexTable + "': value '" + value + "' is already held by item " + holder
                + ", so item " + writer + " cannot take it; nothing was written", indexTable, value, writer, holder,
                false);
    }

    private UniqueConstraintException(String message, String indexTable, String value, Key writer, Key holder,
                                      boolean leftShared) {
        super(message, indexTable, writer, null);
        this.value = value;
        this.holder = holder;
        this.leftShared = leftShared;
    }

    /**
     * A put that lost its claim of {@code lostValue} was put back to its old state, whose {@code value} item
     * {@code holder} took while the put held the new one: both items hold {@code value} now.
     */
    static UniqueConstraintException leftShared(String indexTable, String value, Key writer, Key holder,
                                                String lostValue) {
        return new UniqueConstraintException("unique index '" + indexTable + "': item " + writer + " lost its claim of '"
                + lostValue + "' (its put paused longer than the claim lease) and was put back as it was, but item "
                + holder + " took its old value '" + value + "' meanwhile; both hold '" + value
                + "' now, which verify() counts as a duplicate: give one of them another value", indexTable, value,
                writer, holder, true);
    }

    /**
     * True when the failed put left its item sharing {@link #value()} with {@link #holder()} (see the class
     * description); false for the usual refusal, which wrote nothing.
     */
    public boolean leftShared() {
        return leftShared;
    }

    /** The contested index value. */
    public String value() {
        return value;
    }

    /** The key of the item that holds the value. */
    public Key holder() {
        return holder;
    }

    /** True: another item holds the value. */
    @Override
    public boolean isConflict() {
        return true;
    }
}
