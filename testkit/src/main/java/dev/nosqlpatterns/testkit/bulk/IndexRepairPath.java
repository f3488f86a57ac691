package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.index.RepairCursor;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A paged repair (pages of two) of an index table that backfills the entries of items written around it and
 * removes the stale entry of one moved around it. The base items are its input and do not change; the lookups
 * must keep every item they found before and find nothing that is not so, and end exact.
 */
final class IndexRepairPath extends BulkPath<String> {
    private static final String[] CITIES = {"London", "Paris", "Rome"};
    private static final int ITEMS = 5;
    /** Base items and index entries read per page of the repair. */
    static final int PAGE = 2;
    private final String base;
    private final String index;

    IndexRepairPath(Kit kit) {
        super(kit);
        this.base = kit.newTable();
        this.index = kit.newTable();
    }

    private IndexTable open(Store on) {
        return IndexTable.builder(on).baseTable(base).indexTable(index).attribute("city")
                .consistency(IndexConsistency.REPAIRABLE).claimLease(Duration.ZERO).build();
    }

    private static Item user(int i, String city) {
        return Item.builder("user|" + i, "<BASE>").put("city", city).build();
    }

    @Override
    List<String> tables() {
        return List.of(base, index);
    }

    @Override
    void seed() {
        IndexTable ix = open(kit.store());
        for (int i = 0; i < ITEMS; i++) {
            if (i < 3) {
                ix.put(user(i, CITIES[i % CITIES.length]));
            } else {
                kit.store().put(base, user(i, CITIES[i % CITIES.length])); // around the index: no entry
            }
        }
        kit.store().put(base, user(1, "Rome")); // moved around the index: a stale entry and a missing one
    }

    @Override
    int size() {
        return ITEMS;
    }

    @Override
    void run(Store on) {
        IndexTable ix = open(on);
        Optional<RepairCursor> next = Optional.of(RepairCursor.start());
        while (next.isPresent()) {
            next = ix.auditPage(next.get(), PAGE, true).next();
        }
    }

    @Override
    List<Invalid> invalid(int position) {
        // The input is what the base table holds: an item whose value cannot be an index key, at every position.
        String tooLong = "c".repeat(kit.store().limits().maxPartitionKeyBytes() + 1);
        return List.of(new Invalid("a stored value too long for an index key",
                () -> kit.store().put(base, user(position, tooLong)), this::run, "user|" + position, -1));
    }

    @Override
    Map<String, String> records() {
        return kit.store().scanAll(Scan.of(base)).collect(Collectors.toMap(i -> i.key().partition(),
                i -> i.getString("city").orElse(""), (a, b) -> a, TreeMap::new));
    }

    @Override
    Map<String, String> before() {
        Map<String, String> out = new TreeMap<>();
        for (int i = 0; i < ITEMS; i++) {
            out.put("user|" + i, i == 1 ? "Rome" : CITIES[i % CITIES.length]);
        }
        return out;
    }

    @Override
    Map<String, String> intended(int n) {
        return before();
    }

    @Override
    Map<String, Set<String>> lookups(boolean repaired) {
        IndexTable ix = open(kit.store());
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String city : CITIES) {
            out.put(city, ix.find(city).stream().map(i -> i.key().partition()).collect(Collectors.toCollection(TreeSet::new)));
        }
        return out;
    }

    @Override
    Map<String, Set<String>> oracle(Map<String, String> records, boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String city : CITIES) {
            out.put(city, records.entrySet().stream().filter(e -> e.getValue().equals(city)).map(Map.Entry::getKey)
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
        return out;
    }

    @Override
    boolean exactBeforeRepair() {
        return false;
    }

    @Override
    boolean scans() {
        return true;
    }

    @Override
    void repair() {
        run(kit.store());
    }

    @Override
    Optional<String> drift() {
        IndexVerification v = open(kit.store()).verify();
        return v.consistent() ? Optional.empty() : Optional.of(v.toString());
    }

    @Override
    public String toString() {
        return "IndexTable.auditPage repair in pages of " + PAGE;
    }

}
