package dev.nosqlpatterns.search;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.UpdateAction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Dense ids for documents: a sequence (an atomic counter) hands out blocks of ids, and a dictionary
 * entry per document, written only if absent, makes the first writer's id the document's id for good:
 * removing the document leaves the entry, so a writer that read it before the removal and one after agree.
 * A block reserved by a writer that then stops leaves a gap in the ids, which costs nothing.
 */
final class Dictionary {
    static final String ID = "n";
    private final Store store;
    private final String table;

    Dictionary(Store store, String table) {
        this.store = store;
        this.table = table;
    }

    OptionalInt lookup(String documentId) {
        return store.get(table, SearchKeys.dictionary(documentId)).map(Dictionary::idOf)
                .map(OptionalInt::of).orElse(OptionalInt.empty());
    }

    /** The ids of documents, in one batch read; documents without one get a new one when {@code create}. */
    Map<String, Integer> ids(List<String> documentIds, boolean create) {
        List<Key> keys = documentIds.stream().map(SearchKeys::dictionary).toList();
        BatchGetResult found = store.getAll(table, keys);
        Map<String, Integer> out = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        for (String d : documentIds) {
            found.get(new ItemRef(table, SearchKeys.dictionary(d))).ifPresentOrElse(
                    item -> out.put(d, idOf(item)), () -> missing.add(d));
        }
        if (!create || missing.isEmpty()) {
            return out;
        }
        long end = store.update(table, SearchKeys.SEQUENCE, UpdateAction.add(ID, missing.size())).getLong(ID).orElseThrow();
        if (end - 1 > Integer.MAX_VALUE) {
            throw new IllegalStateException("the dense ids of table '" + table + "' are exhausted (next id " + end
                    + " is beyond " + Integer.MAX_VALUE + ")");
        }
        long next = end - missing.size();
        for (String d : missing) {
            int id = (int) next++;
            Key key = SearchKeys.dictionary(d);
            try {
                store.put(table, Item.builder(key).put(ID, id).build(), Condition.ifAbsent());
                out.put(d, id);
            } catch (ConditionFailedException raced) {
                out.put(d, lookup(d).orElseThrow(() -> new IllegalStateException(
                        "dictionary entry of document '" + d + "' vanished while being created")));
            }
        }
        return out;
    }

    private static int idOf(Item item) {
        long id = item.getLong(ID).orElseThrow(() -> new IllegalStateException("dictionary entry " + item.key()
                + " holds no id"));
        return (int) id;
    }
}
