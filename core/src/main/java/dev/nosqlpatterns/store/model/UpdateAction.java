package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Value;
import java.math.BigDecimal;
import java.util.Objects;

/**
 * One atomic change to one attribute of an item, applied by the store without a read by the caller.
 *
 * <p>Several actions form an {@link Write.Update}; they apply together, atomically, and may not touch
 * the same attribute twice.
 */
public sealed interface UpdateAction {

    /** The attribute this action changes. */
    String attribute();

    /** Sets the attribute to a value. */
    static UpdateAction set(String attribute, Value value) {
        return new Set(attribute, value);
    }

    /** Removes the attribute; nothing happens when it is absent. */
    static UpdateAction remove(String attribute) {
        return new Remove(attribute);
    }

    /** Adds {@code delta} to a number attribute, treating an absent one as zero (an atomic counter). */
    static UpdateAction add(String attribute, long delta) {
        return new Add(attribute, BigDecimal.valueOf(delta));
    }

    /** Adds {@code delta} to a number attribute, treating an absent one as zero. */
    static UpdateAction add(String attribute, BigDecimal delta) {
        return new Add(attribute, delta);
    }

    /** Adds members to a string or number set, creating it when absent. */
    static UpdateAction addToSet(String attribute, Value members) {
        return new AddToSet(attribute, members);
    }

    /** Removes members from a set; a set left empty is removed, and an absent set stays absent. */
    static UpdateAction removeFromSet(String attribute, Value members) {
        return new RemoveFromSet(attribute, members);
    }

    private static String checkName(String attribute) {
        Objects.requireNonNull(attribute, "attribute name must not be null");
        if (attribute.isEmpty()) {
            throw new IllegalArgumentException("attribute name must not be empty");
        }
        return attribute;
    }

    private static Value checkSet(String attribute, Value members) {
        Objects.requireNonNull(members, "set members must not be null");
        if (!(members instanceof Value.StrSet) && !(members instanceof Value.NumSet)) {
            throw new IllegalArgumentException("set members for '" + attribute
                    + "' must be a string set or a number set, got " + members.type());
        }
        return members;
    }

    /** @see UpdateAction#set */
    record Set(String attribute, Value value) implements UpdateAction {
        public Set {
            checkName(attribute);
            Objects.requireNonNull(value, "value must not be null");
        }
    }

    /** @see UpdateAction#remove */
    record Remove(String attribute) implements UpdateAction {
        public Remove {
            checkName(attribute);
        }
    }

    /** @see UpdateAction#add */
    record Add(String attribute, BigDecimal delta) implements UpdateAction {
        public Add {
            checkName(attribute);
            Objects.requireNonNull(delta, "delta must not be null");
        }
    }

    /** @see UpdateAction#addToSet */
    record AddToSet(String attribute, Value members) implements UpdateAction {
        public AddToSet {
            checkSet(checkName(attribute), members);
        }
    }

    /** @see UpdateAction#removeFromSet */
    record RemoveFromSet(String attribute, Value members) implements UpdateAction {
        public RemoveFromSet {
            checkSet(checkName(attribute), members);
        }
    }
}
