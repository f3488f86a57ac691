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
 * a networked store), take a full snapshot of tables to prove that a refused call wrote nothing, and put tables
 * back as a snapshot found them.
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

    /**
     * Makes {@code tables} hold exactly {@code snapshot} (taken by {@link #snapshot}) again, writing only what
     * differs: a crash loop's reset in one scan per table and a batch or two, whatever the technique wrote.
     */
    public static void restore(Store store, Collection<String> tables, SortedMap<String, Item> snapshot) {
        SortedMap<String, Item> now = snapshot(store, tables);
        List<Write> writes = new java.util.ArrayList<>();
        now.forEach((at, item) -> {
            if (!snapshot.containsKey(at)) {
                writes.add(Write.delete(tableOf(at), item.key()));
            }
        });
        snapshot.forEach((at, item) -> {
            if (!item.equals(now.get(at))) {
                writes.add(Write.put(tableOf(at), item));
            }
        });
        for (int i = 0; i < writes.size(); i += 25) {
            store.writeBatch(writes.subList(i, Math.min(writes.size(), i + 25)));
        }
    }

    private static String tableOf(String snapshotKey) {
        return snapshotKey.substring(0, snapshotKey.indexOf(' '));
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
