package dev.nosqlpatterns.benchmarks.overhead;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;

/**
 * A bulk load with a Lucene {@link IndexWriter} on the Lucene adapter's document layout (its {@code Docs} and
 * {@code Keys}, see {@link LuceneBaseline}): one document per item or entry with the key term {@code _k} (indexed,
 * sorted, stored) and the same term as block term {@code _kb}, the partition term {@code _p}, the table {@code _t},
 * the top-level mark {@code _top}, the attributes as one stored {@link ValueCodec} map {@code _v} and a version
 * {@code _ver}; one {@code addDocuments} per table and chunk, and one commit at the end ({@link #finish()}). Lucene
 * has no conditional write: a unique entry is claimed in a set of the values this load wrote, which stands for a
 * look-up of the (fresh) index. Tables without native secondary indexes only, as the bulk family's are.
 */
final class LuceneLoader implements Loader {
    private final IndexWriter writer;
    private final Set<String> claimed = new HashSet<>();
    private long version;

    LuceneLoader(IndexWriter writer) {
        this.writer = writer;
    }

    @Override
    public long load(String table, List<Item> items, String uniqueTable, List<Item> uniqueEntries, String indexTable,
                     List<Item> entries) {
        for (Item e : uniqueEntries) {
            if (!claimed.add(e.key().partition())) {
                throw new IllegalStateException("unique value " + e.key().partition() + " is taken");
            }
        }
        add(uniqueTable, uniqueEntries);
        add(table, items);
        add(indexTable, entries);
        return 3;
    }

    private void add(String table, List<Item> items) {
        List<Iterable<IndexableField>> docs = new ArrayList<>(items.size());
        for (Item item : items) {
            BytesRef term = new BytesRef(LuceneBaseline.term(table, item.key().partition(), item.key().sort()));
            Document doc = new Document();
            doc.add(new StringField("_kb", term, Field.Store.NO));
            doc.add(new StringField("_k", term, Field.Store.NO));
            doc.add(new SortedDocValuesField("_k", term));
            doc.add(new StoredField("_k", term));
            doc.add(new StringField("_p", new BytesRef(LuceneBaseline.term(table, item.key().partition(), "")),
                    Field.Store.NO));
            doc.add(new StringField("_t", table, Field.Store.NO));
            doc.add(new StringField("_top", "1", Field.Store.NO));
            doc.add(new StoredField("_v", ValueCodec.encode(new Value.MapValue(item.attributes()))));
            long v = ++version;
            doc.add(new NumericDocValuesField("_ver", v));
            doc.add(new StoredField("_ver", v));
            docs.add(doc);
        }
        try {
            writer.addDocuments(docs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public long finish() {
        try {
            writer.commit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return 1;
    }

    @Override
    public String how() {
        return "one addDocuments per table and chunk, one commit; unique values checked in memory (no conditional write)";
    }

    @Override
    public void close() {
        // the writer belongs to the caller
    }
}
