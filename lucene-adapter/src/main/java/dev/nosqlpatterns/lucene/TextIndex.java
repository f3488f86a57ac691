package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.TextSearch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.queries.spans.SpanNearQuery;
import org.apache.lucene.queries.spans.SpanQuery;
import org.apache.lucene.queries.spans.SpanTermQuery;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/**
 * Full-text documents in named indexes, in the same Lucene index as the items: text analysed by the
 * standard tokenizer and lower-cased, with positions, so phrases with slop and span-near queries work.
 */
final class TextIndex implements TextSearch, ProximitySearch {
    private static final String ID = "_tid";
    static final String INDEX = "_tix";
    private static final String STORED_ID = "_tid_s";
    private static final String FIELD = "_tx.";

    private final LuceneBackend.Reader reader;
    private final LuceneBackend.Writer writer;

    TextIndex(LuceneBackend.Reader reader, LuceneBackend.Writer writer) {
        this.reader = reader;
        this.writer = writer;
    }

    @Override
    public void indexDocument(String index, String id, Map<String, String> fields, CostMeter meter) {
        meter.roundTrip();
        check(index, id);
        Objects.requireNonNull(fields, "fields must not be null");
        fields.forEach((name, text) -> {
            if (name == null || name.isEmpty() || text == null) {
                throw new IllegalArgumentException("document '" + id + "' of text index '" + index
                        + "' has a field with an empty name or a null text: " + name);
            }
        });
        try (Analyzer analyzer = new TextAnalyzer()) {
            Document doc = new Document();
            doc.add(new StringField(ID, term(index, id), Field.Store.NO));
            doc.add(new StringField(INDEX, index, Field.Store.NO));
            doc.add(new StringField(Docs.TOP, "1", Field.Store.NO));
            doc.add(new StoredField(STORED_ID, id));
            fields.forEach((name, text) -> doc.add(new TextField(FIELD + name, analyzer.tokenStream(FIELD + name, text))));
            writer.write(ID, List.of(term(index, id)), List.of(doc));
        }
    }

    @Override
    public void deleteDocument(String index, String id, CostMeter meter) {
        meter.roundTrip();
        check(index, id);
        writer.write(ID, List.of(term(index, id)), List.of());
    }

    /** One delete by the index's term: every document of the index, whatever their number. */
    @Override
    public void dropIndex(String index, CostMeter meter) {
        if (index == null || index.isEmpty()) {
            throw new IllegalArgumentException("a text index name must be non-empty, got '" + index + "'");
        }
        meter.roundTrip();
        writer.deleteAll(INDEX, index);
    }

    @Override
    public List<String> searchPhrase(String index, String field, String phrase, int slop, int limit, CostMeter meter) {
        meter.roundTrip();
        checkSearch(index, field, limit);
        if (slop < 0) {
            throw new IllegalArgumentException("slop must not be negative, got " + slop);
        }
        PhraseQuery.Builder b = new PhraseQuery.Builder().setSlop(slop);
        int[] count = {0};
        analyse(phrase, (word, position) -> {
            b.add(new Term(FIELD + field, word), position);
            count[0]++;
        });
        return count[0] == 0 ? List.of() : search(index, b.build(), limit);
    }

    @Override
    public List<String> searchNear(String index, String field, List<String> words, int maxGap, boolean inOrder,
                                   int limit) {
        checkSearch(index, field, limit);
        if (maxGap < 0) {
            throw new IllegalArgumentException("maxGap must not be negative, got " + maxGap);
        }
        List<SpanQuery> clauses = new ArrayList<>();
        for (String word : Objects.requireNonNull(words, "words must not be null")) {
            List<SpanQuery> parts = new ArrayList<>();
            analyse(word, (w, p) -> parts.add(new SpanTermQuery(new Term(FIELD + field, w))));
            if (parts.size() == 1) {
                clauses.add(parts.get(0));
            } else if (parts.size() > 1) {
                clauses.add(new SpanNearQuery(parts.toArray(SpanQuery[]::new), 0, true));
            }
        }
        if (clauses.isEmpty()) {
            return List.of();
        }
        Query q = clauses.size() == 1 ? clauses.get(0)
                : new SpanNearQuery(clauses.toArray(SpanQuery[]::new), maxGap, inOrder);
        return search(index, q, limit);
    }

    private List<String> search(String index, Query q, int limit) {
        Query filtered = new BooleanQuery.Builder().add(q, BooleanClause.Occur.MUST)
                .add(new TermQuery(new Term(INDEX, index)), BooleanClause.Occur.FILTER).build();
        return reader.read(null, null, s -> {
            TopDocs top = s.search(filtered, limit);
            StoredFields stored = s.storedFields();
            List<String> ids = new ArrayList<>();
            for (ScoreDoc hit : top.scoreDocs) {
                ids.add(stored.document(hit.doc).get(STORED_ID));
            }
            return ids;
        });
    }

    /** Calls {@code sink} with each analysed word of {@code text} and its position. */
    private static void analyse(String text, WordSink sink) {
        Objects.requireNonNull(text, "text must not be null");
        try (Analyzer analyzer = new TextAnalyzer(); TokenStream tokens = analyzer.tokenStream("q", text)) {
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            PositionIncrementAttribute increment = tokens.addAttribute(PositionIncrementAttribute.class);
            tokens.reset();
            int position = -1;
            while (tokens.incrementToken()) {
                position += increment.getPositionIncrement();
                sink.accept(term.toString(), position);
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private interface WordSink {
        void accept(String word, int position);
    }

    private static BytesRef term(String index, String id) {
        return new BytesRef(Keys.chunks(Keys.utf8(index), Keys.utf8(id)));
    }

    private static void check(String index, String id) {
        if (index == null || index.isEmpty() || id == null || id.isEmpty()) {
            throw new IllegalArgumentException("a text index name and a document id must be non-empty, got index '"
                    + index + "' and id '" + id + "'");
        }
    }

    private static void checkSearch(String index, String field, int limit) {
        if (index == null || index.isEmpty() || field == null || field.isEmpty()) {
            throw new IllegalArgumentException("a text search needs a non-empty index and field, got '" + index
                    + "' and '" + field + "'");
        }
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
    }

    /** Standard tokenizer and lower-casing, with one token stream per field so a document may have many. */
    private static final class TextAnalyzer extends Analyzer {
        TextAnalyzer() {
            super(PER_FIELD_REUSE_STRATEGY);
        }

        @Override
        protected TokenStreamComponents createComponents(String fieldName) {
            StandardTokenizer source = new StandardTokenizer();
            return new TokenStreamComponents(source, new LowerCaseFilter(source));
        }
    }
}
