package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The {@link WriteFollower}s of a repository, by entity type: by its table and name, so that a type built again
 * (each JVM, or each call of a factory method, builds its own) is followed as the one registered. Thread-safe.
 */
final class WriteFollowers {
    private final Map<String, List<WriteFollower>> byType = new ConcurrentHashMap<>();

    private static String id(EntityType<?> type) {
        return type.table() + '\u0000' + type.name();
    }

    Store.Registration add(EntityType<?> type, WriteFollower follower) {
        byType.computeIfAbsent(id(type), t -> new CopyOnWriteArrayList<>()).add(follower);
        return () -> byType.getOrDefault(id(type), List.of()).remove(follower);
    }

    boolean any(EntityType<?> type) {
        return !byType.getOrDefault(id(type), List.of()).isEmpty();
    }

    void before(EntityType<?> type, Key key) {
        for (WriteFollower f : byType.getOrDefault(id(type), List.of())) {
            f.beforeWrite(key);
        }
    }

    void after(EntityType<?> type, Key key) {
        for (WriteFollower f : byType.getOrDefault(id(type), List.of())) {
            f.afterWrite(key);
        }
    }

    /** After a put that stored {@code written} exactly. */
    void afterPut(EntityType<?> type, Item written) {
        for (WriteFollower f : byType.getOrDefault(id(type), List.of())) {
            f.afterPut(written);
        }
    }
}
