package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
import dev.nosqlpatterns.store.spi.MeteredCalls;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A store of logical tables of {@link Item}s: the one API techniques and applications use, whatever the
 * store behind it.
 *
 * <p>It wraps an adapter's {@link StoreBackend} and does what is the same for every store: it checks
 * every argument and the store's {@link Limits} before anything is written, turns resume positions into
 * opaque {@link Cursor}s, and reports the {@link OperationCost} of every call to its
 * {@link CallObserver}s. Reading and writing are here; upkeep is in {@link #maintenance()}, an adapter's own
 * extras behind {@link #extension(Class)}. Thread-safe. Get one from an adapter's builder, from
 * {@link Stores#open(String)}, or {@code Store.of(backend)}.
 */
public final class Store implements AutoCloseable {
    private final StoreBackend backend;
    private final Map<String, TableSpec> tables;
    private final boolean ownsBackend;
    private final List<CallObserver> observers;
    private final String tenant;
    private final CallRateLimit rateLimit;
    private final Capabilities capabilities;
    private final Map<Class<?>, Object> extensions = new ConcurrentHashMap<>();
    private final StoreMaintenance maintenance;
    private final Validation check;
    private final java.time.Clock clock;

    private Store(StoreBackend backend, java.time.Clock clock) {
        this(backend, clock, new CopyOnWriteArrayList<>(), "", null, new ConcurrentHashMap<>(), true);
    }

    private Store(StoreBackend backend, java.time.Clock clock, List<CallObserver> observers, String tenant,
                  CallRateLimit rateLimit, Map<String, TableSpec> tables, boolean ownsBackend) {
        this.tables = tables;
        this.ownsBackend = ownsBackend;
        this.observers = observers;
        this.tenant = tenant;
        this.rateLimit = rateLimit;
        this.backend = Objects.requireNonNull(backend, "backend must not be null");
        this.clock = Objects.requireNonNull(clock, "clock must not be null");
        this.capabilities = Objects.requireNonNull(backend.capabilities(), "the backend's capabilities must not be null");
        this.check = new Validation(backend.limits(), tables.keySet());
        this.maintenance = new StoreMaintenance(this, backend);
    }

    /** Wraps a backend, judging item expiry by the system clock. Closing the store closes the backend. */
    public static Store of(StoreBackend backend) {
        return new Store(backend, java.time.Clock.systemUTC());
    }

    /**
     * Wraps a backend, judging item expiry ({@link dev.nosqlpatterns.item.Expiry}) by {@code clock}: an item
     * whose expiry is at or before the clock's instant is left out of every read. Closing the store closes
     * the backend.
     */
    public static Store of(StoreBackend backend, java.time.Clock clock) {
        return new Store(backend, clock);
    }

    /**
     * A store over this one's backend as {@code view} wraps it, with this store's clock, tenant and observers
     * (an observer registered on either sees the calls of both); closing it leaves this store open. For views that
     * change where the same calls land; applications get such views from the technique that makes them.
     */
    public Store view(java.util.function.UnaryOperator<StoreBackend> view) {
        return view(view, tenant);
    }

    /**
     * {@link #view(java.util.function.UnaryOperator)} for one tenant: every call through it reports
     * {@code tenantId} to the observers and in its {@link OperationCost}, so that cost is seen per tenant.
     */
    public Store view(java.util.function.UnaryOperator<StoreBackend> view, String tenantId) {
        Objects.requireNonNull(view, "view must not be null");
        Objects.requireNonNull(tenantId, "tenant id must not be null (empty for none)");
        return new Store(Objects.requireNonNull(view.apply(backend), "the view made no backend"), clock, observers,
                tenantId, rateLimit, new ConcurrentHashMap<>(), true);
    }

    /**
     * This store, with at most {@code callsPerSecond} store calls per second through the handle returned (each
     * call waits for its turn; after a quiet spell up to one second's worth go at once): e.g. one tenant's share of
     * a shared store. Other handles of the same store are not limited; the handle shares this store's tables,
     * and closing it leaves this store open.
     *
     * @throws IllegalArgumentException when the rate is not a positive number
     */
    public Store limitedTo(double callsPerSecond) {
        return new Store(backend, clock, observers, tenant, CallRateLimit.of(callsPerSecond), tables, false);
    }

    /** Waits for this handle's rate limit, if it has one; called once per store call. */
    void admit() {
        if (rateLimit != null) {
            rateLimit.admit();
        }
    }

    /** The tenant whose handle this is (see {@code dev.nosqlpatterns.tenant.Tenants}); empty for a shared store. */
    public Optional<String> tenant() {
        return tenant.isEmpty() ? Optional.empty() : Optional.of(tenant);
    }

    String tenantTag() {
        return tenant;
    }

    /** The clock this store judges item expiry by. */
    public java.time.Clock clock() {
        return clock;
    }

    /**
     * Maintenance of this store's tables: expired items still stored, and what a table occupies. Not needed for
     * reading and writing; for operators and benchmarks.
     */
    public StoreMaintenance maintenance() {
        return maintenance;
    }

    /** A short name of the store behind, e.g. {@code "memory"} or {@code "dynamodb"}. */
    public String kind() {
        return backend.kind();
    }

    /** Every capability the store has; see {@link Capability}. */
    public Set<Capability> capabilities() {
        return capabilities.all();
    }

    public boolean has(Capability capability) {
        return capabilities.has(capability);
    }

    public Limits limits() {
        return backend.limits();
    }

    /**
     * A feature of this store's adapter that the library does not offer through a method of its own, such as an
     * adapter's special queries (MongoDB's {@code GraphLookup}, say); empty when the store lacks it. Its calls
     * report their cost to this store's observers like every store call. The native features the library knows
     * have their own checked methods: {@link #queryIndex}, {@link #nativeGeo()}, {@link #textSearch()},
     * {@link #nestedDocuments()}, {@link #follow} and {@link StoreMaintenance#footprint}.
     */
    public <T> Optional<T> extension(Class<T> type) {
        Objects.requireNonNull(type, "extension type must not be null");
        return capabilities.extension(type).map(factory -> type.cast(extensions.computeIfAbsent(type,
                t -> Objects.requireNonNull(factory.apply(meteredCalls()), "extension " + t.getName() + " is null"))));
    }

    private MeteredCalls meteredCalls() {
        return new MeteredCalls() {
            @Override
            public <T> T call(String operation, String table, Function<dev.nosqlpatterns.store.spi.CostMeter, T> work) {
                Objects.requireNonNull(operation, "operation must not be null");
                Objects.requireNonNull(work, "work must not be null");
                return Store.this.call(operation, table == null ? "" : table, call -> {
                    T result = work.apply(call.meter);
                    if (result instanceof Collection<?> c) {
                        call.counted(c.size(), 0, 0, 0);
                    }
                    return result;
                });
            }
        };
    }

    /**
     * The store's full-text search, every call checked and metered.
     *
     * @throws UnsupportedCapabilityException when the store has no {@link Capability#TEXT_SEARCH}
     */
    public TextSearchCalls textSearch() {
        return new TextSearchCalls(this, capabilities.textSearch()
                .orElseThrow(() -> new UnsupportedCapabilityException(kind(), Capability.TEXT_SEARCH, "")));
    }

    /**
     * The store's queries on elements of nested documents, every call checked and metered.
     *
     * @throws UnsupportedCapabilityException when the store has no {@link Capability#NESTED_DOCUMENTS}
     */
    public NestedDocumentCalls nestedDocuments() {
        return new NestedDocumentCalls(this, capabilities.nestedDocuments()
                .orElseThrow(() -> new UnsupportedCapabilityException(kind(), Capability.NESTED_DOCUMENTS, "")));
    }

    Capabilities ports() {
        return capabilities;
    }

    StoreCall call(String operation, String table) {
        return new StoreCall(this, operation, table);
    }

    /**
     * One call to the backend, made by {@code work}: its cost is reported when it ends, whether it returns
     * or throws.
     */
    <T> T call(String operation, String table, Function<StoreCall, T> work) {
        StoreCall call = new StoreCall(this, operation, table);
        try {
            T result = work.apply(call);
            call.ok();
            return result;
        } catch (RuntimeException | Error e) {
            call.failed(e);
            throw e;
        } finally {
            call.close();
        }
    }

    /** {@link #call(String, String, Function)} for work without a result. */
    void run(String operation, String table, Consumer<StoreCall> work) {
        call(operation, table, call -> {
            work.accept(call);
            return null;
        });
    }

    void checkTable(String table) {
        check.table(table);
    }

    /**
     * Calls {@code listener} with the cost of every later call, until the registration is closed: for a
     * listener that stays, such as a metrics binding. To measure one piece of work, {@link #measure} is shorter.
     */
    public Registration onCost(CostListener listener) {
        Objects.requireNonNull(listener, "listener must not be null");
        return observe(CostListeners.observer(listener));
    }

    /**
     * Tells {@code observer} of the start and the end of every later store call and technique call on this
     * store, until the registration is closed: for a metrics or tracing binding that times calls and nests
     * the store calls of a technique call inside it. See {@link CallObserver}.
     */
    /** The observers registered now; iterating it sees one snapshot. Not to be changed by the caller. */
    List<CallObserver> observersNow() {
        return observers;
    }

    public Registration observe(CallObserver observer) {
        Objects.requireNonNull(observer, "observer must not be null");
        observers.add(observer);
        return () -> observers.remove(observer);
    }

    /**
     * Runs {@code work} and returns the summed cost of the store calls made while it ran. Calls made by other
     * threads in that time are counted too; measure on a store no one else uses for exact figures.
     */
    public CostTally measure(Runnable work) {
        CostTally tally = new CostTally();
        measure(tally, work);
        return tally;
    }

    /** Runs {@code work} with {@code listener} called with the cost of every store call made meanwhile. */
    public void measure(CostListener listener, Runnable work) {
        Objects.requireNonNull(work, "work must not be null");
        measure(listener, () -> {
            work.run();
            return null;
        });
    }

    /**
     * Computes {@code work} with {@code listener} called with the cost of every store call made meanwhile,
     * and returns what it computed.
     */
    public <T> T measure(CostListener listener, java.util.function.Supplier<T> work) {
        Objects.requireNonNull(work, "work must not be null");
        Registration registration = onCost(listener);
        try {
            return work.get();
        } finally {
            registration.close();
        }
    }

    /**
     * Declares a logical table, creating it in the store when absent. Idempotent. Every process using the
     * table declares the same spec (stores learn declared attributes and indexes from it).
     */
    public void createTable(TableSpec spec) {
        Objects.requireNonNull(spec, "table spec must not be null");
        if (!spec.indexes().isEmpty() && !has(Capability.NATIVE_SECONDARY_INDEX)) {
            throw new UnsupportedCapabilityException(kind(), Capability.NATIVE_SECONDARY_INDEX,
                    "table '" + spec.name() + "' declares indexes " + spec.indexes()
                            + "; use an index table from the techniques instead");
        }
        run("createTable", spec.name(), call -> {
            backend.createTable(spec, call.meter);
            tables.put(spec.name(), spec);
        });
    }

    /** Removes a logical table and every item in it. */
    public void dropTable(String table) {
        TableSpec.checkName(table);
        run("dropTable", table, call -> {
            backend.dropTable(table, call.meter);
            tables.remove(table);
        });
    }

    /** True when {@code table} was declared on this store with {@link #createTable}. */
    public boolean hasTable(String table) {
        return tables.containsKey(table);
    }

    /** The declaration of {@code table} this store was given, or empty when it was not declared here. */
    public Optional<TableSpec> tableSpec(String table) {
        return Optional.ofNullable(tables.get(table));
    }

    public Optional<Item> get(String table, Key key) {
        check.key(table, key);
        return call("get", table, call -> {
            Optional<Item> item = backend.get(table, key, call.meter);
            item.ifPresent(call::read);
            return ExpiredItems.live(item, clock.millis());
        });
    }

    public Optional<Item> get(String table, String partition, String sort) {
        return get(table, Key.of(partition, sort));
    }

    /** Reads many items in as few requests as the store allows; a reference asked twice is read once. */
    public BatchGetResult getAll(Collection<ItemRef> refs) {
        List<ItemRef> distinct = List.copyOf(new LinkedHashSet<>(refs));
        distinct.forEach(r -> check.key(r.table(), r.key()));
        if (distinct.isEmpty()) {
            return BatchGetResult.of(distinct, Map.of());
        }
        return call("getAll", Validation.tableOf(distinct, ItemRef::table), call -> {
            Map<ItemRef, Item> found = backend.getAll(distinct, call.meter);
            found.values().forEach(call::read);
            return BatchGetResult.of(distinct, ExpiredItems.live(found, clock.millis()));
        });
    }

    /** Reads many items of one table; see {@link #getAll(Collection)}. */
    public BatchGetResult getAll(String table, Collection<Key> keys) {
        return getAll(keys.stream().map(k -> new ItemRef(table, k)).toList());
    }

    /**
     * Every item a {@link LinkedRead} reaches, each once, in breadth-first order: the subtree of an
     * adjacency list, say. One request on a store with {@link Capability#NATIVE_LINKED_READS}, one batch read
     * per level elsewhere; the cost reports which ({@link OperationCost#criticalPath()}).
     */
    public List<Item> follow(LinkedRead read) {
        Objects.requireNonNull(read, "linked read must not be null");
        check.table(read.table());
        read.start().forEach(s -> check.key(read.table(), Key.of(read.partition(), s)));
        return call("follow", read.table(), call -> {
            Optional<dev.nosqlpatterns.store.spi.LinkedReads> linked = capabilities.linkedReads();
            List<Item> items;
            if (linked.isPresent()) {
                List<Item> answer = linked.get().follow(read, call.meter);
                answer.forEach(call::read);
                items = LinkedReadCalls.fromNative(answer, read, clock.millis());
            } else {
                items = LinkedReadCalls.levelByLevel(backend, read,
                        s -> check.storable(read.table(), Key.of(read.partition(), s)), call.meter, clock.millis());
                items.forEach(call::read);
            }
            return items;
        });
    }

    public void put(String table, Item item) {
        put(Write.put(table, item));
    }

    public void put(String table, Item item, Condition condition) {
        put(new Write.Put(table, item, condition));
    }

    /** Stores an item, replacing any with the same key; throws {@link ConditionFailedException} when the condition fails. */
    public void put(Write.Put put) {
        check.write(put);
        run("put", put.table(), call -> {
            ExpiredItems.retryPastLeftovers(backend, List.of(put), clock, call.meter, () -> backend.put(put, call.meter));
            call.wrote(put.item());
        });
    }

    public void delete(String table, Key key) {
        delete(Write.delete(table, key));
    }

    /** Removes an item; throws {@link ConditionFailedException} when the condition fails. */
    public void delete(Write.Delete delete) {
        check.write(delete);
        run("delete", delete.table(), call -> {
            ExpiredItems.retryPastLeftovers(backend, List.of(delete), clock, call.meter,
                    () -> backend.delete(delete, call.meter));
            call.wrote(null);
        });
    }

    public Item update(String table, Key key, UpdateAction... actions) {
        return update(Write.update(table, key, actions));
    }

    /** Applies update actions atomically, creating the item when absent; returns the item afterwards. */
    public Item update(Write.Update update) {
        check.write(update);
        return call("update", update.table(), call -> {
            Item after = ExpiredItems.update(backend, update, clock, call.meter);
            call.wrote(after);
            return after;
        });
    }

    /** One page of a partition read. */
    public Page query(Query query) {
        check.query(query);
        KeyQuery keyQuery = keyQuery(query);
        return call("query", query.table(), call -> {
            Page page = page(keyQuery, backend.query(keyQuery, call.meter), query, call);
            return page;
        });
    }

    private static KeyQuery keyQuery(Query q) {
        return new KeyQuery(q.table(), q.partition(), q.condition(), q.isDescending(), q.limit(),
                q.after().map(c -> CursorCodec.decodeQuery(c, q)));
    }

    /**
     * The page of a backend's answer to {@code query}, its items counted on {@code call}: expired items are
     * left out, and the page is filled from further reads of the partition as far as its limit allows.
     */
    private Page page(KeyQuery keyQuery, QueryResult first, Query query, StoreCall call) {
        long now = clock.millis();
        QueryResult result = first;
        List<Item> live = new ArrayList<>(result.items().size());
        while (true) {
            result.items().forEach(call::read);
            for (Item item : result.items()) {
                if (!dev.nosqlpatterns.item.Expiry.isExpired(item, now)) {
                    live.add(item);
                }
            }
            if (!result.more() || live.size() >= keyQuery.limit()) {
                break;
            }
            KeyQuery rest = new KeyQuery(keyQuery.table(), keyQuery.partition(), keyQuery.condition(),
                    keyQuery.descending(), keyQuery.limit() - live.size(),
                    Optional.of(last(result.items()).key().sort()));
            result = backend.query(rest, call.meter);
        }
        Optional<Cursor> next = result.more()
                ? Optional.of(CursorCodec.encodeQuery(last(result.items()).key().sort(), query))
                : Optional.empty();
        return new Page(live, next);
    }

    /**
     * Reads one page of each query at once, where the store can: its answers come back in the order of the
     * queries, each the page {@link #query} would return for it, with its own cursor. Independent reads (the
     * cells of a geohash cover, the buckets of a time window, the shards of a partition) then cost the
     * caller about one round trip of waiting instead of one per query; {@link OperationCost#criticalPath()}
     * reports that wait. Every query is checked before anything is read.
     */
    public List<Page> queryEach(List<Query> queries) {
        Objects.requireNonNull(queries, "queries must not be null");
        for (int i = 0; i < queries.size(); i++) {
            Query q = queries.get(i);
            if (q == null) {
                throw new IllegalArgumentException("query " + i + " of " + queries.size() + " is null");
            }
            check.query(q);
        }
        if (queries.isEmpty()) {
            return List.of();
        }
        List<KeyQuery> keyQueries = queries.stream().map(Store::keyQuery).toList();
        return call("queryEach", Validation.tableOf(queries, Query::table), call -> {
            List<QueryResult> results = backend.queryEach(keyQueries, call.meter);
            if (results.size() != queries.size()) {
                throw new IllegalStateException(kind() + " answered " + results.size() + " of " + queries.size()
                        + " queries");
            }
            List<Page> pages = new ArrayList<>(results.size());
            for (int i = 0; i < results.size(); i++) {
                pages.add(page(keyQueries.get(i), results.get(i), queries.get(i), call));
            }
            return pages;
        });
    }

    /**
     * Every item of each query, in the order of the queries: {@link #queryEach} of all of them, then of
     * those with more pages, until none has more. The wait is that of the query with the most pages.
     */
    public List<List<Item>> queryEachAll(List<Query> queries) {
        List<List<Item>> out = new ArrayList<>(queries.size());
        List<Integer> open = new ArrayList<>(queries.size());
        List<Query> round = new ArrayList<>(queries);
        for (int i = 0; i < queries.size(); i++) {
            out.add(new ArrayList<>());
            open.add(i);
        }
        while (!round.isEmpty()) {
            List<Page> pages = queryEach(round);
            List<Integer> stillOpen = new ArrayList<>();
            List<Query> next = new ArrayList<>();
            for (int k = 0; k < pages.size(); k++) {
                int i = open.get(k);
                Page page = pages.get(k);
                out.get(i).addAll(page.items());
                if (page.next().isPresent()) {
                    stillOpen.add(i);
                    next.add(round.get(k).after(page.next().get()));
                }
            }
            open = stillOpen;
            round = next;
        }
        return out;
    }

    /**
     * A stream of every item of each query, in the order of the queries: the first page of all of them read
     * at once ({@link #queryEach}), the further pages of each only when its stream reaches them, so a reader
     * that stops early reads no more than it would one query after another, beyond those first pages.
     */
    public List<Stream<Item>> queryEachLazily(List<Query> queries) {
        List<Page> first = queryEach(queries);
        List<Stream<Item>> out = new ArrayList<>(first.size());
        for (int i = 0; i < first.size(); i++) {
            Query query = queries.get(i);
            Page page = first.get(i);
            out.add(Stream.concat(page.items().stream(),
                    page.next().map(c -> queryAll(query.after(c))).orElseGet(Stream::empty)));
        }
        return out;
    }

    /** Every item the query selects, reading page after page as the stream is consumed. */
    public Stream<Item> queryAll(Query query) {
        return paged(query, this::query, query::after);
    }

    /**
     * One page of a native secondary index read; needs {@link Capability#NATIVE_SECONDARY_INDEX} and an
     * index declared on the table. The request is checked against the table's declaration before the store is
     * asked. Reports its cost like {@link #query}.
     *
     * @throws dev.nosqlpatterns.store.model.InvalidRequestException when the table declares no such index, the
     *         index has no sort attribute but the query has a sort condition, the value is neither a string nor a
     *         number, or the cursor was issued by another read
     */
    public Page queryIndex(dev.nosqlpatterns.store.model.IndexQuery query) {
        Objects.requireNonNull(query, "index query must not be null");
        check.table(query.table());
        dev.nosqlpatterns.store.spi.NativeIndexes indexes = capabilities.nativeIndexes()
                .orElseThrow(() -> new UnsupportedCapabilityException(kind(), Capability.NATIVE_SECONDARY_INDEX,
                        "index '" + query.index() + "' on table '" + query.table() + "'"));
        IndexRead read = IndexReads.check(tables.get(query.table()), query);
        return call("queryIndex", query.table(), call -> {
            IndexResult result = indexes.read(read, call.meter);
            result.items().forEach(call::read);
            return new Page(ExpiredItems.live(result.items(), clock.millis()),
                    result.next().map(position -> CursorCodec.encodeIndex(position, query)));
        });
    }

    /**
     * The store's own geo search ({@link Capability#NATIVE_GEO}), every call checked and its cost reported
     * like the other calls; throws {@link UnsupportedCapabilityException} on a store without it.
     */
    public NativeGeoCalls nativeGeo() {
        return new NativeGeoCalls(this, capabilities.nativeGeo()
                .orElseThrow(() -> new UnsupportedCapabilityException(kind(), Capability.NATIVE_GEO, "")));
    }

    /** One page of one scan segment. */
    public Page scan(Scan scan) {
        check.table(scan.table());
        Optional<String> token = scan.after().map(c -> CursorCodec.decodeScan(c, scan));
        return call("scan", scan.table(), call -> {
            ScanResult result = backend.scan(new ScanRequest(scan.table(), scan.segment(), scan.totalSegments(),
                    scan.limit(), token), call.meter);
            result.items().forEach(call::read);
            return new Page(ExpiredItems.live(result.items(), clock.millis()),
                    result.nextToken().map(t -> CursorCodec.encodeScan(t, scan)));
        });
    }

    /** Every item of one scan segment, page after page as the stream is consumed. */
    public Stream<Item> scanAll(Scan scan) {
        return paged(scan, this::scan, scan::after);
    }

    /**
     * Checks {@code writes} as {@link #put}, {@link #delete} and {@link #update} check theirs before sending them
     * (tables, keys, attribute names and values, item sizes), sending nothing: a bulk writer checks every item
     * before it writes any, so that bad input anywhere writes nothing.
     *
     * @throws dev.nosqlpatterns.store.model.StoreException the first problem found, naming the table, the key and
     *                                                      what is wrong
     */
    public void validate(List<? extends Write> writes) {
        Objects.requireNonNull(writes, "writes are null");
        for (Write w : writes) {
            Objects.requireNonNull(w, "a write to validate is null");
            check.write(w);
        }
    }

    /**
     * Writes unconditional puts and deletes as fast as the store allows, not atomically: after a failure
     * some may have been applied. Every write is checked before any is sent, so a refused one writes nothing.
     * When one item appears several times, the last write wins.
     */
    public void writeBatch(List<? extends Write> writes) {
        Map<ItemRef, Write> last = new LinkedHashMap<>();
        for (Write w : writes) {
            check.batchWrite(w);
            ItemRef ref = new ItemRef(w.table(), w.key());
            last.remove(ref);
            last.put(ref, w);
        }
        if (last.isEmpty()) {
            return;
        }
        List<Write> distinct = new ArrayList<>(last.values());
        run("writeBatch", Validation.tableOf(distinct, Write::table), call -> {
            backend.writeBatch(distinct, call.meter);
            distinct.forEach(w -> call.wrote(w instanceof Write.Put p ? p.item() : null));
        });
    }

    /**
     * Applies independent puts and deletes of distinct items, each only if its own condition holds, as few calls
     * as the store allows (a pipeline, concurrent requests, a bulk write), not atomically: each write is applied or
     * refused as if sent alone, in no particular order. Answers, in the order of the writes, whether each was
     * applied; a refusal is an answer, not an exception. Every write is checked before anything is sent: a write
     * that is not a put or a delete, or a second write of one item, is refused with nothing written. A failure
     * other than a refusal is thrown once every write sent has ended; writes other than the failed one may then be
     * applied, so callers use it where each write is safe alone (entries of a repairable structure, claims).
     */
    public List<Boolean> writeEach(List<? extends Write> writes) {
        List<Write> list = EachWrites.checked(writes, check);
        if (list.isEmpty()) {
            return List.of();
        }
        return call("writeEach", Validation.tableOf(list, Write::table), call -> {
            List<Boolean> applied = EachWrites.apply(backend, list, clock, call.meter);
            for (int i = 0; i < list.size(); i++) {
                if (applied.get(i)) {
                    call.wrote(list.get(i) instanceof Write.Put p ? p.item() : null);
                }
            }
            return applied;
        });
    }

    /**
     * Applies all the writes or none: every condition holds and every write is applied, or
     * {@link ConditionFailedException} is thrown and nothing is written. Needs {@link Capability#ATOMIC_WRITES}
     * (or {@link Capability#ATOMIC_WRITES_SINGLE_PARTITION} when all writes share one table and partition).
     */
    public void writeAtomically(List<? extends Write> writes) {
        List<Write> list = List.copyOf(writes);
        check.atomicWrite(list, backend.capabilities(), backend.kind());
        if (list.isEmpty()) {
            return;
        }
        run("writeAtomically", Validation.tableOf(list, Write::table), call -> {
            ExpiredItems.retryPastLeftovers(backend, list, clock, call.meter,
                    () -> backend.writeAtomically(list, call.meter));
            list.stream().filter(w -> !(w instanceof Write.Check))
                    .forEach(w -> call.wrote(w instanceof Write.Put p ? p.item() : null));
        });
    }

    @Override
    public void close() {
        if (ownsBackend) {
            backend.close();
        }
    }

    @Override
    public String toString() {
        return "Store[" + kind() + ", " + capabilities() + "]";
    }

    private static Item last(List<Item> items) {
        return items.get(items.size() - 1);
    }

    private static <R> Stream<Item> paged(R first, java.util.function.Function<R, Page> read,
                                          java.util.function.Function<Cursor, R> resume) {
        Iterator<Item> it = new Iterator<>() {
            private Iterator<Item> current;
            private Optional<Cursor> next = Optional.empty();
            private boolean started;

            @Override
            public boolean hasNext() {
                while (current == null || !current.hasNext()) {
                    if (started && next.isEmpty()) {
                        return false;
                    }
                    Page page = read.apply(started ? resume.apply(next.get()) : first);
                    started = true;
                    current = page.items().iterator();
                    next = page.next();
                }
                return true;
            }

            @Override
            public Item next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return current.next();
            }
        };
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED), false);
    }

    /** Ends a listener registration. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }
}
