package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexQuery;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.IndexRead;

/** Checks an index query against its table's declaration and makes the read a backend is handed. */
final class IndexReads {
    private IndexReads() {
    }

    static IndexRead check(TableSpec table, IndexQuery query) {
        IndexSpec index = table.indexes().stream().filter(i -> i.name().equals(query.index())).findFirst()
                .orElseThrow(() -> new InvalidRequestException("table '" + table.name() + "' declares no index '"
                        + query.index() + "'; its indexes are " + table.indexes().stream().map(IndexSpec::name).toList()
                        + " (declare indexes in the table's TableSpec)"));
        if (index.sortAttribute().isEmpty() && !(query.sortCondition() instanceof SortKeyCondition.All)) {
            throw new InvalidRequestException("index '" + index.name() + "' of table '" + table.name()
                    + "' has no sort attribute, so it takes no sort condition (got " + query.sortCondition() + ")");
        }
        if (!(query.partitionValue() instanceof Value.Str) && !(query.partitionValue() instanceof Value.Num)) {
            throw new InvalidRequestException("index '" + index.name() + "' of table '" + table.name()
                    + "' holds string and number values only, not " + query.partitionValue().type());
        }
        Validation.sortCondition(table.name(), null, query.sortCondition());
        return new IndexRead(table, index, query.partitionValue(), query.sortCondition(), query.direction(),
                query.limit(), query.after().map(c -> CursorCodec.decodeIndex(c, query)));
    }
}
