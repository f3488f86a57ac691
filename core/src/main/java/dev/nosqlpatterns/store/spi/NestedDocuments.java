package dev.nosqlpatterns.store.spi;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import java.util.List;
import java.util.Map;

/**
 * Queries on elements of list-of-map attributes as real nested documents (MongoDB {@code $elemMatch},
 * Lucene block join): one element must match every given field, not fields spread over several elements.
 */
public interface NestedDocuments {

    /** Keys of items in {@code table} with an element of {@code listAttribute} whose fields equal all of {@code fields}. */
    List<Key> findByElement(String table, String listAttribute, Map<String, Value> fields, int limit, CostMeter meter);
}
