package dev.nosqlpatterns.search;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What an {@link InvertedSearch} knows about one document (a user of a click stream, say): its id and,
 * per field, a set of values. Every (field, value) is a {@link Term} posted in the inverted index; the
 * whole document is the document's row of the direct index, which reports count.
 *
 * @param id     the application's id: 1 to {@value #MAX_ID_BYTES} UTF-8 bytes, without unpaired surrogates
 * @param fields values per field, fields and values sorted; no field has an empty set
 */
public record Document(String id, Map<String, Set<String>> fields) {
    /** The longest document id, in UTF-8 bytes. */
    public static final int MAX_ID_BYTES = 512;

    public Document {
        checkId(id);
        Objects.requireNonNull(fields, "fields must not be null");
        TreeMap<String, Set<String>> copy = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        fields.forEach((field, values) -> {
            try {
                Term.checkField(field);
                if (values == null || values.isEmpty()) {
                    problems.add("field '" + field + "' has no values (leave it out instead)");
                    return;
                }
                TreeSet<String> sorted = new TreeSet<>(Utf8Order.COMPARATOR);
                for (String v : values) {
                    sorted.add(Term.of(field, v).value());
                }
                copy.put(field, Collections.unmodifiableSet(new LinkedHashSet<>(sorted)));
            } catch (IllegalArgumentException | NullPointerException e) {
                problems.add(e.getMessage());
            }
        });
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("document '" + id + "': " + String.join("; ", problems));
        }
        fields = Collections.unmodifiableMap(copy);
    }

    /** A builder for the document {@code id}. */
    public static Builder builder(String id) {
        return new Builder(id);
    }

    /** Every term of the document, field by field. */
    public Set<Term> terms() {
        Set<Term> out = new LinkedHashSet<>();
        fields.forEach((field, values) -> values.forEach(v -> out.add(new Term(field, v))));
        return Collections.unmodifiableSet(out);
    }

    /** The values of {@code field}; empty when the document has none. */
    public Set<String> values(String field) {
        return fields.getOrDefault(field, Set.of());
    }

    static String checkId(String id) {
        Objects.requireNonNull(id, "document id must not be null");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("document id must not be empty");
        }
        int bad = Utf8Order.firstUnpairedSurrogate(id);
        if (bad >= 0) {
            throw new IllegalArgumentException("document id '" + id + "' has an unpaired surrogate at index " + bad);
        }
        int bytes = Utf8Order.utf8Length(id);
        if (bytes > MAX_ID_BYTES) {
            throw new IllegalArgumentException("document id is " + bytes + " UTF-8 bytes, more than " + MAX_ID_BYTES);
        }
        return id;
    }

    /** Collects a document's values; {@link #build()} checks them all at once. */
    public static final class Builder {
        private final String id;
        private final Map<String, Set<String>> fields = new TreeMap<>();

        private Builder(String id) {
            this.id = id;
        }

        /** Adds values to a field (a field may be given several times). */
        public Builder add(String field, String... values) {
            Objects.requireNonNull(values, "values must not be null");
            Set<String> set = fields.computeIfAbsent(field == null ? "" : field, f -> new LinkedHashSet<>());
            Collections.addAll(set, values);
            return this;
        }

        public Document build() {
            return new Document(id, fields);
        }
    }
}
