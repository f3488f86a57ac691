package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import java.util.Objects;
import java.util.Optional;

/**
 * A precondition on the current state of one item, checked atomically with the write it guards.
 *
 * <p>These are the conditions every store can check atomically (DynamoDB condition expressions,
 * Cassandra lightweight transactions, Redis scripts, MongoDB filters): whether the item exists, and
 * whether one attribute equals a value, which is what optimistic versioning needs.
 */
public sealed interface Condition {

    /** True when the current state (empty when the item is absent) satisfies this condition. */
    boolean test(Optional<Item> current);

    /** No precondition. */
    static Condition none() {
        return None.INSTANCE;
    }

    /** The item must not exist. */
    static Condition ifAbsent() {
        return Absent.INSTANCE;
    }

    /** The item must exist. */
    static Condition ifExists() {
        return Exists.INSTANCE;
    }

    /** The item must exist and its attribute {@code name} must equal {@code value}. */
    static Condition attributeEquals(String name, Value value) {
        return new AttributeEquals(name, value);
    }

    /**
     * The item is still as it was read, judged by its version attribute: absent if it was absent, the
     * same version if it had one, merely existing if it had none (an item written around the version).
     * The condition of every optimistic read-modify-write.
     */
    static Condition unchangedSince(Optional<Item> read, String versionAttribute) {
        if (read.isEmpty()) {
            return ifAbsent();
        }
        return read.get().get(versionAttribute).<Condition>map(v -> attributeEquals(versionAttribute, v))
                .orElse(ifExists());
    }

    /** Matches always. */
    record None() implements Condition {
        static final None INSTANCE = new None();

        @Override
        public boolean test(Optional<Item> current) {
            return true;
        }

        @Override
        public String toString() {
            return "no condition";
        }
    }

    /** Matches when the item is absent. */
    record Absent() implements Condition {
        static final Absent INSTANCE = new Absent();

        @Override
        public boolean test(Optional<Item> current) {
            return current.isEmpty();
        }

        @Override
        public String toString() {
            return "item absent";
        }
    }

    /** Matches when the item exists. */
    record Exists() implements Condition {
        static final Exists INSTANCE = new Exists();

        @Override
        public boolean test(Optional<Item> current) {
            return current.isPresent();
        }

        @Override
        public String toString() {
            return "item exists";
        }
    }

    /** Matches when the item exists and one attribute equals a value. */
    record AttributeEquals(String name, Value value) implements Condition {
        public AttributeEquals {
            Objects.requireNonNull(name, "attribute name must not be null");
            Objects.requireNonNull(value, "expected value must not be null");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("attribute name must not be empty");
            }
        }

        @Override
        public boolean test(Optional<Item> current) {
            return current.flatMap(item -> item.get(name)).map(value::equals).orElse(false);
        }

        @Override
        public String toString() {
            return name + " = " + value;
        }
    }
}
