package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The {@link WriteFollower}s of a repository, by the shape of an entity type: its table, name, key templates,
 * indexes, version component and schema version. A type built again with the same declaration (each JVM, or
 * each call of a factory method, builds its own) is followed as the one registered, while the other side of an
 * in-place migration (the same table and name with another index or schema version) is not. Thread-safe.
 */
final class WriteFollowers {
    private final Map<String, List<WriteFollower>> byType = new ConcurrentHashMap<>();

    private static String id(EntityType<?> type) {
        return String.join("\u0000", type.table(), type.name(), type.partitionTemplate().toString(),
                type.sortTemplate().toString(), type.indexes().toString(), type.versionComponent().orElse(""),
                Integer.toString(type.schemaVersion()));
    }

    Store.Registration add(EntityType<?> type, WriteFollower follower) {
        byType.computeIfAbsent(id(type), t -> new CopyOnWriteArrayList<>()).add(follower);
        return () -> byType.getOrDefault(id(type), List.of()).remove(follower);
    }

    boolean any(EntityType<?> type) {
        // Most repositories have no follower at all: the type's shape is then not worth describing.
        return !byType.isEmpty() && !byType.getOrDefault(id(type), List.of()).isEmpty();
    }

    /**
     * Tells the followers of {@code type} that the item at {@code key} is about to be written, and returns them:
     * the followers that admitted a write are the ones told of its end, even when one is closed meanwhile.
     */
    Followed before(EntityType<?> type, Key key) {
        if (byType.isEmpty()) {
            return Followed.NONE;
        }
        List<WriteFollower> now = List.copyOf(byType.getOrDefault(id(type), List.of()));
        for (WriteFollower f : now) {
            f.beforeWrite(key);
        }
        return new Followed(now);
    }

    /** The followers that admitted one write. */
    record Followed(List<WriteFollower> followers) {
        static final Followed NONE = new Followed(List.of());

        /** After a write of the item at {@code key} that stored {@code stored}, or changed nothing when empty. */
        void after(Key key, java.util.Optional<Item> stored) {
            if (stored.isPresent()) {
                afterPut(stored.get());
            } else {
                for (WriteFollower f : followers) {
                    f.nothingWritten(key);
                }
            }
        }

        /** After a delete of the item at {@code key}: {@code deleted} when there was one to delete. */
        void afterDelete(Key key, boolean deleted) {
            for (WriteFollower f : followers) {
                if (deleted) {
                    f.afterWrite(key);
                } else {
                    f.nothingWritten(key);
                }
            }
        }

        /** After a put that stored {@code written} exactly. */
        void afterPut(Item written) {
            for (WriteFollower f : followers) {
                f.afterPut(written);
            }
        }
    }
}
