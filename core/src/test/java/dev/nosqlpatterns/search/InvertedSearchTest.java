package dev.nosqlpatterns.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** A larger index spread over many chunks, on the in-memory store, against brute force. */
class InvertedSearchTest {
    private static final int DOCUMENTS = 3_000;

    private static Document randomDocument(Random r, int i) {
        Document.Builder b = Document.builder("u" + i).add("site", "s" + (int) (Math.pow(r.nextDouble(), 3) * 30))
                .add("city", "c" + r.nextInt(8));
        for (int k = r.nextInt(4); k > 0; k--) {
            b.add("interest", "i" + r.nextInt(25));
        }
        if (i % 500 == 17) {
            b.add("flag", "rare");
        }
        return b.build();
    }

    private static boolean matches(Criteria c, Document d) {
        if (c instanceof Criteria.Has h) {
            return d.values(h.term().field()).contains(h.term().value());
        }
        if (c instanceof Criteria.And a) {
            return a.operands().stream().allMatch(o -> matches(o, d));
        }
        if (c instanceof Criteria.Or o) {
            return o.operands().stream().anyMatch(x -> matches(x, d));
        }
        return c instanceof Criteria.Not n ? !matches(n.operand(), d) : true;
    }

    private static Criteria random(Random r, int depth) {
        int kind = depth == 0 ? 0 : r.nextInt(4);
        if (kind == 0) {
            return switch (r.nextInt(3)) {
                case 0 -> Criteria.has("site", "s" + r.nextInt(32));
                case 1 -> Criteria.has("city", "c" + r.nextInt(9));
                default -> Criteria.has("interest", "i" + r.nextInt(26));
            };
        }
        if (kind == 3) {
            return Criteria.not(random(r, depth - 1));
        }
        List<Criteria> operands = new ArrayList<>();
        for (int i = 1 + r.nextInt(3); i > 0; i--) {
            operands.add(random(r, depth - 1));
        }
        return kind == 1 ? Criteria.and(operands) : Criteria.or(operands);
    }

    /** Both formats, terms read together or apart, and 16-id chunks so that common terms span over a hundred. */
    static List<Arguments> settings() {
        List<Arguments> out = new ArrayList<>();
        for (PostingFormat format : PostingFormat.values()) {
            out.add(Arguments.of(format, 6, true));
            out.add(Arguments.of(format, 6, false));
            out.add(Arguments.of(format, 4, true));
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("settings")
    void manyChunksAnswerLikeBruteForce(PostingFormat format, int chunkBits, boolean together) {
        Random r = new Random(format.ordinal() + 100);
        try (Store store = Store.of(new MemoryBackend())) {
            InvertedSearch search = InvertedSearch.builder(store, "postings", "direct").format(format).chunkBits(chunkBits)
                    .termsReadTogether(together).build();
            List<Document> docs = new ArrayList<>();
            for (int i = 0; i < DOCUMENTS; i++) {
                docs.add(randomDocument(r, i));
            }
            search.indexAll(docs.subList(0, DOCUMENTS / 2));
            search.indexAll(docs.subList(DOCUMENTS / 2, DOCUMENTS));
            Map<String, Document> byId = new TreeMap<>();
            docs.forEach(d -> byId.put(d.id(), d));
            for (int i = 0; i < DOCUMENTS; i += 97) {
                Document changed = randomDocument(r, i);
                search.index(changed);
                byId.put(changed.id(), changed);
            }
            for (int i = 5; i < DOCUMENTS; i += 131) {
                search.remove("u" + i);
                byId.remove("u" + i);
            }
            List<Criteria> criteria = new ArrayList<>();
            for (int q = 0; q < 60; q++) {
                criteria.add(random(r, 3));
            }
            List<Audience> batch = search.findAll(criteria);
            for (int q = 0; q < criteria.size(); q++) {
                Criteria c = criteria.get(q);
                Set<String> expected = new TreeSet<>();
                byId.values().stream().filter(d -> matches(c, d)).forEach(d -> expected.add(d.id()));
                Audience found = search.find(c);
                assertEquals(expected, new TreeSet<>(search.documentIds(found, Integer.MAX_VALUE)), c.toString());
                assertEquals(expected.size(), found.size(), c.toString());
                assertEquals(found, batch.get(q), "findAll agrees on " + c);
            }
            List<Report> reports = search.reports(batch.subList(0, 10), Set.of("site", "interest"));
            for (int q = 0; q < 10; q++) {
                Map<String, Map<String, Long>> expected = new TreeMap<>();
                for (Document d : byId.values()) {
                    if (matches(criteria.get(q), d)) {
                        for (String f : List.of("site", "interest")) {
                            d.values(f).forEach(v -> expected.computeIfAbsent(f, x -> new HashMap<>()).merge(v, 1L, Long::sum));
                        }
                    }
                }
                Map<String, Map<String, Long>> actual = new TreeMap<>();
                reports.get(q).counts().forEach((f, m) -> actual.put(f, new HashMap<>(m)));
                assertEquals(expected, actual, "report of " + criteria.get(q));
            }
            assertTrue(search.verify().consistent(), search.verify().toString());
            assertEquals(byId.size(), search.size());
        }
    }

    @ParameterizedTest
    @EnumSource(PostingFormat.class)
    void aRareOperandLimitsWhatACommonOneReads(PostingFormat format) {
        try (Store store = Store.of(new MemoryBackend())) {
            InvertedSearch search = InvertedSearch.builder(store, "postings", "direct").format(format).chunkBits(6)
                    .termsReadTogether(false).build();
            Random r = new Random(1);
            List<Document> docs = new ArrayList<>();
            for (int i = 0; i < DOCUMENTS; i++) {
                docs.add(randomDocument(r, i));
            }
            search.indexAll(docs);
            int rareChunks = (int) docs.stream().filter(d -> d.values("flag").contains("rare")).count();
            CostTally tally = new CostTally();
            Audience found = store.measure(tally, () -> search.find(Criteria.and(Criteria.has("city", "c1"), Criteria.has("flag", "rare"),
                        Criteria.not(Criteria.has("site", "s0")))));
            long expected = docs.stream().filter(d -> d.values("flag").contains("rare") && d.values("city").contains("c1")
                    && !d.values("site").contains("s0")).count();
            assertEquals(expected, found.size());
            assertTrue(tally.itemsRead() <= 4 + 3L * rareChunks,
                    "summaries, then at most one chunk per rare id for each operand, not the " + (DOCUMENTS >> 6)
                            + " chunks of the common terms: " + tally);
        }
    }
}
