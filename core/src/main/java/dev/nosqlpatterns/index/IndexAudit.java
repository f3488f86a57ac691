package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Cursor;
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
 * it safe under concurrent writers, never one round trip per item in sequence. The items of the entries it adds
 * without a check of their version are read back by scanning the page again when they are a quarter of it or
 * more (a backfill's case: one bulk read, where a read by key costs a request per item on some stores), unless the
 * audit's first page showed that a scan reads more than twice the items it returns (a table sharing its store
 * table with others, as in DynamoDB's single-table layout): then by key. A first scan page that took more than one
 * round trip (Redis lists a page's keys, then reads them) is weighed against reading the items by key: the first
 * read-back goes by key and is measured, and later pages are scanned again only if it took as many round trips.
 *
 * <p><b>A whole verify or repair looks first.</b> {@link #run()} first tallies the shapes (key and named item) of
 * the entries a scan of the index table returns and, unless there are none, of the entries the base items must
 * have, from a scan of the base table alone. Equal tallies end the audit: every item and entry read once, no entry
 * read by key, nothing to fix. Under concurrent writers a look can only succeed when the entries scanned are
 * exactly those the items scanned must have; a stale or missing entry present throughout the look makes the
 * tallies differ. Otherwise both passes run as below, a scan of each table later than without the look (of the
 * empty index table alone for a backfill).
 *
 * <p><b>A backfill reads no entry by key.</b> When the look finds the index table without entries and the index is
 * not unique, pass 1 takes every entry as missing (as it was when the audit began) instead of reading the page's
 * entries: the additions are plain puts, read back with their items as always, and an entry a writer of the item
 * wrote meanwhile is replaced by an equal one (see {@link RepairWrites}).
 *
 * <p><b>A backfill ends with pass 1.</b> When the look found the index table without entries, a repair does not
 * run pass 2: every entry the index table holds was written after the audit began (by pass 1, which read back and
 * removed again the entries whose items changed meanwhile, or by writers of the items), so none can have been
 * stale from the start of the audit, which is all pass 2 is sure to find (see below). An entry a writer left stale
 * during the backfill (its item changed, or the writer crashed) is left to the next verify or repair, as one left
 * just after the count would be. This saves a scan of the whole index table; the repair reports the entries pass 1
 * confirmed as the entries checked.
 *
 * <p><b>The next page is read while one is checked.</b> {@link #run()} reads each scan (the look's, pass 1's and
 * pass 2's) one page ahead on a thread of its own ({@link PagesAhead}), so that the store reads the next page
 * while this one's entries are read, fixed and read back: the store's work and the caller's overlap instead of
 * alternating. At most two pages are held.
 *
 * <p><b>Pass 2 counts first.</b> Pass 1 keeps a tally ({@link RepairCursor.EntryTally}: a count and a 128-bit
 * hash sum, constant space) of the entries it confirmed: read naming the item checked, or added and confirmed
 * (written in an atomic write with the check that its item kept the version read, or read back with its item
 * holding it). Pass 2 then scans the index table and tallies the entries it returns, reading no base item. When
 * both tallies are equal, the entries in the index table are exactly the entries pass 1 confirmed (same key,
 * same named item, same write), so none is stale: pass 2 ends there, reporting every entry checked and none
 * stale. When they differ (a stale entry, an entry inside its claim lease that names another item, an entry
 * written, rewritten or removed meanwhile), pass 2 scans the index table again and reads the item of every
 * entry, as it always did. A clean index so costs a scan of each table and one batch read of entries per page of
 * base items, where reading every entry's item cost a batch read of base items per page of entries on top; an
 * index with drift costs one more scan of the index table than before. A whole verify or repair counts in pages
 * of 1,000 entries; {@link IndexTable#auditPage} in the caller's page size.
 *
 * <p><b>Pass 1's page follows the items' size.</b> A whole verify or repair reads its first page of base items
 * 200 at a time, then sizes each next page so that the largest item of the page before, that many times, stays
 * within 4 MiB (as {@link Item#sizeInBytes()} counts), from 200 to 1,000 items: small items cost a fifth of the round
 * trips, and a page of large items is never larger than it was before the pages grew. Memory stays bounded by
 * the page size times the largest item, as with a fixed page.
 *
 * <p><b>Under concurrent writers</b>, the count ends pass 2 only when every entry it returned was found live
 * during pass 1 (naming an item that held it) and was not written since. It therefore reports no drift that is
 * not there (it reports none), and it never misses an entry that stayed unchanged and stale from the start of
 * the audit to the end of the count: such an entry is never confirmed, and a scan returns every item present
 * throughout it, so the tallies differ and every entry's item is read. What it may leave unreported is an
 * entry that became stale after pass 1 confirmed it (its item changed or went by a writer that had not yet
 * removed the entry, or that crashed): reading every entry's item leaves unreported the entries that become
 * stale after it read them, in the same way. Equal tallies of different entries need a hash collision, whose
 * chance is negligible (about 2<sup>-64</sup> at most).
 */
final class IndexAudit implements IndexTable.BatchAudit {
    /** Pass 1's first page, and its smallest; pass 2's page when it reads the items of entries. */
    private static final int PAGE = 200;
    /** The largest page of pass 1, for items of at most {@link #PAGE_BYTES} / 1,000 bytes. */
    private static final int MAX_PAGE = 1_000;
    /** What the largest item of a page of pass 1, times the next page's size, should stay within. */
    private static final long PAGE_BYTES = 4L << 20;
    /** The page of pass 2's count in a whole verify or repair: it reads no base item, so a page may be larger. */
    private static final int COUNT_PAGE = 1_000;
    private final IndexTable ix;
    private final boolean fix;
    private final RepairWrites writes;
    /** Unique values of items found without their entry, so a second holder is seen as a duplicate. */
    private final Map<String, Key> unindexed = new java.util.HashMap<>();
    private static final int MAX_UNINDEXED = 100_000;
    /** The size of the next page of pass 1 in {@link #run()}, from the largest item of the page before. */
    private int basePage = PAGE;
    /**
     * Whether pass 1 reads the items of added entries back by scanning the page again: decided on the first page
     * of {@link #run()}, by whether its scan read at most this many items per item returned.
     */
    private Boolean rereadByScan;
    /**
     * The round trips of pass 1's first scan page when it took more than one (a store that lists keys, then reads
     * them): the first read-back by key is measured against it, and the page is scanned again only if reading its
     * items by key took as many round trips or more. 0 when nothing is left to decide.
     */
    private long scanTripsToBeat;
    private static final int MAX_REREAD_AMPLIFICATION = 2;
    /** True when {@link #run()}'s look found the index table without entries (a backfill). */
    private boolean emptyAtLook;
    private static final BatchGetResult NOTHING_HELD = BatchGetResult.of(List.of(), Map.of());

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
        try (PagesAhead pages = new PagesAhead(ix.store)) {
            Optional<IndexVerification> clean = cleanByShapes(pages);
            if (clean.isPresent()) {
                return clean.get();
            }
            Optional<RepairCursor> at = Optional.of(RepairCursor.start());
            while (at.isPresent()) {
                RepairCursor from = at.get();
                RepairStep step = page(from, pageSize(from), pages);
                total = total.plus(step.drift());
                at = step.next();
            }
        }
        return total;
    }

    /** The page size {@link #run()} reads at {@code from}. */
    private int pageSize(RepairCursor from) {
        return from.pass() == 1 ? basePage : from.counting() ? COUNT_PAGE : PAGE;
    }

    RepairStep page(RepairCursor from, int pageSize) {
        return page(from, pageSize, null);
    }

    /** A page at {@code from}; with {@code pages}, the next page of the same pass is read while this one is checked. */
    private RepairStep page(RepairCursor from, int pageSize, PagesAhead pages) {
        if (ix.isNative()) {
            return new RepairStep(IndexVerification.empty(), Optional.empty());
        }
        String table = from.pass() == 1 ? ix.baseTable : ix.indexTable;
        Scan scan = Scan.of(table).limit(pageSize);
        scan = from.scanCursor().map(scan::after).orElse(scan);
        Page page;
        if (from.pass() == 1 && pages != null && rereadByScan == null) {
            // The first page tells whether a scan reads about what it returns (a table of its own) or far more
            // (a table sharing its store table with others, as DynamoDB's single-table layout does).
            java.util.concurrent.atomic.AtomicLong read = new java.util.concurrent.atomic.AtomicLong();
            java.util.concurrent.atomic.AtomicLong trips = new java.util.concurrent.atomic.AtomicLong();
            Scan first = scan;
            page = ix.store.measure(c -> {
                if (c.operation().equals("scan") && c.table().equals(ix.baseTable)) {
                    read.addAndGet(c.itemsRead());
                    trips.addAndGet(c.roundTrips());
                }
            }, () -> pages.take(first));
            rereadByScan = read.get() <= MAX_REREAD_AMPLIFICATION * Math.max(1, page.items().size());
            if (rereadByScan && trips.get() > 1) {
                // A scan page that lists keys and then reads them may cost more than reading the items by key.
                scanTripsToBeat = trips.get();
                rereadByScan = false;
            }
        } else {
            page = pages == null ? ix.store.scan(scan) : pages.take(scan);
        }
        if (from.pass() == 1) {
            basePage = nextBasePage(page.items());
        }
        if (pages != null) {
            page.next().ifPresent(c -> pages.readAhead(Scan.of(table).limit(pageSize(from)).after(c)));
        }
        if (from.pass() == 1) {
            Scan again = scan;
            Checked checked = scanTripsToBeat > 0 ? checkMeasuringReadsByKey(page.items())
                    : check(page.items(), Boolean.TRUE.equals(rereadByScan)
                    ? new RepairWrites.Reread(page.items().size(), () -> ix.store.scan(again)) : null);
            Optional<RepairCursor.EntryTally> confirmed = from.confirmed().map(checked.confirmed()::plus);
            if (page.next().isEmpty() && fix && emptyAtLook && confirmed.isPresent()) {
                // A backfill: every entry in the index table was written since the audit began (see the class).
                return new RepairStep(checked.drift().plus(confirmedOnly(confirmed.get())), Optional.empty());
            }
            RepairCursor next = page.next()
                    .map(c -> new RepairCursor(1, Optional.of(c), confirmed, Optional.empty()))
                    .orElseGet(() -> new RepairCursor(2, Optional.empty(), confirmed,
                            confirmed.map(t -> RepairCursor.EntryTally.NONE)));
            return new RepairStep(checked.drift(), Optional.of(next));
        }
        if (from.counting()) {
            return count(from, page);
        }
        IndexVerification drift = checkEntries(page.items());
        return new RepairStep(drift, page.next().map(c -> new RepairCursor(2, Optional.of(c))));
    }

    /**
     * Pass 1 on a page whose added entries' items are read back by key, measuring that read: once one happened,
     * later pages are scanned again instead only if it took at least the round trips of a scan page.
     */
    private Checked checkMeasuringReadsByKey(List<Item> items) {
        java.util.concurrent.atomic.AtomicLong trips = new java.util.concurrent.atomic.AtomicLong();
        Checked checked = ix.store.measure(c -> {
            if (c.operation().equals("getAll") && c.table().equals(ix.baseTable)) {
                trips.addAndGet(c.roundTrips());
            }
        }, () -> check(items, null));
        if (trips.get() > 0) {
            rereadByScan = trips.get() >= scanTripsToBeat;
            scanTripsToBeat = 0;
        }
        return checked;
    }

    /**
     * A whole verify's or repair's first look: the shapes (key and named item) of the entries a scan of the index
     * table returns, against the shapes of the entries the base items must have, from a scan of the base table
     * alone. Equal tallies mean every item has its entry and no entry is left over: the audit is over, every item
     * and entry checked once, nothing to fix. Otherwise empty, and both passes run; an index table without entries
     * (a backfill's) is not looked at further, so a backfill pays one empty read for the look.
     */
    private Optional<IndexVerification> cleanByShapes(PagesAhead pages) {
        RepairCursor.EntryTally held = RepairCursor.EntryTally.NONE;
        Optional<Cursor> at = Optional.empty();
        do {
            Scan scan = Scan.of(ix.indexTable).limit(COUNT_PAGE);
            Page page = pages.take(at.map(scan::after).orElse(scan));
            page.next().ifPresent(c -> pages.readAhead(scan.after(c)));
            held = held.plus(entriesHeld(page.items()));
            at = page.next();
        } while (at.isPresent());
        if (held.entries() == 0) {
            emptyAtLook = true;
            return Optional.empty();
        }
        long items = 0;
        RepairCursor.EntryTally due = RepairCursor.EntryTally.NONE;
        do {
            Scan scan = Scan.of(ix.baseTable).limit(basePage);
            Page page = pages.take(at.map(scan::after).orElse(scan));
            basePage = nextBasePage(page.items());
            page.next().ifPresent(c -> pages.readAhead(Scan.of(ix.baseTable).limit(basePage).after(c)));
            items += page.items().size();
            due = due.plus(entriesDue(page.items()));
            at = page.next();
        } while (at.isPresent());
        basePage = PAGE;
        return due.equals(held) ? Optional.of(new IndexVerification(items, held.entries(), 0, 0, 0, List.of(),
                List.of(), List.of())) : Optional.empty();
    }

    /** The shapes (key and named item) of the entries {@code items} must have. */
    @Override
    public RepairCursor.EntryTally entriesDue(List<Item> items) {
        RepairCursor.EntryTally due = RepairCursor.EntryTally.NONE;
        if (ix.isNative()) {
            return due;
        }
        for (Item item : items) {
            Optional<String> value = ix.valueOf.apply(item);
            if (value.isPresent()) {
                due = due.plus(Entries.shape(ix.entries.entryKey(value.get(), item), item.key()));
            }
        }
        return due;
    }

    /** The shapes of {@code entries}, as {@link #entriesDue} makes them. */
    @Override
    public RepairCursor.EntryTally entriesHeld(List<Item> entries) {
        RepairCursor.EntryTally held = RepairCursor.EntryTally.NONE;
        for (Item entry : entries) {
            held = held.plus(Entries.shape(entry.key(), Entries.baseOf(entry)));
        }
        return held;
    }

    /** The size of pass 1's page after {@code items}: its largest item times the size within {@link #PAGE_BYTES}. */
    static int nextBasePage(List<Item> items) {
        long largest = 1;
        for (Item item : items) {
            largest = Math.max(largest, item.sizeInBytes());
        }
        return (int) Math.max(PAGE, Math.min(MAX_PAGE, PAGE_BYTES / largest));
    }

    /**
     * A page of pass 2's count. When the count is over and the entries scanned are exactly those pass 1 confirmed
     * (as tallies), no entry can be stale: the page reports every entry checked and pass 2 ends there. Otherwise
     * pass 2 starts again, reading the item of every entry.
     */
    private RepairStep count(RepairCursor from, Page page) {
        RepairCursor.EntryTally counted = from.counted().orElseThrow();
        for (Item entry : page.items()) {
            counted = counted.plus(Entries.tally(entry));
        }
        if (page.next().isPresent()) {
            return new RepairStep(IndexVerification.empty(), Optional.of(new RepairCursor(2, page.next(),
                    from.confirmed(), Optional.of(counted))));
        }
        if (counted.equals(from.confirmed().orElseThrow())) {
            return new RepairStep(new IndexVerification(0, counted.entries(), 0, 0, 0, List.of(), List.of(), List.of()),
                    Optional.empty());
        }
        return new RepairStep(IndexVerification.empty(), Optional.of(new RepairCursor(2, Optional.empty())));
    }

    /** An item of the base table that has an index value, and the key its entry must have. */
    private record Indexed(Item item, String value, Key entryKey) {
    }

    /** What a page of pass 1 found, and the tally of the entries it confirmed. */
    private record Checked(IndexVerification drift, RepairCursor.EntryTally confirmed) {
    }

    @Override
    public IndexVerification checkItems(List<Item> items) {
        return check(items, null).drift();
    }

    /** Makes this audit a backfill's: its caller's look found the index table without entries. */
    IndexAudit afterEmptyLook() {
        emptyAtLook = true;
        return this;
    }

    /** Pass 1 of a backfill on a page read by the caller, reporting the entries it confirmed as entries checked. */
    IndexVerification backfillItems(List<Item> items) {
        Checked checked = check(items, null);
        return checked.drift().plus(confirmedOnly(checked.confirmed()));
    }

    private static IndexVerification confirmedOnly(RepairCursor.EntryTally confirmed) {
        return new IndexVerification(0, confirmed.entries(), 0, 0, 0, List.of(), List.of(), List.of());
    }

    /**
     * Pass 1 on a page of base items. An entry is confirmed when it was read naming the item checked (which holds
     * its key, as scanned), or added by this page and confirmed by {@link RepairWrites#send}: each entry key
     * belongs to one value (and, in a non-unique index, one item), and an entry names one item, so an entry is
     * confirmed by one item at most, however many items hold its value.
     */
    private Checked check(List<Item> items, RepairWrites.Reread reread) {
        if (ix.isNative()) {
            return new Checked(IndexVerification.empty(), RepairCursor.EntryTally.NONE);
        }
        List<Indexed> indexed = new ArrayList<>();
        for (Item item : items) {
            ix.valueOf.apply(item).ifPresent(v -> indexed.add(new Indexed(item, v, ix.entries.entryKey(v, item))));
        }
        // A non-unique index found empty by the look has no entry to read: each is missing since the audit began,
        // and a writer's entry written since is only replaced by an equal one (see RepairWrites).
        BatchGetResult found = indexed.isEmpty() ? null : emptyAtLook && !ix.unique ? NOTHING_HELD
                : ix.store.getAll(ix.indexTable, indexed.stream().map(Indexed::entryKey).distinct().toList());
        Map<Key, Item> named = namedHolders(indexed, found);
        long now = ix.clock.millis();
        List<RepairWrites.Fix> fixes = new ArrayList<>();
        long missing = 0;
        long duplicates = 0;
        RepairCursor.EntryTally confirmed = RepairCursor.EntryTally.NONE;
        List<Key> missingSample = new ArrayList<>();
        List<Key> duplicateSample = new ArrayList<>();
        for (Indexed x : indexed) {
            Key itemKey = x.item().key();
            Optional<Item> entry = found.get(new ItemRef(ix.indexTable, x.entryKey()));
            Optional<Key> holder = entry.map(Entries::baseOf);
            if (holder.isPresent() && holder.get().equals(itemKey)) {
                confirmed = confirmed.plus(Entries.tally(entry.get()));
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
        for (Item added : writes.send(fixes, reread)) {
            confirmed = confirmed.plus(Entries.tally(added));
        }
        return new Checked(new IndexVerification(items.size(), 0, missing, 0, duplicates, missingSample, List.of(),
                duplicateSample), confirmed);
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
        writes.send(fixes, null);
        return new IndexVerification(0, entries.size(), 0, dangling, 0, List.of(), sample, List.of());
    }
}
