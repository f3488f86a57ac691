package dev.nosqlpatterns.item;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * An immutable stored record: its {@link Key} and a map of named, typed attributes.
 *
 * <p>Attribute names are non-empty, well-formed strings of at most 255 UTF-8 bytes. The key is not
 * an attribute; stores keep it in their own key fields.
 */
public record Item(Key key, Map<String, Value> attributes) {

    public Item {
        Objects.requireNonNull(key, "item key must not be null");
        Objects.requireNonNull(attributes, "attributes must not be null");
        if (!(attributes instanceof AttributeMap)) {
            TreeMap<String, Value> sorted = new TreeMap<>();
            attributes.forEach((name, value) -> sorted.put(Names.check(name),
                    Objects.requireNonNull(value, () -> "value of attribute '" + name + "' must not be null")));
            attributes = new AttributeMap(new LinkedHashMap<>(sorted));
        }
    }

    public static Item of(Key key) {
        return new Item(key, AttributeMap.EMPTY);
    }

    public static Builder builder(Key key) {
        return new Builder(key);
    }

    public static Builder builder(String partition, String sort) {
        return new Builder(Key.of(partition, sort));
    }

    /** A builder holding this item's key and attributes, to derive a changed copy. */
    public Builder toBuilder() {
        Builder b = new Builder(key);
        b.attributes.putAll(attributes);
        return b;
    }

    public Optional<Value> get(String name) {
        return Optional.ofNullable(attributes.get(name));
    }

    public boolean has(String name) {
        return attributes.containsKey(name);
    }

    /** The string attribute {@code name}, or empty when absent; fails when it has another type. */
    public Optional<String> getString(String name) {
        return typed(name, Value.Str.class).map(Value.Str::value);
    }

    public Optional<BigDecimal> getNumber(String name) {
        return typed(name, Value.Num.class).map(Value.Num::value);
    }

    public Optional<Long> getLong(String name) {
        return typed(name, Value.Num.class).map(Value.Num::longValue);
    }

    public Optional<Boolean> getBoolean(String name) {
        return typed(name, Value.Bool.class).map(Value.Bool::value);
    }

    public Set<String> getStringSet(String name) {
        return typed(name, Value.StrSet.class).map(Value.StrSet::value).orElse(Set.of());
    }

    private <T extends Value> Optional<T> typed(String name, Class<T> type) {
        Value v = attributes.get(name);
        if (v == null) {
            return Optional.empty();
        }
        if (!type.isInstance(v)) {
            throw new IllegalStateException("attribute '" + name + "' of item " + key + " is a " + v.type()
                    + ", not a " + type.getSimpleName());
        }
        return Optional.of(type.cast(v));
    }

    /**
     * Size in bytes as DynamoDB counts it: the UTF-8 length of both key values plus, for each attribute,
     * the UTF-8 length of its name and the size of its value. Stores add their own key-name overhead.
     */
    public int sizeInBytes() {
        return Sizes.utf8(key.partition()) + Sizes.utf8(key.sort()) + ((AttributeMap) attributes).bytes();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Item").append(key).append(" {");
        String sep = "";
        for (Map.Entry<String, Value> e : attributes.entrySet()) {
            sb.append(sep).append(e.getKey()).append('=').append(e.getValue());
            sep = ", ";
        }
        return sb.append('}').toString();
    }

    /** Collects attributes for an {@link Item}; each setter checks its argument at once. */
    public static final class Builder {
        private final Key key;
        private final Map<String, Value> attributes = new TreeMap<>();

        private Builder(Key key) {
            this.key = Objects.requireNonNull(key, "item key must not be null");
        }

        public Builder put(String name, Value value) {
            attributes.put(Names.check(name),
                    Objects.requireNonNull(value, () -> "value of attribute '" + name + "' must not be null"));
            return this;
        }

        public Builder put(String name, String value) {
            return put(name, Value.of(value));
        }

        public Builder put(String name, long value) {
            return put(name, Value.of(value));
        }

        public Builder put(String name, BigDecimal value) {
            return put(name, Value.of(value));
        }

        public Builder put(String name, boolean value) {
            return put(name, Value.of(value));
        }

        public Builder remove(String name) {
            attributes.remove(name);
            return this;
        }

        public Item build() {
            // The names were checked as they were put, and the tree keeps them in order.
            return new Item(key, new AttributeMap(new LinkedHashMap<>(attributes)));
        }
    }
}
