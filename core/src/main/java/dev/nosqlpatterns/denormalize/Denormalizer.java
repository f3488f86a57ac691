package dev.nosqlpatterns.denormalize;

import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.BatchGetResult;
import dev.nosqlpatterns.store.Capability;
import dev.nosqlpatterns.store.Condition;
import dev.nosqlpatterns.store.ConditionFailedException;
import dev.nosqlpatterns.store.ItemRef;
import dev.nosqlpatterns.store.Page;
import dev.nosqlpatterns.store.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.UpdateAction;
import dev.nosqlpatterns.store.Write;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Denormalization (technique 1): keeps copies of source attributes inside the items that are read with
 * them, so a read needs no join, and fans every change of a source out to its copies.
 *
 * <p>Targets are written through {@link #putTarget}, which fills in the copies and keeps a reverse index
 * from reference to targets; sources through {@link #putSource}, which writes the source and then updates
 * every copy: in one atomic write where the store has them and the fan-out fits, otherwise source first,
 * then each copy, so a crash leaves copies that are stale but never ahead of their source, which
 * {@link #verify} finds and {@link #repair} fixes. Rules may chain (a copy of a copy) but never cycle.
 *
 * <p><b>Under concurrent writers</b> (no crash): once every write has returned, every copy equals its
 * source. A copy is only ever set to the source's value as read after the target was read, by a
 * compare-and-set on the target's version, and a target written while its source changes reads the
 * source again after it is written; so a slow writer never puts back a value a later write replaced.
 * <b>Under crashes</b>: copies may be left stale, never ahead of their source; {@link #verify} finds and
 * {@link #repair} fixes them.
 */
public final class Denormalizer {
    private static final String VERSION = "_version";
    private final Store store;
    private final List<CopyRule> rules;
    private final Map<String, IndexTable> reverse = new HashMap<>();

    private Denormalizer(Store store, List<CopyRule> rules) {
        this.store = store;
        this.rules = List.copyOf(rules);
        for (CopyRule rule : rules) {
            reverse.computeIfAbsent(rule.targetTable(), t -> IndexTable.builder(store).baseTable(t)
                    .indexTable(rule.reverseIndexTable()).attribute(rule.referenceAttribute())
                    .consistency(IndexConsistency.AUTO).versionAttribute(VERSION).build());
        }
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

    /** Writes a target item with its copies filled in from the current sources; returns it as stored. */
    public Item putTarget(String targetTable, Item item) {
        Item.Builder b = item.toBuilder();
        for (CopyRule r : rulesInto(targetTable)) {
            Optional<Value> copy = item.getString(r.referenceAttribute())
                    .flatMap(ref -> store.get(r.sourceTable(), Key.of(ref, r.sourceSortKey())))
                    .flatMap(source -> source.get(r.sourceAttribute()));
            if (copy.isPresent()) {
                b.put(r.targetAttribute(), copy.get());
            } else {
                b.remove(r.targetAttribute());
            }
        }
        IndexTable index = reverse.get(targetTable);
        Item stored = index == null ? putPlain(targetTable, b.build()) : index.put(b.build());
        // A source changed after it was read above may have fanned out before this target was written:
        // read it again now that the target is visible, and bring the copy up to date if it moved.
        for (CopyRule r : rulesInto(targetTable)) {
            Optional<Value> now = sourceValue(r, stored);
            if (!stored.get(r.targetAttribute()).equals(now)) {
                syncCopy(r, stored.key());
            }
        }
        return stored;
    }

    private Optional<Value> sourceValue(CopyRule r, Item target) {
        return target.getString(r.referenceAttribute())
                .flatMap(ref -> store.get(r.sourceTable(), Key.of(ref, r.sourceSortKey())))
                .flatMap(source -> source.get(r.sourceAttribute()));
    }

    private Item putPlain(String table, Item item) {
        store.put(table, item);
        return item;
    }

    /**
     * Writes a source item and updates every copy of its copied attributes; returns how many copies changed.
     * Where the store has atomic writes and the fan-out fits, the source and its copies go in one atomic
     * write; the targets are then looked up once more, for any added while it was prepared.
     */
    public int putSource(String sourceTable, Item source) {
        List<Write> fanOut = new ArrayList<>();
        if (store.has(Capability.ATOMIC_WRITES)) {
            for (CopyRule r : rulesOf(sourceTable, source)) {
                Optional<Value> value = source.get(r.sourceAttribute());
                for (Item target : reverse.get(r.targetTable()).find(source.key().partition())) {
                    if (!target.get(r.targetAttribute()).equals(value)) {
                        fanOut.add(copyWrite(r, target, value));
                    }
                }
            }
        }
        Write.Put put = Write.put(sourceTable, source);
        boolean atomic = !fanOut.isEmpty() && fanOut.size() + 1 <= store.limits().maxAtomicWriteItems()
                && fanOut.stream().map(w -> new ItemRef(w.table(), w.key())).distinct().count() == fanOut.size();
        if (atomic) {
            List<Write> all = new ArrayList<>(fanOut);
            all.add(0, put);
            try {
                store.writeAtomically(all);
                return fanOut.size() + fanOutAfterWrite(sourceTable, source);
            } catch (ConditionFailedException raced) {
                // A target changed meanwhile: fall back to the ordered protocol, which rereads it.
            }
        }
        store.put(put);
        return fanOutAfterWrite(sourceTable, source);
    }

    /**
     * Brings every copy of a source written just before to the source's current value. The targets are
     * looked up after the source was written, so a target added meanwhile is either found here or reads
     * the new source itself ({@link #putTarget}); the value copied is the source's as read after the
     * targets were, never the one this call wrote, so a later write that fanned out already is never undone.
     */
    private int fanOutAfterWrite(String sourceTable, Item source) {
        int changed = 0;
        for (CopyRule r : rulesOf(sourceTable, source)) {
            List<Item> targets = reverse.get(r.targetTable()).find(source.key().partition());
            if (targets.isEmpty()) {
                continue;
            }
            Optional<Value> truth = store.get(sourceTable, source.key()).flatMap(s -> s.get(r.sourceAttribute()));
            for (Item target : targets) {
                if (target.get(r.targetAttribute()).equals(truth)) {
                    continue;
                }
                try {
                    store.update((Write.Update) copyWrite(r, target, truth));
                    changed++;
                } catch (ConditionFailedException raced) {
                    changed += syncCopy(r, target.key()) ? 1 : 0;
                }
            }
        }
        return changed;
    }

    private List<CopyRule> rulesOf(String sourceTable, Item source) {
        return rulesFrom(sourceTable).stream().filter(r -> r.sourceSortKey().equals(source.key().sort())).toList();
    }

    private Write copyWrite(CopyRule r, Item target, Optional<Value> value) {
        UpdateAction change = value.map(v -> UpdateAction.set(r.targetAttribute(), v))
                .orElse(UpdateAction.remove(r.targetAttribute()));
        Condition unchanged = Condition.unchangedSince(Optional.of(target), VERSION);
        return Write.update(r.targetTable(), target.key(), change, UpdateAction.add(VERSION, 1)).when(unchanged);
    }

    /**
     * Brings one copy to its source's current value: reads the target, then the source it refers to, and
     * sets the copy on the condition that the target is unchanged since read, again until it holds. A
     * source written meanwhile is then either seen here or fans out after this read, so the last copy
     * written is always the source's last value.
     */
    private boolean syncCopy(CopyRule r, Key targetKey) {
        for (int attempt = 0; attempt < 20; attempt++) {
            Optional<Item> target = store.get(r.targetTable(), targetKey);
            if (target.isEmpty() || !target.get().has(r.referenceAttribute())) {
                return false;
            }
            Optional<Value> truth = sourceValue(r, target.get());
            if (target.get().get(r.targetAttribute()).equals(truth)) {
                return false;
            }
            try {
                store.update((Write.Update) copyWrite(r, target.get(), truth));
                return true;
            } catch (ConditionFailedException raced) {
                // The target changed since read: read both again.
            }
        }
        return false;
    }

    /** Compares every copy made by {@code rule} with its source; changes nothing. */
    public CopyDrift verify(CopyRule rule) {
        return audit(rule, false);
    }

    /** Sets every stale copy made by {@code rule} to its source's value; returns what it fixed. */
    public CopyDrift repair(CopyRule rule) {
        return audit(rule, true);
    }

    private CopyDrift audit(CopyRule rule, boolean fix) {
        if (!rules.contains(rule)) {
            throw new IllegalArgumentException("rule " + rule + " is not one of this denormalizer's rules");
        }
        long checked = 0;
        long stale = 0;
        List<Key> sample = new ArrayList<>();
        Scan scan = Scan.of(rule.targetTable()).limit(200);
        Optional<dev.nosqlpatterns.store.Cursor> cursor = Optional.empty();
        do {
            Page page = store.scan(cursor.map(scan::after).orElse(scan));
            List<Item> targets = page.items().stream().filter(i -> i.has(rule.referenceAttribute())).toList();
            List<Key> sources = targets.stream().map(t -> Key.of(t.getString(rule.referenceAttribute()).orElseThrow(),
                    rule.sourceSortKey())).distinct().toList();
            BatchGetResult found = sources.isEmpty() ? null : store.getAll(rule.sourceTable(), sources);
            for (Item target : targets) {
                checked++;
                Key sourceKey = Key.of(target.getString(rule.referenceAttribute()).orElseThrow(), rule.sourceSortKey());
                Optional<Value> truth = found.get(new ItemRef(rule.sourceTable(), sourceKey)).flatMap(s -> s.get(rule.sourceAttribute()));
                if (!target.get(rule.targetAttribute()).equals(truth)) {
                    stale++;
                    if (sample.size() < 20) {
                        sample.add(target.key());
                    }
                    if (fix) {
                        syncCopy(rule, target.key());
                    }
                }
            }
            cursor = page.next();
        } while (cursor.isPresent());
        return new CopyDrift(checked, stale, sample);
    }

    private List<CopyRule> rulesInto(String table) {
        return rules.stream().filter(r -> r.targetTable().equals(table)).toList();
    }

    private List<CopyRule> rulesFrom(String table) {
        return rules.stream().filter(r -> r.sourceTable().equals(table)).toList();
    }
}
