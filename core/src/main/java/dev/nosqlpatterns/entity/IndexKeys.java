package dev.nosqlpatterns.entity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The keys of one declared {@link EntityIndex}: an entity's index value and sort text through the index's
 * templates, rendered in the key forms of the components they name, and the value for query arguments.
 */
final class IndexKeys {
    /** An entity's place in an index: the value queried for, and the text ordering it among that value's entities. */
    record Place(String value, String sort) {
    }

    private static final KeyTemplate NO_SORT = KeyTemplate.parse("~");

    private final EntityIndex index;
    private final EntityKeys keys;
    private final Map<String, RecordCodec.Component> components;
    private final RecordCodec codec;

    IndexKeys(EntityIndex index, String typeName, String recordName, RecordCodec codec, Map<String, KeyForm> forms) {
        this.index = index;
        this.codec = codec;
        this.keys = new EntityKeys(typeName + "." + index.name(), recordName, index.partition(),
                index.sort().orElse(NO_SORT), forms);
        Map<String, RecordCodec.Component> named = new LinkedHashMap<>();
        forms.keySet().forEach(n -> named.put(n, codec.component(n)));
        this.components = named;
    }

    EntityIndex index() {
        return index;
    }

    /**
     * Where the entity sits in the index; empty when it has a null index component and the index is sparse.
     *
     * @throws IllegalArgumentException when it has a null index component (or renders an empty value) and the
     *                                  index is not sparse
     */
    Optional<Place> place(Record entity) {
        Map<String, Object> values = new LinkedHashMap<>();
        List<String> nulls = new ArrayList<>();
        components.forEach((n, c) -> {
            Object v = codec.get(entity, c);
            if (v == null) {
                nulls.add(n);
            } else {
                values.put(n, v);
            }
        });
        if (!nulls.isEmpty()) {
            return refuse("its component(s) " + nulls + " are null");
        }
        String value = keys.render(index.partition(), values);
        if (value.isEmpty()) {
            return refuse("its value \"" + index.partition() + "\" renders as empty text");
        }
        String sort = index.sort().map(t -> keys.render(t, values)).orElse("");
        return Optional.of(new Place(value, sort));
    }

    private Optional<Place> refuse(String why) {
        if (index.isSparse()) {
            return Optional.empty();
        }
        throw new IllegalArgumentException(why + ", which index '" + index.name()
                + "' needs; declare the index sparse() to leave such entities out");
    }

    /**
     * The index value for query arguments naming every placeholder of the partition template.
     *
     * @throws IllegalArgumentException naming missing, unknown or mistyped arguments
     */
    String value(Map<String, ?> arguments) {
        keys.checkNames(arguments.keySet(), new LinkedHashSet<>(index.partition().placeholders()),
                "index '" + index.name() + "'");
        return keys.render(index.partition(), keys.accept(arguments));
    }

    /** The partition template's placeholders, in order. */
    List<String> placeholders() {
        return index.partition().placeholders();
    }
}
