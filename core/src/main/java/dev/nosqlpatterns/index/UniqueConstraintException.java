package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.StoreException;

/** A write would give a unique index value to a second item. Nothing was written. */
public class UniqueConstraintException extends StoreException {
    private final String value;
    private final Key holder;

    UniqueConstraintException(String indexTable, String value, Key writer, Key holder) {
        super("unique index '" + indexTable + "': value '" + value + "' is already held by item " + holder
                + ", so item " + writer + " cannot take it; nothing was written", indexTable, writer, null);
        this.value = value;
        this.holder = holder;
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
