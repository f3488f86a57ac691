package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;

/** Subtree reads of path attributes: one term query on the path-hierarchy terms written with each item. */
final class PathSearch implements MaterializedPaths {
    private static final Sort BY_KEY = new Sort(new SortField(Docs.KEY, SortField.Type.STRING));

    private final Set<String> attributes;
    private final LuceneBackend.Reader reader;

    PathSearch(Set<String> attributes, LuceneBackend.Reader reader) {
        this.attributes = attributes;
        this.reader = reader;
    }

    @Override
    public List<Item> subtree(String table, String attribute, String path, int limit) {
        if (table == null || attribute == null) {
            throw new IllegalArgumentException("the table and the path attribute of a subtree read must not be null"
                    + " (got table " + table + ", attribute " + attribute + ")");
        }
        if (!attributes.contains(attribute)) {
            throw new IllegalArgumentException("attribute '" + attribute + "' is not a path attribute of this store;"
                    + " declare it with LuceneStore.builder().pathAttribute(\"" + attribute + "\"); declared: "
                    + attributes);
        }
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("the subtree path must be non-empty");
        }
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        Query q = new BooleanQuery.Builder()
                .add(new TermQuery(new Term(Docs.PATH, Docs.pathTerm(table, attribute, path))), BooleanClause.Occur.FILTER)
                .build();
        return reader.read(table, null, s -> {
            TopDocs top = s.search(q, limit, BY_KEY);
            return ItemReads.load(s, top.scoreDocs, top.scoreDocs.length);
        });
    }
}
