package dev.nosqlpatterns.testkit.search;

import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.Report;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The brute-force truth the inverted-search suites check against: the documents in a map, criteria
 * evaluated document by document, counts by iterating the audience. Also makes random click-stream
 * documents (site, city, categories) and random criteria over them.
 */
final class SearchOracle {
    static final Set<String> FIELDS = Set.of("site", "city", "category");
    private final Map<String, Document> documents = new TreeMap<>();

    void put(Document doc) {
        documents.put(doc.id(), doc);
    }

    void remove(String id) {
        documents.remove(id);
    }

    Collection<Document> documents() {
        return documents.values();
    }

    /** The ids of the documents matching {@code c}. */
    Set<String> select(Criteria c) {
        Set<String> out = new TreeSet<>();
        for (Document d : documents.values()) {
            if (matches(c, d)) {
                out.add(d.id());
            }
        }
        return out;
    }

    static boolean matches(Criteria c, Document d) {
        if (c instanceof Criteria.Has h) {
            return d.values(h.term().field()).contains(h.term().value());
        }
        if (c instanceof Criteria.And a) {
            return a.operands().stream().allMatch(o -> matches(o, d));
        }
        if (c instanceof Criteria.Or o) {
            return o.operands().stream().anyMatch(x -> matches(x, d));
        }
        if (c instanceof Criteria.Not n) {
            return !matches(n.operand(), d);
        }
        return true;
    }

    /** Per field, per value, how many of the documents {@code ids} have it. */
    Map<String, Map<String, Long>> counts(Set<String> ids, Set<String> fields) {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        for (String id : ids) {
            Document d = documents.get(id);
            for (String field : fields) {
                for (String v : d.values(field)) {
                    out.computeIfAbsent(field, f -> new TreeMap<>()).merge(v, 1L, Long::sum);
                }
            }
        }
        return out;
    }

    /** The report's counts in the oracle's shape (fields without counts left out). */
    static Map<String, Map<String, Long>> countsOf(Report report) {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        report.counts().forEach((f, values) -> {
            if (!values.isEmpty()) {
                out.put(f, new TreeMap<>(values));
            }
        });
        return out;
    }

    /** A visitor: one site, one city, zero to three categories, skewed so some values are common and some rare. */
    static Document randomDocument(Random random, String id) {
        Document.Builder b = Document.builder(id)
                .add("site", "s" + skewed(random, 8))
                .add("city", "c" + skewed(random, 5));
        int categories = random.nextInt(4);
        for (int i = 0; i < categories; i++) {
            b.add("category", "k" + skewed(random, 12));
        }
        return b.build();
    }

    /** A random condition of up to {@code depth} levels over the values {@link #randomDocument} uses, some unused. */
    static Criteria randomCriteria(Random random, int depth) {
        int kind = depth <= 0 ? 0 : random.nextInt(5);
        switch (kind) {
            case 1:
            case 2: {
                List<Criteria> operands = new ArrayList<>();
                int n = 1 + random.nextInt(3);
                for (int i = 0; i < n; i++) {
                    operands.add(randomCriteria(random, depth - 1));
                }
                return kind == 1 ? Criteria.and(operands) : Criteria.or(operands);
            }
            case 3:
                return Criteria.not(randomCriteria(random, depth - 1));
            case 4:
                return random.nextInt(6) == 0 ? Criteria.all() : randomTerm(random);
            default:
                return randomTerm(random);
        }
    }

    private static Criteria randomTerm(Random random) {
        switch (random.nextInt(3)) {
            case 0:
                return Criteria.has("site", "s" + random.nextInt(10));
            case 1:
                return Criteria.has("city", "c" + random.nextInt(6));
            default:
                return Criteria.has("category", "k" + random.nextInt(14));
        }
    }

    /** 0 to n-1, low values far more often. */
    private static int skewed(Random random, int n) {
        double u = random.nextDouble();
        return Math.min(n - 1, (int) (u * u * n));
    }

    static Map<String, Long> histogram(Collection<Document> docs, String field) {
        Map<String, Long> out = new HashMap<>();
        docs.forEach(d -> d.values(field).forEach(v -> out.merge(v, 1L, Long::sum)));
        return out;
    }
}
