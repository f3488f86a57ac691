package dev.nosqlpatterns.store.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A native secondary index on a logical table: items are found by the value of one attribute (the
 * index partition) and ordered by another (the index sort), like a DynamoDB global secondary index.
 *
 * <p>An item is in the index only when it holds every index attribute (a sparse index); the partition
 * attribute may be a string or a number, the sort attribute is a string (ordered by UTF-8 bytes, like
 * sort keys). An index declared without a sort attribute orders its entries by the items' own keys.
 * Index reads are eventually consistent on some stores. Declare indexes when the table is created, and
 * the same spec in every process: not every store indexes items written before an index existed.
 */
public record IndexSpec(String name, String partitionAttribute, Optional<String> sortAttribute) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    public IndexSpec {
        Objects.requireNonNull(name, "index name must not be null");
        Objects.requireNonNull(partitionAttribute, "partition attribute must not be null");
        Objects.requireNonNull(sortAttribute, "sort attribute must not be null (use Optional.empty())");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("index name '" + name
                    + "' is invalid: use 1 to 48 letters, digits or underscores, starting with a letter");
        }
        if (partitionAttribute.isEmpty() || sortAttribute.map(String::isEmpty).orElse(false)) {
            throw new IllegalArgumentException("index '" + name + "' needs non-empty attribute names");
        }
        if (sortAttribute.map(partitionAttribute::equals).orElse(false)) {
            throw new IllegalArgumentException("index '" + name + "' uses '" + partitionAttribute
                    + "' as both partition and sort attribute");
        }
    }

    public static IndexSpec of(String name, String partitionAttribute) {
        return new IndexSpec(name, partitionAttribute, Optional.empty());
    }

    public static IndexSpec of(String name, String partitionAttribute, String sortAttribute) {
        return new IndexSpec(name, partitionAttribute, Optional.of(sortAttribute));
    }

    /** The attributes the index reads. */
    public List<String> attributes() {
        return sortAttribute.map(s -> List.of(partitionAttribute, s)).orElse(List.of(partitionAttribute));
    }
}
