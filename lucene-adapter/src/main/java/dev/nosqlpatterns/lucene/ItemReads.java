package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.internal.Segments;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/** Item reads on one searcher: by key, by partition range in key order, and by scan segment. */
final class ItemReads {
    private static final Sort ASCENDING = new Sort(new SortField(Docs.KEY, SortField.Type.STRING, false));
    private static final Sort DESCENDING = new Sort(new SortField(Docs.KEY, SortField.Type.STRING, true));

    private ItemReads() {
    }

    /** An item read from the index, with its term and the version of the write that left it. */
    record Found(BytesRef term, Item item, long version) {
    }

    /** The indexed items of these terms, by term. */
    static Map<BytesRef, Found> getAll(IndexSearcher searcher, Collection<BytesRef> terms) throws IOException {
        Query query = terms.size() == 1 ? new TermQuery(new Term(Docs.KEY, terms.iterator().next()))
                : new TermInSetQuery(Docs.KEY, terms);
        TopDocs top = searcher.search(query, Math.max(1, terms.size()));
        Map<BytesRef, Found> found = new HashMap<>();
        for (Found f : found(searcher, top.scoreDocs, top.scoreDocs.length)) {
            found.put(f.term(), f);
        }
        return found;
    }

    /**
     * The current items of these terms: per term the newer of its indexed document and its entry in
     * {@code pending}, a snapshot of the pending writes taken before {@code searcher} was acquired.
     */
    static Map<BytesRef, Optional<Item>> current(IndexSearcher searcher, Collection<BytesRef> terms,
                                                 Map<BytesRef, PendingWrites.Entry> pending) throws IOException {
        Map<BytesRef, Found> indexed = getAll(searcher, terms);
        Map<BytesRef, Optional<Item>> out = new HashMap<>();
        for (BytesRef t : terms) {
            out.put(t, PendingWrites.newer(indexed.get(t), pending.get(t)));
        }
        return out;
    }

    /**
     * The current item of one key: the newer of its indexed document and {@code pending}, its pending entry
     * (or null) read before {@code searcher} was acquired. As {@link #current} for one term, without loading
     * the stored key, which is the one asked for.
     */
    static Optional<Item> one(IndexSearcher searcher, BytesRef term, dev.nosqlpatterns.item.Key key,
                              PendingWrites.Entry pending) throws IOException {
        TopDocs top = searcher.search(new TermQuery(new Term(Docs.KEY, term)), 1);
        if (top.scoreDocs.length == 0) {
            return PendingWrites.newer(null, pending);
        }
        Document doc = searcher.storedFields().document(top.scoreDocs[0].doc, Docs.LOADED_BY_KEY);
        long version = Docs.version(doc);
        if (pending != null && pending.version() >= version) {
            return Optional.ofNullable(pending.item());
        }
        return Optional.of(Docs.item(key, doc));
    }

    /** The range of item terms a partition query reads, or null when it selects nothing. */
    static Range range(KeyQuery q) {
        byte[] prefix = Keys.prefix(q.table(), q.partition());
        Range range = Range.of(prefix, q.condition());
        if (q.startAfter().isPresent()) {
            BytesRef after = new BytesRef(Keys.concat(prefix, Keys.utf8(q.startAfter().get())));
            range = q.descending() ? range.below(after) : range.above(after);
        }
        return range.isEmpty() ? null : range;
    }

    /**
     * A partition query: the indexed items of the range, each replaced by a newer pending write of it, plus
     * pending items not indexed yet. A pending entry hides at most one indexed item, so reading that many
     * more items than asked leaves at least {@code limit + 1} items before the last one read: the first
     * {@code limit + 1} of the combined list are exact, and pending items past the last one read can wait.
     */
    static QueryResult query(IndexSearcher searcher, KeyQuery q, Range range,
                             NavigableMap<BytesRef, PendingWrites.Entry> pending) throws IOException {
        int n = q.limit() + 1 + pending.size();
        TopDocs top = searcher.search(range.query(Docs.KEY), n, q.descending() ? DESCENDING : ASCENDING);
        List<Found> indexed = found(searcher, top.scoreDocs, top.scoreDocs.length);
        TreeMap<BytesRef, Item> merged = new TreeMap<>();
        Set<BytesRef> seen = new HashSet<>();
        for (Found f : indexed) {
            seen.add(f.term());
            PendingWrites.newer(f, pending.get(f.term())).ifPresent(i -> merged.put(f.term(), i));
        }
        BytesRef last = indexed.size() < n ? null : indexed.get(indexed.size() - 1).term();
        for (Map.Entry<BytesRef, PendingWrites.Entry> e : pending.entrySet()) {
            boolean beforeLast = last == null
                    || (q.descending() ? e.getKey().compareTo(last) > 0 : e.getKey().compareTo(last) < 0);
            if (beforeLast && !seen.contains(e.getKey()) && e.getValue().item() != null) {
                merged.put(e.getKey(), e.getValue().item());
            }
        }
        List<Item> ordered = new ArrayList<>(q.descending() ? merged.descendingMap().values() : merged.values());
        boolean more = ordered.size() > q.limit();
        return new QueryResult(more ? ordered.subList(0, q.limit()) : ordered, more);
    }

    /** The items of these hits, with their terms and versions. */
    static List<Found> found(IndexSearcher searcher, ScoreDoc[] docs, int n) throws IOException {
        StoredFields stored = searcher.storedFields();
        List<Found> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Document doc = stored.document(docs[i].doc, Docs.LOADED);
            out.add(new Found(BytesRef.deepCopyOf(doc.getBinaryValue(Docs.KEY)), Docs.item(doc), Docs.version(doc)));
        }
        return out;
    }

    static ScanResult scan(IndexSearcher searcher, ScanRequest s) throws IOException {
        return scan(searcher, s, null);
    }

    /**
     * A page of a scan of the table, or of the partitions that begin with {@code prefix} alone when there is one:
     * the key terms that begin with the table's (or the prefix's) bytes, a range of the term dictionary.
     */
    static ScanResult scan(IndexSearcher searcher, ScanRequest s, String prefix) throws IOException {
        byte[] tablePrefix = prefix == null ? Keys.prefix(s.table()) : Keys.partitionPrefix(s.table(), prefix);
        Optional<BytesRef> after = s.token().map(t -> decodeToken(t, tablePrefix));
        List<Item> out = new ArrayList<>();
        int wanted = s.limit() + 1;
        if (s.totalSegments() == 1) {
            Range range = new Range(new BytesRef(tablePrefix), true, end(tablePrefix), false);
            if (after.isPresent()) {
                range = range.above(after.get());
            }
            collect(searcher, range, wanted, out);
        } else {
            Terms partitions = MultiTerms.getTerms(searcher.getIndexReader(), Docs.PARTITION);
            TermsEnum terms = partitions == null ? TermsEnum.EMPTY : partitions.iterator();
            BytesRef start = after.map(Keys::partitionTermOf).orElse(new BytesRef(tablePrefix));
            if (terms.seekCeil(start) != TermsEnum.SeekStatus.END) {
                for (BytesRef p = terms.term(); p != null && Keys.startsWith(p, tablePrefix) && out.size() < wanted;
                     p = terms.next()) {
                    if (Segments.of(Keys.partitionOf(p), s.totalSegments()) != s.segment()) {
                        continue;
                    }
                    byte[] partition = BytesRef.deepCopyOf(p).bytes;
                    Range range = new Range(new BytesRef(partition), true, end(partition), false);
                    if (after.isPresent() && Keys.startsWith(after.get(), partition)) {
                        range = range.above(after.get());
                    }
                    collect(searcher, range, wanted - out.size(), out);
                }
            }
        }
        if (out.size() < wanted) {
            return new ScanResult(out, Optional.empty());
        }
        out.remove(out.size() - 1);
        Item last = out.get(out.size() - 1);
        return new ScanResult(out, Optional.of(encodeToken(Keys.item(s.table(), last.key()))));
    }

    private static void collect(IndexSearcher searcher, Range range, int n, List<Item> out) throws IOException {
        if (range.isEmpty() || n <= 0) {
            return;
        }
        TopDocs top = searcher.search(range.query(Docs.KEY), n, ASCENDING);
        out.addAll(load(searcher, top.scoreDocs, top.scoreDocs.length));
    }

    static List<Item> load(IndexSearcher searcher, ScoreDoc[] docs, int n) throws IOException {
        StoredFields stored = searcher.storedFields();
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(load(stored, docs[i].doc));
        }
        return items;
    }

    static Item load(StoredFields stored, int doc) throws IOException {
        return Docs.item(stored.document(doc, Docs.LOADED));
    }

    static BytesRef end(byte[] prefix) {
        return new BytesRef(Keys.concat(prefix, new byte[] {Keys.END}));
    }

    private static String encodeToken(BytesRef term) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(BytesRef.deepCopyOf(term).bytes);
    }

    private static BytesRef decodeToken(String token, byte[] tablePrefix) {
        try {
            BytesRef term = new BytesRef(Base64.getUrlDecoder().decode(token));
            Keys.decode(term);
            if (Keys.startsWith(term, tablePrefix)) {
                return term;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw new InvalidRequestException("scan token '" + token + "' was not issued by a scan of this table (or of"
                + " these partitions)");
    }

    /** A range of terms with inclusive or exclusive ends. */
    record Range(BytesRef lower, boolean lowerInclusive, BytesRef upper, boolean upperInclusive) {

        /** The terms under {@code prefix} whose remaining bytes satisfy a sort-key condition. */
        static Range of(byte[] prefix, SortKeyCondition c) {
            BytesRef lower = c.lower().map(b -> new BytesRef(Keys.concat(prefix, Keys.utf8(b.value()))))
                    .orElse(new BytesRef(prefix));
            boolean lowerInclusive = c.lower().map(SortKeyCondition.Bound::inclusive).orElse(true);
            BytesRef upper = c.upper().map(b -> new BytesRef(Keys.concat(prefix, Keys.utf8(b.value()))))
                    .orElse(end(prefix));
            boolean upperInclusive = c.upper().map(SortKeyCondition.Bound::inclusive).orElse(false);
            return new Range(lower, lowerInclusive, upper, upperInclusive);
        }

        /** This range cut to the terms strictly above {@code after}. */
        Range above(BytesRef after) {
            int c = after.compareTo(lower);
            if (c < 0) {
                return this;
            }
            return new Range(after, false, upper, upperInclusive);
        }

        /** This range cut to the terms strictly below {@code before}. */
        Range below(BytesRef before) {
            int c = before.compareTo(upper);
            if (c > 0) {
                return this;
            }
            return new Range(lower, lowerInclusive, before, false);
        }

        boolean isEmpty() {
            int c = lower.compareTo(upper);
            return c > 0 || (c == 0 && !(lowerInclusive && upperInclusive));
        }

        Query query(String field) {
            return new TermSpanQuery(field, lower, lowerInclusive, upper, upperInclusive);
        }
    }
}
