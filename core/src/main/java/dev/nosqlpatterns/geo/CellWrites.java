package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Puts, moves and removes the point of an id in a cell index.
 *
 * <p>Every write gets a random token, stored on the point record and on the entry it vouches for; the
 * point record is updated only if its token is still the one read (optimistic concurrency), and old
 * entries are deleted only if they still carry their old token. With {@link Capability#ATOMIC_WRITES}
 * the new entry, the point record and the deletes of old entries are one atomic write. Without it the
 * steps run in an order that leaves, after a crash at any step, either the old or the new state as the
 * point record tells it, plus leftovers that {@link CellAudit} repairs:
 * <ol>
 *   <li>put the new entry (an orphan until the point record names it);</li>
 *   <li>put the point record with the new cell and token, listing the old entries as stale;</li>
 *   <li>delete each stale entry, if it still has its old token;</li>
 *   <li>drop the stale list, if the token is still ours.</li>
 * </ol>
 * A remove deletes the point record first and then the entries, so a crash leaves only orphans.
 *
 * <p>Concurrent writers of one id: the record write is the commit point, so of racing writers exactly
 * one commits per token it read, and in the ordered steps an entry is only deleted while it carries the token of a write
 * the record has left. A writer that loses the race wrote its entry before knowing; {@link #heal} takes
 * back exactly what that entry did (deletes it, or restores the winner's entry it replaced) without
 * undoing a later write, so when all writers have returned, retried or given up, the entries are
 * exactly those the point records name.
 */
final class CellWrites {
    private static final int BATCH = 500;
    private final Store store;
    private final String table;
    private final CellKeys keys;
    private final int maxAttempts;

    CellWrites(Store store, String table, CellKeys keys, int maxAttempts) {
        this.store = store;
        this.table = table;
        this.keys = keys;
        this.maxAttempts = maxAttempts;
    }

    private boolean atomic() {
        return store.has(Capability.ATOMIC_WRITES);
    }

    void put(String scope, String id, LatLon point, OptionalLong expiry) {
        String cell = GeoHash.toBase32(point.latitude(), point.longitude(), GeoHash.MAX_CHARS);
        Key pointKey = keys.pointKey(scope, id);
        ConditionFailedException conflict = null;
        for (int attempt = 0; attempt < maxAttempts; attempt++) {
            Optional<CellKeys.Point> old = store.get(table, pointKey).flatMap(keys::pointOf);
            long token = newToken();
            Set<String> stale = new LinkedHashSet<>();
            old.ifPresent(p -> {
                stale.addAll(p.stale());
                stale.add(CellKeys.staleMember(p.cell(), p.token()));
            });
            stale.removeIf(member -> CellKeys.staleCell(member).equals(cell));
            Condition unchanged = old.map(p -> Condition.attributeEquals(CellKeys.TOKEN, Value.of(p.token())))
                    .orElse(Condition.ifAbsent());
            Item entry = keys.entry(scope, cell, id, point, token, expiry);
            try {
                if (atomic()) {
                    putAtomically(scope, id, cell, point, token, stale, entry, unchanged, expiry);
                } else {
                    putInSteps(scope, id, cell, point, token, stale, entry, unchanged, expiry);
                }
                return;
            } catch (ConditionFailedException e) {
                conflict = e;
                if (!atomic()) {
                    heal(scope, id, cell, token);
                }
            }
        }
        throw conflict;
    }

    private void putAtomically(String scope, String id, String cell, LatLon point, long token, Set<String> stale,
                               Item entry, Condition unchanged, OptionalLong expiry) {
        List<Write> writes = new ArrayList<>();
        writes.add(Write.put(table, entry));
        int room = store.limits().maxAtomicWriteItems() - 2;
        Set<String> now = new LinkedHashSet<>();
        Set<String> later = new LinkedHashSet<>();
        for (String member : stale) {
            String staleCell = CellKeys.staleCell(member);
            if (now.contains(staleCell) || now.size() < room) {
                now.add(staleCell);
            } else {
                later.add(member);
            }
        }
        writes.add(new Write.Put(table, keys.point(scope, id, cell, point, token, later, expiry), unchanged));
        for (String staleCell : now) {
            writes.add(Write.delete(table, keys.entryKey(scope, staleCell, id)));
        }
        store.writeAtomically(writes);
        if (!later.isEmpty()) {
            finish(scope, id, token, later);
        }
    }

    private void putInSteps(String scope, String id, String cell, LatLon point, long token, Set<String> stale,
                            Item entry, Condition unchanged, OptionalLong expiry) {
        store.put(table, entry);
        store.put(table, keys.point(scope, id, cell, point, token, stale, expiry), unchanged);
        if (store.get(table, entry.key()).isEmpty()) {
            // Between the entry and the record, the entry may have been removed by a repair that read the record
            // before it named this cell, or (for a creation, which cannot prove as an update's record write does
            // that no other write of the id came between its read and its write) by writers of an earlier life
            // that had rewritten it. It is put back from the record (see removeEntry).
            restoreEntry(scope, id, cell);
        }
        if (!stale.isEmpty()) {
            finish(scope, id, token, stale);
        }
    }

    /**
     * Puts back the entry of {@code cell} from the point record, if the record names that cell and the entry is
     * gone; if the record moved on meanwhile, an entry so put back is removed again. Every writer that removes an
     * entry looks at the record afterwards, and a creator looks at its entry after writing its record, so of a
     * creator and a writer removing the entry of an earlier life that had replaced the creator's, at least one
     * sees the other and the entry the record names is there when both have returned.
     */
    private void restoreEntry(String scope, String id, String cell) {
        Key pointKey = keys.pointKey(scope, id);
        Optional<CellKeys.Point> now = store.get(table, pointKey).flatMap(keys::pointOf);
        if (now.isEmpty() || !now.get().cell().equals(cell)) {
            return;
        }
        try {
            store.put(table, keys.entry(now.get()), Condition.ifAbsent());
        } catch (ConditionFailedException present) {
            return; // another writer's entry stands there: its own write commits or removes it
        }
        if (!recordCarries(pointKey, now.get().token())) {
            removeEntry(scope, cell, id, now.get().token());
        }
    }

    private boolean recordCarries(Key pointKey, long token) {
        return store.get(table, pointKey).flatMap(keys::pointOf).map(p -> p.token() == token).orElse(false);
    }

    /**
     * Loads many points with batch writes: all new entries first, then all point records, so a crash
     * leaves only orphan entries. Ids that already have a point record are moved by {@link #put}. Not
     * guarded against concurrent writes of the same ids, which may leave leftovers for repair.
     */
    void putAll(String scope, Map<String, LatLon> points) {
        List<Key> pointKeys = points.keySet().stream().map(id -> keys.pointKey(scope, id)).toList();
        Map<String, LatLon> existing = new LinkedHashMap<>();
        List<Write> entries = new ArrayList<>();
        List<Write> records = new ArrayList<>();
        for (int from = 0; from < pointKeys.size(); from += BATCH) {
            BatchGetResult found = store.getAll(table, pointKeys.subList(from, Math.min(pointKeys.size(), from + BATCH)));
            for (ItemRef ref : found.asMap().keySet()) {
                keys.pointOf(found.get(ref).orElseThrow()).ifPresent(p -> existing.put(p.id(), points.get(p.id())));
            }
        }
        points.forEach((id, point) -> {
            if (existing.containsKey(id)) {
                return;
            }
            String cell = GeoHash.toBase32(point.latitude(), point.longitude(), GeoHash.MAX_CHARS);
            long token = newToken();
            entries.add(Write.put(table, keys.entry(scope, cell, id, point, token, OptionalLong.empty())));
            records.add(Write.put(table, keys.point(scope, id, cell, point, token, Set.of(), OptionalLong.empty())));
        });
        store.validate(entries);
        store.validate(records);
        for (List<Write> writes : List.of(entries, records)) {
            for (int from = 0; from < writes.size(); from += BATCH) {
                store.writeBatch(writes.subList(from, Math.min(writes.size(), from + BATCH)));
            }
        }
        restoreRemoved(scope, entries);
        existing.forEach((id, point) -> put(scope, id, point, OptionalLong.empty()));
    }

    /**
     * After the records of a load: the entries a repair removed meanwhile (it read a record before the load wrote
     * it) are put back from their records, read in one batch per {@value #BATCH}.
     */
    private void restoreRemoved(String scope, List<Write> entries) {
        for (int from = 0; from < entries.size(); from += BATCH) {
            List<Write> some = entries.subList(from, Math.min(entries.size(), from + BATCH));
            BatchGetResult found = store.getAll(table, some.stream().map(Write::key).toList());
            for (Write w : some) {
                if (found.get(new ItemRef(table, w.key())).isEmpty()) {
                    CellKeys.Entry e = keys.entryOf(((Write.Put) w).item()).orElseThrow();
                    restoreEntry(scope, e.id(), e.cell());
                }
            }
        }
    }

    /** Deletes the stale entries, then drops the stale list unless another write came since. */
    void finish(String scope, String id, long token, Set<String> stale) {
        for (String member : stale) {
            removeEntry(scope, CellKeys.staleCell(member), id, CellKeys.staleToken(member));
        }
        try {
            store.update(Write.update(table, keys.pointKey(scope, id), UpdateAction.remove(CellKeys.STALE))
                    .when(Condition.attributeEquals(CellKeys.TOKEN, Value.of(token))));
        } catch (ConditionFailedException e) {
            // A newer write owns the point record and its stale list now.
        }
    }

    /**
     * After losing a race for the point record: the entry this attempt wrote may have replaced the
     * winner's entry at the same cell, so put the winner's back, or else delete this attempt's orphan.
     *
     * <p>The winner's entry goes back only over this attempt's own (conditional on its token), so a newer
     * write of the cell is never undone. Then the point record is read again: if it no longer carries the
     * winner's token, the winner has been moved or removed since it was read, and the writer that did so
     * may have tried to delete the winner's entry while this attempt's stood in its place; the entry put
     * back is then stale, and is deleted if it still carries the winner's token. Tokens never repeat, so
     * an entry with a token the record has left is never needed again. A writer whose delete comes after
     * the entry was put back finds it itself, as its record write came after the re-read saw the old token.
     */
    private void heal(String scope, String id, String cell, long token) {
        Key pointKey = keys.pointKey(scope, id);
        Optional<CellKeys.Point> now = store.get(table, pointKey).flatMap(keys::pointOf);
        Key entryKey = keys.entryKey(scope, cell, id);
        if (now.isEmpty() || !now.get().cell().equals(cell)) {
            removeEntry(scope, cell, id, token);
            return;
        }
        try {
            store.put(table, keys.entry(now.get()), Condition.attributeEquals(CellKeys.TOKEN, Value.of(token)));
        } catch (ConditionFailedException e) {
            return; // Not ours any more: a later write of this cell owns the entry.
        }
        long winner = now.get().token();
        boolean moved = store.get(table, pointKey).flatMap(keys::pointOf).map(p -> p.token() != winner).orElse(true);
        if (moved) {
            removeEntry(scope, cell, id, winner);
        }
    }

    void remove(String scope, String id) {
        Key pointKey = keys.pointKey(scope, id);
        ConditionFailedException conflict = null;
        for (int attempt = 0; attempt < maxAttempts; attempt++) {
            Optional<CellKeys.Point> old = store.get(table, pointKey).flatMap(keys::pointOf);
            if (old.isEmpty()) {
                return;
            }
            CellKeys.Point p = old.get();
            Set<String> entries = new LinkedHashSet<>(p.stale());
            entries.add(CellKeys.staleMember(p.cell(), p.token()));
            Condition unchanged = Condition.attributeEquals(CellKeys.TOKEN, Value.of(p.token()));
            try {
                if (atomic() && entries.size() + 1 <= store.limits().maxAtomicWriteItems()) {
                    List<Write> writes = new ArrayList<>();
                    writes.add(new Write.Delete(table, pointKey, unchanged));
                    Set<String> cells = new LinkedHashSet<>();
                    entries.forEach(member -> cells.add(CellKeys.staleCell(member)));
                    cells.forEach(cell -> writes.add(Write.delete(table, keys.entryKey(scope, cell, id))));
                    store.writeAtomically(writes);
                } else {
                    store.delete(new Write.Delete(table, pointKey, unchanged));
                    for (String member : entries) {
                        removeEntry(scope, CellKeys.staleCell(member), id, CellKeys.staleToken(member));
                    }
                }
                return;
            } catch (ConditionFailedException e) {
                conflict = e;
            }
        }
        throw conflict;
    }

    /** Deletes an entry only while it carries {@code token}; false when it was changed or gone. */
    boolean deleteIfToken(Key entryKey, long token) {
        try {
            store.delete(new Write.Delete(table, entryKey, Condition.attributeEquals(CellKeys.TOKEN, Value.of(token))));
            return true;
        } catch (ConditionFailedException e) {
            return false; // Already deleted, or rewritten by a newer write: nothing of ours to remove.
        }
    }

    /**
     * Deletes the entry of {@code id} in {@code cell} while it carries {@code token}, then, without atomic writes,
     * looks at the record: a record created since may name this cell, and the entry just deleted may have been
     * written over that record's own (see {@link #restoreEntry}).
     */
    void removeEntry(String scope, String cell, String id, long token) {
        if (deleteIfToken(keys.entryKey(scope, cell, id), token) && !atomic()) {
            restoreEntry(scope, id, cell);
        }
    }

    /**
     * A repair's removal of an entry no record read named: deletes it while it carries {@code token}, then looks at
     * the record again and puts the entry back if the record names its cell now. The entry may be a write's in
     * flight whose record came after the repair read it (a load writes entries and records apart, on every store);
     * the writer looks at its entries after its records, so one of the two puts it back.
     */
    void removeOrphan(String scope, String cell, String id, long token) {
        if (deleteIfToken(keys.entryKey(scope, cell, id), token)) {
            restoreEntry(scope, id, cell);
        }
    }

    private static long newToken() {
        return ThreadLocalRandom.current().nextLong();
    }
}
