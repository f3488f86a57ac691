package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.store.model.Write;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks an entity's item and the entries of its index tables before anything is written, and tells a refusal in
 * the terms the application used: the entity type, the entity's key values, the index by its declared name and
 * template, never a whole long value nor an internal table name alone.
 */
final class EntityChecks {
    private EntityChecks() {
    }

    /**
     * Checks the item a save of {@code type} writes, and its index entries, as the store would, writing nothing.
     *
     * @throws StoreException of the store's kind, its message in the entity's terms
     */
    static void check(Store store, EntityType<?> type, EntityIndexing indexing, Item item) {
        try {
            if (indexing.hasTables()) {
                indexing.group().check(item);
            } else {
                store.validate(List.of(Write.put(type.table(), item)));
            }
        } catch (StoreException e) {
            throw inEntityTerms(type, item.key(), e);
        }
    }

    /** {@code e}, a refusal of a write of the entity of {@code type} at {@code key}, told in the entity's terms. */
    static StoreException inEntityTerms(EntityType<?> type, Key key, StoreException e) {
        String index = type.indexes().stream()
                .filter(ix -> e.table().filter(EntityIndexing.indexTableName(type, ix)::equals).isPresent())
                .findFirst()
                .map(ix -> ": its entry in index '" + ix.name() + "' (" + ix.partition()
                        + ix.sort().map(s -> " sorted by " + s).orElse("") + ") cannot be written")
                .orElse("");
        String message = "cannot write " + describe(type, key) + index + ": " + e.getMessage();
        if (e instanceof InvalidKeyException) {
            return new InvalidKeyException(message, e);
        }
        if (e instanceof ItemTooLargeException) {
            return new ItemTooLargeException(message, e);
        }
        if (e instanceof InvalidRequestException) {
            return new InvalidRequestException(message, e);
        }
        return e;
    }

    /** The entity of {@code type} at {@code key}, by its key values, each cut to a readable length. */
    static String describe(EntityType<?> type, Key key) {
        Map<String, String> values = new LinkedHashMap<>();
        try {
            type.keyValues(key).forEach((name, value) -> values.put(name, Key.abbreviate(String.valueOf(value))));
        } catch (RuntimeException unreadable) {
            return "entity type '" + type.name() + "' at " + key.abbreviated();
        }
        return "entity type '" + type.name() + "' " + values;
    }
}
