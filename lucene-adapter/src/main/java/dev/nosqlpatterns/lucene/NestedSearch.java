package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.spi.NestedDocuments;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.join.BitSetProducer;
import org.apache.lucene.search.join.QueryBitSetProducer;
import org.apache.lucene.search.join.ScoreMode;
import org.apache.lucene.search.join.ToParentBlockJoinQuery;

/**
 * Element queries on list-of-map attributes with Lucene's block join: each map element is a child
 * document indexed just before its item, so "one element matches every field" is a child query joined
 * to its parents. Matches are checked against the stored item, so a digest collision cannot give a
 * wrong answer.
 */
final class NestedSearch implements NestedDocuments {
    private static final BitSetProducer PARENTS = new QueryBitSetProducer(new TermQuery(new Term(Docs.TOP, "1")));
    private static final Sort BY_KEY = new Sort(new SortField(Docs.KEY, SortField.Type.STRING));

    private final SharedIndex index;
    private final LuceneBackend.Reader reader;

    NestedSearch(SharedIndex index, LuceneBackend.Reader reader) {
        this.index = index;
        this.reader = reader;
    }

    @Override
    public List<Key> findByElement(String table, String listAttribute, Map<String, Value> fields, int limit, CostMeter meter) {
        meter.roundTrip();
        Objects.requireNonNull(table, "table must not be null");
        if (!index.tables.containsKey(table)) {
            throw new TableNotFoundException(table);
        }
        if (listAttribute == null || listAttribute.isEmpty()) {
            throw new IllegalArgumentException("the list attribute must be a non-empty name");
        }
        Objects.requireNonNull(fields, "fields must not be null");
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        BooleanQuery.Builder child = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(Docs.ELEMENT_OF, Docs.elementOf(table, listAttribute))),
                        BooleanClause.Occur.FILTER);
        fields.forEach((name, value) -> child.add(new TermQuery(new Term(Docs.ELEMENT, Docs.elementTerm(name, value))),
                BooleanClause.Occur.FILTER));
        Query parents = new BooleanQuery.Builder()
                .add(new ToParentBlockJoinQuery(child.build(), PARENTS, ScoreMode.None), BooleanClause.Occur.FILTER)
                .add(new TermQuery(new Term(Docs.TABLE, table)), BooleanClause.Occur.FILTER).build();
        return reader.read(table, null, s -> {
            List<Key> keys = new ArrayList<>();
            int n = limit + 8;
            while (true) {
                TopDocs top = s.search(parents, n, BY_KEY);
                keys.clear();
                for (Item item : ItemReads.load(s, top.scoreDocs, top.scoreDocs.length)) {
                    if (keys.size() < limit && matches(item, listAttribute, fields)) {
                        keys.add(item.key());
                    }
                }
                if (keys.size() == limit || top.scoreDocs.length < n) {
                    return keys;
                }
                n *= 2;
            }
        });
    }

    private static boolean matches(Item item, String listAttribute, Map<String, Value> fields) {
        if (!(item.attributes().get(listAttribute) instanceof Value.ListValue list)) {
            return false;
        }
        for (Value element : list.value()) {
            if (element instanceof Value.MapValue map
                    && fields.entrySet().stream().allMatch(f -> f.getValue().equals(map.value().get(f.getKey())))) {
                return true;
            }
        }
        return false;
    }
}
