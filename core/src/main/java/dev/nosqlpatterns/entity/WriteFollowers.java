package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** The {@link WriteFollower}s of a repository, by entity type. Thread-safe. */
final class WriteFollowers {
    private final Map<EntityType<?>, List<WriteFollower>> byType = new ConcurrentHashMap<>();

    Store.Registration add(EntityType<?> type, WriteFollower follower) {
        byType.computeIfAbsent(type, t -> new CopyOnWriteArrayList<>()).add(follower);
        return () -> byType.getOrDefault(type, List.of()).remove(follower);
    }

    boolean any(EntityType<?> type) {
        return !byType.getOrDefault(type, List.of()).isEmpty();
    }

    void before(EntityType<?> type, Key key) {
        for (WriteFollower f : byType.getOrDefault(type, List.of())) {
            f.beforeWrite(key);
        }
    }

    void after(EntityType<?> type, Key key) {
        for (WriteFollower f : byType.getOrDefault(type, List.of())) {
            f.afterWrite(key);
        }
    }
}
