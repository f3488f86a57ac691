package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import java.util.Optional;

/**
 * The writes of a versioned entity type: a save carries the version it read and stores the next one, by
 * compare-and-set on the stored version, with the type's declared indexes kept in step by its index group.
 */
final class VersionedWrites {
    private VersionedWrites() {
    }

    /**
     * Saves {@code entity}, which carries the version it was read at (0 for a new one); returns the item stored,
     * at the new version. With {@code mustBeNew}, an existing item fails the save as
     * {@link ConditionFailedException}.
     */
    static <T extends Record> Item save(IndexGroup group, EntityType<T> type, T entity, boolean mustBeNew,
                                     java.time.Instant now) {
        long expected = type.versionOf(entity);
        if (mustBeNew && expected != 0) {
            throw new IllegalArgumentException("a new entity of type '" + type.name() + "' carries version 0, not "
                    + expected);
        }
        Item item = EntityIndexing.item(type, entity, now).toBuilder().put(EntityType.VERSION_ATTRIBUTE, expected + 1).build();
        Key key = item.key();
        return group.compute(key, old -> {
            if (mustBeNew && old.isPresent()) {
                throw new ConditionFailedException(type.table(), key, Condition.ifAbsent());
            }
            long found = found(old);
            if (found != expected) {
                throw new VersionConflictException(type.name(), type.table(), key, expected, found);
            }
            return item;
        });
    }

    /**
     * Deletes the entity at {@code key} if it is at {@code expected}; false when there is none and none was
     * expected (0).
     */
    static boolean delete(IndexGroup group, EntityType<?> type, Key key, long expected) {
        boolean deleted = group.delete(key, old -> {
            long found = type.isTypeOf(old) ? found(Optional.of(old)) : 0;
            if (found != expected) {
                throw new VersionConflictException(type.name(), type.table(), key, expected, found);
            }
            return true;
        });
        if (!deleted && expected != 0) {
            throw new VersionConflictException(type.name(), type.table(), key, expected, 0);
        }
        return deleted;
    }

    private static long found(Optional<Item> old) {
        return old.map(i -> i.getLong(EntityType.VERSION_ATTRIBUTE).orElse(0L)).orElse(0L);
    }
}
