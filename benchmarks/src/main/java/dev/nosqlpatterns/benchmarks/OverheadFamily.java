package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.benchmarks.overhead.Baseline;
import dev.nosqlpatterns.benchmarks.overhead.Baselines;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.lucene.LuceneStore;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * What the library costs over hand-written driver code: each operation through {@link Store} against the
 * same operation written with the store's official driver on the adapter's own physical layout
 * ({@link Baseline}), interleaved operation by operation in one run. Operations: get, put, conditional put
 * (if absent), a counter add, a range read of 100 of the 1,000 items of one partition, and a batch write
 * of 100 items. Every answer of both is checked against the oracle, and every write of the hand-written
 * code is read back through the library, so a baseline that missed the layout fails its cell.
 */
final class OverheadFamily implements Family {
    static final String LIBRARY = "library";
    static final String HAND_WRITTEN = "hand-written";
    static final int PARTITION_ITEMS = 1000;
    static final int RANGE = 100;
    static final int COUNTERS = 16;
    private Baseline open;
    private Store ownStore;
    private IndexWriter luceneWriter;

    @Override
    public String name() {
        return "overhead";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        return candidates(store, "", tables, mode);
    }

    @Override
    public List<Candidate> candidates(Store runnerStore, String address, Tables tables, Settings.Mode mode) {
        Store store = runnerStore;
        List<String> workloads = List.of("get", "put", "conditional put", "counter add",
                "query " + RANGE + " of " + PARTITION_ITEMS, "batch write " + BulkLoadFamily.ITEMS_PER_LOAD);
        close();
        boolean lucene = store.kind().equals("lucene");
        if (lucene) {
            // a store of its own on a writer the hand-written searcher can read; its calls are not metered
            try {
                luceneWriter = new IndexWriter(new ByteBuffersDirectory(), new IndexWriterConfig());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            ownStore = LuceneStore.builder().indexWriter(luceneWriter).build();
            store = ownStore;
        }
        Optional<Baseline> opened = lucene ? Optional.of(Baselines.lucene(luceneWriter)) : Baselines.open(store.kind(), address);
        if (opened.isEmpty()) {
            String reason = "no hand-written driver code to compare with on " + store.kind();
            return workloads.stream().map(w -> Candidate.skip(w, LIBRARY, reason)).toList();
        }
        Baseline hand = opened.get();
        this.open = hand;
        Store lib = store;
        int scale = mode.scale;
        Lazy<String> table = new Lazy<>(() -> {
            String t = tables.next("overhead");
            lib.createTable(TableSpec.named(t));
            lib.writeBatch(BulkLoadFamily.items("q", PARTITION_ITEMS).stream().map(i -> Write.put(t, i)).toList());
            if (lucene) {
                // a scan refreshes the store's searcher: its reads then search the index as the hand-written ones
                // do, instead of answering from the writes it keeps until a refresh
                lib.scan(dev.nosqlpatterns.store.model.Scan.of(t).limit(1));
            }
            return t;
        });
        // each write workload writes a table of its own, so that one's writes (warm-up included) do not grow
        // the table the next reads or updates: a server that scans (the embedded MongoDB server's filtered
        // update) would otherwise time the order of the workloads
        java.util.function.Function<String, Lazy<String>> own = name -> new Lazy<>(() -> {
            String t = tables.next("overhead_" + name);
            lib.createTable(TableSpec.named(t));
            return t;
        });
        Lazy<String> puts = own.apply("put");
        Lazy<String> conditionalPuts = own.apply("cput");
        Lazy<String> counters = own.apply("counter");
        Lazy<String> batches = own.apply("batch");
        // a third of the operations per repetition in the quick mode (the rivals' warm-up is shorter too)
        int singles = mode.sampled ? 100 : 300 * scale;
        List<Candidate> out = new ArrayList<>();
        out.add(Candidate.against("get", LIBRARY,
                () -> CellSpec.read(LIBRARY, 50, singles, i -> describe(lib.get(table.get(), stored(i))), OverheadFamily::expectedItem, -1),
                HAND_WRITTEN,
                () -> CellSpec.read(HAND_WRITTEN, 50, singles, i -> describe(hand.get(table.get(), stored(i))), OverheadFamily::expectedItem, -1)));
        out.add(Candidate.against("put", LIBRARY,
                () -> write(LIBRARY, singles, i -> lib.put(puts.get(), fresh("put-L", i)), lib, puts, "put-L"),
                HAND_WRITTEN,
                () -> write(HAND_WRITTEN, singles, i -> hand.put(puts.get(), fresh("put-H", i)), lib, puts, "put-H")));
        out.add(Candidate.against("conditional put", LIBRARY,
                () -> write(LIBRARY, singles, i -> lib.put(conditionalPuts.get(), fresh("cput-L", i), Condition.ifAbsent()), lib, conditionalPuts, "cput-L"),
                HAND_WRITTEN,
                () -> write(HAND_WRITTEN, singles, i -> {
                    if (!hand.putIfAbsent(conditionalPuts.get(), fresh("cput-H", i))) {
                        throw new WrongAnswerException("the hand-written conditional put refused an absent item, input " + i);
                    }
                }, lib, conditionalPuts, "cput-H")));
        out.add(Candidate.against("counter add", LIBRARY,
                () -> counter(LIBRARY, singles, i -> lib.update(counters.get(), counterKey("ctr-L", i), UpdateAction.add("n", 1)),
                        lib, counters, "ctr-L"),
                HAND_WRITTEN,
                () -> counter(HAND_WRITTEN, singles, i -> hand.add(counters.get(), counterKey("ctr-H", i), "n", 1), lib, counters, "ctr-H")));
        String range = "query " + RANGE + " of " + PARTITION_ITEMS;
        int queries = mode.sampled ? 30 : 100 * scale;
        out.add(Candidate.against(range, LIBRARY,
                () -> CellSpec.read(LIBRARY, 10, queries, i -> rangeAnswer(lib.query(Query.in(table.get(), "q")
                        .where(SortKeyCondition.between(BulkLoadFamily.sortKey(start(i)), BulkLoadFamily.sortKey(start(i) + RANGE - 1)))
                        .limit(RANGE)).items()), OverheadFamily::expectedRange, -1),
                HAND_WRITTEN,
                () -> CellSpec.read(HAND_WRITTEN, 10, queries, i -> rangeAnswer(hand.query(table.get(), "q",
                        BulkLoadFamily.sortKey(start(i)), BulkLoadFamily.sortKey(start(i) + RANGE - 1))), OverheadFamily::expectedRange, -1)));
        String batch = "batch write " + BulkLoadFamily.ITEMS_PER_LOAD;
        int batchOps = mode.sampled ? 15 : 50 * scale;
        out.add(Candidate.against(batch, LIBRARY,
                () -> batch(LIBRARY, batchOps, i -> lib.writeBatch(BulkLoadFamily.items("batch-L-" + i).stream()
                        .map(item -> Write.put(batches.get(), item)).toList()), lib, batches, "batch-L-"),
                HAND_WRITTEN,
                () -> batch(HAND_WRITTEN, batchOps, i -> hand.writeBatch(batches.get(), BulkLoadFamily.items("batch-H-" + i)),
                        lib, batches, "batch-H-")));
        if (lucene) {
            return out.stream().map(c -> c.workload().equals("get") || c.workload().equals(range) ? c
                    : Candidate.skip(c.workload(), LIBRARY, Baselines.luceneWritesSkipped())).toList();
        }
        return out;
    }

    /** Closes the hand-written code's connections, and on Lucene the store and writer opened for it. */
    @Override
    public void close() {
        if (open != null) {
            open.close();
            open = null;
        }
        if (ownStore != null) {
            ownStore.close();
            ownStore = null;
        }
        if (luceneWriter != null) {
            try {
                luceneWriter.close();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            luceneWriter = null;
        }
    }

    static Key stored(int i) {
        return Key.of("q", BulkLoadFamily.sortKey(i % PARTITION_ITEMS));
    }

    static Answer expectedItem(int i) {
        return describe(Optional.of(BulkLoadFamily.item("q", i % PARTITION_ITEMS)));
    }

    /** An item as the oracle compares it: its key and every attribute. */
    static Answer describe(Optional<Item> item) {
        return Answer.inOrder(item.map(x -> List.of(x.toString())).orElse(List.of()));
    }

    static Item fresh(String partition, int i) {
        return Item.builder(partition, "item-" + i).put("payload", "value " + i + " of " + partition).put("n", i).build();
    }

    private static CellSpec write(String technique, int ops, java.util.function.IntConsumer op, Store store,
                                  Lazy<String> table, String partition) {
        return CellSpec.write(technique, 3, ops, i -> {
            op.accept(i);
            return null;
        }, i -> describe(store.get(table.get(), Key.of(partition, "item-" + i))), i -> describe(Optional.of(fresh(partition, i))), 1);
    }

    static Key counterKey(String partition, int i) {
        return Key.of(partition, "c" + (i % COUNTERS));
    }

    /** Input {@code i} adds 1 to counter {@code i % 16}: after it, that counter holds {@code i / 16 + 1}. */
    private static CellSpec counter(String technique, int ops, java.util.function.IntConsumer op, Store store,
                                    Lazy<String> table, String partition) {
        return CellSpec.write(technique, 3, ops, i -> {
            op.accept(i);
            return null;
        }, i -> Answer.inOrder(store.get(table.get(), counterKey(partition, i)).map(x -> List.of(x.toString())).orElse(List.of())),
                i -> Answer.inOrder(List.of(Item.builder(counterKey(partition, i)).put("n", i / COUNTERS + 1).build().toString())), 1);
    }

    private static CellSpec batch(String technique, int ops, java.util.function.IntConsumer op, Store store,
                                  Lazy<String> table, String prefix) {
        return new CellSpec(technique, 2, ops, i -> {
            op.accept(i);
            return null;
        }, i -> rangeAnswer(BulkLoadFamily.items(prefix + i)), i -> rangeAnswer(store.queryAll(Query.in(table.get(), prefix + i)
                .limit(500)).toList()), BulkLoadFamily.ITEMS_PER_LOAD, BulkLoadFamily.ITEMS_PER_LOAD, -1);
    }

    static int start(int i) {
        return (i * 97) % (PARTITION_ITEMS - RANGE + 1);
    }

    /** Sort keys and payloads of a range, cheap enough not to blur the timing. */
    static Answer rangeAnswer(List<Item> items) {
        List<String> ids = new ArrayList<>(items.size());
        for (Item item : items) {
            ids.add(item.key().sort() + "=" + item.getString("payload").orElse("?"));
        }
        return Answer.inOrder(ids);
    }

    static Answer expectedRange(int i) {
        return rangeAnswer(BulkLoadFamily.items("q", PARTITION_ITEMS).subList(start(i), start(i) + RANGE));
    }
}
