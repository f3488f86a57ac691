package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.Write;
import java.util.Collection;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Whole-table helpers the suites share: empty tables between the runs of a crash loop (cheaper than new tables on
 * a networked store), and take a full snapshot of tables to prove that a refused call wrote nothing.
 */
public final class KitTables {
    private KitTables() {
    }

    /** Empties {@code tables} (those that exist) with batches of deletes. */
    public static void empty(Store store, Collection<String> tables) {
        for (String table : tables) {
            if (!store.hasTable(table)) {
                continue;
            }
            List<Write> deletes = store.scanAll(Scan.of(table)).map(Item::key)
                    .<Write>map(k -> Write.delete(table, k)).toList();
            for (int i = 0; i < deletes.size(); i += 25) {
                store.writeBatch(deletes.subList(i, Math.min(deletes.size(), i + 25)));
            }
        }
    }

    /** Every item of {@code tables} (those that exist), by table and key, for comparing whole contents. */
    public static SortedMap<String, Item> snapshot(Store store, Collection<String> tables) {
        SortedMap<String, Item> out = new TreeMap<>();
        for (String table : tables) {
            if (store.hasTable(table)) {
                store.scanAll(Scan.of(table)).forEach(i -> out.put(table + " " + i.key(), i));
            }
        }
        return out;
    }
}
