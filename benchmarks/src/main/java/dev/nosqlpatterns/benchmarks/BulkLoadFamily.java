package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;

/**
 * Bulk load: 100 items written with one batch call (the store splits it into its own batch sizes) or
 * with one put each. Each operation loads a fresh partition; the read-back lists it.
 */
final class BulkLoadFamily implements Family {
    static final int ITEMS_PER_LOAD = 100;

    @Override
    public String name() {
        return "bulk load";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        int scale = mode.scale;
        Lazy<String> table = new Lazy<>(() -> {
            String t = tables.next("bulk");
            store.createTable(TableSpec.named(t));
            return t;
        });
        return List.of(
                Candidate.of("load " + ITEMS_PER_LOAD + " items", "writeBatch", () -> load("writeBatch", store, table, scale,
                        items -> store.writeBatch(items.stream().map(i -> Write.put(table.get(), i)).toList()))),
                Candidate.of("load " + ITEMS_PER_LOAD + " items", "one put at a time", () -> load("one put at a time", store,
                        table, scale, items -> items.forEach(i -> store.put(table.get(), i)))));
    }

    private static CellSpec load(String technique, Store store, Lazy<String> table, int scale,
                                 java.util.function.Consumer<List<Item>> writer) {
        String prefix = technique.equals("writeBatch") ? "batch-" : "single-";
        CellSpec.Operation op = i -> {
            writer.accept(items(prefix + i));
            return null;
        };
        CellSpec.Operation readBack = i -> Answer.inOrder(store.queryAll(Query.in(table.get(), prefix + i).limit(500))
                .map(item -> item.key().sort()).toList());
        return new CellSpec(technique, 2, 3 * scale, op, i -> Answer.inOrder(sortKeys()), readBack,
                ITEMS_PER_LOAD, ITEMS_PER_LOAD, -1);
    }

    static List<Item> items(String partition) {
        return items(partition, ITEMS_PER_LOAD);
    }

    /** Items 0 to {@code count - 1} of a partition. */
    static List<Item> items(String partition, int count) {
        List<Item> items = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            items.add(item(partition, k));
        }
        return items;
    }

    static Item item(String partition, int k) {
        return Item.builder(partition, sortKey(k)).put("payload", "value " + k + " of " + partition).put("n", k).build();
    }

    static List<String> sortKeys() {
        List<String> keys = new ArrayList<>();
        for (int k = 0; k < ITEMS_PER_LOAD; k++) {
            keys.add(sortKey(k));
        }
        return keys;
    }

    static String sortKey(int k) {
        return String.format("item-%04d", k);
    }
}
