package dev.nosqlpatterns.search;

import dev.nosqlpatterns.internal.OptimisticRetry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Posting lists in the store: reads of whole terms or of the chunks a candidate set touches, and changes
 * of chunks by optimistic read-modify-write on a version attribute, so that concurrent writers adding
 * ids to one chunk never lose each other's ids. A chunk item is never deleted (a deleted and recreated
 * chunk would restart its version and let a stale writer's condition pass).
 */
final class Postings {
    static final String VERSION = "v";
    static final String COUNT = "n";
    private static final int PAGE = 100;
    /** Beyond this many chunks a restricted read fetches the whole term with one paged query instead. */
    private static final int MAX_CHUNK_GETS = 100;
    private final Store store;
    final String table;
    final PostingFormat format;
    final int chunkBits;
    private final OptimisticRetry retry;

    Postings(Store store, String table, PostingFormat format, int chunkBits, OptimisticRetry retry) {
        this.store = store;
        this.table = table;
        this.format = format;
        this.chunkBits = chunkBits;
        this.retry = retry;
    }

    /** A change of one chunk: ids to add and ids to remove (disjoint, all inside the chunk). */
    record Edit(String partition, int chunk, IdSet adds, IdSet removes) {
        Key key() {
            return SearchKeys.chunk(partition, chunk);
        }
    }

    /** A chunk change computed against the chunk as read: the item to write, guarded by what was read. */
    record Planned(String partition, Optional<Item> before, Item after, long delta) {
        Write.Put write(String table) {
            Condition unchanged = before.map(b -> Condition.attributeEquals(VERSION, b.get(VERSION)
                    .orElseThrow(() -> new IllegalStateException("posting chunk " + b.key() + " has no version"))))
                    .orElse(Condition.ifAbsent());
            return new Write.Put(table, after, unchanged);
        }
    }

    /** The summary counts of partitions, in one batch read; absent summaries count zero. */
    Map<String, Long> counts(Collection<String> partitions) {
        List<Key> keys = partitions.stream().distinct().map(SearchKeys::summary).toList();
        BatchGetResult found = store.getAll(table, keys);
        Map<String, Long> out = new HashMap<>();
        for (Key k : keys) {
            out.put(k.partition(), found.get(new ItemRef(table, k)).flatMap(i -> i.getLong(COUNT)).orElse(0L));
        }
        return out;
    }

    /**
     * What one round of reads sent together learned: the summary count of every partition asked for, and
     * the whole id set of every partition read to its end.
     */
    record Wave(Map<String, Long> counts, Map<String, IdSet> whole, dev.nosqlpatterns.store.model.Page extra) {
    }

    /**
     * Reads the partitions of {@code terms} and the universe's summary (the universe whole when
     * {@code universeWhole}) with one query each, all sent at once. A term partition holds its chunks,
     * then its summary, so a term of up to {@value #PAGE} chunks comes back whole in that one query; the
     * counts of longer terms are read afterwards in one batch, and their ids by the restricted reads.
     */
    Wave readAtOnce(Collection<String> terms, boolean universeWhole) {
        return readAtOnce(terms, universeWhole, null);
    }

    /** {@link #readAtOnce(Collection, boolean)} with {@code extra} (when not null) sent in the same round. */
    Wave readAtOnce(Collection<String> terms, boolean universeWhole, Query extra) {
        List<String> partitions = new ArrayList<>(new java.util.LinkedHashSet<>(terms));
        partitions.remove(SearchKeys.UNIVERSE);
        List<Query> queries = new ArrayList<>(partitions.size() + 1);
        for (String p : partitions) {
            queries.add(Query.in(table, p).limit(PAGE + 1));
        }
        queries.add(universeWhole ? Query.in(table, SearchKeys.UNIVERSE).limit(PAGE + 1)
                : Query.in(table, SearchKeys.UNIVERSE).where(SortKeyCondition.equalTo(SearchKeys.SUMMARY)).limit(1));
        partitions.add(SearchKeys.UNIVERSE);
        if (extra != null) {
            queries.add(extra);
        }
        List<dev.nosqlpatterns.store.model.Page> pages = store.queryEach(queries);
        Map<String, Long> counts = new HashMap<>();
        Map<String, IdSet> whole = new HashMap<>();
        List<String> unfinished = new ArrayList<>();
        for (int i = 0; i < partitions.size(); i++) {
            String partition = partitions.get(i);
            dev.nosqlpatterns.store.model.Page page = pages.get(i);
            IdSet ids = IdSets.empty(format);
            Long count = null;
            for (Item item : page.items()) {
                if (item.key().sort().equals(SearchKeys.SUMMARY)) {
                    count = item.getLong(COUNT).orElse(0L);
                } else {
                    ids = ids.or(IdSets.decode(format, Optional.of(item)));
                }
            }
            boolean complete = count != null || !page.hasNext();
            boolean readWhole = !partition.equals(SearchKeys.UNIVERSE) || universeWhole;
            if (complete) {
                counts.put(partition, count == null ? 0L : count);
                if (readWhole) {
                    whole.put(partition, ids);
                }
            } else {
                unfinished.add(partition);
            }
        }
        if (!unfinished.isEmpty()) {
            counts.putAll(counts(unfinished));
        }
        return new Wave(counts, whole, extra == null ? null : pages.get(pages.size() - 1));
    }

    /** Every id of a partition, with one paged query of its chunks. */
    IdSet loadAll(String partition) {
        Query chunks = Query.in(table, partition).where(SortKeyCondition.beginsWith(SearchKeys.CHUNKS)).limit(PAGE);
        IdSet out = IdSets.empty(format);
        for (Item item : (Iterable<Item>) store.queryAll(chunks)::iterator) {
            out = out.or(IdSets.decode(format, Optional.of(item)));
        }
        return out;
    }

    /** The ids of a partition that are in {@code restrict}, reading only the chunks {@code restrict} touches. */
    IdSet load(String partition, IdSet restrict) {
        if (restrict.isEmpty()) {
            return restrict;
        }
        int[] chunks = restrict.chunks(chunkBits);
        if (chunks.length > MAX_CHUNK_GETS) {
            return loadAll(partition).and(restrict);
        }
        List<Key> keys = new ArrayList<>(chunks.length);
        for (int c : chunks) {
            keys.add(SearchKeys.chunk(partition, c));
        }
        IdSet out = IdSets.empty(format);
        for (Item item : store.getAll(table, keys).items()) {
            out = out.or(IdSets.decode(format, Optional.of(item)));
        }
        return out.and(restrict);
    }

    /**
     * Reads the chunks of {@code edits} in one batch and computes each change; chunks that need none are
     * left out, and for those that exist a check that their version is still the one read is added to
     * {@code guards}: an atomic write that decided from them must fail if another writer changed them.
     */
    List<Planned> plan(List<Edit> edits, List<Write> guards) {
        BatchGetResult current = store.getAll(table, edits.stream().map(Edit::key).toList());
        List<Planned> out = new ArrayList<>();
        for (Edit e : edits) {
            Optional<Item> read = current.get(new ItemRef(table, e.key()));
            Optional<Planned> planned = plan(e, read);
            planned.ifPresent(out::add);
            if (planned.isEmpty() && read.isPresent()) {
                read.get().get(VERSION).ifPresent(v -> guards.add(Write.check(table, e.key(),
                        Condition.attributeEquals(VERSION, v))));
            }
        }
        return out;
    }

    Optional<Planned> plan(Edit edit, Optional<Item> current) {
        IdSet before = IdSets.decode(format, current);
        IdSet after = before.or(edit.adds()).andNot(edit.removes());
        if (after.cardinality() == before.cardinality() && after.equals(before)) {
            return Optional.empty();
        }
        long version = current.flatMap(i -> i.getLong(VERSION)).orElse(0L);
        Item.Builder item = Item.builder(edit.key()).put(VERSION, version + 1).put(COUNT, after.cardinality());
        IdSets.encode(format, after).ifPresent(v -> item.put(IdSets.attribute(format), v));
        return Optional.of(new Planned(edit.partition(), current, item.build(),
                (long) after.cardinality() - before.cardinality()));
    }

    /**
     * Applies edits chunk by chunk with conditional writes, reading again and retrying a chunk that
     * changed meanwhile; returns the change of size per partition. Idempotent: ids already there (or
     * already gone) write nothing.
     */
    Map<String, Long> apply(List<Edit> edits) {
        Map<String, Long> deltas = new LinkedHashMap<>();
        if (edits.isEmpty()) {
            return deltas;
        }
        Map<Key, Edit> byKey = new HashMap<>();
        edits.forEach(e -> byKey.put(e.key(), e));
        for (Planned p : plan(edits, new ArrayList<>())) {
            Planned attempt = p;
            for (int n = 1; attempt != null; n++) {
                try {
                    store.put(attempt.write(table));
                    deltas.merge(attempt.partition(), attempt.delta(), Long::sum);
                    attempt = null;
                } catch (ConditionFailedException lost) {
                    retry.after(n, table, attempt.after().key(), lost, dev.nosqlpatterns.store.TechniqueCalls::retried);
                    Edit edit = byKey.get(attempt.after().key());
                    attempt = plan(edit, store.get(table, edit.key())).orElse(null);
                }
            }
        }
        return deltas;
    }

    /** Adds size changes to the summaries, one atomic add per partition. */
    void addCounts(Map<String, Long> deltas) {
        countWrites(deltas).forEach(store::update);
    }

    List<Write.Update> countWrites(Map<String, Long> deltas) {
        List<Write.Update> out = new ArrayList<>();
        deltas.forEach((partition, delta) -> {
            if (delta != 0) {
                out.add(Write.update(table, SearchKeys.summary(partition), UpdateAction.add(COUNT, delta)));
            }
        });
        return out;
    }

    /** Sets a summary to an exact count (repair). */
    void setCount(String partition, long count) {
        store.update(table, SearchKeys.summary(partition), UpdateAction.set(COUNT, Value.of(count)));
    }
}
