package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.PrefixScans;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.store.spi.Updates;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.util.BytesRef;

/**
 * The storage SPI on one Lucene index: one document per item (plus one child document per nested
 * element), written with {@code updateDocuments} and removed with {@code deleteDocuments}.
 *
 * <p>Every write holds the locks of its keys while it reads the current items, checks conditions and
 * applies the change in one IndexWriter call (atomic for readers and for commits), so conditions hold
 * within this JVM. Reads see every completed write: reads by key, partition queries and linked reads
 * ({@link LuceneLinkedReads}) combine the searcher with the pending writes ({@link PendingWrites}), other
 * reads refresh first when needed. Another process cannot open the index for writing at the same time
 * (Lucene's write lock), hence no {@link Capability#SHARED_ACROSS_PROCESSES}.
 */
final class LuceneBackend implements StoreBackend {
    private final SharedIndex index;
    private final Limits limits;
    private final CommitPolicy commits;
    private final Set<String> pathAttributes;
    private final ScheduledExecutorService committer;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Capabilities capabilities;
    private final dev.nosqlpatterns.internal.ExpirySweep sweep =
            new dev.nosqlpatterns.internal.ExpirySweep(this::removeExpired);

    LuceneBackend(SharedIndex index, Limits limits, CommitPolicy commits, Set<String> pathAttributes) {
        this.index = index;
        this.limits = limits;
        this.commits = commits;
        this.pathAttributes = Set.copyOf(pathAttributes);
        if (commits.mode() == CommitPolicy.Mode.PERIODIC) {
            committer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "lucene-committer");
                t.setDaemon(true);
                return t;
            });
            long ms = Math.max(1, commits.interval().toMillis());
            committer.scheduleWithFixedDelay(this::commitQuietly, ms, ms, TimeUnit.MILLISECONDS);
        } else {
            committer = null;
        }
        Reader reader = this::read;
        Writer writer = new Writer() {
            @Override
            public void write(String field, List<BytesRef> replaced, List<Iterable<IndexableField>> docs) {
                Failures.run(null, null, () -> {
                    index.written(writeDocuments(field, replaced, docs));
                    return null;
                });
            }

            @Override
            public void deleteAll(String field, String value) {
                Failures.run(null, null, () -> {
                    index.written(deleteAndCommit(new Term(field, value)));
                    return null;
                });
            }
        };
        TextIndex text = new TextIndex(reader, writer);
        PathSearch paths = new PathSearch(this.pathAttributes, reader);
        capabilities = Capabilities.builder().with(Capability.ATOMIC_WRITES, Capability.ATOMIC_WRITES_SINGLE_PARTITION,
                        Capability.CONSISTENT_NATIVE_INDEX_READS)
                .textSearch(text)
                .nestedDocuments(new NestedSearch(index, reader))
                .nativeGeo(new LuceneGeo(reader, writer))
                .nativeIndexes(new SecondaryIndexes(index, reader))
                .linkedReads(new LuceneLinkedReads(index, limits))
                .footprints(new LuceneFootprint(index))
                .prefixScans(this::scan)
                .extension(ProximitySearch.class, calls -> (in, field, words, maxGap, inOrder, limit) ->
                        calls.call("ProximitySearch.searchNear", in, meter -> {
                            meter.roundTrip();
                            return text.searchNear(in, field, words, maxGap, inOrder, limit);
                        }))
                .extension(MaterializedPaths.class, calls -> (table, attribute, path, limit) ->
                        calls.call("MaterializedPaths.subtree", table, meter -> {
                            meter.roundTrip();
                            return paths.subtree(table, attribute, path, limit);
                        }))
                .extension(LuceneCommits.class, calls -> () -> calls.call("LuceneCommits.commit", "", meter -> {
                    meter.roundTrip();
                    commit();
                    return null;
                }))
                .build();
    }

    @Override
    public String kind() {
        return "lucene";
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public Limits limits() {
        return limits;
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        meter.roundTrip();
        index.tables.merge(spec.name(), spec, LuceneBackend::union);
    }

    /**
     * Two declarations of one table by stores sharing this index: the later one wins for what both declare,
     * and indexes only the earlier one declares are kept, so that no writer stops maintaining them.
     */
    private static TableSpec union(TableSpec earlier, TableSpec later) {
        TableSpec.Builder b = TableSpec.builder(later.name());
        earlier.declaredAttributes().forEach(b::attribute);
        later.declaredAttributes().forEach(b::attribute);
        Set<String> names = new java.util.HashSet<>();
        later.indexes().forEach(i -> {
            names.add(i.name());
            b.index(i);
        });
        earlier.indexes().stream().filter(i -> !names.contains(i.name())).forEach(b::index);
        try {
            return b.build();
        } catch (IllegalArgumentException conflict) {
            return later;
        }
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        meter.roundTrip();
        Failures.run(table, null, () -> {
            long sequence = deleteAndCommit(new Term(Docs.TABLE, table));
            index.dropped(sequence, Keys.prefix(table));
            return null;
        });
        index.tables.remove(table);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        meter.roundTrip();
        BytesRef term = Keys.item(table, key);
        return Failures.run(table, key, () -> {
            // the pending write first, then the searcher, as current() reads them
            PendingWrites.Entry pending = index.pending.one(term);
            return searchNow(s -> ItemReads.one(s, term, key, pending));
        });
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        meter.roundTrip();
        Map<BytesRef, ItemRef> byTerm = new LinkedHashMap<>();
        refs.forEach(r -> byTerm.put(Keys.item(r.table(), r.key()), r));
        Map<BytesRef, Optional<Item>> found = Failures.run(refs.get(0).table(), null, () -> current(byTerm.keySet()));
        Map<ItemRef, Item> out = new LinkedHashMap<>();
        byTerm.forEach((term, ref) -> found.get(term).ifPresent(item -> out.put(ref, item)));
        return out;
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        meter.roundTrip();
        apply(List.of(put));
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        meter.roundTrip();
        apply(List.of(delete));
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        meter.roundTrip();
        return apply(List.of(update)).get(0);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return queryEach(List.of(query), meter).get(0);
    }

    /** Every query on one searcher, in one pass: one request's worth of waiting, whatever their number. */
    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        meter.roundTrip();
        String table = queries.stream().map(KeyQuery::table).distinct().count() == 1 ? queries.get(0).table() : "*";
        return Failures.run(table, null, () -> {
            List<ItemReads.Range> ranges = new ArrayList<>(queries.size());
            List<NavigableMap<BytesRef, PendingWrites.Entry>> pending = new ArrayList<>(queries.size());
            for (KeyQuery q : queries) {
                ItemReads.Range range = ItemReads.range(q);
                ranges.add(range);
                pending.add(range == null ? null : index.pending.snapshot(range));
            }
            return searchNow(s -> {
                List<QueryResult> out = new ArrayList<>(queries.size());
                for (int i = 0; i < queries.size(); i++) {
                    out.add(ranges.get(i) == null ? new QueryResult(List.of(), false)
                            : ItemReads.query(s, queries.get(i), ranges.get(i), pending.get(i)));
                }
                return out;
            });
        });
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        meter.roundTrip();
        return read(scan.table(), null, s -> ItemReads.scan(s, scan));
    }

    /** A page of the partitions that begin with {@code prefix}: a range of the key terms. */
    private ScanResult scan(ScanRequest scan, String prefix, CostMeter meter) {
        PrefixScans.end(prefix); // refuses a prefix the port does not take
        meter.roundTrip();
        return read(scan.table(), null, s -> ItemReads.scan(s, scan, prefix));
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        meter.roundTrip();
        apply(writes);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        meter.roundTrip();
        apply(writes);
    }

    /** Makes every write that has returned so far durable. */
    void commit() {
        Failures.run(null, null, () -> index.io(index.writer::commit));
    }

    private void commitQuietly() {
        try {
            if (index.writer.isOpen() && index.writer.hasUncommittedChanges()) {
                index.io(index.writer::commit);
            }
        } catch (IOException | RuntimeException e) {
            // The next tick retries; a broken writer makes every later write fail loudly.
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        sweep.stop();
        if (committer != null) {
            committer.shutdownNow();
        }
        Failures.run(null, null, () -> {
            try {
                if (commits.mode() != CommitPolicy.Mode.EXPLICIT && index.writer.isOpen()) {
                    index.io(index.writer::commit);
                }
            } finally {
                index.release();
            }
            return null;
        });
    }

    /**
     * Checks every condition against the current items, then applies all writes in one IndexWriter call,
     * holding the locks of all their keys. Returns the item after each write (null for deletes, checks).
     */
    private List<Item> apply(List<Write> writes) {
        Write first = writes.get(0);
        for (Write w : writes) {
            if (w instanceof Write.Put p && p.item().has(dev.nosqlpatterns.item.Expiry.ATTRIBUTE)) {
                sweep.start();
            }
        }
        List<BytesRef> terms = new ArrayList<>(writes.size());
        writes.forEach(w -> terms.add(Keys.item(w.table(), w.key())));
        List<Item> after = new ArrayList<>(writes.size());
        index.locked(terms, () -> {
            Failures.run(first.table(), writes.size() == 1 ? first.key() : null, () -> {
                Map<BytesRef, Optional<Item>> current = currentItems(writes, terms);
                long version = index.pending.nextVersion();
                List<Iterable<IndexableField>> docs = new ArrayList<>();
                Map<BytesRef, Item> changed = new LinkedHashMap<>();
                for (int i = 0; i < writes.size(); i++) {
                    Write w = writes.get(i);
                    Item result = change(w, current.getOrDefault(terms.get(i), Optional.empty()), i, writes.size());
                    after.add(result);
                    if (result != null) {
                        docs.addAll(Docs.block(w.table(), result, terms.get(i), version,
                                index.tables.get(w.table()), pathAttributes));
                    }
                    if (!(w instanceof Write.Check)) {
                        changed.put(terms.get(i), result);
                    }
                }
                if (!changed.isEmpty()) {
                    long sequence = writeDocuments(Docs.BLOCK, new ArrayList<>(changed.keySet()), docs);
                    index.written(version, sequence, changed);
                }
                return null;
            });
        });
        return after;
    }

    /** The current items of the writes that need them (a condition, or an update). */
    private Map<BytesRef, Optional<Item>> currentItems(List<Write> writes, List<BytesRef> terms) throws IOException {
        List<BytesRef> needed = new ArrayList<>();
        for (int i = 0; i < writes.size(); i++) {
            Write w = writes.get(i);
            if (!(w.condition() instanceof Condition.None) || w instanceof Write.Update) {
                needed.add(terms.get(i));
            }
        }
        return needed.isEmpty() ? Map.of() : current(needed);
    }

    /**
     * The current state of items: per item the newer of its pending write and its indexed document. The
     * pending writes are read first, in one snapshot, then the searcher, so that a write that leaves the
     * pending writes meanwhile is in that searcher, and an atomic write is seen whole or not at all.
     */
    private Map<BytesRef, Optional<Item>> current(Collection<BytesRef> terms) throws IOException {
        Map<BytesRef, PendingWrites.Entry> pending = index.pending.snapshot(terms);
        return searchNow(s -> ItemReads.current(s, terms, pending));
    }

    /** The item a write leaves (null when it leaves none), after checking its condition and size. */
    private Item change(Write w, Optional<Item> current, int i, int n) {
        if (!w.condition().test(current)) {
            throw new ConditionFailedException(w.table(), w.key(), w.condition(), n > 1 ? i : -1);
        }
        if (w instanceof Write.Put p) {
            return p.item();
        }
        if (w instanceof Write.Update u) {
            Item result = Updates.apply(current, u);
            if (result.sizeInBytes() > limits.maxItemBytes()) {
                throw new ItemTooLargeException(u.table(), u.key(), "the updated item would be "
                        + result.sizeInBytes() + " bytes, more than the limit of " + limits.maxItemBytes());
            }
            return result;
        }
        return null;
    }

    /**
     * The background sweep: Lucene has no expiry of its own, so the documents of items expired by the system
     * clock are deleted in one delete by range, when a count finds any.
     */
    private void removeExpired() {
        if (closed.get()) {
            return;
        }
        org.apache.lucene.search.Query expired = org.apache.lucene.document.LongPoint.newRangeQuery(Docs.EXPIRES,
                Long.MIN_VALUE, System.currentTimeMillis());
        if (read(null, null, searcher -> searcher.count(expired)) == 0) {
            return;
        }
        Failures.run(null, null, () -> {
            index.written(index.io(() -> {
                long sequence = index.writer.deleteDocuments(expired);
                afterWrite();
                return sequence;
            }));
            // reads by key answer from the pending writes until a refresh: make the removal visible to them
            index.fresh();
            return null;
        });
    }

    /**
     * Deletes the documents holding the {@code replaced} terms of {@code field} and adds {@code docs}, in one
     * IndexWriter call (atomic for readers and for commits); returns its sequence number.
     */
    private long writeDocuments(String field, List<BytesRef> replaced, List<Iterable<IndexableField>> docs)
            throws IOException {
        return index.io(() -> {
            long sequence;
            if (replaced.size() == 1) {
                Term term = new Term(field, replaced.get(0));
                sequence = docs.isEmpty() ? index.writer.deleteDocuments(term)
                        : index.writer.updateDocuments(term, docs);
            } else if (!replaced.isEmpty()) {
                TermInSetQuery query = new TermInSetQuery(field, replaced);
                sequence = docs.isEmpty() ? index.writer.deleteDocuments(query)
                        : index.writer.updateDocuments(query, docs);
            } else {
                sequence = index.writer.addDocuments(docs);
            }
            afterWrite();
            return sequence;
        });
    }

    /** Deletes the documents holding {@code term} and commits as the policy says; returns the sequence number. */
    private long deleteAndCommit(Term term) throws IOException {
        return index.io(() -> {
            long sequence = index.writer.deleteDocuments(term);
            afterWrite();
            return sequence;
        });
    }

    private void afterWrite() throws IOException {
        if (commits.mode() == CommitPolicy.Mode.EVERY_WRITE) {
            index.writer.commit();
        }
    }

    /** A read on the current searcher, without a refresh: for reads by key, after looking at pending writes. */
    private <T> T searchNow(Reader.Body<T> body) throws IOException {
        IndexSearcher searcher = index.acquireSearcher();
        try {
            return body.apply(searcher);
        } finally {
            index.releaseSearcher(searcher);
        }
    }

    private <T> T read(String table, Key key, Reader.Body<T> body) {
        return Failures.run(table, key, () -> {
            index.fresh();
            return searchNow(body);
        });
    }

    /** Runs reads on a current searcher; given to the capability helpers. */
    interface Reader {
        <T> T read(String table, Key key, Body<T> body);

        /** A read on one searcher. */
        interface Body<T> {
            T apply(IndexSearcher searcher) throws IOException;
        }
    }

    /** Writes documents other than items; the next read refreshes to see what was written. */
    interface Writer {
        /** Replaces the documents holding the given terms of {@code field}, atomically. */
        void write(String field, List<BytesRef> replaced, List<Iterable<IndexableField>> docs);

        /**
         * Deletes every document whose {@code field} holds the term {@code value}, in one IndexWriter call, made
         * durable as the commit policy says.
         */
        void deleteAll(String field, String value);
    }
}
