package dev.nosqlpatterns.entity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Several entity types stored under one partition key, so that one query reads them all: a news reader's subscriber
 * with its {@code <BASE>}, {@code <LIKES>}, {@code <DISLIKES>}, {@code <ALLOWS>} and {@code <BLOCKS>} rows.
 *
 * <p>Why: an item collection is the single-table answer to a join, and it only works when every member type
 * agrees on the table and the partition key. This definition checks that once, and lets
 * {@link EntityRepository#collection} decode each item by its type tag.
 *
 * <pre>{@code
 * ItemCollectionType subscriber = ItemCollectionType.of(base, likes, dislikes, allows, blocks);
 * ItemCollection c = repository.collection(subscriber, Map.of("subscriber", "@Bob"));
 * }</pre>
 *
 * Immutable and thread-safe.
 */
public final class ItemCollectionType {

    private final List<EntityType<?>> types;
    private final Map<String, EntityType<?>> byName;

    private ItemCollectionType(List<EntityType<?>> types) {
        this.types = List.copyOf(types);
        Map<String, EntityType<?>> names = new LinkedHashMap<>();
        types.forEach(t -> names.put(t.name(), t));
        this.byName = Collections.unmodifiableMap(names);
    }

    /**
     * The collection of the given entity types.
     *
     * @throws IllegalArgumentException listing every problem: no types, a null or repeated type, repeated names,
     *                                  types in different tables, different partition templates, or placeholders
     *                                  of different component types
     */
    public static ItemCollectionType of(EntityType<?>... types) {
        Objects.requireNonNull(types, "entity types are null");
        return of(Arrays.asList(types));
    }

    /** The collection of the given entity types; see {@link #of(EntityType[])}. */
    public static ItemCollectionType of(List<EntityType<?>> types) {
        Objects.requireNonNull(types, "entity types are null");
        List<String> problems = new ArrayList<>();
        if (types.isEmpty()) {
            problems.add("it needs at least one entity type");
        }
        if (types.contains(null)) {
            problems.add("entity type " + types.indexOf(null) + " is null");
        }
        List<EntityType<?>> present = types.stream().filter(Objects::nonNull).toList();
        Map<String, EntityType<?>> names = new LinkedHashMap<>();
        for (EntityType<?> t : present) {
            EntityType<?> earlier = names.putIfAbsent(t.name(), t);
            if (earlier != null) {
                problems.add("two entity types are named '" + t.name() + "'");
            }
        }
        if (!present.isEmpty()) {
            EntityType<?> first = present.get(0);
            for (EntityType<?> t : present.subList(1, present.size())) {
                if (!t.table().equals(first.table())) {
                    problems.add("'" + t.name() + "' is in table " + t.table() + ", '" + first.name() + "' in "
                            + first.table());
                }
                if (!t.partitionTemplate().equals(first.partitionTemplate())) {
                    problems.add("'" + t.name() + "' has partition template \"" + t.partitionTemplate() + "\", '"
                            + first.name() + "' has \"" + first.partitionTemplate() + "\"");
                } else {
                    for (String p : first.partitionTemplate().placeholders()) {
                        Class<?> a = first.keyTypes().get(p);
                        Class<?> b = t.keyTypes().get(p);
                        if (!a.equals(b)) {
                            problems.add("{" + p + "} is a " + a.getSimpleName() + " in '" + first.name() + "' but a "
                                    + b.getSimpleName() + " in '" + t.name() + "'");
                        }
                    }
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("item collection " + present.stream().map(EntityType::name).toList()
                    + " is invalid: " + String.join("; ", problems));
        }
        return new ItemCollectionType(types);
    }

    /** The member types, in the order given. */
    public List<EntityType<?>> types() {
        return types;
    }

    /** The member type with this name. */
    public Optional<EntityType<?>> type(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    /** The table every member lives in. */
    public String table() {
        return types.get(0).table();
    }

    /** The partition template every member shares. */
    public KeyTemplate partitionTemplate() {
        return types.get(0).partitionTemplate();
    }

    /** The partition key of one collection; see {@link EntityType#partitionKey}. */
    public String partitionKey(Map<String, ?> partitionValues) {
        return types.get(0).partitionKey(partitionValues);
    }

    @Override
    public String toString() {
        return "ItemCollectionType" + byName.keySet() + " in " + table() + " by \"" + partitionTemplate() + "\"";
    }
}
