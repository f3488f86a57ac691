package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.item.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The declaration of a logical table: its name, the attributes whose types are known in advance
 * (stores may give them real columns or fields), and its native secondary indexes.
 *
 * <p>Names are 1 to 48 characters of letters, digits and underscores, starting with a letter, so that
 * every store can use them as a table, collection, key prefix or field value.
 */
public record TableSpec(String name, Map<String, Value.Type> declaredAttributes, List<IndexSpec> indexes) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    public TableSpec {
        checkName(name);
        declaredAttributes = Map.copyOf(declaredAttributes);
        indexes = List.copyOf(indexes);
        List<String> problems = new ArrayList<>();
        for (IndexSpec index : indexes) {
            Value.Type partitionType = declaredAttributes.get(index.partitionAttribute());
            if (partitionType != null && partitionType != Value.Type.STRING && partitionType != Value.Type.NUMBER) {
                problems.add("index '" + index.name() + "' uses attribute '" + index.partitionAttribute()
                        + "' of type " + partitionType + " as partition (it must be a string or a number)");
            }
            index.sortAttribute().map(declaredAttributes::get).filter(t -> t != Value.Type.STRING).ifPresent(t ->
                    problems.add("index '" + index.name() + "' uses attribute '" + index.sortAttribute().get()
                            + "' of type " + t + " as sort (it must be a string)"));
        }
        if (indexes.stream().map(IndexSpec::name).distinct().count() != indexes.size()) {
            problems.add("index names repeat: " + indexes);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("table '" + name + "': " + String.join("; ", problems));
        }
    }

    /** Checks a logical table name, with a message that says what is allowed. */
    public static String checkName(String name) {
        Objects.requireNonNull(name, "table name must not be null");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("table name '" + name
                    + "' is invalid: use 1 to 48 letters, digits or underscores, starting with a letter");
        }
        return name;
    }

    /** A table with no declared attributes and no indexes. */
    public static TableSpec named(String name) {
        return new TableSpec(name, Map.of(), List.of());
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** Collects a table's declarations. */
    public static final class Builder {
        private final String name;
        private final Map<String, Value.Type> attributes = new LinkedHashMap<>();
        private final List<IndexSpec> indexes = new ArrayList<>();

        private Builder(String name) {
            this.name = checkName(name);
        }

        public Builder attribute(String attribute, Value.Type type) {
            attributes.put(Objects.requireNonNull(attribute, "attribute"), Objects.requireNonNull(type, "type"));
            return this;
        }

        public Builder index(IndexSpec index) {
            indexes.add(Objects.requireNonNull(index, "index"));
            return this;
        }

        public TableSpec build() {
            return new TableSpec(name, attributes, indexes);
        }
    }
}
