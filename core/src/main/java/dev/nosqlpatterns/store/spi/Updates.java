package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The meaning of update actions, for backends that apply them in the client under a lock or a
 * compare-and-set: the one definition every store's native update must agree with.
 */
public final class Updates {
    private Updates() {
    }

    /** The item after applying {@code update} to {@code current} (absent: a new item with just the key). */
    public static Item apply(Optional<Item> current, Write.Update update) {
        Item.Builder b = current.map(Item::toBuilder).orElseGet(() -> Item.builder(update.key()));
        Item before = current.orElse(Item.of(update.key()));
        for (UpdateAction action : update.actions()) {
            String name = action.attribute();
            Value old = before.attributes().get(name);
            if (action instanceof UpdateAction.Set s) {
                b.put(name, s.value());
            } else if (action instanceof UpdateAction.Remove) {
                b.remove(name);
            } else if (action instanceof UpdateAction.Add a) {
                BigDecimal base = BigDecimal.ZERO;
                if (old != null) {
                    if (!(old instanceof Value.Num n)) {
                        throw wrongType(update, name, old, "add a number to");
                    }
                    base = n.value();
                }
                b.put(name, Value.of(base.add(a.delta())));
            } else if (action instanceof UpdateAction.AddToSet a) {
                b.put(name, union(update, name, old, a.members()));
            } else if (action instanceof UpdateAction.RemoveFromSet r) {
                Optional<Value> left = difference(update, name, old, r.members());
                if (left.isPresent()) {
                    b.put(name, left.get());
                } else {
                    b.remove(name);
                }
            }
        }
        return b.build();
    }

    private static Value union(Write.Update u, String name, Value old, Value members) {
        if (old == null) {
            return members;
        }
        if (old.type() != members.type()) {
            throw wrongType(u, name, old, "add " + members.type() + " members to");
        }
        if (old instanceof Value.StrSet s) {
            Set<String> all = new HashSet<>(s.value());
            all.addAll(((Value.StrSet) members).value());
            return Value.stringSet(all);
        }
        Set<BigDecimal> all = new HashSet<>(((Value.NumSet) old).value());
        all.addAll(((Value.NumSet) members).value());
        return new Value.NumSet(all);
    }

    private static Optional<Value> difference(Write.Update u, String name, Value old, Value members) {
        if (old == null) {
            return Optional.empty();
        }
        if (old.type() != members.type()) {
            throw wrongType(u, name, old, "remove " + members.type() + " members from");
        }
        if (old instanceof Value.StrSet s) {
            Set<String> left = new HashSet<>(s.value());
            left.removeAll(((Value.StrSet) members).value());
            return left.isEmpty() ? Optional.empty() : Optional.of(Value.stringSet(left));
        }
        Set<BigDecimal> left = new HashSet<>(((Value.NumSet) old).value());
        left.removeAll(((Value.NumSet) members).value());
        return left.isEmpty() ? Optional.empty() : Optional.of(new Value.NumSet(left));
    }

    private static InvalidRequestException wrongType(Write.Update u, String name, Value old, String what) {
        return new InvalidRequestException(u.table(), u.key(), "cannot " + what + " attribute '" + name
                + "', which holds a " + old.type());
    }
}
