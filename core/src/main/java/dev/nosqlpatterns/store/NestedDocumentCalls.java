package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.spi.NestedDocuments;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The store's queries on elements of nested documents ({@code Capability.NESTED_DOCUMENTS}) through
 * {@link Store#nestedDocuments()}: arguments checked before the store sees them, cost reported to the store's
 * listeners like any other call.
 */
public final class NestedDocumentCalls {

    private final Store store;
    private final NestedDocuments nested;

    NestedDocumentCalls(Store store, NestedDocuments nested) {
        this.store = store;
        this.nested = nested;
    }

    /**
     * Keys of items in {@code table} with an element of the list attribute {@code listAttribute} whose fields
     * equal all of {@code fields}, at most {@code limit}.
     */
    public List<Key> findByElement(String table, String listAttribute, Map<String, Value> fields, int limit) {
        store.checkTable(table);
        if (listAttribute == null || listAttribute.isEmpty()) {
            throw new IllegalArgumentException("the list attribute to search in table '" + table + "' must be named");
        }
        Objects.requireNonNull(fields, "element fields must not be null");
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("say which element fields to match in '" + listAttribute + "'");
        }
        fields.forEach((name, value) -> {
            if (name == null || name.isEmpty() || value == null) {
                throw new IllegalArgumentException("element field " + name + " = " + value + " of '" + listAttribute
                        + "' needs a name and a value");
            }
        });
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        return store.call("nestedFind", table, call -> {
            List<Key> keys = nested.findByElement(table, listAttribute, fields, limit, call.meter);
            call.counted(keys.size(), 0, 0, 0);
            return keys;
        });
    }
}
