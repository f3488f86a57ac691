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
 * secondary index for a non-unique index where the store has one whose reads see every acknowledged write
 * ({@code Capability.CONSISTENT_NATIVE_INDEX_READS}), and otherwise an index table, written atomically with the
 * item where the store can, repairably where it cannot. {@link #readsMayLag()} also lets AUTO take a native
 * index whose reads may lag writes, such as DynamoDB's global secondary indexes: cheaper reads (a DynamoDB
 * index-table lookup costs a transaction per write and a read of each item), for access patterns that can
 * miss a write for a moment. Ask for {@link IndexConsistency#ATOMIC} or {@link IndexConsistency#REPAIRABLE}
 * for an index table everywhere, or {@link IndexConsistency#NATIVE} to require the native index.
 *
 * @param name        1 to 48 letters, digits or underscores, starting with a letter; unique within the table
 * @param partition   the template of the value queried for
 * @param sort        the template that orders the entities of one value, if any
 * @param isUnique    true when at most one entity may hold a value
 * @param isSparse    true when entities whose index components are null are left out instead of refused
 * @param consistency how the index is kept; {@link IndexConsistency#AUTO} by default
 * @param allowsLaggingReads true when AUTO may choose a native index whose reads lag writes; false by default
 */
public record EntityIndex(String name, KeyTemplate partition, Optional<KeyTemplate> sort, boolean isUnique,
                          boolean isSparse, IndexConsistency consistency, boolean allowsLaggingReads) {

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
                IndexConsistency.AUTO, false);
    }

    /** The same index, ordering the entities of one value by {@code sortTemplate}, e.g. {@code {name}}. */
    public EntityIndex sortedBy(String sortTemplate) {
        return new EntityIndex(name, partition, Optional.of(KeyTemplate.parse(sortTemplate)), isUnique, isSparse, consistency,
                allowsLaggingReads);
    }

    /** The same index, holding each value for one entity at most. */
    public EntityIndex unique() {
        return new EntityIndex(name, partition, sort, true, isSparse, consistency, allowsLaggingReads);
    }

    /** The same index, leaving out entities whose index components are null. */
    public EntityIndex sparse() {
        return new EntityIndex(name, partition, sort, isUnique, true, consistency, allowsLaggingReads);
    }

    /**
     * The same index, letting {@link IndexConsistency#AUTO} choose a native index whose reads may lag writes
     * (for access patterns that tolerate missing a write for a moment).
     */
    public EntityIndex readsMayLag() {
        return new EntityIndex(name, partition, sort, isUnique, isSparse, consistency, true);
    }

    /** The same index, kept as {@code mode} says. */
    public EntityIndex consistency(IndexConsistency mode) {
        return new EntityIndex(name, partition, sort, isUnique, isSparse, mode, allowsLaggingReads);
    }
}
