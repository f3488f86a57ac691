package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.SearchVerification;
import dev.nosqlpatterns.search.Term;
import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code InvertedSearch.indexAll}: a stored document changes its terms, one is new. The direct rows are the
 * records; a search may lag them after a crash (the documented order: rows first, then postings, then counts),
 * answering a document in the terms it had or is given, and after repair answers exactly what the rows say.
 */
final class SearchPath extends BulkPath<Document> {
    private static final List<Document> BEFORE = List.of(
            Document.builder("ada").add("site", "a").build(),
            Document.builder("bob").add("site", "a").build());
    private static final List<Document> INPUT = List.of(
            Document.builder("bob").add("site", "c").build(),
            Document.builder("cy").add("site", "b", "c").build());
    private final String postings;
    private final String direct;

    SearchPath(Kit kit) {
        super(kit);
        this.postings = kit.newTable();
        this.direct = kit.newTable();
    }

    private InvertedSearch open(Store on) {
        return InvertedSearch.builder(on, postings, direct).segments(1).build();
    }

    @Override
    List<String> tables() {
        return List.of(postings, direct);
    }

    @Override
    void seed() {
        open(kit.store()).indexAll(BEFORE);
    }

    @Override
    int size() {
        return INPUT.size();
    }

    @Override
    void run(Store on) {
        open(on).indexAll(INPUT);
    }

    @Override
    List<Invalid> invalid(int position) {
        List<Invalid> out = new ArrayList<>();
        String other = INPUT.get(position == 0 ? 1 : 0).id();
        out.add(bad("an id twice", position, Document.builder(other).add("site", "z").build(), "'" + other + "'"));
        out.add(bad("a null document", position, null, "document #" + position + " is null"));
        int itemBytes = kit.store().limits().maxItemBytes();
        if (itemBytes <= 8 << 20) {
            // Each value is valid; together they make a row larger than the store's item limit.
            String[] values = new String[itemBytes / 400 + 2];
            for (int i = 0; i < values.length; i++) {
                values[i] = i + "v".repeat(Term.MAX_VALUE_BYTES - 12);
            }
            out.add(bad("a row too large for an item", position, Document.builder("big" + position).add("tag", values)
                    .build(), "'big" + position + "'"));
        }
        return out;
    }

    private Invalid bad(String label, int position, Document doc, String named) {
        List<Document> docs = new ArrayList<>(INPUT);
        docs.set(position, doc);
        return new Invalid(label, s -> open(s).indexAll(docs), named);
    }

    private static Set<String> ids() {
        Set<String> out = new TreeSet<>();
        BEFORE.forEach(d -> out.add(d.id()));
        INPUT.forEach(d -> out.add(d.id()));
        return out;
    }

    @Override
    Map<String, Document> records() {
        InvertedSearch search = open(kit.store());
        Map<String, Document> out = new TreeMap<>();
        for (String id : ids()) {
            search.document(id).ifPresent(d -> out.put(id, d));
        }
        return out;
    }

    @Override
    Map<String, Document> before() {
        return intended(0);
    }

    @Override
    Map<String, Document> intended(int n) {
        Map<String, Document> out = new TreeMap<>();
        BEFORE.forEach(d -> out.put(d.id(), d));
        INPUT.subList(0, n).forEach(d -> out.put(d.id(), d));
        return out;
    }

    private static Set<Term> terms() {
        Set<Term> out = new LinkedHashSet<>();
        BEFORE.forEach(d -> out.addAll(d.terms()));
        INPUT.forEach(d -> out.addAll(d.terms()));
        return out;
    }

    @Override
    Map<String, Set<String>> lookups(boolean repaired) {
        InvertedSearch search = open(kit.store());
        List<Term> terms = new ArrayList<>(terms());
        List<dev.nosqlpatterns.search.Audience> found = search.findAll(terms.stream().map(Criteria::has).toList());
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (int i = 0; i < terms.size(); i++) {
            out.put(terms.get(i).toString(), new TreeSet<>(search.documentIds(found.get(i), Integer.MAX_VALUE)));
        }
        if (repaired) {
            out.put("size", Set.of(Long.toString(search.size())));
        }
        return out;
    }

    @Override
    Map<String, Set<String>> oracle(Map<String, Document> records, boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (Term t : terms()) {
            Set<String> having = new TreeSet<>();
            records.values().stream().filter(d -> d.terms().contains(t)).forEach(d -> having.add(d.id()));
            out.put(t.toString(), having);
        }
        if (repaired) {
            out.put("size", Set.of(Integer.toString(records.size())));
        }
        return out;
    }

    @Override
    boolean exactBeforeRepair() {
        return false;
    }

    @Override
    void repair() {
        open(kit.store()).repair();
    }

    @Override
    Optional<String> drift() {
        SearchVerification v = open(kit.store()).verify();
        return v.consistent() ? Optional.empty() : Optional.of(v.toString());
    }

    @Override
    public String toString() {
        return "InvertedSearch.indexAll";
    }
}
