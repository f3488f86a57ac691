package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.spi.NativeIndexes;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
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
final class SecondaryIndexes implements NativeIndexes {
    private final SharedIndex index;
    private final LuceneBackend.Reader reader;

    SecondaryIndexes(SharedIndex index, LuceneBackend.Reader reader) {
        this.index = index;
        this.reader = reader;
    }

    @Override
    public IndexResult read(IndexRead q, CostMeter meter) {
        meter.roundTrip();
        IndexSpec spec = q.index();
        byte[] prefix = Docs.indexPrefix(q.tableName(), q.partitionValue()).orElseThrow();
        String field = Docs.INDEX + spec.name();
        ItemReads.Range range = ItemReads.Range.of(prefix, q.sortCondition());
        if (range.isEmpty()) {
            return IndexResult.last(List.of());
        }
        BooleanQuery.Builder query = new BooleanQuery.Builder().add(range.query(field), BooleanClause.Occur.FILTER);
        q.after().ifPresent(a -> query.add(after(q, a, field), BooleanClause.Occur.FILTER));
        boolean desc = q.isDescending();
        Sort sort = new Sort(new SortField(field, SortField.Type.STRING, desc),
                new SortField(Docs.KEY, SortField.Type.STRING, desc));
        return reader.read(q.tableName(), null, s -> {
            TopDocs top = s.search(query.build(), q.limit() + 1, sort);
            List<Item> items = ItemReads.load(s, top.scoreDocs, Math.min(q.limit(), top.scoreDocs.length));
            if (top.scoreDocs.length <= q.limit()) {
                return IndexResult.last(items);
            }
            return new IndexResult(items, Optional.of(IndexPosition.of(spec, items.get(items.size() - 1))));
        });
    }

    /** Entries strictly after the position's (index term, item key) in the read's direction. */
    private static Query after(IndexRead q, IndexPosition position, String field) {
        BytesRef term = Docs.indexTerm(q.tableName(), q.index(), position.asItem(q.index(), q.partitionValue()))
                .orElseThrow();
        BytesRef key = Keys.item(q.tableName(), position.key());
        boolean desc = q.isDescending();
        Query beyond = desc ? new TermSpanQuery(field, null, true, term, false)
                : new TermSpanQuery(field, term, false, null, true);
        Query tie = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(field, term)), BooleanClause.Occur.FILTER)
                .add(desc ? new TermSpanQuery(Docs.KEY, null, true, key, false)
                        : new TermSpanQuery(Docs.KEY, key, false, null, true), BooleanClause.Occur.FILTER)
                .build();
        return new BooleanQuery.Builder().add(beyond, BooleanClause.Occur.SHOULD)
                .add(tie, BooleanClause.Occur.SHOULD).setMinimumNumberShouldMatch(1).build();
    }
}
