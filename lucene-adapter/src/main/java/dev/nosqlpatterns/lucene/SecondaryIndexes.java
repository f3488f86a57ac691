package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.capability.IndexQuery;
import dev.nosqlpatterns.store.capability.NativeSecondaryIndexes;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.util.BytesRef;

/**
 * Declared secondary indexes as one sortable term field per index: table and canonical partition value
 * (length-prefixed) then the sort value, so an index query is one term range read in term order, ties
 * broken by the item key. Kept in step with the items by the same IndexWriter call that writes them.
 */
final class SecondaryIndexes implements NativeSecondaryIndexes {
    private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();

    private final SharedIndex index;
    private final LuceneBackend.Reader reader;

    SecondaryIndexes(SharedIndex index, LuceneBackend.Reader reader) {
        this.index = index;
        this.reader = reader;
    }

    @Override
    public Page queryIndex(IndexQuery q, CostMeter meter) {
        meter.roundTrip();
        TableSpec table = index.tables.get(q.table());
        if (table == null) {
            throw new TableNotFoundException(q.table());
        }
        IndexSpec spec = table.indexes().stream().filter(i -> i.name().equals(q.index())).findFirst()
                .orElseThrow(() -> new InvalidRequestException("table '" + q.table() + "' has no index named '"
                        + q.index() + "'; it declares " + table.indexes()));
        byte[] prefix = Docs.indexPrefix(q.table(), q.partitionValue()).orElseThrow(() -> new InvalidRequestException(
                "index '" + q.index() + "' of table '" + q.table() + "' takes a string or number partition value, got "
                        + q.partitionValue().type()));
        if (spec.sortAttribute().isEmpty() && !(q.sortCondition() instanceof SortKeyCondition.All)) {
            throw new InvalidRequestException("index '" + q.index() + "' of table '" + q.table()
                    + "' has no sort attribute, so it takes no sort condition (got " + q.sortCondition() + ")");
        }
        String field = Docs.INDEX + q.index();
        ItemReads.Range range = ItemReads.Range.of(prefix, q.sortCondition());
        if (range.isEmpty()) {
            return new Page(List.of(), Optional.empty());
        }
        BooleanQuery.Builder query = new BooleanQuery.Builder().add(range.query(field), BooleanClause.Occur.FILTER);
        q.after().ifPresent(c -> query.add(after(c, q, field), BooleanClause.Occur.FILTER));
        boolean desc = q.isDescending();
        Sort sort = new Sort(new SortField(field, SortField.Type.STRING, desc),
                new SortField(Docs.KEY, SortField.Type.STRING, desc));
        return reader.read(q.table(), null, s -> {
            TopDocs top = s.search(query.build(), q.limit() + 1, sort);
            List<Item> items = ItemReads.load(s, top.scoreDocs, Math.min(q.limit(), top.scoreDocs.length));
            if (top.scoreDocs.length <= q.limit()) {
                return new Page(items, Optional.empty());
            }
            Item last = items.get(items.size() - 1);
            BytesRef lastTerm = Docs.indexTerm(q.table(), spec, last).orElseThrow();
            byte[] token = Keys.chunks(BytesRef.deepCopyOf(lastTerm).bytes,
                    BytesRef.deepCopyOf(Keys.item(q.table(), last.key())).bytes);
            return new Page(items, Optional.of(new Cursor("x." + fingerprint(q) + "." + ENC.encodeToString(token))));
        });
    }

    /** Entries strictly after the cursor's (index term, item key) in the query's direction. */
    private static Query after(Cursor cursor, IndexQuery q, String field) {
        String[] parts = cursor.token().split("\\.", -1);
        if (parts.length != 3 || !parts[0].equals("x") || !parts[1].equals(fingerprint(q))) {
            throw new InvalidRequestException("cursor " + cursor + " was not issued by this query of index '"
                    + q.index() + "' of table '" + q.table() + "'");
        }
        BytesRef[] last;
        try {
            last = split(Base64.getUrlDecoder().decode(parts[2]));
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("cursor " + cursor + " is damaged: " + e.getMessage());
        }
        boolean desc = q.isDescending();
        Query beyond = desc ? new TermSpanQuery(field, null, true, last[0], false)
                : new TermSpanQuery(field, last[0], false, null, true);
        Query tie = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(field, last[0])), BooleanClause.Occur.FILTER)
                .add(desc ? new TermSpanQuery(Docs.KEY, null, true, last[1], false)
                        : new TermSpanQuery(Docs.KEY, last[1], false, null, true), BooleanClause.Occur.FILTER)
                .build();
        return new BooleanQuery.Builder().add(beyond, BooleanClause.Occur.SHOULD)
                .add(tie, BooleanClause.Occur.SHOULD).setMinimumNumberShouldMatch(1).build();
    }

    private static BytesRef[] split(byte[] token) {
        int[] pos = {0};
        BytesRef a = chunk(token, pos);
        BytesRef b = chunk(token, pos);
        if (pos[0] != token.length) {
            throw new IllegalArgumentException("trailing bytes");
        }
        return new BytesRef[] {a, b};
    }

    private static BytesRef chunk(byte[] b, int[] pos) {
        int n = 0;
        for (int shift = 0; ; shift += 7) {
            if (pos[0] >= b.length || shift > 28) {
                throw new IllegalArgumentException("truncated length");
            }
            byte x = b[pos[0]++];
            n |= (x & 0x7f) << shift;
            if ((x & 0x80) == 0) {
                break;
            }
        }
        if (n < 0 || pos[0] + n > b.length) {
            throw new IllegalArgumentException("truncated value");
        }
        BytesRef r = new BytesRef(b, pos[0], n);
        pos[0] += n;
        return BytesRef.deepCopyOf(r);
    }

    private static String fingerprint(IndexQuery q) {
        String s = q.table() + '\u0001' + q.index() + '\u0001' + q.partitionValue() + '\u0001' + q.sortCondition()
                + '\u0001' + q.direction();
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return Long.toHexString(h);
    }
}
