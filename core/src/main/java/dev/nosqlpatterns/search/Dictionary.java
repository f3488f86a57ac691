package dev.nosqlpatterns.search;

import dev.nosqlpatterns.internal.ConditionalWrites;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;

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
        List<Write.Put> entries = new ArrayList<>(missing.size());
        for (String d : missing) {
            entries.add(new Write.Put(table, Item.builder(SearchKeys.dictionary(d)).put(ID, (int) next++).build(),
                    Condition.ifAbsent()));
        }
        // Each entry only if absent, many per call: an entry refused was written by another writer first.
        Set<Write> raced = ConditionalWrites.send(entries,
                store.has(Capability.ATOMIC_WRITES) ? store.limits() : null, store::writeAtomically, store::writeEach);
        List<Key> lost = new ArrayList<>();
        for (int i = 0; i < missing.size(); i++) {
            Write.Put entry = entries.get(i);
            if (raced.contains(entry)) {
                lost.add(entry.key());
            } else {
                out.put(missing.get(i), idOf(entry.item()));
            }
        }
        if (!lost.isEmpty()) {
            BatchGetResult winners = store.getAll(table, lost);
            for (int i = 0; i < missing.size(); i++) {
                String d = missing.get(i);
                if (raced.contains(entries.get(i))) {
                    out.put(d, winners.get(new ItemRef(table, entries.get(i).key())).map(Dictionary::idOf)
                            .orElseThrow(() -> new IllegalStateException(
                                    "dictionary entry of document '" + d + "' vanished while being created")));
                }
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
