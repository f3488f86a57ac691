package dev.nosqlpatterns.enumerable;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Time-bucketed series (e.g. a news site's articles by provider and month): events of a series
 * are stored in one partition per time bucket ({@code series|2024-05}), ordered by time inside it,
 * and a catalogue item lists the buckets that exist (e.g. the months in which a news provider published), so a range
 * read queries only buckets that hold data, forward or backward from any instant. A window of a few buckets
 * is read without the catalogue, all its buckets at once ({@link #withDirectReads}).
 *
 * <p>Buckets keep partitions bounded (one per month, say) however long the series grows. The
 * catalogue is updated with an atomic set add before the first write to a bucket (then remembered, so
 * later writes to that bucket cost one request); updating the catalogue first means a crash leaves at
 * worst a listed but empty bucket (one empty query), never an unlisted bucket that would hide data.
 *
 * <p><b>Under concurrent writers</b> (no crash): the catalogue only grows, by an atomic set add made before
 * the event is written, so however writers interleave, every event written is in a listed bucket and a
 * range read finds it; a delete removes only its event and never a catalogue entry.
 *
 * <p><b>Under crashes</b>: a writer that dies after the catalogue add and before the event leaves a listed
 * bucket without that event, which costs a reader one empty query and hides nothing.
 */
public final class BucketedTimeline {
    private static final CompositeKeyCodec PARTITION = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);
    private static final CompositeKeyCodec SORT = CompositeKeyCodec.of(SegmentType.TIMESTAMP, SegmentType.STRING);
    private static final String CATALOGUE_SORT = "~buckets";
    private static final String BUCKETS = "buckets";
    /** Windows of up to this many buckets are read without the catalogue unless {@link #withDirectReads} says otherwise. */
    public static final int DEFAULT_DIRECT_BUCKETS = 4;
    private static final int MAX_DIRECT_BUCKETS = 1_000;
    private final Store store;
    private final String table;
    private final String catalogueTable;
    private final Granularity granularity;
    private final int directBuckets;
    /** Buckets this instance has catalogued; catalogue entries are never removed, so they need no second write. */
    private final java.util.Set<Key> catalogued;

    private BucketedTimeline(Store store, String table, String catalogueTable, Granularity granularity,
            int directBuckets, java.util.Set<Key> catalogued) {
        this.store = store;
        this.table = table;
        this.catalogueTable = catalogueTable;
        this.granularity = granularity;
        this.directBuckets = directBuckets;
        this.catalogued = catalogued;
    }

    /** A timeline in {@code table} with its catalogue in {@code catalogueTable}; both created when absent. */
    public static BucketedTimeline create(Store store, String table, String catalogueTable, Granularity granularity) {
        Objects.requireNonNull(store, "store must not be null");
        Objects.requireNonNull(granularity, "granularity must not be null");
        TableSpec.checkName(table);
        TableSpec.checkName(catalogueTable);
        if (table.equals(catalogueTable)) {
            throw new IllegalArgumentException("the catalogue table must differ from the event table '" + table + "'");
        }
        store.createTable(TableSpec.named(table));
        store.createTable(TableSpec.named(catalogueTable));
        return new BucketedTimeline(store, table, catalogueTable, granularity, DEFAULT_DIRECT_BUCKETS,
                java.util.concurrent.ConcurrentHashMap.newKeySet());
    }

    /**
     * This timeline, reading a window of at most {@code buckets} buckets without its catalogue (the default
     * is {@value #DEFAULT_DIRECT_BUCKETS}; 0 always reads the catalogue first). A window read directly
     * queries every bucket it spans, all at once, so it waits for one round trip instead of two (the
     * catalogue, then the buckets it lists), at the price of one empty query per bucket of the window that
     * holds nothing. Raise it for dense series read in wide windows, lower it for sparse ones.
     */
    public BucketedTimeline withDirectReads(int buckets) {
        if (buckets < 0 || buckets > MAX_DIRECT_BUCKETS) {
            throw new IllegalArgumentException("direct reads must span 0 to " + MAX_DIRECT_BUCKETS
                    + " buckets, got " + buckets);
        }
        return new BucketedTimeline(store, table, catalogueTable, granularity, buckets, catalogued);
    }

    /** Records event {@code id} of {@code series} at {@code at}; the same (at, id) again replaces it. */
    public void put(String series, Instant at, String id, Map<String, Value> attributes) {
        TechniqueCalls.run(store, "timeBuckets.put", table, () -> {
            Key key = keyOf(series, at, id);
            String bucket = granularity.label(at);
            Key seen = Key.of(series, bucket);
            if (!catalogued.contains(seen)) {
                store.update(catalogueTable, Key.of(series, CATALOGUE_SORT), UpdateAction.addToSet(BUCKETS, Value.stringSet(bucket)));
                if (catalogued.size() > 100_000) {
                    catalogued.clear();
                }
                catalogued.add(seen);
            }
            store.put(table, new Item(key, attributes));
        });
    }

    public void delete(String series, Instant at, String id) {
        TechniqueCalls.run(store, "timeBuckets.delete", table, () -> store.delete(table, keyOf(series, at, id)));
    }

    /** The labels of the buckets that hold (or held) events of {@code series}, oldest first. */
    public List<String> buckets(String series) {
        return TechniqueCalls.call(store, "timeBuckets.buckets", table, () -> bucketsOf(series));
    }

    private List<String> bucketsOf(String series) {
        List<String> labels = new ArrayList<>(store.get(catalogueTable, Key.of(series, CATALOGUE_SORT))
                .map(i -> i.getStringSet(BUCKETS)).orElse(java.util.Set.of()));
        labels.sort(Utf8Order.COMPARATOR);
        return labels;
    }

    /**
     * Events of {@code series} from {@code from} to {@code to} (both inclusive), oldest first or newest
     * first. A window of a few buckets ({@link #withDirectReads}) reads the first page of each of its
     * buckets, all at once; a wider one reads the catalogue, then the first page of every bucket in range
     * that exists, all at once; further pages only as the stream reaches them.
     */
    public Stream<Event> between(String series, Instant from, Instant to, boolean newestFirst) {
        return TechniqueCalls.call(store, "timeBuckets.between", table, () -> range(series, from, to, newestFirst));
    }

    private Stream<Event> range(String series, Instant from, Instant to, boolean newestFirst) {
        Granularity.check(from);
        Granularity.check(to);
        if (from.isAfter(to)) {
            throw new IllegalArgumentException("range start " + from + " is after its end " + to);
        }
        String first = granularity.label(from);
        String last = granularity.label(to);
        List<String> inRange = bucketsSpanned(from, to)
                .orElseGet(() -> new ArrayList<>(bucketsOf(series).stream()
                        .filter(b -> Utf8Order.compare(b, first) >= 0 && Utf8Order.compare(b, last) <= 0).toList()));
        if (newestFirst) {
            java.util.Collections.reverse(inRange);
        }
        String low = SORT.prefix(from);
        String high = Utf8Order.prefixUpperBound(SORT.prefix(to)).orElseThrow();
        SortKeyCondition range = SortKeyCondition.between(low, high);
        List<Query> queries = inRange.stream().map(bucket -> {
            Query q = Query.in(table, PARTITION.encode(series, bucket)).where(range).limit(200);
            return newestFirst ? q.descending() : q;
        }).toList();
        return store.queryEachLazily(queries).stream().flatMap(bucket -> bucket)
                .map(BucketedTimeline::event).filter(e -> !e.at().isBefore(from) && !e.at().isAfter(to));
    }

    /** The labels of the buckets from {@code from} to {@code to}, oldest first, when at most the direct-read limit. */
    private java.util.Optional<List<String>> bucketsSpanned(Instant from, Instant to) {
        List<String> labels = new ArrayList<>();
        Instant at = from;
        while (!at.isAfter(to)) {
            if (labels.size() == directBuckets) {
                return java.util.Optional.empty();
            }
            labels.add(granularity.label(at));
            if (to.isBefore(granularity.nextStart(at))) {
                break;
            }
            at = granularity.nextStart(at);
        }
        return java.util.Optional.of(labels);
    }

    /** Events at or after {@code start}, oldest first. */
    public Stream<Event> forwardFrom(String series, Instant start) {
        return TechniqueCalls.call(store, "timeBuckets.forwardFrom", table,
                () -> range(series, start, Granularity.MAX, false));
    }

    /** Events at or before {@code start}, newest first. */
    public Stream<Event> backwardFrom(String series, Instant start) {
        return TechniqueCalls.call(store, "timeBuckets.backwardFrom", table,
                () -> range(series, Granularity.MIN, start, true));
    }

    private Key keyOf(String series, Instant at, String id) {
        Objects.requireNonNull(series, "series must not be null");
        Objects.requireNonNull(id, "event id must not be null");
        return Key.of(PARTITION.encode(series, granularity.label(at)), SORT.encode(at, id));
    }

    private static Event event(Item item) {
        List<Object> parts = SORT.decode(item.key().sort());
        return new Event((Instant) parts.get(0), (String) parts.get(1), item);
    }

    /** One event: its time, its id within that time, and its stored item. */
    public record Event(Instant at, String id, Item item) {
    }
}
