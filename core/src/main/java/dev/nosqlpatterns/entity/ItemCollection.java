package dev.nosqlpatterns.entity;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The typed contents of one item collection, as read by {@link EntityRepository#collection}: every item of the
 * partition whose type tag names a member type, decoded to its record, in sort-key order.
 *
 * <p>Items of other types (or without a tag) are never returned; {@link #skipped()} counts them, which helps
 * notice data written outside the entity types. Immutable.
 */
public final class ItemCollection {

    private final ItemCollectionType type;
    private final String partitionKey;
    private final List<Member> members;
    private final int skipped;

    /** One decoded item: the entity type it was read as and the record. */
    private record Member(EntityType<?> type, Record entity) {
    }

    ItemCollection(ItemCollectionType type, String partitionKey, List<EntityType<?>> types, List<Record> entities,
                   int skipped) {
        this.type = type;
        this.partitionKey = partitionKey;
        List<Member> list = new ArrayList<>(entities.size());
        for (int i = 0; i < entities.size(); i++) {
            list.add(new Member(types.get(i), entities.get(i)));
        }
        this.members = List.copyOf(list);
        this.skipped = skipped;
    }

    /** The definition this collection was read with. */
    public ItemCollectionType type() {
        return type;
    }

    /** The partition key that was read. */
    public String partitionKey() {
        return partitionKey;
    }

    /** Every entity, in sort-key order. */
    public List<Record> all() {
        return members.stream().map(Member::entity).toList();
    }

    /**
     * The entities of one member type, in sort-key order.
     *
     * @throws IllegalArgumentException when {@code entityType} is not a member of the collection
     */
    public <T extends Record> List<T> of(EntityType<T> entityType) {
        Objects.requireNonNull(entityType, "entity type is null");
        if (!type.types().contains(entityType)) {
            throw new IllegalArgumentException(entityType + " is not a member of " + type);
        }
        return members.stream().filter(m -> m.type() == entityType).map(m -> entityType.recordClass().cast(m.entity()))
                .toList();
    }

    /** The entities that are instances of {@code recordClass} (of every member type that maps it), in sort-key order. */
    public <T> List<T> of(Class<T> recordClass) {
        Objects.requireNonNull(recordClass, "record class is null");
        return members.stream().map(Member::entity).filter(recordClass::isInstance).map(recordClass::cast).toList();
    }

    /**
     * The one entity of a member type, such as the {@code <BASE>} row, or empty when there is none.
     *
     * @throws IllegalStateException when there are several
     */
    public <T extends Record> Optional<T> one(EntityType<T> entityType) {
        List<T> found = of(entityType);
        if (found.size() > 1) {
            throw new IllegalStateException("partition " + partitionKey + " holds " + found.size() + " entities of type '"
                    + entityType.name() + "', not one");
        }
        return found.stream().findFirst();
    }

    /** The name of the entity type each entity of {@link #all()} was read as, in the same order. */
    public List<String> typeNames() {
        return members.stream().map(m -> m.type().name()).toList();
    }

    /** The number of entities. */
    public int size() {
        return members.size();
    }

    public boolean isEmpty() {
        return members.isEmpty();
    }

    /** The number of items in the partition that belong to no member type and were left out. */
    public int skipped() {
        return skipped;
    }

    @Override
    public String toString() {
        return "ItemCollection[" + partitionKey + ": " + typeNames() + (skipped > 0 ? ", " + skipped + " skipped" : "")
                + "]";
    }
}
