package dev.nosqlpatterns.denormalize;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Denormalization: keeps copies of source attributes inside the items that are read with
 * them, so a read needs no join, and fans every change of a source out to its copies.
 *
 * <p>Targets are written through {@link #putTarget}, which fills in the copies and keeps a reverse index
 * from reference to targets; sources through {@link #putSource} and {@link #deleteSource}, which write
 * or delete the source and then update every copy: in one atomic write where the store has them and the
 * fan-out fits, otherwise source first, then each copy, so a crash leaves copies that are stale but
 * never ahead of their source, which {@link #verify} finds and {@link #repair} fixes. Rules may chain
 * (a copy of a copy) but never cycle; a copy written by a fan-out is not fanned out further.
 *
 * <p><b>Under concurrent writers</b> (no crash), with or without atomic writes: once every write through
 * this class has returned, every copy equals what its source holds (absent when the source or the
 * reference is) and {@link #verify} finds nothing stale, whatever the interleaving of source changes,
 * deletes, new or re-pointed targets and repairs. Each writer reads what it depends on after its own
 * write: a source write looks its targets up afterwards, and every copy write is followed by a read of
 * the source, repeated while the source changes (so a copy may briefly hold a value that was already
 * replaced). A writer that loses this race 20 times in a row throws
 * {@link dev.nosqlpatterns.store.model.ConcurrentUpdateException}. Items written around this class (a plain
 * store put of a source) are not covered.
 *
 * <p><b>Expiry</b>: a copy carries its source's expiry ({@link dev.nosqlpatterns.item.Expiry}) in
 * {@link CopyRule#expiryAttribute()}. Reads through {@link #getTarget} or {@link #visible} leave out a copy
 * whose source has expired, at no cost beyond the read of the target; {@link #verify} counts such a copy as
 * stale and {@link #repair} removes it. A plain store read of the target still sees it until then.
 *
 * <p><b>Under crashes</b>: an atomic fan-out leaves source and copies in step, except for a target added
 * or re-pointed concurrently, which the writer checks after the atomic write. An ordered writer that dies
 * leaves copies that are stale, never ahead of their source; {@link #repair} fixes them.
 */
public final class Denormalizer {
    private static final String VERSION = FanOut.VERSION;
    /** Targets read and written together by {@link #putTargets}. */
    private static final int WINDOW = 500;
    private final Store store;
    private final List<CopyRule> rules;
    private final Map<String, IndexTable> reverse = new HashMap<>();
    private final FanOut fanOut;

    private Denormalizer(Store store, List<CopyRule> rules) {
        this.store = store;
        this.rules = List.copyOf(rules);
        for (CopyRule rule : rules) {
            reverse.computeIfAbsent(rule.targetTable(), t -> IndexTable.builder(store).baseTable(t)
                    .indexTable(rule.reverseIndexTable()).attribute(rule.referenceAttribute())
                    .consistency(IndexConsistency.AUTO).versionAttribute(VERSION).build());
        }
        this.fanOut = new FanOut(store, reverse);
    }

    /**
     * Checks the rules and opens them: every table must be declared, a target table has one reference
     * attribute, and rules never form a cycle (each problem is reported, cycles with their path).
     */
    public static Denormalizer of(Store store, List<CopyRule> rules) {
        Objects.requireNonNull(store, "store must not be null");
        List<String> problems = new ArrayList<>();
        Map<String, String> referenceOf = new HashMap<>();
        for (CopyRule r : rules) {
            for (String t : List.of(r.sourceTable(), r.targetTable())) {
                if (!store.hasTable(t)) {
                    problems.add("table '" + t + "' of rule " + r + " is not declared on the store");
                }
            }
            String previous = referenceOf.putIfAbsent(r.targetTable(), r.referenceAttribute());
            if (previous != null && !previous.equals(r.referenceAttribute())) {
                problems.add("target table '" + r.targetTable() + "' refers to sources through both '" + previous
                        + "' and '" + r.referenceAttribute() + "'; use one reference attribute per target table");
            }
        }
        findCycle(rules).ifPresent(cycle -> problems.add("the rules form a cycle: " + String.join(" -> ", cycle)));
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid denormalization rules: " + String.join("; ", problems));
        }
        return new Denormalizer(store, rules);
    }

    private static Optional<List<String>> findCycle(List<CopyRule> rules) {
        Map<String, List<String>> edges = new LinkedHashMap<>();
        for (CopyRule r : rules) {
            edges.computeIfAbsent(r.sourceNode(), n -> new ArrayList<>()).add(r.targetNode());
        }
        for (String start : edges.keySet()) {
            List<String> path = new ArrayList<>(List.of(start));
            Optional<List<String>> cycle = walk(start, start, edges, path);
            if (cycle.isPresent()) {
                return cycle;
            }
        }
        return Optional.empty();
    }

    private static Optional<List<String>> walk(String start, String at, Map<String, List<String>> edges, List<String> path) {
        for (String next : edges.getOrDefault(at, List.of())) {
            if (next.equals(start)) {
                List<String> cycle = new ArrayList<>(path);
                cycle.add(start);
                return Optional.of(cycle);
            }
            if (!path.contains(next) && path.size() <= edges.size()) {
                path.add(next);
                Optional<List<String>> found = walk(start, next, edges, path);
                if (found.isPresent()) {
                    return found;
                }
                path.remove(path.size() - 1);
            }
        }
        return Optional.empty();
    }

    /**
     * Writes a target item with its copies filled in from the current sources; returns it as stored. Its
     * sources are read again after the write, and a copy whose source changed meanwhile is written again.
     */
    public Item putTarget(String targetTable, Item item) {
        return TechniqueCalls.call(store, "denormalizer.putTarget", targetTable, () -> {
            Objects.requireNonNull(item, "target item must not be null");
            List<CopyRule> into = rulesInto(targetTable);
            IndexTable index = reverse.get(targetTable);
            if (index == null) {
                store.put(targetTable, item);
                return item;
            }
            Item.Builder b = item.toBuilder();
            for (CopyRule r : into) {
                FanOut.Held copy = FanOut.Held.from(r, sourceKey(r, item).flatMap(k -> store.get(r.sourceTable(), k)));
                put(b, r.targetAttribute(), copy.value());
                put(b, r.expiryAttribute(), copy.expiry());
            }
            Item stored = index.put(b.build());
            List<FanOut.Copy> copied = new ArrayList<>();
            for (CopyRule r : into) {
                sourceKey(r, stored).ifPresent(k -> copied.add(FanOut.Copy.of(r, k, stored, FanOut.Held.in(r, stored))));
            }
            Map<ItemRef, Optional<Item>> now = fanOut.read(copied);
            List<FanOut.Copy> stale = copied.stream()
                    .map(c -> new FanOut.Copy(c.rule(), c.source(), c.target(), c.unchanged(),
                            FanOut.Held.from(c.rule(), now.get(c.sourceRef()))))
                    .filter(c -> !c.held().equals(FanOut.Held.in(c.rule(), stored))).toList();
            if (stale.isEmpty() || fanOut.settle(stale) == 0) {
                return stored;
            }
            return store.get(targetTable, stored.key()).orElse(stored);
        });
    }

    /**
     * Writes many target items as {@link #putTarget} one after the other would, for loading: in windows of
     * {@value #WINDOW}, each with one batch read of its sources, the targets and their reverse-index entries
     * written by {@link IndexGroup#putAll} (batched and atomic writes in the index's crash-safe order), and one
     * batch read of the sources afterwards; a copy whose source changed meanwhile is written again from the
     * target as it is now. Every item is checked (not null, a valid put of the table) before anything is
     * written. Not atomic as a whole: after a failure of the store some windows may be written, and
     * {@link #repair} completes the copies of what was.
     *
     * @throws IllegalArgumentException naming the position and the problem of an item that cannot be written
     */
    public void putTargets(String targetTable, List<Item> items) {
        TechniqueCalls.run(store, "denormalizer.putTargets", targetTable, () -> {
            Objects.requireNonNull(items, "target items must not be null");
            List<String> problems = new ArrayList<>();
            for (int i = 0; i < items.size() && problems.size() < 10; i++) {
                Item item = items.get(i);
                if (item == null) {
                    problems.add("item " + i + " is null");
                    continue;
                }
                try {
                    store.validate(List.of(Write.put(targetTable, item)));
                } catch (RuntimeException bad) {
                    problems.add("item " + i + " " + item.key().abbreviated() + ": " + bad.getMessage());
                }
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("cannot put the " + items.size() + " targets into '" + targetTable
                        + "', nothing was written: " + String.join("; ", problems));
            }
            IndexTable index = reverse.get(targetTable);
            for (int from = 0; from < items.size(); from += WINDOW) {
                List<Item> window = items.subList(from, Math.min(items.size(), from + WINDOW));
                if (index == null) {
                    store.writeBatch(window.stream().<Write>map(i -> Write.put(targetTable, i)).toList());
                } else {
                    putWindow(targetTable, index, window);
                }
            }
        });
    }

    /** One window of {@link #putTargets}: sources read, copies filled, written, sources read again. */
    private void putWindow(String targetTable, IndexTable index, List<Item> window) {
        List<CopyRule> into = rulesInto(targetTable);
        Map<ItemRef, Optional<Item>> sources = sources(into, window);
        List<Item> filled = new ArrayList<>(window.size());
        for (Item item : window) {
            Item.Builder b = item.toBuilder();
            for (CopyRule r : into) {
                FanOut.Held copy = FanOut.Held.from(r, sourceKey(r, item)
                        .flatMap(k -> sources.get(new ItemRef(r.sourceTable(), k))));
                put(b, r.targetAttribute(), copy.value());
                put(b, r.expiryAttribute(), copy.expiry());
            }
            filled.add(b.build());
        }
        IndexGroup.of(List.of(index)).putAll(filled);
        Map<ItemRef, Optional<Item>> now = sources(into, filled);
        Map<Key, List<CopyRule>> stale = new java.util.LinkedHashMap<>();
        for (Item target : filled) {
            for (CopyRule r : into) {
                sourceKey(r, target).ifPresent(k -> {
                    if (!FanOut.Held.from(r, now.get(new ItemRef(r.sourceTable(), k))).equals(FanOut.Held.in(r, target))) {
                        stale.computeIfAbsent(target.key(), t -> new ArrayList<>()).add(r);
                    }
                });
            }
        }
        if (stale.isEmpty()) {
            return;
        }
        var targets = store.getAll(targetTable, stale.keySet());
        List<FanOut.Copy> again = new ArrayList<>();
        stale.forEach((key, rules) -> targets.get(new ItemRef(targetTable, key)).ifPresent(target -> {
            for (CopyRule r : rules) {
                sourceKey(r, target).ifPresent(k -> again.add(FanOut.Copy.of(r, k, target,
                        FanOut.Held.from(r, now.get(new ItemRef(r.sourceTable(), k))))));
            }
        }));
        fanOut.settle(again);
    }

    /** The sources the targets' references name, for every rule, in one batch read. */
    private Map<ItemRef, Optional<Item>> sources(List<CopyRule> into, List<Item> targets) {
        java.util.Set<ItemRef> refs = new java.util.LinkedHashSet<>();
        for (Item target : targets) {
            for (CopyRule r : into) {
                sourceKey(r, target).ifPresent(k -> refs.add(new ItemRef(r.sourceTable(), k)));
            }
        }
        Map<ItemRef, Optional<Item>> out = new HashMap<>();
        if (!refs.isEmpty()) {
            var found = store.getAll(refs);
            refs.forEach(ref -> out.put(ref, found.get(ref)));
        }
        return out;
    }

    private static void put(Item.Builder b, String attribute, Optional<Value> value) {
        if (value.isPresent()) {
            b.put(attribute, value.get());
        } else {
            b.remove(attribute);
        }
    }

    /**
     * The target item as a read through this class sees it: {@link #visible} of what the store holds.
     * Costs the one get; the sources are not read.
     */
    public Optional<Item> getTarget(String targetTable, Key key) {
        return TechniqueCalls.call(store, "denormalizer.getTarget", targetTable, () -> {
            Objects.requireNonNull(key, "target key must not be null");
            return store.get(targetTable, key).map(item -> visible(targetTable, item));
        });
    }

    /**
     * {@code target} without the copies whose source has expired by the store's clock: each copy is
     * stored with its source's expiry beside it ({@link CopyRule#expiryAttribute()}), so a copy of an
     * expired source is hidden from the moment the source expires, before {@link #repair} removes it, at
     * no cost beyond the read of the target itself. The item is returned unchanged when nothing expired.
     */
    public Item visible(String targetTable, Item target) {
        Objects.requireNonNull(target, "target item must not be null");
        long now = store.clock().millis();
        Item.Builder b = null;
        for (CopyRule r : rulesInto(targetTable)) {
            Optional<Value> expiry = target.get(r.expiryAttribute());
            if (expiry.isPresent() && expiry.get() instanceof Value.Num n && n.value().longValue() <= now) {
                b = b == null ? target.toBuilder() : b;
                b.remove(r.targetAttribute()).remove(r.expiryAttribute());
            }
        }
        return b == null ? target : b.build();
    }

    private static Optional<Key> sourceKey(CopyRule r, Item target) {
        return target.getString(r.referenceAttribute()).map(ref -> Key.of(ref, r.sourceSortKey()));
    }

    /** Writes a source item and updates every copy of its copied attributes; returns how many copies changed. */
    public int putSource(String sourceTable, Item source) {
        return TechniqueCalls.call(store, "denormalizer.putSource", sourceTable, () -> {
            Objects.requireNonNull(source, "source item must not be null");
            return fanOut.writeSource(sourceTable, source.key(), Optional.of(source), rulesFrom(sourceTable, source.key()));
        });
    }

    /** Deletes a source item and removes every copy of its copied attributes; returns how many copies changed. */
    public int deleteSource(String sourceTable, Key key) {
        return TechniqueCalls.call(store, "denormalizer.deleteSource", sourceTable, () -> {
            Objects.requireNonNull(key, "source key must not be null");
            return fanOut.writeSource(sourceTable, key, Optional.empty(), rulesFrom(sourceTable, key));
        });
    }

    /**
     * Compares every copy made by {@code rule} with its source, and the reverse index of the rule's target table with
     * the targets; changes nothing. A copy of a source that has expired (or whose expiry changed) counts as stale.
     */
    public CopyVerification verify(CopyRule rule) {
        return TechniqueCalls.call(store, "denormalizer.verify", rule.targetTable(), () -> {
            return audit(rule, false);
        });
    }

    /**
     * Sets every stale copy made by {@code rule} to its source's value, removes the copies of expired sources, and
     * repairs the reverse index of the rule's target table (entries an interrupted write of targets left behind, or
     * missing); returns what it fixed.
     */
    public CopyVerification repair(CopyRule rule) {
        return TechniqueCalls.call(store, "denormalizer.repair", rule.targetTable(), () -> {
            return audit(rule, true);
        });
    }

    private CopyVerification audit(CopyRule rule, boolean fix) {
        if (!rules.contains(rule)) {
            throw new IllegalArgumentException("rule " + rule + " is not one of this denormalizer's rules");
        }
        long checked = 0;
        long stale = 0;
        List<Key> sample = new ArrayList<>();
        Scan scan = Scan.of(rule.targetTable()).limit(200);
        Optional<dev.nosqlpatterns.store.model.Cursor> cursor = Optional.empty();
        do {
            Page page = store.scan(cursor.map(scan::after).orElse(scan));
            List<Item> targets = page.items().stream().filter(i -> i.has(rule.referenceAttribute())).toList();
            List<Key> sources = targets.stream().map(t -> Key.of(t.getString(rule.referenceAttribute()).orElseThrow(),
                    rule.sourceSortKey())).distinct().toList();
            BatchGetResult found = sources.isEmpty() ? null : store.getAll(rule.sourceTable(), sources);
            List<FanOut.Copy> fixes = new ArrayList<>();
            for (Item target : targets) {
                checked++;
                Key sourceKey = Key.of(target.getString(rule.referenceAttribute()).orElseThrow(), rule.sourceSortKey());
                FanOut.Held truth = FanOut.Held.from(rule, found.get(new ItemRef(rule.sourceTable(), sourceKey)));
                if (!FanOut.Held.in(rule, target).equals(truth)) {
                    stale++;
                    if (sample.size() < 20) {
                        sample.add(target.key());
                    }
                    if (fix) {
                        fixes.add(FanOut.Copy.of(rule, sourceKey, target, truth));
                    }
                }
            }
            fanOut.settle(fixes);
            cursor = page.next();
        } while (cursor.isPresent());
        // The reverse index is derived data of the rule too: an interrupted putTarget(s) leaves entries behind.
        IndexTable index = reverse.get(rule.targetTable());
        long indexDrift = (fix ? index.repair() : index.verify()).disagreements();
        return new CopyVerification(checked, stale, sample, indexDrift);
    }

    private List<CopyRule> rulesInto(String table) {
        return rules.stream().filter(r -> r.targetTable().equals(table)).toList();
    }

    private List<CopyRule> rulesFrom(String table, Key key) {
        return rules.stream().filter(r -> r.sourceTable().equals(table) && r.sourceSortKey().equals(key.sort())).toList();
    }
}
