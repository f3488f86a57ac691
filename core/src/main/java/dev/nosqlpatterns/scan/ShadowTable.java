package dev.nosqlpatterns.scan;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A shadow table: a copy of a table, projected to the attributes scan-heavy readers need,
 * kept in another logical table so that their scans read small items and do not compete with the
 * application's reads of the primary table.
 *
 * <p>Writes go through this class: the primary item and its shadow are written in one atomic write where
 * the store has them; otherwise the primary first, then the shadow, then the primary is read again and,
 * while it no longer is what the shadow was made from, the shadow is made again from what was read.
 *
 * <p><b>Under concurrent writers</b> (no crash), with or without atomic writes: once every write through
 * this class has returned, every shadow is the projection of its primary item as it is (absent when the
 * item is), and {@link #verify()} finds nothing. Since a shadow is a function of its item's attributes,
 * the writer that writes the last shadow checked afterwards that the primary was still what it made the
 * shadow from, and any later primary write is followed by its writer's own shadow write. A writer that
 * loses this race {@value #ATTEMPTS} times in a row throws {@link ConcurrentUpdateException}, leaving a
 * stale shadow for the winner's next write or for {@link #repair()}. A repair that runs beside them keeps this:
 * it writes the shadows it fixes as a writer does, then reads their items again and writes again those that
 * changed meanwhile.
 *
 * <p><b>Under crashes</b>: an atomic write leaves nothing behind; an ordered writer that dies leaves a
 * shadow missing or stale, never one ahead of a primary it was not made from, which {@link #verify()}
 * finds and {@link #repair()} fixes, like an index table's entries.
 *
 * <p>A shadow carries the expiry of its item ({@link Expiry}), whatever the projection keeps, so that both
 * expire together.
 */
public final class ShadowTable {
    private static final int ATTEMPTS = 20;
    private static final int PAGE = 200;
    private final Store store;
    private final String primary;
    private final String shadow;
    private final Function<Item, Optional<Item>> projection;

    private ShadowTable(Store store, String primary, String shadow, Function<Item, Optional<Item>> projection) {
        this.store = store;
        this.primary = primary;
        this.shadow = shadow;
        this.projection = projection;
    }

    /**
     * A shadow of {@code primary} in {@code shadow} (created when absent). {@code projection} gives an
     * item's shadow (same key; empty: not shadowed), typically the item with fewer attributes.
     */
    public static ShadowTable of(Store store, String primary, String shadow, Function<Item, Optional<Item>> projection) {
        Objects.requireNonNull(store, "store must not be null");
        Objects.requireNonNull(projection, "projection must not be null");
        List<String> problems = new ArrayList<>();
        if (!store.hasTable(primary)) {
            problems.add("primary table '" + primary + "' is not declared on the store");
        }
        if (Objects.equals(primary, shadow)) {
            problems.add("the shadow table must differ from the primary table");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid shadow table: " + String.join("; ", problems));
        }
        store.createTable(TableSpec.named(shadow));
        return new ShadowTable(store, primary, shadow, projection);
    }

    /** The projection of attribute names {@code kept}: the shadow holds only those. */
    public static Function<Item, Optional<Item>> keeping(String... kept) {
        List<String> names = List.of(kept);
        return item -> {
            Item.Builder b = Item.builder(item.key());
            item.attributes().forEach((name, value) -> {
                if (names.contains(name)) {
                    b.put(name, value);
                }
            });
            return Optional.of(b.build());
        };
    }

    /** Writes {@code item} to the primary table and its shadow (or removes its shadow when it has none). */
    public void put(Item item) {
        TechniqueCalls.run(store, "shadowTable.put", primary, () -> {
            Optional<Item> copy = shadowOf(item);
            Write write = Write.put(primary, item);
            if (store.has(Capability.ATOMIC_WRITES)) {
                store.writeAtomically(List.of(write, shadowWrite(item.key(), copy)));
            } else {
                applyOne(write);
                follow(item.key(), Optional.of(item));
            }
        });
    }

    /** Deletes the item of {@code key} and its shadow. */
    public void delete(Key key) {
        TechniqueCalls.run(store, "shadowTable.delete", primary, () -> {
            Objects.requireNonNull(key, "key must not be null");
            Write write = Write.delete(primary, key);
            if (store.has(Capability.ATOMIC_WRITES)) {
                store.writeAtomically(List.of(write, Write.delete(shadow, key)));
            } else {
                applyOne(write);
                follow(key, Optional.empty());
            }
        });
    }

    /**
     * Writes the shadow made from {@code written} (the primary as this writer left it), then reads the
     * primary again and repeats with what it read until the two agree.
     */
    private void follow(Key key, Optional<Item> written) {
        Optional<Item> madeFrom = written;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            applyOne(shadowWrite(key, madeFrom.flatMap(this::shadowOf)));
            Optional<Item> now = store.get(primary, key);
            if (now.equals(madeFrom)) {
                return;
            }
            madeFrom = now;
        }
        throw new ConcurrentUpdateException(primary, key, ATTEMPTS, "Its shadow in '" + shadow + "' may be stale;"
                + " the item itself is written, and its next write or repair() brings the shadow up to date.", null);
    }

    private Write shadowWrite(Key key, Optional<Item> copy) {
        return copy.<Write>map(c -> Write.put(shadow, c)).orElse(Write.delete(shadow, key));
    }

    private void applyOne(Write w) {
        if (w instanceof Write.Put p) {
            store.put(p);
        } else {
            store.delete((Write.Delete) w);
        }
    }

    private Optional<Item> shadowOf(Item item) {
        Optional<Item> copy = projection.apply(item);
        if (copy.isPresent() && !copy.get().key().equals(item.key())) {
            throw new IllegalArgumentException("the projection moved " + item.key() + " to " + copy.get().key()
                    + "; a shadow keeps its item's key");
        }
        return copy.map(c -> Expiry.copy(item, c));
    }

    /** Counts shadows that are missing, stale or left over; changes nothing. */
    public ShadowVerification verify() {
        return TechniqueCalls.call(store, "shadowTable.verify", primary, () -> {
            return audit(false);
        });
    }

    /** Rewrites every missing or stale shadow and removes left-over ones; returns what it fixed. */
    public ShadowVerification repair() {
        return TechniqueCalls.call(store, "shadowTable.repair", primary, () -> {
            return audit(true);
        });
    }

    /**
     * Checks (and, with {@code fix}, repairs) shadows page by page, for jobs that read the tables themselves,
     * such as a Spark task per scan segment; {@link #verify()} and {@link #repair()} are built on it.
     */
    public BatchAudit batchAudit(boolean fix) {
        return new BatchAudit(fix);
    }

    /**
     * The checks of one page at a time: each page costs one batch read of its counterparts and, when repairing,
     * one batch write of its fixes and one batch read of their primary items, repeated for the items a
     * concurrent writer changed meanwhile.
     */
    public final class BatchAudit {
        private final boolean fix;

        private BatchAudit(boolean fix) {
            this.fix = fix;
        }

        /** Checks the shadows of a page of primary items (distinct keys); returns what was checked and wrong. */
        public ShadowVerification checkPrimaries(List<Item> items) {
            Objects.requireNonNull(items, "items must not be null");
            return TechniqueCalls.call(store, technique(), primary, () -> check(items, true));
        }

        /** Checks a page of shadows (distinct keys) against their primary items; left-over ones are wrong. */
        public ShadowVerification checkShadows(List<Item> shadows) {
            Objects.requireNonNull(shadows, "shadows must not be null");
            return TechniqueCalls.call(store, technique(), primary, () -> check(shadows, false));
        }

        private String technique() {
            return fix ? "shadowTable.repair" : "shadowTable.verify";
        }

        private ShadowVerification check(List<Item> page, boolean overPrimary) {
            if (page.isEmpty()) {
                return new ShadowVerification(0, 0);
            }
            String other = overPrimary ? shadow : primary;
            BatchGetResult found = store.getAll(other, page.stream().map(Item::key).toList());
            Map<Key, Optional<Item>> fixes = new LinkedHashMap<>();
            for (Item item : page) {
                Optional<Item> counterpart = found.get(new ItemRef(other, item.key()));
                Optional<Item> primaryItem = overPrimary ? Optional.of(item) : counterpart;
                Optional<Item> shadowItem = overPrimary ? counterpart : Optional.of(item);
                if (!primaryItem.flatMap(ShadowTable.this::shadowOf).equals(shadowItem)) {
                    fixes.put(item.key(), primaryItem);
                }
            }
            if (fix) {
                settle(fixes);
            }
            return new ShadowVerification(page.size(), fixes.size());
        }
    }

    /**
     * Writes the shadows made from the primary items as read, in one batch, then reads those items again and
     * repeats with what it read for those that changed, as a writer follows its own write: a writer that
     * changed an item meanwhile may have written its shadow before this batch overwrote it.
     */
    private void settle(Map<Key, Optional<Item>> madeFrom) {
        Map<Key, Optional<Item>> pending = madeFrom;
        for (int attempt = 1; attempt <= ATTEMPTS && !pending.isEmpty(); attempt++) {
            List<Write> writes = new ArrayList<>(pending.size());
            pending.forEach((key, item) -> writes.add(shadowWrite(key, item.flatMap(this::shadowOf))));
            store.writeBatch(writes);
            BatchGetResult now = store.getAll(primary, List.copyOf(pending.keySet()));
            Map<Key, Optional<Item>> changed = new LinkedHashMap<>();
            pending.forEach((key, item) -> {
                Optional<Item> current = now.get(new ItemRef(primary, key));
                if (!current.equals(item)) {
                    changed.put(key, current);
                }
            });
            pending = changed;
        }
        if (!pending.isEmpty()) {
            Key key = pending.keySet().iterator().next();
            throw new ConcurrentUpdateException(primary, key, ATTEMPTS, "Its shadow in '" + shadow + "' may be stale"
                    + " (and " + (pending.size() - 1) + " others of the page); run repair() again.", null);
        }
    }

    private ShadowVerification audit(boolean fix) {
        BatchAudit audit = batchAudit(fix);
        ShadowVerification total = new ShadowVerification(0, 0);
        for (String table : List.of(primary, shadow)) {
            Scan scan = Scan.of(table).limit(PAGE);
            Optional<dev.nosqlpatterns.store.model.Cursor> at = Optional.empty();
            do {
                Page page = store.scan(at.map(scan::after).orElse(scan));
                ShadowVerification v = audit.check(page.items(), table.equals(primary));
                total = new ShadowVerification(total.checked() + v.checked(), total.wrong() + v.wrong());
                at = page.next();
            } while (at.isPresent());
        }
        return total;
    }
}
