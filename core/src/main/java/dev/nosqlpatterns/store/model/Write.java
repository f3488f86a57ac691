package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A write of one item in one logical table, guarded by a {@link Condition}.
 *
 * <p>Writes are passed singly to {@code Store.put}, {@code Store.delete} and {@code Store.update}, in lists
 * to {@code Store.writeBatch} (puts and deletes without conditions, not atomic) and to
 * {@code Store.writeAtomically} (all kinds, all or nothing).
 */
public sealed interface Write {

    String table();

    Key key();

    Condition condition();

    /** Stores an item, replacing any item with the same key. */
    static Put put(String table, Item item) {
        return new Put(table, item, Condition.none());
    }

    /** Removes the item with this key; removing an absent item is not an error. */
    static Delete delete(String table, Key key) {
        return new Delete(table, key, Condition.none());
    }

    /** Applies update actions to an item, creating it when absent (unless the condition forbids). */
    static Update update(String table, Key key, UpdateAction... actions) {
        return new Update(table, key, Arrays.asList(actions), Condition.none());
    }

    /** Checks a condition on an item without changing it (only inside an atomic write). */
    static Check check(String table, Key key, Condition condition) {
        return new Check(table, key, condition);
    }

    /** @see Write#put */
    record Put(String table, Item item, Condition condition) implements Write {
        public Put {
            Objects.requireNonNull(table, "table must not be null");
            Objects.requireNonNull(item, "item must not be null");
            Objects.requireNonNull(condition, "condition must not be null");
        }

        @Override
        public Key key() {
            return item.key();
        }

        public Put when(Condition newCondition) {
            return new Put(table, item, newCondition);
        }

        /**
         * This put with the item expiring at {@code instant} ({@link dev.nosqlpatterns.item.Expiry#at}): reads
         * leave it out from that instant on, and the store removes it later.
         */
        public Put expiringAt(java.time.Instant instant) {
            return new Put(table, dev.nosqlpatterns.item.Expiry.at(item, instant), condition);
        }
    }

    /** @see Write#delete */
    record Delete(String table, Key key, Condition condition) implements Write {
        public Delete {
            Objects.requireNonNull(table, "table must not be null");
            Objects.requireNonNull(key, "key must not be null");
            Objects.requireNonNull(condition, "condition must not be null");
        }

        public Delete when(Condition newCondition) {
            return new Delete(table, key, newCondition);
        }
    }

    /** @see Write#update */
    record Update(String table, Key key, List<UpdateAction> actions, Condition condition) implements Write {
        public Update {
            Objects.requireNonNull(table, "table must not be null");
            Objects.requireNonNull(key, "key must not be null");
            Objects.requireNonNull(condition, "condition must not be null");
            actions = List.copyOf(actions);
            if (actions.isEmpty()) {
                throw new IllegalArgumentException("an update of " + key + " in '" + table
                        + "' needs at least one action");
            }
            if (actions.size() > 1 && actions.stream().map(UpdateAction::attribute).distinct().count() != actions.size()) {
                throw new IllegalArgumentException("an update of " + key + " in '" + table
                        + "' changes one attribute twice: " + actions);
            }
        }

        public Update when(Condition newCondition) {
            return new Update(table, key, actions, newCondition);
        }
    }

    /** @see Write#check */
    record Check(String table, Key key, Condition condition) implements Write {
        public Check {
            Objects.requireNonNull(table, "table must not be null");
            Objects.requireNonNull(key, "key must not be null");
            Objects.requireNonNull(condition, "condition must not be null");
        }
    }
}
