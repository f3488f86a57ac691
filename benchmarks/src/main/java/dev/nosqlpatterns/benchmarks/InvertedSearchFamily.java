package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.search.Criteria;
import dev.nosqlpatterns.search.Document;
import dev.nosqlpatterns.search.InvertedSearch;
import dev.nosqlpatterns.search.PostingFormat;
import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Inverted search: documents selected by AND / OR / NOT of field values, with posting
 * lists stored as compressed bitmaps or as sorted id lists. Each document has a country (one of 10), a
 * device (one of 4) and three of 20 tags, chosen deterministically.
 */
final class InvertedSearchFamily implements Family {
    private static final List<Query> QUERIES = List.of(
            new Query("country=c1 AND device=d2", Criteria.and(Criteria.has("country", "c1"), Criteria.has("device", "d2")),
                    d -> d.country == 1 && d.device == 2),
            new Query("tag=t3 AND NOT device=d0", Criteria.and(Criteria.has("tag", "t3"), Criteria.not(Criteria.has("device", "d0"))),
                    d -> d.tags.contains(3) && d.device != 0),
            new Query("country=c4 OR country=c7", Criteria.or(Criteria.has("country", "c4"), Criteria.has("country", "c7")),
                    d -> d.country == 4 || d.country == 7),
            new Query("tag=t5 AND tag=t11", Criteria.and(Criteria.has("tag", "t5"), Criteria.has("tag", "t11")),
                    d -> d.tags.contains(5) && d.tags.contains(11)),
            new Query("device=d1", Criteria.has("device", "d1"), d -> d.device == 1));

    @Override
    public String name() {
        return "inverted search";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        int scale = mode.scale;
        // a quarter of the documents in the quick mode: indexing 2,000 took 7 s per format on DynamoDB Local
        int documents = mode.sampled ? 500 : 2_000 * scale;
        List<Doc> docs = new ArrayList<>();
        for (int i = 0; i < documents; i++) {
            docs.add(Doc.of(i));
        }
        List<Candidate> out = new ArrayList<>();
        for (PostingFormat format : PostingFormat.values()) {
            String technique = format == PostingFormat.BITMAP ? "bitmaps" : "sorted id lists";
            out.add(Candidate.of("AND / OR / NOT over " + documents + " documents", technique, () -> {
                InvertedSearch search = InvertedSearch.builder(store, tables.next("postings_" + format.name().toLowerCase(Locale.ROOT)),
                        tables.next("direct_" + format.name().toLowerCase(Locale.ROOT))).format(format).build();
                search.indexAll(docs.stream().map(Doc::document).toList());
                int n = QUERIES.size();
                return CellSpec.read(technique, n, 2 * n * scale,
                        i -> Answer.anyOrder(search.documentIds(search.find(QUERIES.get(i % n).criteria), documents)),
                        i -> Answer.anyOrder(docs.stream().filter(QUERIES.get(i % n).oracle).map(Doc::id).toList()), -1);
            }));
        }
        return out;
    }

    private record Query(String label, Criteria criteria, Predicate<Doc> oracle) {
    }

    /**
     * One document's values: country {@code 7i mod 10}, device {@code i mod 4}, and tags {@code i mod 20}
     * plus two more at offsets 1-7 and 8-12 from it (so the three always differ).
     */
    record Doc(int number, int country, int device, Set<Integer> tags) {
        static Doc of(int i) {
            int a = i % 20;
            return new Doc(i, i * 7 % 10, i % 4, Set.of(a, (a + 1 + i % 7) % 20, (a + 8 + i % 5) % 20));
        }

        String id() {
            return "doc" + number;
        }

        Document document() {
            Document.Builder b = Document.builder(id()).add("country", "c" + country).add("device", "d" + device);
            tags.forEach(t -> b.add("tag", "t" + t));
            return b.build();
        }
    }
}
