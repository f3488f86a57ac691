package dev.nosqlpatterns.examples.cli;

import dev.nosqlpatterns.examples.AccessPattern;
import dev.nosqlpatterns.examples.Example;
import dev.nosqlpatterns.examples.Session;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Runs an example on a store and prints what each access pattern returned and cost, or prints the
 * physical items the example's tables hold, so a team can see the model the store keeps.
 */
public final class Runner {
    private final Store store;
    private final PrintWriter out;

    /** A runner printing to {@code out} what {@code store} did. */
    public Runner(Store store, PrintWriter out) {
        this.store = store;
        this.out = out;
    }

    /**
     * One measured access pattern.
     *
     * @param pattern the access pattern
     * @param results how many results it returned
     * @param cost    what its reads (and writes) cost
     */
    public record Measured(AccessPattern pattern, int results, CostTally cost) {
    }

    /** Loads {@code example} (its load cost printed first), runs every access pattern and prints a table. */
    public List<Measured> run(Example example, String namespace) {
        CostTally loading = new CostTally();
        Session session = store.measure(loading, () -> example.load(store, namespace));
        out.printf("%s on %s%nloaded the sample: %d round trips, %d items written, %.1f WCU%n%n", example.summary(),
                store.kind(), loading.roundTrips(), loading.itemsWritten(), loading.writeUnits());
        out.printf("%-50s %7s %11s %10s %8s  %s%n", "access pattern", "results", "round trips", "items read", "RCU", "how");
        List<Measured> measured = new ArrayList<>();
        for (AccessPattern pattern : session.accessPatterns()) {
            CostTally tally = new CostTally();
            List<?> results = store.measure(tally, () -> pattern.run());
            measured.add(new Measured(pattern, results.size(), tally));
            out.printf("%-50s %7d %11d %10d %8.1f  %s%n", pattern.name(), results.size(), tally.roundTrips(),
                    tally.itemsRead(), tally.readUnits(), pattern.technique());
            if (pattern.scan().isPresent()) {
                CostTally scanned = new CostTally();
                List<?> same = store.measure(scanned, () -> pattern.scan().get().get());
                out.printf("%-50s %7d %11d %10d %8.1f  %s%n", "  ...the full scan it replaces", same.size(),
                        scanned.roundTrips(), scanned.itemsRead(), scanned.readUnits(), "scan and filter");
            }
        }
        if (!store.has(Capability.CONSUMED_CAPACITY)) {
            out.println("(the " + store.kind() + " store reports no capacity units; RCU shows 0)");
        }
        out.println();
        out.flush();
        return measured;
    }

    /** Loads {@code example} and prints every item of its tables, at most {@code limit} per table. */
    public int explain(Example example, String namespace, int limit) {
        Session session = example.load(store, namespace);
        int printed = 0;
        for (String table : session.tables()) {
            List<Item> items = store.scanAll(Scan.of(table)).limit(limit + 1L).toList();
            List<Item> sorted = new ArrayList<>(items.subList(0, Math.min(limit, items.size())));
            sorted.sort(Comparator.comparing((Item i) -> i.key().partition(), Utf8Order.COMPARATOR)
                    .thenComparing(i -> i.key().sort(), Utf8Order.COMPARATOR));
            out.printf("%n== table %s (%s%d items)%n", table, items.size() > limit ? "first " : "", sorted.size());
            out.printf("%-40s %-44s %s%n", "partition key", "sort key", "attributes");
            for (Item item : sorted) {
                Map<String, Object> attributes = new TreeMap<>(item.attributes());
                out.printf("%-40s %-44s %s%n", item.key().partition(), item.key().sort(), attributes);
                printed++;
            }
        }
        out.flush();
        return printed;
    }
}
