package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Query;
import java.util.Iterator;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.PartitionReader;

/** Reads one partition of a read plan: a scan segment or one partition key's query, page after page. */
final class StoreReader implements PartitionReader<InternalRow> {
    private final TableOptions options;
    private final Store store;
    private final Stream<Item> items;
    private final Iterator<Item> it;
    private Item current;

    StoreReader(TableOptions options, StorePartition partition) {
        this.options = options;
        this.store = Tasks.open(options);
        store.createTable(options.spec());
        this.items = partition.isQuery()
                ? store.queryAll(Query.in(options.table(), partition.partitionKey())
                        .where(partition.sortKeyCondition()).limit(options.pageSize()))
                : store.scanAll(new dev.nosqlpatterns.store.model.Scan(options.table(), partition.segment(),
                        options.segments(), options.pageSize(), Optional.empty()));
        this.it = items.iterator();
    }

    @Override
    public boolean next() {
        if (!it.hasNext()) {
            return false;
        }
        current = it.next();
        return true;
    }

    @Override
    public InternalRow get() {
        return Rows.toRow(current, options.declared());
    }

    @Override
    public void close() {
        items.close();
    }
}
