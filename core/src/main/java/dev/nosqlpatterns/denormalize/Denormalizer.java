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
        return index == null ? putPlain(targetTable, b.build()) : index.put(b.build());
    }

    private Item putPlain(String table, Item item) {
        store.put(table, item);
        return item;
    }

    /** Writes a source item and updates every copy of its copied attributes; returns how many copies changed. */
    public int putSource(String sourceTable, Item source) {
        Objects.requireNonNull(source, "source item must not be null");
        return writeSource(sourceTable, source.key(), Optional.of(source));
    }

    /** Deletes a source item and removes every copy of its copied attributes; returns how many copies changed. */
    public int deleteSource(String sourceTable, Key key) {
        Objects.requireNonNull(key, "source key must not be null");
        return writeSource(sourceTable, key, Optional.empty());
    }

    private int writeSource(String sourceTable, Key key, Optional<Item> source) {
        List<Write> fanOut = new ArrayList<>();
        for (CopyRule r : rulesFrom(sourceTable)) {
            if (!r.sourceSortKey().equals(key.sort())) {
                continue;
            }
            Optional<Value> value = source.flatMap(s -> s.get(r.sourceAttribute()));
            for (Item target : reverse.get(r.targetTable()).find(key.partition())) {
                if (!target.get(r.targetAttribute()).equals(value)) {
                    fanOut.add(copyWrite(r, target, value));
                }
            }
        }
        Write write = source.<Write>map(s -> Write.put(sourceTable, s)).orElseGet(() -> Write.delete(sourceTable, key));
        boolean atomic = store.has(Capability.ATOMIC_WRITES) && fanOut.size() + 1 <= store.limits().maxAtomicWriteItems()
                && fanOut.stream().map(w -> new ItemRef(w.table(), w.key())).distinct().count() == fanOut.size();
        if (atomic && !fanOut.isEmpty()) {
            List<Write> all = new ArrayList<>(fanOut);
            all.add(0, write);
            try {
                store.writeAtomically(all);
                return fanOut.size();
            } catch (ConditionFailedException raced) {
                // A target changed meanwhile: fall back to the ordered protocol, which rereads it.
            }
        }
        if (write instanceof Write.Put put) {
            store.put(put);
        } else {
            store.delete((Write.Delete) write);
        }
        int changed = 0;
        for (Write w : fanOut) {
            changed += applyCopy((Write.Update) w) ? 1 : 0;
        }
        return changed;
    }

    private Write copyWrite(CopyRule r, Item target, Optional<Value> value) {
        UpdateAction change = value.map(v -> UpdateAction.set(r.targetAttribute(), v))
                .orElse(UpdateAction.remove(r.targetAttribute()));
        Condition unchanged = Condition.unchangedSince(Optional.of(target), VERSION);
        return Write.update(r.targetTable(), target.key(), change, UpdateAction.add(VERSION, 1)).when(unchanged);
    }

    /** Applies one copy update, rereading and retrying when the target changed meanwhile. */
    private boolean applyCopy(Write.Update update) {
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                store.update(update);
                return true;
            } catch (ConditionFailedException raced) {
                Optional<Item> now = store.get(update.table(), update.key());
                if (now.isEmpty()) {
                    return false;
                }
                Condition unchanged = Condition.unchangedSince(now, VERSION);
                update = update.when(unchanged);
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
                        applyCopy((Write.Update) copyWrite(rule, target, truth));
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
