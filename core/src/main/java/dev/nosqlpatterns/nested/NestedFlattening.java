package dev.nosqlpatterns.nested;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.TextSearchCalls;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Nested documents flattened for a search engine: documents holding a list of
 * nested elements (a resume's skills, each with a level) indexed as flat fields such that a query for
 * one element matching several fields ("Excellent" AND "Poetry" in the same skill) has no false matches
 * from fields of different elements, which a naive flat document (all skills in one field, all levels in
 * another) gives.
 *
 * <ul>
 *   <li>{@link Strategy#NUMBERED_FIELDS}: element {@code i}'s fields go to {@code Skill_i}, {@code Level_i};
 *       a query is the union over {@code i} of the per-element conjunctions, so its cost grows with the
 *       largest number of elements in a document.</li>
 *   <li>{@link Strategy#PROXIMITY}: every element's values go, in field order, into one field, elements
 *       separated by a boundary word; a query is one phrase of the values with no slop.</li>
 * </ul>
 * Values are indexed between edge words, so a query matches whole values only ("Poetry" does not
 * match "Poetry Editing").
 * Needs the store's {@link Capability#TEXT_SEARCH}.
 */
public final class NestedFlattening {
    private static final String BOUNDARY = "zzelementboundaryzz";
    /** Surrounds every value, so that a query for "Poetry" matches the value "Poetry" and not "Poetry Editing". */
    private static final String EDGE = "zzvalueedgezz";
    private static final String COUNT = "elements";

    /** How nested elements are flattened. */
    public enum Strategy { NUMBERED_FIELDS, PROXIMITY }

    private final Store store;
    private final TextSearchCalls search;
    private final String index;
    private final List<String> fields;
    private final Strategy strategy;
    private final int maxElements;

    private NestedFlattening(Store store, TextSearchCalls search, String index, List<String> fields, Strategy strategy,
                             int maxElements) {
        this.store = store;
        this.search = search;
        this.index = index;
        this.fields = List.copyOf(fields);
        this.strategy = strategy;
        this.maxElements = maxElements;
    }

    /**
     * Flattens elements with the given {@code fields} (in the order a proximity phrase reads them, e.g.
     * {@code level, skill} for "Excellent Poetry") into the text index {@code index}. A document holds at
     * most {@code maxElements} elements (numbered fields: a query asks that many pairs).
     */
    public static NestedFlattening open(Store store, String index, List<String> fields, Strategy strategy,
                                        int maxElements) {
        Objects.requireNonNull(store, "store must not be null");
        Objects.requireNonNull(strategy, "strategy must not be null");
        if (index == null || !index.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
            throw new IllegalArgumentException("index name '" + index + "' is invalid: use letters, digits, underscores");
        }
        if (fields == null || fields.isEmpty() || fields.stream().anyMatch(f -> f == null || !f.matches("[A-Za-z][A-Za-z0-9]*"))) {
            throw new IllegalArgumentException("element fields must be non-empty names of letters and digits, got " + fields);
        }
        if (maxElements < 1) {
            throw new IllegalArgumentException("maxElements must be at least 1, got " + maxElements);
        }
        if (!store.has(Capability.TEXT_SEARCH)) {
            throw new UnsupportedCapabilityException(store.kind(), Capability.TEXT_SEARCH,
                    "nested document flattening needs a search engine");
        }
        TextSearchCalls search = store.textSearch();
        return new NestedFlattening(store, search, index, fields, strategy, maxElements);
    }

    /** Indexes (or replaces) document {@code id} with its nested elements. */
    public void put(String id, List<Map<String, String>> elements) {
        TechniqueCalls.run(store, "nestedFlattening.put", index, () -> {
            if (elements.size() > maxElements) {
                throw new IllegalArgumentException("document '" + id + "' has " + elements.size()
                        + " elements, more than the configured maximum of " + maxElements);
            }
            Map<String, String> doc = new HashMap<>();
            doc.put(COUNT, Integer.toString(elements.size()));
            if (strategy == Strategy.NUMBERED_FIELDS) {
                for (int i = 0; i < elements.size(); i++) {
                    for (String f : fields) {
                        doc.put(f + "_" + (i + 1), whole(value(elements.get(i), f)));
                    }
                }
            } else {
                List<String> words = new ArrayList<>();
                for (Map<String, String> element : elements) {
                    for (String f : fields) {
                        words.add(whole(value(element, f)));
                    }
                    words.add(BOUNDARY);
                }
                doc.put("all", String.join(" ", words));
            }
            search.indexDocument(index, id, doc);
        });
    }

    public void delete(String id) {
        TechniqueCalls.run(store, "nestedFlattening.delete", index, () -> {
            search.deleteDocument(index, id);
        });
    }

    /** Ids of documents with one element whose fields hold all of {@code match} (field name to words). */
    public Set<String> findElement(Map<String, String> match, int limit) {
        return TechniqueCalls.call(store, "nestedFlattening.findElement", index, () -> {
            if (match.isEmpty() || !fields.containsAll(match.keySet())) {
                throw new IllegalArgumentException("match fields " + match.keySet() + " must be among " + fields);
            }
            if (strategy == Strategy.PROXIMITY) {
                List<String> phrase = new ArrayList<>();
                for (String f : fields) {
                    if (match.containsKey(f)) {
                        phrase.add(whole(match.get(f)));
                    } else {
                        throw new IllegalArgumentException("a proximity query names every field, in order " + fields
                                + "; missing '" + f + "'");
                    }
                }
                return new LinkedHashSet<>(search.searchPhrase(index, "all", String.join(" ", phrase), 0, limit));
            }
            Set<String> out = new LinkedHashSet<>();
            for (int i = 1; i <= maxElements; i++) {
                Set<String> hits = null;
                for (Map.Entry<String, String> m : match.entrySet()) {
                    Set<String> ids = new LinkedHashSet<>(search.searchPhrase(index, m.getKey() + "_" + i, whole(m.getValue()), 0, Integer.MAX_VALUE));
                    if (hits == null) {
                        hits = ids;
                    } else {
                        hits.retainAll(ids);
                    }
                }
                out.addAll(hits);
                if (out.size() >= limit) {
                    break;
                }
            }
            return out.stream().limit(limit).collect(java.util.stream.Collectors.toCollection(LinkedHashSet::new));
        });
    }

    private static String whole(String value) {
        return EDGE + " " + value + " " + EDGE;
    }

    private String value(Map<String, String> element, String field) {
        String v = element.get(field);
        if (v == null || v.isBlank()) {
            throw new IllegalArgumentException("element " + element + " lacks field '" + field + "'");
        }
        return v;
    }
}
