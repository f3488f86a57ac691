package dev.nosqlpatterns.examples.demo;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.io.PrintStream;
import java.util.List;

/**
 * A runnable tour of the storage API: a news subscriber stored as one item collection (its profile
 * and its likes, dislikes, allows and blocks under one partition key), read back with one query per
 * access pattern, with what each cost.
 *
 * <p>Run with a store URI as the only argument (default {@code memory:}).
 */
public final class ItemCollectionDemo {
    private static final String TABLE = "subscribers";

    private ItemCollectionDemo() {
    }

    public static void main(String[] args) {
        String uri = args.length > 0 ? args[0] : "memory:";
        try (Store store = Stores.open(uri)) {
            run(store, System.out);
        }
    }

    /** Writes the collection, queries it by access pattern and prints each result with its cost. */
    public static void run(Store store, PrintStream out) {
        store.createTable(TableSpec.named(TABLE));
        String subscriber = "subscriber|ada@example.org";
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            store.writeBatch(List.of(
                    Write.put(TABLE, Item.builder(subscriber, "<BASE>").put("name", "Ada")
                            .put("since", "2024-05-01").build()),
                    Write.put(TABLE, Item.builder(subscriber, "<LIKES>#topic|science").build()),
                    Write.put(TABLE, Item.builder(subscriber, "<LIKES>#topic|chess").build()),
                    Write.put(TABLE, Item.builder(subscriber, "<DISLIKES>#topic|celebrities").build()),
                    Write.put(TABLE, Item.builder(subscriber, "<ALLOWS>#provider|bbc").build()),
                    Write.put(TABLE, Item.builder(subscriber, "<BLOCKS>#provider|tabloid").build())));
            out.printf("%-36s %s%n", "write the collection (1 batch)", costLine(tally));
        });
        show(store, out, "whole collection (1 query)", Query.in(TABLE, subscriber));
        show(store, out, "likes only (prefix <LIKES>#)",
                Query.in(TABLE, subscriber).where(SortKeyCondition.beginsWith("<LIKES>#")));
        show(store, out, "profile only (equals <BASE>)",
                Query.in(TABLE, subscriber).where(SortKeyCondition.equalTo("<BASE>")));
        CostTally update = new CostTally();
        store.measure(update, () -> {
            Item after = store.update(TABLE, dev.nosqlpatterns.item.Key.of(subscriber, "<BASE>"),
                    UpdateAction.add("visits", 1), UpdateAction.addToSet("devices", Value.stringSet("phone")));
            out.printf("%-36s %s -> %s%n", "count a visit (1 atomic update)", costLine(update), after.attributes());
        });
    }

    private static void show(Store store, PrintStream out, String label, Query query) {
        CostTally tally = new CostTally();
        List<Item> items = store.measure(tally, () -> store.queryAll(query).toList());
        out.printf("%-36s %s%n", label, costLine(tally));
        for (Item item : items) {
            out.printf("    %-28s %s%n", item.key().sort(), item.attributes());
        }
    }

    private static String costLine(CostTally t) {
        return String.format("round trips=%d items read=%d items written=%d bytes read=%d bytes written=%d",
                t.roundTrips(), t.itemsRead(), t.itemsWritten(), t.bytesRead(), t.bytesWritten());
    }
}
