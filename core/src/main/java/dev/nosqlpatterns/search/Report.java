package dev.nosqlpatterns.search;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The direct-aggregation answer for one audience: {@code SELECT count(distinct doc) ... GROUP BY field,
 * value} for each requested field, counted from the direct index. A document with several values of a
 * field counts once under each; a value no document of the audience has is absent.
 *
 * @param audienceSize how many documents the audience held
 * @param documents    how many of them the direct index had a row for (less only while a removal is
 *                     under way or the index needs {@link InvertedSearch#repair()})
 * @param counts       per field, per value, the number of documents
 */
public record Report(int audienceSize, long documents, Map<String, Map<String, Long>> counts) {

    public Report {
        Objects.requireNonNull(counts, "counts must not be null");
        TreeMap<String, Map<String, Long>> copy = new TreeMap<>();
        counts.forEach((field, values) -> copy.put(field, Collections.unmodifiableMap(new TreeMap<>(values))));
        counts = Collections.unmodifiableMap(copy);
    }

    /** The count of documents with {@code field=value}; zero when none. */
    public long count(String field, String value) {
        return counts.getOrDefault(field, Map.of()).getOrDefault(value, 0L);
    }
}
