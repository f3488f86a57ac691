package dev.nosqlpatterns.search;

import dev.nosqlpatterns.store.TechniqueCalls;

import dev.nosqlpatterns.internal.OptimisticRetry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes documents: the direct row is the truth, posting lists and their counts are derived from it.
 *
 * <p>Where the store has {@link Capability#ATOMIC_WRITES}, one document's row, chunks and counts change in
 * one atomic write, every item guarded by the version it was read at. Otherwise, and for bulk loads, an
 * ordered protocol: (1) the row is written first, carrying in {@code drop} the terms it lost; (2) the id is
 * added to the chunks of its terms and removed from the dropped ones, each chunk by a conditional
 * read-modify-write; (3) counts are adjusted; (4) {@code drop} is cleared; (5) the row is read again and,
 * while another writer changed it meanwhile, the postings this writer touched are made to match it. Every
 * step is idempotent, so indexing the document again completes an interrupted attempt, and
 * {@link SearchRepair} finds and fixes what an abandoned one left.
 */
final class Indexer {
    private static final int SETTLE_ATTEMPTS = 50;
    private final Store store;
    private final Postings postings;
    private final DirectIndex direct;
    private final Dictionary dictionary;
    private final OptimisticRetry retry;
    private final Expiries expiries;

    Indexer(Store store, Postings postings, DirectIndex direct, Dictionary dictionary, OptimisticRetry retry,
            Expiries expiries) {
        this.expiries = expiries;
        this.store = store;
        this.postings = postings;
        this.direct = direct;
        this.dictionary = dictionary;
        this.retry = retry;
    }

    /** Indexes {@code doc}, its row holding {@code expiry} (epoch milliseconds) when given, else none. */
    void index(Document doc, OptionalLong expiry) {
        check(List.of(doc));
        int id = dictionary.ids(List.of(doc.id()), true).get(doc.id());
        expiries.mark(id, expiry);
        for (int attempt = 1; ; attempt++) {
            Change change = change(id, doc, direct.get(id), expiry);
            try {
                if (store.has(Capability.ATOMIC_WRITES) && writeAtomically(change)) {
                    expiries.unmark(id, Expiries.before(change.old()), expiry);
                    return;
                }
                if (change.rowChanges()) {
                    store.put(change.rowWrite(direct.table));
                }
                finish(List.of(change));
                expiries.unmark(id, Expiries.before(change.old()), expiry);
                return;
            } catch (ConditionFailedException lost) {
                retry.after(attempt, direct.table, SearchKeys.row(id), lost, TechniqueCalls::retried);
            }
        }
    }

    /** Bulk load: rows in batches, then one conditional write per touched chunk for all documents together. */
    void indexAll(List<Document> docs) {
        check(docs);
        Map<String, Integer> ids = dictionary.ids(docs.stream().map(Document::id).toList(), true);
        BatchGetResult old = store.getAll(direct.table, docs.stream().map(d -> SearchKeys.row(ids.get(d.id()))).toList());
        List<Change> changes = new ArrayList<>();
        List<Write> rows = new ArrayList<>();
        for (Document doc : docs) {
            int id = ids.get(doc.id());
            Change change = change(id, doc, old.get(new ItemRef(direct.table, SearchKeys.row(id))), OptionalLong.empty());
            changes.add(change);
            if (change.rowChanges()) {
                rows.add(Write.put(direct.table, change.row()));
            }
        }
        store.writeBatch(rows);
        finish(changes);
        changes.forEach(c -> expiries.unmark(c.id(), Expiries.before(c.old()), OptionalLong.empty()));
    }

    /**
     * Removes a document: marks its row gone, takes its id out of every posting, then deletes the row. The
     * dictionary entry stays, so the document keeps its id if it is indexed again, even concurrently.
     */
    boolean remove(String documentId) {
        Document.checkId(documentId);
        OptionalInt found = dictionary.lookup(documentId);
        if (found.isEmpty()) {
            return false;
        }
        int id = found.getAsInt();
        for (int attempt = 1; ; attempt++) {
            Optional<Item> old = direct.get(id);
            if (old.isEmpty()) {
                return false;
            }
            Set<String> partitions = allPartitions(old.get());
            partitions.add(SearchKeys.UNIVERSE);
            Edits edits = new Edits(postings.format, postings.chunkBits);
            partitions.forEach(p -> edits.remove(p, id));
            try {
                if (store.has(Capability.ATOMIC_WRITES)) {
                    List<Write> writes = new ArrayList<>();
                    writes.add(Write.delete(direct.table, old.get().key()).when(versionIs(old.get())));
                    List<Postings.Planned> planned = postings.plan(edits.build(), writes);
                    if (addPlanned(writes, planned)) {
                        store.writeAtomically(writes);
                        expiries.unmark(id, Expiries.before(old), OptionalLong.empty());
                        return true;
                    }
                }
                Item marked = old.get().toBuilder().put(DirectIndex.GONE, true)
                        .put(DirectIndex.VERSION, DirectIndex.version(old.get()) + 1).build();
                if (!DirectIndex.gone(old.get())) {
                    store.put(new Write.Put(direct.table, marked, versionIs(old.get())));
                }
                postings.addCounts(postings.apply(edits.build()));
                Item current = DirectIndex.gone(old.get()) ? old.get() : marked;
                store.delete(Write.delete(direct.table, current.key()).when(versionIs(current)));
                settle(Map.of(id, partitions), new HashMap<>(Map.of(id, Set.of())));
                expiries.unmark(id, Expiries.before(old), OptionalLong.empty());
                return true;
            } catch (ConditionFailedException lost) {
                retry.after(attempt, direct.table, SearchKeys.row(id), lost, TechniqueCalls::retried);
            }
        }
    }

    /** Steps 2 to 4 of the ordered protocol for several changed documents. */
    private void finish(List<Change> changes) {
        Edits edits = new Edits(postings.format, postings.chunkBits);
        for (Change c : changes) {
            c.adds().forEach(p -> edits.add(p, c.id()));
            c.removes().forEach(p -> edits.remove(p, c.id()));
        }
        postings.addCounts(postings.apply(edits.build()));
        Map<Integer, Set<String>> touched = new HashMap<>();
        Map<Integer, Set<String>> madeFor = new HashMap<>();
        for (Change c : changes) {
            Set<String> partitions = new HashSet<>(c.adds());
            partitions.addAll(c.removes());
            touched.put(c.id(), partitions);
            madeFor.put(c.id(), wanted(c.rowChanges() ? Optional.of(c.row()) : c.old()));
        }
        for (Change c : changes) {
            if (c.rowChanges() && !c.removes().isEmpty()) {
                try {
                    store.update(Write.update(direct.table, c.row().key(), UpdateAction.remove(DirectIndex.DROP))
                            .when(versionIs(c.row())));
                } catch (ConditionFailedException changedSince) {
                    // A later writer rewrote the row and carries the drop forward itself.
                }
            }
        }
        settle(touched, madeFor);
    }

    /**
     * The ordered protocol's last step: reads the rows of the documents this writer changed and, while a
     * row no longer wants in the postings this writer touched what this writer last made them hold (another
     * writer rewrote or removed it meanwhile), makes those postings hold what the row as read now wants.
     * A posting is a function of its row, so the last writer to find its row unchanged leaves them in step.
     */
    private void settle(Map<Integer, Set<String>> touched, Map<Integer, Set<String>> madeFor) {
        List<Integer> ids = new ArrayList<>(touched.keySet());
        for (int attempt = 1; ; attempt++) {
            BatchGetResult rows = store.getAll(direct.table, ids.stream().map(SearchKeys::row).toList());
            Edits edits = new Edits(postings.format, postings.chunkBits);
            boolean stable = true;
            for (int id : ids) {
                Set<String> now = wanted(rows.get(new ItemRef(direct.table, SearchKeys.row(id))));
                if (now.equals(madeFor.get(id))) {
                    continue;
                }
                stable = false;
                for (String p : touched.get(id)) {
                    if (now.contains(p)) {
                        edits.add(p, id);
                    } else {
                        edits.remove(p, id);
                    }
                }
                madeFor.put(id, now);
            }
            if (stable) {
                return;
            }
            if (attempt > SETTLE_ATTEMPTS) {
                throw new ConcurrentUpdateException(postings.table, SearchKeys.row(ids.get(0)), attempt,
                        "Postings of a document rewritten meanwhile may lag its row; the next write of it, or"
                                + " repair(), brings them in step.", null);
            }
            postings.addCounts(postings.apply(edits.build()));
        }
    }

    /** The partitions a row wants its id in: its terms and the universe; none when it is absent or gone. */
    private Set<String> wanted(Optional<Item> row) {
        if (row.isEmpty() || DirectIndex.gone(row.get())) {
            return Set.of();
        }
        Set<String> out = new HashSet<>();
        DirectIndex.fields(row.get(), DirectIndex.FIELDS).forEach((f, values) ->
                values.forEach(v -> out.add(SearchKeys.term(new Term(f, v)))));
        out.add(SearchKeys.UNIVERSE);
        return out;
    }

    /**
     * One atomic write of row, chunks and counts, with checks that the chunks it left alone are still as
     * read, or nothing when row and chunks are as wanted already; false when it would exceed the store's
     * atomic-write limits.
     */
    private boolean writeAtomically(Change change) {
        Edits edits = new Edits(postings.format, postings.chunkBits);
        change.adds().forEach(p -> edits.add(p, change.id()));
        change.removes().forEach(p -> edits.remove(p, change.id()));
        List<Write> guards = new ArrayList<>();
        List<Postings.Planned> planned = postings.plan(edits.build(), guards);
        if (!change.rowChanges() && planned.isEmpty()) {
            return true;
        }
        List<Write> writes = new ArrayList<>();
        Write.Put rowWrite = change.rowWrite(direct.table);
        if (change.rowChanges()) {
            Item row = withExpiry(DirectIndex.row(change.id(), change.doc(), DirectIndex.version(change.row()), Map.of(),
                    false), Expiries.of(change.row()));
            writes.add(new Write.Put(direct.table, row, rowWrite.condition()));
        } else {
            writes.add(Write.check(direct.table, rowWrite.key(), rowWrite.condition()));
        }
        writes.addAll(guards);
        if (!addPlanned(writes, planned)) {
            return false;
        }
        store.writeAtomically(writes);
        return true;
    }

    private boolean addPlanned(List<Write> writes, List<Postings.Planned> planned) {
        Map<String, Long> deltas = new LinkedHashMap<>();
        long bytes = 0;
        for (Postings.Planned p : planned) {
            writes.add(p.write(postings.table));
            deltas.merge(p.partition(), p.delta(), Long::sum);
            bytes += p.after().sizeInBytes();
        }
        writes.addAll(postings.countWrites(deltas));
        for (Write w : writes) {
            if (w instanceof Write.Put put) {
                bytes += put.item().sizeInBytes();
            }
        }
        Limits limits = store.limits();
        return writes.size() <= limits.maxAtomicWriteItems() && bytes <= limits.maxAtomicWriteBytes();
    }

    /** What indexing {@code doc} under {@code id} changes, given the row as read. */
    private Change change(int id, Document doc, Optional<Item> old, OptionalLong expiry) {
        Set<String> wanted = new HashSet<>();
        doc.terms().forEach(t -> wanted.add(SearchKeys.term(t)));
        Set<String> dropped = old.map(this::allPartitions).orElseGet(HashSet::new);
        dropped.removeAll(wanted);
        Set<String> adds = new HashSet<>(wanted);
        adds.add(SearchKeys.UNIVERSE);
        boolean same = old.isPresent() && !DirectIndex.gone(old.get()) && !old.get().has(DirectIndex.DROP)
                && DirectIndex.fields(old.get(), DirectIndex.FIELDS).equals(doc.fields())
                && Expiries.of(old.get()).equals(expiry);
        Map<String, Set<String>> drop = new TreeMap<>();
        for (String p : dropped) {
            SearchKeys.termOf(p).ifPresent(t -> drop.computeIfAbsent(t.field(), f -> new java.util.TreeSet<>()).add(t.value()));
        }
        long version = old.map(r -> DirectIndex.version(r) + 1)
                .orElseGet(() -> OptimisticRetry.firstVersion(System.currentTimeMillis()));
        Item row = withExpiry(DirectIndex.row(id, doc, version, drop, false), expiry);
        return new Change(id, doc, old, same ? null : row, adds, dropped);
    }

    private static Item withExpiry(Item row, OptionalLong expiry) {
        return expiry.isPresent() ? row.toBuilder().put(Expiries.ROW_ATTRIBUTE, expiry.getAsLong()).build() : row;
    }

    /** Every term partition a row names, in its fields and in its pending drop. */
    private Set<String> allPartitions(Item row) {
        Set<String> out = new HashSet<>();
        for (String attribute : List.of(DirectIndex.FIELDS, DirectIndex.DROP)) {
            DirectIndex.fields(row, attribute).forEach((f, values) ->
                    values.forEach(v -> out.add(SearchKeys.term(new Term(f, v)))));
        }
        return out;
    }

    private static Condition versionIs(Item row) {
        return Condition.attributeEquals(DirectIndex.VERSION, Value.of(DirectIndex.version(row)));
    }

    /** Refuses documents that repeat an id or whose keys or row would not fit the store, before any write. */
    private void check(List<Document> docs) {
        Limits limits = store.limits();
        List<String> problems = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Set<Term> terms = new HashSet<>();
        for (int position = 0; position < docs.size(); position++) {
            Document doc = docs.get(position);
            if (doc == null) {
                problems.add("document #" + position + " is null");
                continue;
            }
            if (!seen.add(doc.id())) {
                problems.add("document '" + doc.id() + "' appears twice");
            }
            int keyBytes = dev.nosqlpatterns.key.Utf8Order.utf8Length(SearchKeys.dictionary(doc.id()).partition());
            if (keyBytes > limits.maxPartitionKeyBytes()) {
                problems.add("document id '" + doc.id() + "' makes a key of " + keyBytes + " bytes, more than the store's "
                        + limits.maxPartitionKeyBytes());
            }
            for (Term t : doc.terms()) {
                if (!terms.add(t)) {
                    continue; // documents share most of their terms: each is checked once
                }
                int bytes = dev.nosqlpatterns.key.Utf8Order.utf8Length(SearchKeys.term(t));
                if (bytes > limits.maxPartitionKeyBytes()) {
                    problems.add("term " + t + " makes a key of " + bytes + " bytes, more than the store's "
                            + limits.maxPartitionKeyBytes());
                }
            }
            int rowBytes = DirectIndex.row(Integer.MAX_VALUE, doc, Long.MAX_VALUE, doc.fields(), true).sizeInBytes();
            if (rowBytes > limits.maxItemBytes()) {
                problems.add("document '" + doc.id() + "' needs a row of up to " + rowBytes
                        + " bytes, more than the store's item limit of " + limits.maxItemBytes());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("cannot index: " + String.join("; ", problems));
        }
    }

    /** One document's change: its new row (null when the row stays), partitions gaining and losing the id. */
    private record Change(int id, Document doc, Optional<Item> old, Item row, Set<String> adds, Set<String> removes) {
        boolean rowChanges() {
            return row != null;
        }

        /** The row write guarded by the version read (by absence for a new row); the old row when it stays. */
        Write.Put rowWrite(String table) {
            Condition unchanged = old.map(Indexer::versionIs).orElse(Condition.ifAbsent());
            return new Write.Put(table, row != null ? row : old.orElseThrow(), unchanged);
        }
    }
}
