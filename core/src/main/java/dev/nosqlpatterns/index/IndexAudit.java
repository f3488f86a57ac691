package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Verify and repair of an {@link IndexTable}, page by page with bounded memory: pass 1 scans the base
 * table and checks each item's entry (missing ones are added), pass 2 scans the index table and checks
 * each entry's item (stale ones older than the claim lease are removed, each only if unchanged since read).
 * Items of a unique index whose value another item holds are counted as duplicates, never fixed: an item
 * is a duplicate when the value's entry names another item that holds the value too, or when an earlier
 * item of the same audit held the value without an entry (remembered for up to 100,000 values). One page
 * audited on its own ({@link IndexTable#auditPage}) remembers only its own page.
 *
 * <p>A page costs one scan, one batch read of what it must compare with (plus one of the items that entries
 * of the page name instead of the item checked, if any) and, when repairing, its fixes sent together by
 * {@link RepairWrites}: in atomic groups where the store has them, each fix keeping the condition that makes
 * it safe under concurrent writers, never one round trip per item in sequence.
 */
final class IndexAudit implements IndexTable.BatchAudit {
    private static final int PAGE = 200;
    private final IndexTable ix;
    private final boolean fix;
    private final RepairWrites writes;
    /** Unique values of items found without their entry, so a second holder is seen as a duplicate. */
    private final Map<String, Key> unindexed = new java.util.HashMap<>();
    private static final int MAX_UNINDEXED = 100_000;

    IndexAudit(IndexTable ix, boolean fix) {
        this.ix = ix;
        this.fix = fix;
        this.writes = new RepairWrites(ix);
    }

    IndexVerification run() {
        IndexVerification total = IndexVerification.empty();
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
            return new RepairStep(IndexVerification.empty(), Optional.empty());
        }
        String table = from.pass() == 1 ? ix.baseTable : ix.indexTable;
        Scan scan = Scan.of(table).limit(pageSize);
        Page page = ix.store.scan(from.scanCursor().map(scan::after).orElse(scan));
        IndexVerification drift = from.pass() == 1 ? checkItems(page.items()) : checkEntries(page.items());
        Optional<RepairCursor> next = page.next().map(c -> new RepairCursor(from.pass(), Optional.of(c)));
        if (next.isEmpty() && from.pass() == 1) {
            next = Optional.of(new RepairCursor(2, Optional.empty()));
        }
        return new RepairStep(drift, next);
    }

    /** An item of the base table that has an index value, and the key its entry must have. */
    private record Indexed(Item item, String value, Key entryKey) {
    }

    @Override
    public IndexVerification checkItems(List<Item> items) {
        if (ix.isNative()) {
            return IndexVerification.empty();
        }
        List<Indexed> indexed = new ArrayList<>();
        for (Item item : items) {
            ix.valueOf.apply(item).ifPresent(v -> indexed.add(new Indexed(item, v, ix.entries.entryKey(v, item))));
        }
        BatchGetResult found = indexed.isEmpty() ? null
                : ix.store.getAll(ix.indexTable, indexed.stream().map(Indexed::entryKey).distinct().toList());
        Map<Key, Item> named = namedHolders(indexed, found);
        long now = ix.clock.millis();
        List<RepairWrites.Fix> fixes = new ArrayList<>();
        long missing = 0;
        long duplicates = 0;
        List<Key> missingSample = new ArrayList<>();
        List<Key> duplicateSample = new ArrayList<>();
        for (Indexed x : indexed) {
            Key itemKey = x.item().key();
            Optional<Item> entry = found.get(new ItemRef(ix.indexTable, x.entryKey()));
            Optional<Key> holder = entry.map(Entries::baseOf);
            if (holder.isPresent() && holder.get().equals(itemKey)) {
                continue;
            }
            if (ix.unique && (holds(holder, x.value(), named) || unindexed.containsKey(x.value()))) {
                // Another item holds this unique value: which one keeps it is for the application to decide.
                duplicates++;
                addTo(duplicateSample, itemKey);
                continue;
            }
            if (ix.unique && unindexed.size() < MAX_UNINDEXED) {
                unindexed.putIfAbsent(x.value(), itemKey);
            }
            missing++;
            addTo(missingSample, itemKey);
            if (fix) {
                entryFix(x, entry, named, now).ifPresent(fixes::add);
            }
        }
        writes.send(fixes);
        return new IndexVerification(items.size(), 0, missing, 0, duplicates, missingSample, List.of(), duplicateSample);
    }

    /**
     * The base items named by entries that name another item than the one checked: for a unique index, to
     * tell duplicates; when repairing, to tell whether such an entry is stale and may be replaced.
     */
    private Map<Key, Item> namedHolders(List<Indexed> indexed, BatchGetResult found) {
        if ((!ix.unique && !fix) || found == null) {
            return Map.of();
        }
        List<Key> others = indexed.stream()
                .flatMap(x -> found.get(new ItemRef(ix.indexTable, x.entryKey())).map(Entries::baseOf)
                        .filter(h -> !h.equals(x.item().key())).stream())
                .distinct().toList();
        Map<Key, Item> out = new LinkedHashMap<>();
        if (!others.isEmpty()) {
            ix.store.getAll(ix.baseTable, others).items().forEach(i -> out.put(i.key(), i));
        }
        return out;
    }

    private boolean holds(Optional<Key> holder, String value, Map<Key, Item> items) {
        return holder.map(items::get).flatMap(ix.valueOf).map(value::equals).orElse(false);
    }

    private static void addTo(List<Key> sample, Key key) {
        if (sample.size() < IndexVerification.SAMPLE) {
            sample.add(key);
        }
    }

    /**
     * The write that adds the missing entry of {@code x}: a put if absent, or, over a stale entry (older than
     * the lease, naming an item that does not hold it, as read with this page), a put if that entry is
     * unchanged; each with the check that the base item is still as read. Empty when another live item holds
     * the entry: a duplicate written around the index, which repair cannot decide; it stays reported as missing.
     */
    private Optional<RepairWrites.Fix> entryFix(Indexed x, Optional<Item> current, Map<Key, Item> named, long now) {
        Item entry = ix.entries.entry(x.value(), x.item(), now);
        Write.Check base = new Write.Check(ix.baseTable, x.item().key(),
                Condition.unchangedSince(Optional.of(x.item()), ix.versionAttribute));
        if (current.isEmpty()) {
            return Optional.of(new RepairWrites.Fix(Write.put(ix.indexTable, entry).when(Condition.ifAbsent()),
                    Optional.of(base)));
        }
        if (isStale(current.get(), named, now)) {
            return Optional.of(new RepairWrites.Fix(Write.put(ix.indexTable, entry).when(
                    IndexWrites.sameEntry(current.get())), Optional.of(base)));
        }
        return Optional.empty();
    }

    /** As {@link IndexWrites#isStale}, judged on the holders this page read in one batch. */
    private boolean isStale(Item entry, Map<Key, Item> named, long now) {
        if (now - Entries.writtenAt(entry) < ix.claimLease.toMillis()) {
            return false;
        }
        Item holder = named.get(Entries.baseOf(entry));
        return holder == null || !ix.holds(holder, entry.key());
    }

    @Override
    public IndexVerification checkEntries(List<Item> entries) {
        if (entries.isEmpty() || ix.isNative()) {
            return IndexVerification.empty();
        }
        List<Key> bases = entries.stream().map(Entries::baseOf).distinct().toList();
        BatchGetResult items = ix.store.getAll(ix.baseTable, bases);
        long now = ix.clock.millis();
        long dangling = 0;
        List<Key> sample = new ArrayList<>();
        List<RepairWrites.Fix> fixes = new ArrayList<>();
        for (Item entry : entries) {
            Optional<Item> item = items.get(ix.baseRef(Entries.baseOf(entry)));
            boolean live = item.map(i -> ix.holds(i, entry.key())).orElse(false);
            boolean young = now - Entries.writtenAt(entry) < ix.claimLease.toMillis();
            if (live || young) {
                continue;
            }
            dangling++;
            addTo(sample, entry.key());
            if (fix) {
                // Only if unchanged: an entry rewritten meanwhile is a fresh one, not the stale one read.
                fixes.add(new RepairWrites.Fix(new Write.Delete(ix.indexTable, entry.key(), IndexWrites.sameEntry(entry)),
                        Optional.empty()));
            }
        }
        writes.send(fixes);
        return new IndexVerification(0, entries.size(), 0, dangling, 0, List.of(), sample, List.of());
    }
}
