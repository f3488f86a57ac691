package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Verify and repair of a cell index, one scanned page at a time with bounded memory. Each entry is
 * checked against its point record and each point record against its entry, with one batched read per
 * page for each. Repair puts the point record's entry where it is missing or outdated, deletes entries
 * no point record vouches for (only if unchanged since read, and put back if the record names the entry's cell
 * when read again: the entry was a write's in flight), and finishes interrupted moves. Every fix
 * is idempotent, so a repair can be interrupted and run again. Expired entries and point records, which the
 * scan no longer sees, are counted (and removed) by the store's {@link dev.nosqlpatterns.store.StoreMaintenance#countExpired} of the table.
 */
final class CellAudit {
    private static final int PAGE = 200;

    private final Store store;
    private final String table;
    private final CellKeys keys;
    private final CellWrites writes;

    CellAudit(Store store, String table, CellKeys keys, CellWrites writes) {
        this.store = store;
        this.table = table;
        this.keys = keys;
        this.writes = writes;
    }

    GeoVerification run(boolean fix) {
        GeoVerification total = GeoVerification.empty(fix);
        Scan scan = Scan.of(table).limit(PAGE);
        Optional<Cursor> at = Optional.empty();
        do {
            Page page = store.scan(at.map(scan::after).orElse(scan));
            total = total.plus(check(page.items(), fix));
            at = page.next();
        } while (at.isPresent());
        return total.plusExpired(fix ? store.maintenance().removeExpired(table) : store.maintenance().countExpired(table));
    }

    private GeoVerification check(List<Item> items, boolean fix) {
        List<CellKeys.Entry> entries = new ArrayList<>();
        List<CellKeys.Point> points = new ArrayList<>();
        for (Item item : items) {
            keys.entryOf(item).ifPresent(entries::add);
            keys.pointOf(item).ifPresent(points::add);
        }
        long stale = checkEntries(entries, fix);
        long missing = 0;
        long unfinished = 0;
        BatchGetResult current = read(points.stream().map(p -> keys.entryKey(p.scope(), p.cell(), p.id())).toList());
        for (CellKeys.Point p : points) {
            if (current.get(new ItemRef(table, keys.entryKey(p.scope(), p.cell(), p.id()))).isEmpty()) {
                missing++;
                if (fix) {
                    store.put(table, keys.entry(p));
                }
            }
            if (!p.stale().isEmpty()) {
                unfinished++;
                if (fix) {
                    writes.finish(p.scope(), p.id(), p.token(), p.stale());
                }
            }
        }
        return new GeoVerification(entries.size(), points.size(), stale, missing, unfinished, 0, fix);
    }

    /** Entries whose point record is gone, elsewhere, or newer; returns how many. */
    private long checkEntries(List<CellKeys.Entry> entries, boolean fix) {
        BatchGetResult owners = read(entries.stream().map(e -> keys.pointKey(e.scope(), e.id())).toList());
        long stale = 0;
        for (CellKeys.Entry e : entries) {
            Optional<CellKeys.Point> owner = owners.get(new ItemRef(table, keys.pointKey(e.scope(), e.id())))
                    .flatMap(keys::pointOf);
            boolean here = owner.isPresent() && owner.get().cell().equals(e.cell());
            if (here && owner.get().token() == e.token() && owner.get().point().equals(e.point())
                    && owner.get().expiry().equals(e.expiry())) {
                continue;
            }
            stale++;
            if (!fix) {
                continue;
            }
            if (here) {
                store.put(table, keys.entry(owner.get()));
            } else {
                writes.removeOrphan(e.scope(), e.cell(), e.id(), e.token());
            }
        }
        return stale;
    }

    private BatchGetResult read(List<Key> keysToRead) {
        return store.getAll(table, keysToRead);
    }
}
