package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.item.ValueCodec;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.analysis.path.PathHierarchyTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;

/**
 * How an item becomes a block of Lucene documents: one child document per map element of each list
 * attribute (for block join), then the item's own document, which carries the key terms, the
 * attributes as one stored blob, and the terms of declared secondary indexes and path attributes.
 */
final class Docs {
    /** The item term, on every document of an item's block: the delete term of puts and deletes. */
    static final String BLOCK = "_kb";
    /** The item term on the item's own document: indexed, sortable doc values, stored. */
    static final String KEY = "_k";
    /** The partition term, to list a table's partitions in scans. */
    static final String PARTITION = "_p";
    /** The table name, on every document of an item's block, to drop a table. */
    static final String TABLE = "_t";
    /** Marks every document that is not a nested child: the parent filter of block joins. */
    static final String TOP = "_top";
    /** The attributes, encoded as one canonical map value. */
    static final String VALUE = "_v";
    /** On a child document: table and list attribute it is an element of. */
    static final String ELEMENT_OF = "_el";
    /** On a child document: one term per field of the element, name and canonical value. */
    static final String ELEMENT = "_e";
    /** Path-hierarchy terms of path attributes: table, attribute, then every ancestor path. */
    static final String PATH = "_ph";
    /** The version of the write that left the item: doc values (highest at open) and stored (read with it). */
    static final String VERSION = "_ver";
    /** Prefix of the per-index field of a declared secondary index. */
    static final String INDEX = "_x.";

    /**
     * The expiry instant ({@link dev.nosqlpatterns.item.Expiry}) in epoch milliseconds, a point on every
     * document of an expiring item, so that one delete by range removes the expired items with their children.
     */
    static final String EXPIRES = "_exp";

    static final Set<String> LOADED = Set.of(KEY, VALUE, VERSION);
    /** The stored fields a read by key loads: the key is the one asked for. */
    static final Set<String> LOADED_BY_KEY = Set.of(VALUE, VERSION);
    private static final int MAX_RAW_ELEMENT_TERM = 512;

    private Docs() {
    }

    /** The documents of one item, children first, the item's own document last. */
    static List<Iterable<IndexableField>> block(String table, Item item, BytesRef term, long version,
                                                TableSpec spec, Set<String> pathAttributes) {
        List<Iterable<IndexableField>> block = new ArrayList<>();
        for (Map.Entry<String, Value> a : item.attributes().entrySet()) {
            if (a.getValue() instanceof Value.ListValue list) {
                for (Value element : list.value()) {
                    if (element instanceof Value.MapValue map) {
                        block.add(child(table, a.getKey(), map, term));
                    }
                }
            }
        }
        Document doc = new Document();
        doc.add(new StringField(BLOCK, term, Field.Store.NO));
        doc.add(new StringField(KEY, term, Field.Store.NO));
        doc.add(new SortedDocValuesField(KEY, term));
        doc.add(new StoredField(KEY, term));
        doc.add(new StringField(PARTITION, new BytesRef(Keys.prefix(table, item.key().partition())), Field.Store.NO));
        doc.add(new StringField(TABLE, table, Field.Store.NO));
        doc.add(new StringField(TOP, "1", Field.Store.NO));
        doc.add(new StoredField(VALUE, ValueCodec.encode(new Value.MapValue(item.attributes()))));
        doc.add(new NumericDocValuesField(VERSION, version));
        doc.add(new StoredField(VERSION, version));
        if (spec != null) {
            for (IndexSpec index : spec.indexes()) {
                indexTerm(table, index, item).ifPresent(t -> {
                    doc.add(new StringField(INDEX + index.name(), t, Field.Store.NO));
                    doc.add(new SortedDocValuesField(INDEX + index.name(), t));
                });
            }
        }
        for (String attribute : pathAttributes) {
            if (item.attributes().get(attribute) instanceof Value.Str path) {
                for (String ancestor : ancestors(path.value())) {
                    doc.add(new StringField(PATH, pathTerm(table, attribute, ancestor), Field.Store.NO));
                }
            }
        }
        block.add(doc);
        dev.nosqlpatterns.item.Expiry.millis(item).ifPresent(at -> {
            for (Iterable<IndexableField> d : block) {
                ((Document) d).add(new org.apache.lucene.document.LongPoint(EXPIRES, at));
            }
        });
        return block;
    }

    private static Document child(String table, String attribute, Value.MapValue element, BytesRef term) {
        Document doc = new Document();
        doc.add(new StringField(BLOCK, term, Field.Store.NO));
        doc.add(new StringField(TABLE, table, Field.Store.NO));
        doc.add(new StringField(ELEMENT_OF, elementOf(table, attribute), Field.Store.NO));
        for (Map.Entry<String, Value> f : element.value().entrySet()) {
            doc.add(new StringField(ELEMENT, elementTerm(f.getKey(), f.getValue()), Field.Store.NO));
        }
        return doc;
    }

    static BytesRef elementOf(String table, String attribute) {
        return new BytesRef(Keys.chunks(Keys.utf8(table), Keys.utf8(attribute)));
    }

    /** A field of an element: its name and canonical value, or a digest of the value when that is long. */
    static BytesRef elementTerm(String name, Value value) {
        byte[] bytes = ValueCodec.encode(value);
        if (bytes.length > MAX_RAW_ELEMENT_TERM) {
            try {
                bytes = Keys.concat(new byte[] {'#'}, MessageDigest.getInstance("SHA-256").digest(bytes));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is missing from this JVM", e);
            }
        } else {
            bytes = Keys.concat(new byte[] {'='}, bytes);
        }
        return new BytesRef(Keys.concat(Keys.chunks(Keys.utf8(name)), bytes));
    }

    /**
     * The index term of an item: table and canonical partition value, length-prefixed, then the sort
     * value's UTF-8 bytes raw, so entries of one index partition are contiguous and in sort order. Empty
     * when the item lacks an index attribute or holds one of another type than the index takes
     * (partition: string or number; sort: string).
     */
    static Optional<BytesRef> indexTerm(String table, IndexSpec index, Item item) {
        Optional<byte[]> prefix = item.get(index.partitionAttribute()).flatMap(v -> indexPrefix(table, v));
        if (prefix.isEmpty()) {
            return Optional.empty();
        }
        if (index.sortAttribute().isEmpty()) {
            return Optional.of(new BytesRef(prefix.get()));
        }
        if (!(item.attributes().get(index.sortAttribute().get()) instanceof Value.Str sort)) {
            return Optional.empty();
        }
        return Optional.of(new BytesRef(Keys.concat(prefix.get(), Keys.utf8(sort.value()))));
    }

    static Optional<byte[]> indexPrefix(String table, Value partitionValue) {
        if (!(partitionValue instanceof Value.Str) && !(partitionValue instanceof Value.Num)) {
            return Optional.empty();
        }
        return Optional.of(Keys.chunks(Keys.utf8(table), ValueCodec.encode(partitionValue)));
    }

    static BytesRef pathTerm(String table, String attribute, String path) {
        return new BytesRef(Keys.concat(Keys.chunks(Keys.utf8(table), Keys.utf8(attribute)), Keys.utf8(path)));
    }

    /** The path and all its ancestors, as {@link PathHierarchyTokenizer} splits it on '/'. */
    static List<String> ancestors(String path) {
        List<String> out = new ArrayList<>();
        try (PathHierarchyTokenizer tokens = new PathHierarchyTokenizer()) {
            tokens.setReader(new StringReader(path));
            CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
            tokens.reset();
            while (tokens.incrementToken()) {
                out.add(term.toString());
            }
            tokens.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The version of the write that left a document's item (0 when it has none). */
    static long version(Document doc) {
        IndexableField v = doc.getField(VERSION);
        return v == null ? 0 : v.numericValue().longValue();
    }

    /** The item of {@code key} a document holds, from its stored attributes. */
    static Item item(dev.nosqlpatterns.item.Key key, Document doc) {
        BytesRef v = doc.getBinaryValue(VALUE);
        Value.MapValue attributes = (Value.MapValue) ValueCodec.decode(BytesRef.deepCopyOf(v).bytes);
        return new Item(key, attributes.value());
    }

    /** The item a document holds, from its stored key and attributes. */
    static Item item(Document doc) {
        Keys.Decoded key = Keys.decode(doc.getBinaryValue(KEY));
        BytesRef v = doc.getBinaryValue(VALUE);
        Value.MapValue attributes = (Value.MapValue) ValueCodec.decode(BytesRef.deepCopyOf(v).bytes);
        return new Item(key.key(), attributes.value());
    }
}
