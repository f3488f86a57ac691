package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/**
 * The overhead family's reads written with a Lucene {@link IndexSearcher} on the Lucene adapter's layout
 * (its {@code Docs} and {@code Keys}): an item is a document whose field {@code _k} is the term
 * {@code table 00 00 partition 00 00 sort} (zero bytes of table and partition escaped as {@code 00 FF}),
 * indexed, stored and sorted, and whose stored field {@code _v} holds the attributes as one
 * {@link ValueCodec} map. A get is a term query; a range read a term range query sorted by {@code _k}.
 * It searches a near-real-time reader of the writer the library's store writes with, opened once the data
 * is loaded. Writes are not written by hand: the store keeps writes readable without a refresh of its own
 * searcher, which code outside it cannot trigger, so the library could not read them back to check them.
 */
final class LuceneBaseline implements Baseline {
    private static final Sort BY_KEY = new Sort(new SortField("_k", SortField.Type.STRING, false));
    private static final Set<String> LOADED = Set.of("_v");
    private final IndexWriter writer;
    private DirectoryReader reader;
    private IndexSearcher searcher;

    LuceneBaseline(IndexWriter writer) {
        this.writer = writer;
    }

    private IndexSearcher searcher() throws IOException {
        if (searcher == null) {
            reader = DirectoryReader.open(writer);
            searcher = new IndexSearcher(reader);
        }
        return searcher;
    }

    static byte[] term(String table, String partition, String sort) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String part : List.of(table, partition)) {
            for (byte b : part.getBytes(StandardCharsets.UTF_8)) {
                out.write(b);
                if (b == 0) {
                    out.write(0xFF);
                }
            }
            out.write(0);
            out.write(0);
        }
        out.writeBytes(sort.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static Item item(Key key, Document doc) {
        BytesRef v = doc.getBinaryValue("_v");
        Value.MapValue attributes = (Value.MapValue) ValueCodec.decode(BytesRef.deepCopyOf(v).bytes);
        return new Item(key, attributes.value());
    }

    @Override
    public Optional<Item> get(String table, Key key) {
        try {
            IndexSearcher s = searcher();
            TopDocs top = s.search(new TermQuery(new Term("_k", new BytesRef(term(table, key.partition(), key.sort())))), 1);
            return top.scoreDocs.length == 0 ? Optional.empty()
                    : Optional.of(item(key, s.storedFields().document(top.scoreDocs[0].doc, LOADED)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public List<Item> query(String table, String partition, String from, String to) {
        try {
            IndexSearcher s = searcher();
            int prefix = term(table, partition, "").length;
            TermRangeQuery range = new TermRangeQuery("_k", new BytesRef(term(table, partition, from)),
                    new BytesRef(term(table, partition, to)), true, true);
            TopDocs top = s.search(range, 1000, BY_KEY);
            StoredFields stored = s.storedFields();
            List<Item> out = new ArrayList<>(top.scoreDocs.length);
            for (ScoreDoc hit : top.scoreDocs) {
                Document doc = stored.document(hit.doc, Set.of("_k", "_v"));
                BytesRef k = doc.getBinaryValue("_k");
                String sort = new String(k.bytes, k.offset + prefix, k.length - prefix, StandardCharsets.UTF_8);
                out.add(item(Key.of(partition, sort), doc));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void put(String table, Item item) {
        throw new UnsupportedOperationException(WRITES);
    }

    @Override
    public boolean putIfAbsent(String table, Item item) {
        throw new UnsupportedOperationException(WRITES);
    }

    @Override
    public long add(String table, Key key, String attribute, long delta) {
        throw new UnsupportedOperationException(WRITES);
    }

    @Override
    public void writeBatch(String table, List<Item> items) {
        throw new UnsupportedOperationException(WRITES);
    }

    /** Why the writes have no hand-written form on Lucene. */
    static final String WRITES = "writes are not compared on Lucene: the store keeps its writes readable without a"
            + " refresh of its own searcher, which code outside the store cannot trigger, so the library could not read"
            + " hand-written writes back to check them";

    @Override
    public void close() {
        try {
            if (reader != null) {
                reader.close();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
