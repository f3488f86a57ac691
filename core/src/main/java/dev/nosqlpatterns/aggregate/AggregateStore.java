package dev.nosqlpatterns.aggregate;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.internal.OptimisticRetry;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Aggregates and atomic aggregates: one entity, however nested, is one item, so it
 * is read and written whole; changes are optimistic compare-and-set on a version attribute, so
 * concurrent writers never lose each other's updates and no lock is held.
 *
 * <p>{@link #update} reads the aggregate, applies the caller's function, and writes the result only if
 * nobody wrote in between; otherwise it reads again and retries, with jittered exponential backoff, up
 * to a bound, then throws {@link ConcurrentUpdateException}. A function that throws writes nothing.
 *
 * <p><b>Under concurrent writers</b> (no crash): every update that returned is in the aggregate, applied to
 * the value it read, whatever the interleaving; an aggregate deleted and created again starts at a version
 * it never had, so a writer that read its earlier life loses its compare-and-set.
 *
 * <p><b>Under crashes</b>: an aggregate is one item written in one request, so a writer that dies leaves it
 * as it was or as it wrote it; there is no derived data to repair.
 */
public final class AggregateStore {
    private final Store store;
    private final String table;
    private final String versionAttribute;
    private final OptimisticRetry retry;

    private AggregateStore(Builder b) {
        this.store = b.store;
        this.table = b.table;
        this.versionAttribute = b.versionAttribute;
        this.retry = new OptimisticRetry(b.maxAttempts, b.maxBackoff, "Retry later, or reduce contention on this"
                + " aggregate (e.g. with an atomic update or a sharded counter).");
    }

    public static Builder builder(Store store, String table) {
        return new Builder(store, table);
    }

    /** The aggregate and its version, if it exists. */
    public Optional<Item> get(Key key) {
        return TechniqueCalls.call(store, "aggregate.get", table, () -> store.get(table, key));
    }

    /** Stores a new aggregate at a first version made of the time and random bits; fails with a ConditionFailedException when it exists. */
    public Item create(Item aggregate) {
        return TechniqueCalls.call(store, "aggregate.create", table, () -> {
            Item versioned = aggregate.toBuilder().put(versionAttribute, nextVersion(Optional.empty())).build();
            store.put(table, versioned, Condition.ifAbsent());
            return versioned;
        });
    }

    /**
     * Applies {@code change} to the current aggregate (empty when absent: the function may create it)
     * and writes the result atomically with respect to other writers; returns what was written. Returning
     * the input unchanged writes nothing.
     */
    public Item update(Key key, java.util.function.Function<Optional<Item>, Item> change) {
        return TechniqueCalls.call(store, "aggregate.update", table, () -> write(key, change));
    }

    /** Like {@link #update(Key, java.util.function.Function)} for an aggregate that must exist. */
    public Item modify(Key key, UnaryOperator<Item> change) {
        return TechniqueCalls.call(store, "aggregate.modify", table, () -> {
            Objects.requireNonNull(change, "change function must not be null");
            return write(key, current -> change.apply(current.orElseThrow(() -> new IllegalStateException(
                    "aggregate " + key + " does not exist in table '" + table + "'"))));
        });
    }

    private Item write(Key key, java.util.function.Function<Optional<Item>, Item> change) {
        Objects.requireNonNull(key, "key must not be null");
        Objects.requireNonNull(change, "change function must not be null");
        for (int attempt = 1; ; attempt++) {
            Optional<Item> current = store.get(table, key);
            Item changed = change.apply(current.map(this::withoutVersion));
            if (changed == null) {
                throw new IllegalArgumentException("the change function returned null for " + key);
            }
            if (!changed.key().equals(key)) {
                throw new IllegalArgumentException("the change function moved aggregate " + key + " to "
                        + changed.key() + "; an aggregate keeps its key");
            }
            if (current.isPresent() && changed.equals(withoutVersion(current.get()))) {
                return current.get();
            }
            Item next = changed.toBuilder().put(versionAttribute, nextVersion(current)).build();
            Condition unchanged = Condition.unchangedSince(current, versionAttribute);
            try {
                store.put(table, next, unchanged);
                return next;
            } catch (ConditionFailedException raced) {
                retry.after(attempt, table, key, raced, TechniqueCalls::retried);
            }
        }
    }

    public void delete(Key key) {
        TechniqueCalls.run(store, "aggregate.delete", table, () -> store.delete(table, key));
    }

    /**
     * The version the next write of an aggregate gets: one more than its current one, or, for one that
     * does not exist, a number made of the time and random bits. An aggregate deleted and created again
     * must not start at a version it had before, or a writer that read the first one would win its
     * compare-and-set against the second and overwrite it with a change of a deleted aggregate.
     */
    private long nextVersion(Optional<Item> current) {
        return current.flatMap(i -> i.getLong(versionAttribute)).map(v -> v + 1)
                .orElseGet(() -> dev.nosqlpatterns.internal.OptimisticRetry.firstVersion(System.currentTimeMillis()));
    }

    private Item withoutVersion(Item item) {
        return item.toBuilder().remove(versionAttribute).build();
    }

    /** Settings for an {@link AggregateStore}; {@link #build()} checks them all at once. */
    public static final class Builder {
        private final Store store;
        private final String table;
        private String versionAttribute = "_version";
        private int maxAttempts = 100;
        private Duration maxBackoff = Duration.ofMillis(50);

        private Builder(Store store, String table) {
            this.store = store;
            this.table = table;
        }

        public Builder versionAttribute(String name) {
            this.versionAttribute = name;
            return this;
        }

        /** Attempts before {@link ConcurrentUpdateException}; default 100. */
        public Builder maxAttempts(int attempts) {
            this.maxAttempts = attempts;
            return this;
        }

        /** The longest pause between attempts; default 50 ms. */
        public Builder maxBackoff(Duration pause) {
            this.maxBackoff = pause;
            return this;
        }

        public AggregateStore build() {
            List<String> problems = new ArrayList<>();
            if (store == null) {
                problems.add("store must not be null");
            }
            if (table == null) {
                problems.add("table must not be null");
            }
            if (versionAttribute == null || versionAttribute.isEmpty()) {
                problems.add("versionAttribute must be a non-empty name");
            }
            if (maxAttempts < 1) {
                problems.add("maxAttempts must be at least 1, got " + maxAttempts);
            }
            if (maxBackoff == null || maxBackoff.isNegative()) {
                problems.add("maxBackoff must be zero or positive, got " + maxBackoff);
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid aggregate store: " + String.join("; ", problems));
            }
            store.createTable(TableSpec.named(table));
            return new AggregateStore(this);
        }
    }

}
