package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.index.IndexConsistency;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An access pattern an entity type declares: find its entities by the values of some components, e.g. users
 * by city, or the one user with an e-mail address. The repository keeps every declared index in step on each
 * save, update and delete, and answers typed, paged queries on it.
 *
 * <p>The partition template (e.g. {@code {city}}) gives the value queried for; the optional sort template
 * (e.g. {@code {name}}) orders the entities of one value, then their keys do. Both name record components and
 * render them as key templates do, so numbers, dates and instants sort in value order. A unique index lets at
 * most one entity hold a value. An entity whose index components are null is left out of a sparse index and
 * refused by any other.
 *
 * <p>How the repository keeps it ({@link #consistency()}): {@link IndexConsistency#AUTO} uses the store's native
 * secondary index for a non-unique index where the store has one (its reads may lag writes on stores whose
 * native indexes are eventually consistent, such as DynamoDB's global secondary indexes), and otherwise an index
 * table, written atomically with the item where the store can, repairably where it cannot. Ask for
 * {@link IndexConsistency#ATOMIC} or {@link IndexConsistency#REPAIRABLE} for an index table everywhere (reads
 * that see every acknowledged write), or {@link IndexConsistency#NATIVE} to require the native index.
 *
 * @param name        1 to 48 letters, digits or underscores, starting with a letter; unique within the table
 * @param partition   the template of the value queried for
 * @param sort        the template that orders the entities of one value, if any
 * @param isUnique    true when at most one entity may hold a value
 * @param isSparse    true when entities whose index components are null are left out instead of refused
 * @param consistency how the index is kept; {@link IndexConsistency#AUTO} by default
 */
public record EntityIndex(String name, KeyTemplate partition, Optional<KeyTemplate> sort, boolean isUnique,
                          boolean isSparse, IndexConsistency consistency) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    public EntityIndex {
        Objects.requireNonNull(name, "index name must not be null");
        Objects.requireNonNull(partition, () -> "index '" + name + "': partition template must not be null");
        Objects.requireNonNull(sort, () -> "index '" + name + "': sort template must not be null (use Optional.empty())");
        Objects.requireNonNull(consistency, () -> "index '" + name + "': consistency must not be null");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("index name '" + name
                    + "' is invalid: use 1 to 48 letters, digits or underscores, starting with a letter");
        }
        if (isUnique && sort.isPresent()) {
            throw new IllegalArgumentException("unique index '" + name + "' holds one entity per value, so it has "
                    + "no sort template; remove sortedBy(\"" + sort.get() + "\")");
        }
        if (isUnique && consistency == IndexConsistency.NATIVE) {
            throw new IllegalArgumentException("unique index '" + name + "' cannot be NATIVE: native indexes do not "
                    + "enforce uniqueness; use AUTO, ATOMIC or REPAIRABLE");
        }
    }

    /** A non-unique, non-sparse index on the values of {@code partitionTemplate}, e.g. {@code {city}}. */
    public static EntityIndex named(String name, String partitionTemplate) {
        return new EntityIndex(name, KeyTemplate.parse(partitionTemplate), Optional.empty(), false, false,
                IndexConsistency.AUTO);
    }

    /** The same index, ordering the entities of one value by {@code sortTemplate}, e.g. {@code {name}}. */
    public EntityIndex sortedBy(String sortTemplate) {
        return new EntityIndex(name, partition, Optional.of(KeyTemplate.parse(sortTemplate)), isUnique, isSparse, consistency);
    }

    /** The same index, holding each value for one entity at most. */
    public EntityIndex unique() {
        return new EntityIndex(name, partition, sort, true, isSparse, consistency);
    }

    /** The same index, leaving out entities whose index components are null. */
    public EntityIndex sparse() {
        return new EntityIndex(name, partition, sort, isUnique, true, consistency);
    }

    /** The same index, kept as {@code mode} says. */
    public EntityIndex consistency(IndexConsistency mode) {
        return new EntityIndex(name, partition, sort, isUnique, isSparse, mode);
    }
}
