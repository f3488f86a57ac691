package dev.nosqlpatterns.search;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.internal.OptimisticRetry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.load.BulkLoad;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Inverted search with direct aggregation: find the documents that meet a condition with
 * an inverted index (term → document ids), then describe that audience with {@code count(distinct doc)
 * GROUP BY value} from a direct index (document → values), for one audience or for many in one scan.
 *
 * <p>Why both indexes: posting lists intersect and unite fast, but group-by counts over thousands of
 * values would need one intersection per value; iterating the audience's rows of a direct index counts
 * all values at once, and one full scan of it serves any number of precomputed audiences together.
 *
 * <p>Layout. Documents get dense int ids from a sequence kept in the store. Each term's posting list is
 * stored in chunks, one item per {@code 2^chunkBits} ids (a serialized RoaringBitmap, or a number set with
 * {@link PostingFormat#SORTED_IDS}), plus a summary item with the term's document count; the direct index
 * holds one row per id. Two tables: postings (terms, dictionary, sequence) and the direct index, scanned
 * for reports. Items stay far below the store's item limit whatever the index size.
 *
 * <p>Writes and consistency. The direct row is the truth; postings and counts are derived. One document's
 * change is one atomic write where the store has atomic writes; otherwise, and for {@link #indexAll bulk
 * loads}, an ordered, idempotent protocol (row first, then chunks, then counts) that indexing again
 * completes and {@link #verify()} / {@link #repair()} check and fix. Concurrent writers adding ids to one
 * chunk never lose ids: each chunk changes by a conditional write on its version, retried with backoff
 * up to a bound ({@link dev.nosqlpatterns.store.model.ConcurrentUpdateException} beyond it).
 *
 * <p><b>Under concurrent writers</b> (no crash), with or without atomic writes: once every index and remove
 * has returned, every term's postings and count hold exactly the documents whose rows have the term, the
 * size counts the rows, and {@link #verify()} finds nothing, however writers of one document interleave.
 * An atomic write also checks the chunks it read and left alone; an ordered writer reads its rows again
 * after its postings and, while another writer changed them meanwhile, remakes the postings it touched
 * from the rows as read. A document's dense id stays its own after a remove, so writers that read it
 * before and after agree.
 *
 * <p><b>Under crashes</b>: an atomic write leaves nothing behind. An ordered writer that dies leaves its
 * row written with postings or counts behind it, which indexing the document again completes and
 * {@link #repair()} fixes; a read may see the document in some of its terms until then.
 *
 * <p>Expiry. A document indexed with an expiry ({@link #index(Document, Instant)}) is left out of
 * {@link #find}, {@link #findAll}, {@link #count}, {@link #size} and {@link #document} from that instant on
 * (by the store's clock), though its id stays in the shared posting lists until {@link #repair()} removes
 * the document; {@link #verify()} counts such documents. The row holds the expiry and a marker sorted by
 * expiry sits in the postings table, so every search also sends one range query of the markers, which
 * returns only the documents expired and not yet repaired (nothing, usually): in the same round as its terms
 * when they are read together (the default), else as one more round (none when the answer is empty); when some of those documents are in
 * the answer, one batch read of their rows follows. {@link #count} and {@link #size} send the range query
 * first (one round more). Reports count the audiences a search returned.
 *
 * <p>Queries. {@link #find} evaluates AND / OR / NOT cheapest operand first: term sizes come from one batch
 * read of summaries, an AND reads further operands only in the chunks its candidates touch and stops when
 * they run out. Thread-safe.
 */
public final class InvertedSearch {
    private static final String SETTINGS_FORMAT = "format";
    private static final String SETTINGS_CHUNK_BITS = "chunkBits";
    /** Audiences up to this fraction of the indexed documents are reported from reads of their rows, larger by a scan. */
    private static final double READ_FRACTION = 0.05;
    /** Threads reading segments at once. */
    private static final int PARALLELISM = 4;
    /** The longest pause between attempts of a conditional write. */
    private static final Duration MAX_BACKOFF = Duration.ofMillis(50);
    private final Store store;
    private final Postings postings;
    private final DirectIndex direct;
    private final Dictionary dictionary;
    private final Indexer indexer;
    private final SearchRepair repair;
    private final Expiries expiries;
    private final int segments;
    private final boolean termsTogether;

    private InvertedSearch(Builder b, int chunkBits) {
        OptimisticRetry retry = new OptimisticRetry(b.maxAttempts, MAX_BACKOFF,
                "Retry later, or spread concurrent writers over more chunks (smaller chunkBits).");
        this.store = b.store;
        this.postings = new Postings(b.store, b.postingsTable, b.format, chunkBits, retry);
        this.direct = new DirectIndex(b.store, b.directTable);
        this.dictionary = new Dictionary(b.store, b.postingsTable);
        this.expiries = new Expiries(b.store, b.postingsTable, direct);
        this.indexer = new Indexer(b.store, postings, direct, dictionary, retry, expiries);
        this.segments = b.segments;
        this.termsTogether = b.termsTogether;
        this.repair = new SearchRepair(b.store, postings, direct, segments, PARALLELISM);
    }

    /**
     * A search over two tables of {@code store}, created when absent: {@code postingsTable} for posting
     * lists and ids, {@code directTable} for the direct index. They must not hold anything else.
     */
    public static Builder builder(Store store, String postingsTable, String directTable) {
        return new Builder(store, postingsTable, directTable);
    }

    /** Adds a document or replaces what is indexed for it (with no expiry, whatever it had). */
    public void index(Document document) {
        TechniqueCalls.run(store, "invertedSearch.index", direct.table, () -> {
            Objects.requireNonNull(document, "document must not be null");
            indexer.index(document, OptionalLong.empty());
        });
    }

    /**
     * Adds a document or replaces what is indexed for it, until {@code expiresAt} (truncated to
     * milliseconds): from then on, by the store's clock, searches, counts, sizes and {@link #document} leave
     * it out, before anything has removed it; {@link #verify()} counts it and {@link #repair()} removes it.
     * Costs one write more than {@link #index(Document)} (an expiry marker), and one delete more when it
     * replaces another expiry. See the class comment on expiry for what reads pay.
     *
     * @throws IllegalArgumentException when the instant is outside {@link dev.nosqlpatterns.item.Expiry#EARLIEST}
     *                                  to {@link dev.nosqlpatterns.item.Expiry#LATEST}
     */
    public void index(Document document, Instant expiresAt) {
        TechniqueCalls.run(store, "invertedSearch.index", direct.table, () -> {
            Objects.requireNonNull(document, "document must not be null");
            Objects.requireNonNull(expiresAt, "expiry instant must not be null");
            if (expiresAt.isBefore(dev.nosqlpatterns.item.Expiry.EARLIEST)
                    || expiresAt.isAfter(dev.nosqlpatterns.item.Expiry.LATEST)) {
                throw new IllegalArgumentException("expiry instant " + expiresAt + " of document '" + document.id()
                        + "' is outside " + dev.nosqlpatterns.item.Expiry.EARLIEST + " .. "
                        + dev.nosqlpatterns.item.Expiry.LATEST);
            }
            indexer.index(document, OptionalLong.of(expiresAt.toEpochMilli()));
        });
    }

    /**
     * Adds or replaces many documents at a cost of about one conditional write per touched chunk instead
     * of one per (document, term): rows go in batches, then each chunk changes once for all documents.
     * Not atomic even where the store could be: an interrupted load is completed by loading again or by
     * {@link #repair()}. Document ids must be distinct.
     */
    public void indexAll(Collection<Document> documents) {
        TechniqueCalls.run(store, "invertedSearch.indexAll", direct.table, () -> {
            Objects.requireNonNull(documents, "documents must not be null");
            if (!documents.isEmpty()) {
                indexer.indexAll(new ArrayList<>(documents));
            }
        });
    }

    /**
     * A load of more documents than fit in memory, a window at a time, each window indexed as by
     * {@link #indexAll} (a document id seen again within a window starts a new call, so the later one wins): see
     * {@link BulkLoad}. Nothing is read from the stream before {@link BulkLoad#run()}.
     */
    public BulkLoad<Document> load(Stream<? extends Document> documents) {
        return BulkLoad.of(store, documents, window -> {
            List<Document> distinct = new ArrayList<>();
            Set<String> ids = new java.util.HashSet<>();
            for (Document d : window) {
                if (!ids.add(d.id())) {
                    indexAll(distinct);
                    distinct = new ArrayList<>();
                    ids.clear();
                    ids.add(d.id());
                }
                distinct.add(d);
            }
            indexAll(distinct);
        });
    }

    /** Removes a document; false when it was not indexed. */
    public boolean remove(String documentId) {
        return TechniqueCalls.call(store, "invertedSearch.remove", direct.table, () -> indexer.remove(documentId));
    }

    /** What is indexed for a document, if it is. */
    public Optional<Document> document(String documentId) {
        return TechniqueCalls.call(store, "invertedSearch.document", direct.table, () -> {
            Document.checkId(documentId);
            OptionalInt id = dictionary.lookup(documentId);
            if (id.isEmpty()) {
                return Optional.empty();
            }
            return direct.get(id.getAsInt()).filter(row -> !DirectIndex.gone(row) && !expiries.expired(row))
                    .map(DirectIndex::document);
        });
    }

    /** The dense id of a document indexed now or before (an id stays its document's), as audiences hold it. */
    public OptionalInt idOf(String documentId) {
        return TechniqueCalls.call(store, "invertedSearch.idOf", direct.table, () -> {
            Document.checkId(documentId);
            return dictionary.lookup(documentId);
        });
    }

    /** The documents matching {@code criteria}. */
    public Audience find(Criteria criteria) {
        return TechniqueCalls.call(store, "invertedSearch.find", direct.table, () -> {
            Objects.requireNonNull(criteria, "criteria must not be null");
            Evaluator evaluator = Evaluator.forOne(postings, criteria, termsTogether, expiries.query());
            IdSet ids = evaluator.evaluate(criteria);
            return new Audience(ids.isEmpty() ? ids : expiries.live(ids, postings.format,
                    expiries.marked(evaluator.extra())));
        });
    }

    /** The audiences of many criteria, reading each term they share once. */
    public List<Audience> findAll(List<Criteria> criteria) {
        return TechniqueCalls.call(store, "invertedSearch.findAll", direct.table, () -> {
            Objects.requireNonNull(criteria, "criteria must not be null");
            criteria.forEach(c -> Objects.requireNonNull(c, "criteria must not contain null"));
            Evaluator evaluator = Evaluator.forMany(postings, criteria, termsTogether, expiries.query());
            Map<Integer, Long> expired = expiries.marked(evaluator.extra());
            return criteria.stream().map(c -> new Audience(expiries.live(evaluator.evaluate(c), postings.format,
                    expired))).toList();
        });
    }

    /**
     * The number of documents with {@code term}, from its summary (one read) and the expiry markers (one
     * range query); while expired documents are still indexed, from the term's posting list less them.
     */
    public long count(Term term) {
        return TechniqueCalls.call(store, "invertedSearch.count", direct.table, () -> {
            Objects.requireNonNull(term, "term must not be null");
            Map<Integer, Long> expired = expiries.markedNow();
            if (expired.isEmpty()) {
                return postings.counts(List.of(SearchKeys.term(term))).get(SearchKeys.term(term));
            }
            Criteria has = Criteria.has(term);
            IdSet ids = Evaluator.forOne(postings, has, termsTogether).evaluate(has);
            return (long) expiries.live(ids, postings.format, expired).cardinality();
        });
    }

    /** The documents in the index, expired or not, from the universe's summary (one read). */
    private long indexed() {
        return postings.counts(List.of(SearchKeys.UNIVERSE)).get(SearchKeys.UNIVERSE);
    }

    /** The number of indexed documents, from the universe's summary, less those expired but still indexed. */
    public long size() {
        return TechniqueCalls.call(store, "invertedSearch.size", direct.table, () -> {
            return postings.counts(List.of(SearchKeys.UNIVERSE)).get(SearchKeys.UNIVERSE) - expiries.expiredCount();
        });
    }

    /**
     * Group-by counts of {@code fields} over one audience. A small audience (up to 5% of the indexed
     * documents) is counted from batched reads of its rows, a larger one by a scan.
     */
    public Report report(Audience audience, Set<String> fields) {
        return TechniqueCalls.call(store, "invertedSearch.report", direct.table, () -> {
            Objects.requireNonNull(audience, "audience must not be null");
            Set<String> checked = checkFields(fields);
            if (audience.size() <= READ_FRACTION * indexed()) {
                return direct.reportByReads(audience.ids(), checked);
            }
            return direct.reportsByScan(List.of(audience.ids()), checked, segments, PARALLELISM).get(0);
        });
    }

    /** Group-by counts for many audiences in one parallel scan of the direct index, in audience order. */
    public List<Report> reports(List<Audience> audiences, Set<String> fields) {
        return TechniqueCalls.call(store, "invertedSearch.reports", direct.table, () -> {
            Objects.requireNonNull(audiences, "audiences must not be null");
            Set<String> checked = checkFields(fields);
            List<IdSet> sets = audiences.stream().map(a -> Objects.requireNonNull(a, "audiences must not contain null").ids())
                    .toList();
            return sets.isEmpty() ? List.of() : direct.reportsByScan(sets, checked, segments, PARALLELISM);
        });
    }

    /** The document ids of the first {@code limit} members of an audience, in dense-id order. */
    public List<String> documentIds(Audience audience, int limit) {
        return TechniqueCalls.call(store, "invertedSearch.documentIds", direct.table, () -> {
            Objects.requireNonNull(audience, "audience must not be null");
            if (limit < 0) {
                throw new IllegalArgumentException("limit must not be negative, got " + limit);
            }
            return direct.documentIds(audience.ids(), limit);
        });
    }

    /** Compares posting lists and counts with the direct index; reads both tables once, writes nothing. */
    public SearchVerification verify() {
        return TechniqueCalls.call(store, "invertedSearch.verify", direct.table, () -> audit(false));
    }

    /** Fixes what {@link #verify()} finds; returns what it found. Run while no writer is active. */
    public SearchVerification repair() {
        return TechniqueCalls.call(store, "invertedSearch.repair", direct.table, () -> audit(true));
    }

    /** Expired documents first (removed with their postings when fixing), then postings against rows. */
    private SearchVerification audit(boolean fix) {
        long[] expired = expiries.audit(fix, indexer::remove);
        SearchVerification a = repair.run(fix);
        return new SearchVerification(a.documents(), a.missingPostings(), a.stalePostings(), a.wrongCounts(),
                a.pendingDocuments(), expired[0], expired[1]);
    }

    private static Set<String> checkFields(Set<String> fields) {
        Objects.requireNonNull(fields, "fields must not be null");
        fields.forEach(Term::checkField);
        return Set.copyOf(fields);
    }

    @Override
    public String toString() {
        return "InvertedSearch[" + postings.table + ", " + direct.table + ", " + postings.format + "]";
    }

    /** Settings of an {@link InvertedSearch}; {@link #build()} checks them all at once. */
    public static final class Builder {
        private final Store store;
        private final String postingsTable;
        private final String directTable;
        private PostingFormat format = PostingFormat.BITMAP;
        private Integer chunkBits;
        private int segments = 4;
        private boolean termsTogether = true;
        private int maxAttempts = 50;

        private Builder(Store store, String postingsTable, String directTable) {
            this.store = store;
            this.postingsTable = postingsTable;
            this.directTable = directTable;
        }

        /** How posting lists are stored and combined; default {@link PostingFormat#BITMAP}. */
        public Builder format(PostingFormat value) {
            this.format = value;
            return this;
        }

        /** Each stored chunk covers {@code 2^bits} ids, 4 to 16; default per format. Fixed once the index exists. */
        public Builder chunkBits(int bits) {
            this.chunkBits = bits;
            return this;
        }

        /** Scan segments for reports and audits, read four at a time, 1 to 1,000; default 4. */
        public Builder segments(int value) {
            this.segments = value;
            return this;
        }

        /**
         * How a search reads its terms; default {@code true}. Together: every term's partition in one round
         * of queries sent at once, so a search waits for one round trip whatever its terms, reading each
         * term of up to a hundred chunks whole. Apart ({@code false}): the terms' sizes first, then the
         * operands one after another, the smallest whole and of each further one only the chunks its
         * candidates touch, stopping when they run out; fewer items read when terms span many chunks
         * (small {@link #chunkBits}, large indexes), one round trip more per operand.
         */
        public Builder termsReadTogether(boolean value) {
            this.termsTogether = value;
            return this;
        }

        /** Attempts of a conditional write before {@link dev.nosqlpatterns.store.model.ConcurrentUpdateException}; default 50. */
        public Builder maxAttempts(int value) {
            this.maxAttempts = value;
            return this;
        }

        /** Checks every setting, creates the tables when absent, and records or checks the format and chunk span. */
        public InvertedSearch build() {
            List<String> problems = new ArrayList<>();
            if (store == null) {
                problems.add("store must not be null");
            }
            checkTable(problems, "postings table", postingsTable);
            checkTable(problems, "direct table", directTable);
            if (postingsTable != null && postingsTable.equals(directTable)) {
                problems.add("the postings and direct tables must differ, both are '" + postingsTable + "'");
            }
            if (format == null) {
                problems.add("format must not be null");
            }
            int bits = chunkBits != null ? chunkBits : format != null ? format.defaultChunkBits() : 16;
            if (bits < 4 || bits > 16) {
                problems.add("chunkBits must be between 4 and 16, got " + bits);
            } else if (store != null && format != null && format.worstCaseBytes(bits) + 256 > store.limits().maxItemBytes()) {
                problems.add("chunkBits " + bits + " lets a " + format + " chunk reach " + format.worstCaseBytes(bits)
                        + " bytes, more than the store's item limit of " + store.limits().maxItemBytes());
            }
            if (segments < 1 || segments > dev.nosqlpatterns.store.model.Scan.MAX_SEGMENTS) {
                problems.add("segments must be between 1 and " + dev.nosqlpatterns.store.model.Scan.MAX_SEGMENTS + ", got " + segments);
            }
            if (maxAttempts < 1) {
                problems.add("maxAttempts must be at least 1, got " + maxAttempts);
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid inverted search: " + String.join("; ", problems));
            }
            store.createTable(TableSpec.named(postingsTable));
            store.createTable(TableSpec.named(directTable));
            settle(bits);
            return new InvertedSearch(this, bits);
        }

        private static void checkTable(List<String> problems, String what, String name) {
            try {
                TableSpec.checkName(name);
            } catch (IllegalArgumentException | NullPointerException e) {
                problems.add(what + ": " + e.getMessage());
            }
        }

        /** Records format and chunk span on first use; refuses settings that differ from the recorded ones. */
        private void settle(int bits) {
            Item wanted = Item.builder(SearchKeys.SETTINGS).put(SETTINGS_FORMAT, format.name())
                    .put(SETTINGS_CHUNK_BITS, bits).build();
            Optional<Item> recorded = store.get(postingsTable, SearchKeys.SETTINGS);
            if (recorded.isEmpty()) {
                try {
                    store.put(postingsTable, wanted, Condition.ifAbsent());
                    return;
                } catch (ConditionFailedException raced) {
                    recorded = store.get(postingsTable, SearchKeys.SETTINGS);
                }
            }
            Item found = recorded.orElseThrow();
            if (!found.get(SETTINGS_FORMAT).equals(Optional.of(Value.of(format.name())))
                    || !found.get(SETTINGS_CHUNK_BITS).equals(Optional.of(Value.of(bits)))) {
                throw new IllegalArgumentException("table '" + postingsTable + "' holds an index with format "
                        + found.get(SETTINGS_FORMAT).orElse(null) + " and chunkBits "
                        + found.get(SETTINGS_CHUNK_BITS).orElse(null) + "; it cannot be opened with format " + format
                        + " and chunkBits " + bits);
            }
        }
    }
}
