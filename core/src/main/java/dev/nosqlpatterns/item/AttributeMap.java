package dev.nosqlpatterns.item;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * The attributes an {@link Item} holds: unmodifiable, in name order, every name already checked. An item made from
 * another item's attributes, or by its builder, takes them as they are instead of sorting and checking them again,
 * and the attributes' size is computed once however often the item is sized (validation, batching, metering).
 */
final class AttributeMap extends AbstractMap<String, Value> {
    static final AttributeMap EMPTY = new AttributeMap(new LinkedHashMap<>());

    private final Map<String, Value> map;
    /** The UTF-8 length of every name plus the size of every value; -1 until first asked. */
    private int bytes = -1;

    /** Takes {@code sorted} as it is: its names must be checked, in order, its values not null, and no one else may change it. */
    AttributeMap(LinkedHashMap<String, Value> sorted) {
        this.map = Collections.unmodifiableMap(sorted);
    }

    int bytes() {
        int b = bytes;
        if (b < 0) {
            b = 0;
            for (Map.Entry<String, Value> e : map.entrySet()) {
                b += Sizes.utf8(e.getKey()) + e.getValue().sizeInBytes();
            }
            bytes = b;
        }
        return b;
    }

    @Override
    public Set<Entry<String, Value>> entrySet() {
        return map.entrySet();
    }

    @Override
    public Value get(Object key) {
        return map.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        return map.containsKey(key);
    }

    @Override
    public int size() {
        return map.size();
    }

    @Override
    public boolean isEmpty() {
        return map.isEmpty();
    }

    @Override
    public Set<String> keySet() {
        return map.keySet();
    }

    @Override
    public java.util.Collection<Value> values() {
        return map.values();
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super Value> action) {
        map.forEach(action);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || (o instanceof AttributeMap other ? map.equals(other.map) : map.equals(o));
    }

    @Override
    public int hashCode() {
        return map.hashCode();
    }
}
