package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A partial update of one entity, from {@code repository.patch(type, key)}: set, remove or add to components, or
 * add and remove members of set components, without reading the entity first. Each change is checked against
 * the component's type when it is given. A patch that touches no component a declared index names is one
 * conditional update request (the entity must exist); one that does is a read, the change and a write that
 * moves the index entries, as {@link EntityRepository#update} does. Either way the entity's version moves on.
 *
 * <pre>{@code
 * Optional<User> moved = repo.patch(users, Map.of("id", "ada")).set("city", "Paris").add("visits", 1).apply();
 * }</pre>
 *
 * @param <T> the record class
 */
public final class EntityPatch<T extends Record> {
    private final EntityRepository repo;
    private final EntityType<T> type;
    private final Key key;
    private final Map<String, Change<T>> changes = new LinkedHashMap<>();

    /** One component's change: as an update action, and as a change of a decoded entity. */
    private record Change<T extends Record>(UpdateAction action, UnaryOperator<Object> inMemory) {
    }

    EntityPatch(EntityRepository repo, EntityType<T> type, Key key) {
        this.repo = repo;
        this.type = type;
        this.key = key;
    }

    /** Sets {@code component} to {@code value} (null removes it, for a component that may be null). */
    public EntityPatch<T> set(String component, Object value) {
        RecordCodec.Component c = type.patchable(component);
        if (value == null) {
            return remove(component);
        }
        if (!box(c.rawType()).isInstance(value)) {
            throw new IllegalArgumentException(type.recordClass().getSimpleName() + "." + component + " is a "
                    + c.rawType().getSimpleName() + ", not " + value.getClass().getSimpleName() + " (" + value + ")");
        }
        Value encoded = type.encode(c, value);
        UpdateAction action = encoded == null ? UpdateAction.remove(component) : UpdateAction.set(component, encoded);
        return put(component, new Change<>(action, old -> value));
    }

    /** Removes {@code component}, which must be one that may be null (not a primitive). */
    public EntityPatch<T> remove(String component) {
        RecordCodec.Component c = type.patchable(component);
        if (c.rawType().isPrimitive()) {
            throw new IllegalArgumentException(type.recordClass().getSimpleName() + "." + component + " is a "
                    + c.rawType() + ", which cannot be removed; set it instead");
        }
        return put(component, new Change<>(UpdateAction.remove(component), old -> null));
    }

    /** Adds {@code delta} to the number in {@code component} (a missing one counts as zero). */
    public EntityPatch<T> add(String component, long delta) {
        RecordCodec.Component c = type.patchable(component);
        Class<?> t = box(c.rawType());
        if (t != Long.class && t != Integer.class && t != Short.class && t != Byte.class && t != BigDecimal.class
                && t != java.math.BigInteger.class) {
            throw new IllegalArgumentException(type.recordClass().getSimpleName() + "." + component + " is a "
                    + c.rawType().getSimpleName() + "; add() takes a whole-number component");
        }
        return put(component, new Change<>(UpdateAction.add(component, delta), old -> Numbers.fromBigDecimal(
                Numbers.toBigDecimal(old == null ? 0L : old).add(BigDecimal.valueOf(delta)), t)));
    }

    /** Adds members to the set in {@code component}. */
    public EntityPatch<T> addMembers(String component, Collection<?> members) {
        return members(component, members, true);
    }

    /** Removes members from the set in {@code component}. */
    public EntityPatch<T> removeMembers(String component, Collection<?> members) {
        return members(component, members, false);
    }

    private EntityPatch<T> members(String component, Collection<?> members, boolean add) {
        RecordCodec.Component c = type.patchable(component);
        Objects.requireNonNull(members, "members are null");
        if (c.rawType() != Set.class || members.isEmpty()) {
            throw new IllegalArgumentException(type.recordClass().getSimpleName() + "." + component
                    + (c.rawType() != Set.class ? " is not a Set" : ": give at least one member"));
        }
        Value encoded = type.encode(c, Set.copyOf(members));
        UpdateAction action = add ? UpdateAction.addToSet(component, encoded) : UpdateAction.removeFromSet(component, encoded);
        return put(component, new Change<>(action, old -> {
            Set<Object> next = new LinkedHashSet<>(old == null ? Set.of() : (Set<?>) old);
            if (add) {
                next.addAll(members);
            } else {
                next.removeAll(members);
            }
            return Set.copyOf(next);
        }));
    }

    private EntityPatch<T> put(String component, Change<T> change) {
        if (changes.putIfAbsent(component, change) != null) {
            throw new IllegalArgumentException("'" + component + "' is changed twice in one patch");
        }
        return this;
    }

    /**
     * Applies the patch.
     *
     * @return the entity after it, or empty when there is no entity of this type at the key (nothing written)
     * @throws IllegalStateException when no change was given
     */
    public Optional<T> apply() {
        return dev.nosqlpatterns.store.TechniqueCalls.call(repo.store(), "entity.patch", type.table(), this::applyNow);
    }

    private Optional<T> applyNow() {
        if (changes.isEmpty()) {
            throw new IllegalStateException("a patch of " + key + " needs at least one change");
        }
        if (changes.keySet().stream().anyMatch(type::indexed)) {
            return repo.update(type, key, entity -> {
                Map<String, Object> replaced = new LinkedHashMap<>();
                changes.forEach((name, change) -> replaced.put(name,
                        change.inMemory().apply(type.get(entity, type.patchable(name)))));
                return type.with(entity, replaced);
            });
        }
        List<UpdateAction> actions = new ArrayList<>();
        changes.values().forEach(c -> actions.add(c.action()));
        actions.add(UpdateAction.add(EntityType.VERSION_ATTRIBUTE, 1));
        Write.Update update = Write.update(type.table(), key, actions.toArray(UpdateAction[]::new))
                .when(Condition.attributeEquals(EntityType.TYPE_ATTRIBUTE, Value.of(type.name())));
        WriteFollowers.Followed followed = repo.following(type, key);
        Optional<dev.nosqlpatterns.item.Item> stored;
        try {
            stored = Optional.of(repo.store().update(update));
        } catch (ConditionFailedException none) {
            stored = Optional.empty();
        }
        followed.after(key, stored);
        return stored.map(type::fromItem);
    }

    private static Class<?> box(Class<?> t) {
        if (!t.isPrimitive()) {
            return t;
        }
        return t == long.class ? Long.class : t == int.class ? Integer.class : t == boolean.class ? Boolean.class
                : t == double.class ? Double.class : t == float.class ? Float.class : t == short.class ? Short.class
                : t == byte.class ? Byte.class : Character.class;
    }
}
