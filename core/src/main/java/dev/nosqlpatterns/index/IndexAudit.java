package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.BatchGetResult;
import dev.nosqlpatterns.store.Condition;
import dev.nosqlpatterns.store.ConditionFailedException;
import dev.nosqlpatterns.store.Page;
import dev.nosqlpatterns.store.Scan;
import dev.nosqlpatterns.store.Write;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Verify and repair of an {@link IndexTable}, page by page with bounded memory: pass 1 scans the base
 * table and checks each item's entry (missing ones are added), pass 2 scans the index table and checks
 * each entry's item (stale ones older than the claim lease are removed, each only if unchanged since read).
 */
final class IndexAudit {
    private static final int PAGE = 200;
    private final IndexTable ix;
    private final boolean fix;
    private final IndexWrites writes;

    IndexAudit(IndexTable ix, boolean fix) {
        this.ix = ix;
        this.fix = fix;
        this.writes = new IndexWrites(ix);
    }

    Drift run() {
        Drift total = Drift.empty();
        if (ix.isNative()) {
            return total;
        }
        Optional<RepairCursor> at = Optional.of(RepairCursor.start());
        while (at.isPresent()) {
            RepairStep step = page(at.get(), PAGE);
            total = total.plus(step.drift());
            at = step.next();
        }
        return total;
    }

    RepairStep page(RepairCursor from, int pageSize) {
        if (ix.isNative()) {
            return new RepairStep(Drift.empty(), Optional.empty());
        }
        String table = from.pass() == 1 ? ix.baseTable : ix.indexTable;
        Scan scan = Scan.of(table).limit(pageSize);
        Page page = ix.store.scan(from.scanCursor().map(scan::after).orElse(scan));
        Drift drift = from.pass() == 1 ? checkItems(page.items()) : checkEntries(page.items());
        Optional<RepairCursor> next = page.next().map(c -> new RepairCursor(from.pass(), Optional.of(c)));
        if (next.isEmpty() && from.pass() == 1) {
            next = Optional.of(new RepairCursor(2, Optional.empty()));
        }
        return new RepairStep(drift, next);
    }

    private Drift checkItems(List<Item> items) {
        Map<Key, Item> expected = new LinkedHashMap<>();
        Map<Key, String> valueOfEntry = new LinkedHashMap<>();
        for (Item item : items) {
            ix.valueOf.apply(item).ifPresent(v -> {
                Key entryKey = ix.entries.entryKey(v, item.key());
                expected.put(entryKey, item);
                valueOfEntry.put(entryKey, v);
            });
        }
        BatchGetResult found = expected.isEmpty() ? null : ix.store.getAll(ix.indexTable, List.copyOf(expected.keySet()));
        long missing = 0;
        List<Key> sample = new ArrayList<>();
        for (Map.Entry<Key, Item> e : expected.entrySet()) {
            Key itemKey = e.getValue().key();
            Optional<Item> entry = found.get(new dev.nosqlpatterns.store.ItemRef(ix.indexTable, e.getKey()));
            if (entry.isPresent() && Entries.baseOf(entry.get()).equals(itemKey)) {
                continue;
            }
            missing++;
            if (sample.size() < Drift.SAMPLE) {
                sample.add(itemKey);
            }
            if (fix) {
                addEntry(valueOfEntry.get(e.getKey()), itemKey, entry);
            }
        }
        return new Drift(items.size(), 0, missing, 0, sample, List.of());
    }

    private void addEntry(String value, Key itemKey, Optional<Item> current) {
        Item entry = ix.entries.entry(value, itemKey, ix.clock.millis());
        try {
            if (current.isEmpty()) {
                ix.store.put(Write.put(ix.indexTable, entry).when(Condition.ifAbsent()));
            } else if (writes.isStale(current.get(), value, ix.clock.millis())) {
                ix.store.put(Write.put(ix.indexTable, entry).when(IndexWrites.sameEntry(current.get())));
            }
            // Otherwise another live item holds this unique value: a duplicate written around the index,
            // which repair cannot decide; it stays reported as missing.
        } catch (ConditionFailedException changed) {
            // A writer changed the entry meanwhile; the next verify shows whether anything is left.
        }
    }

    private Drift checkEntries(List<Item> entries) {
        if (entries.isEmpty()) {
            return Drift.empty();
        }
        List<Key> bases = entries.stream().map(Entries::baseOf).distinct().toList();
        BatchGetResult items = ix.store.getAll(ix.baseTable, bases);
        long now = ix.clock.millis();
        long dangling = 0;
        List<Key> sample = new ArrayList<>();
        for (Item entry : entries) {
            String value = entry.key().partition();
            Optional<Item> item = items.get(ix.baseRef(Entries.baseOf(entry)));
            boolean live = item.flatMap(ix.valueOf).map(value::equals).orElse(false);
            boolean young = now - Entries.writtenAt(entry) < ix.claimLease.toMillis();
            if (live || young) {
                continue;
            }
            dangling++;
            if (sample.size() < Drift.SAMPLE) {
                sample.add(entry.key());
            }
            if (fix) {
                try {
                    ix.store.delete(new Write.Delete(ix.indexTable, entry.key(), IndexWrites.sameEntry(entry)));
                } catch (ConditionFailedException changed) {
                    // Rewritten meanwhile: it is a fresh entry now, not the stale one we read.
                }
            }
        }
        return new Drift(0, entries.size(), 0, dangling, List.of(), sample);
    }
}
