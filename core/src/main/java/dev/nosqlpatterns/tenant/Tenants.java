package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The tenants of an application and the one way to reach their data: {@link #forTenant(String)} gives a
 * {@link Store} that sees the tenant's data alone, so every technique built on it (index tables, geo cells,
 * trees, postings, counters, copies) keeps its derived data inside the tenant, and no read, query, cursor, scan
 * or repair through it can reach another tenant's. Tenant ids are any non-empty text (separators, escapes and
 * any Unicode included); each gets a short code, unique among the tenants and kept in a registry table of the
 * control store, with every table (and its declaration), geo set and text index the tenant used, so that
 * {@link #offboard(String)} can remove them all.
 *
 * <p>The {@link TenancyModel} decides where the code goes: before every table, geo set and search index name
 * (bridge: a table per tenant and logical table), before every partition key and native index value in tables
 * all tenants share, and before every geo set and search index name (pool: a table per logical table, scans
 * reading the tenant's partitions alone, or every tenant's items on DynamoDB and Cassandra), or nowhere (silo: a store per tenant).
 *
 * <pre>{@code
 * EntityType<User> users = EntityType.builder(User.class).table("users").partitionKey("user:{id}")
 *         .sortKey("<BASE>").tenantScoped().build();
 * Tenants tenants = Tenants.builder(store).model(TenancyModel.POOL).build();
 * EntityRepository acme = EntityRepository.of(tenants.forTenant("acme"), users);
 * EntityRepository.of(store, users);   // refused: the shared store reaches every tenant
 * }</pre>
 *
 * <p>A handle can outlive its tenant: another process may off-board it. Each handle therefore holds a
 * {@link Builder#handleLease(Duration) lease} on the registration it was made with and reads the tenant's registry
 * record again, before a write, once the lease has run out; when the tenant is being or was off-boarded (and
 * perhaps registered again since), the write is refused with {@link TenantOffboardedException}, so no data is
 * written that off-boarding could no longer find. Reads are not refused: they see what is left.
 */
public final class Tenants {
    /** The longest {@link Builder#handleLease handle lease}: off-boarding waits this long at most. */
    public static final Duration MAX_HANDLE_LEASE = Duration.ofMinutes(10);
    /** The {@link Builder#handleLease handle lease} unless another is given. */
    public static final Duration DEFAULT_HANDLE_LEASE = Duration.ofSeconds(30);
    private static final String TENANT = "t:";
    private static final String CODE = "c:";
    private static final String RECORD = "~tenant";
    private static final String CLAIM = "~code";
    private static final String TABLE = "table:";
    private static final String GEO_SET = "geo:";
    private static final String TEXT_INDEX = "text:";
    private static final Key CURSOR_KEY = Key.of("k:cursors", "~key");
    private static final int MAX_ID_LENGTH = 256;
    private static final int CODE_CHARS = 10;

    private final Store control;
    private final TenancyModel model;
    private final Function<String, Store> silos;
    private final String registry;
    private final byte[] cursorKey;
    private final double callsPerSecond;
    private final Duration handleLease;
    private final Map<String, Handle> views = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Value>> recordedNow = new ConcurrentHashMap<>();

    private Tenants(Builder b) {
        this.control = b.control;
        this.model = b.model;
        this.silos = b.silos;
        this.registry = b.registry;
        this.cursorKey = model == TenancyModel.POOL ? cursorKey() : null;
        this.callsPerSecond = b.callsPerSecond;
        this.handleLease = b.handleLease;
    }

    /** A tenant's handle with its lease, and the store it is a view of (the control store, or the tenant's silo). */
    private record Handle(Store store, Store base, TenantLease.Handle lease) {
    }

    /** Tenants whose registry is kept in {@code control}, which in the bridge and pool models also holds their data. */
    public static Builder builder(Store control) {
        return new Builder(control);
    }

    public TenancyModel model() {
        return model;
    }

    /**
     * The store as tenant {@code tenantId} sees it, registering the tenant on first use (one conditional write
     * in the registry). The same handle is returned for the same tenant while its registration lasts; it is
     * thread-safe. The handle reads the tenant's registry record again at most once per
     * {@link Builder#handleLease(Duration) handle lease}, before a write: once the tenant is being or was
     * off-boarded, by any process, its writes are refused with {@link TenantOffboardedException}, and this method
     * gives a new handle when the tenant has been registered again (or registers it again when it is gone).
     *
     * @throws IllegalArgumentException   when the id is empty or longer than 256 characters
     * @throws TenantOffboardedException when the tenant is being off-boarded
     */
    public Store forTenant(String tenantId) {
        checkId(tenantId);
        while (true) {
            Handle handle = views.computeIfAbsent(tenantId, this::open);
            if (handle.lease().valid()) {
                return handle.store();
            }
            views.remove(tenantId, handle); // off-boarded: registered again (or refused) below
        }
    }

    /** A new handle of the tenant, registering it when it is not registered. */
    private Handle open(String id) {
        long readFrom = control.clock().millis();
        Item record = register(id);
        // A registration this process has not seen (the tenant was off-boarded elsewhere and registered again)
        // records its names anew.
        recordedNow.keySet().removeIf(k -> k.startsWith(id + "\u0000"));
        Key key = Key.of(row(id), RECORD);
        TenantLease.Handle lease = new TenantLease.Handle(id, TenantLease.registrationOf(record), handleLease,
                control.clock(), readFrom, () -> control.get(registry, key));
        Store base = base(id);
        return new Handle(view(base, id, record.getString("code").orElseThrow(), b -> new LeasedBackend(b, lease)),
                base, lease);
    }

    /** The store the tenant's views are made of: the control store, or in the silo model the tenant's own. */
    private Store base(String id) {
        return model != TenancyModel.SILO ? control : Objects.requireNonNull(silos.apply(id),
                () -> "the silo function opened no store for tenant '" + id + "'");
    }

    /** The tenant's view of {@code base}, its backend wrapped by {@code outer}; limited to the tenant's rate. */
    private Store view(Store base, String id, String code, UnaryOperator<StoreBackend> outer) {
        java.util.function.Consumer<TableSpec> onCreate = spec -> record(id, spec);
        java.util.function.BiConsumer<NamedPorts.Kind, String> onFirstUse = (kind, name) ->
                record(id, kind == NamedPorts.Kind.GEO_SET ? GEO_SET : TEXT_INDEX, name, Map.of());
        Store view = switch (model) {
            case BRIDGE -> base.view(b -> outer.apply(new TenantBackend(b, code + "_", onCreate, onFirstUse)), id);
            case POOL -> base.view(b -> outer.apply(new PoolBackend(b, code, cursorKey, Set.of(registry), onCreate,
                    onFirstUse)), id);
            case SILO -> base.view(b -> outer.apply(new TenantBackend(b, "", onCreate, onFirstUse)), id);
        };
        return callsPerSecond > 0 ? view.limitedTo(callsPerSecond) : view;
    }

    /** The code the tenant's names (bridge) or keys (pool) are stored under, if it is registered. */
    public Optional<String> codeOf(String tenantId) {
        checkId(tenantId);
        return control.get(registry, Key.of(row(tenantId), RECORD)).flatMap(i -> i.getString("code"));
    }

    /** Every registered tenant, in id order (a scan of the registry). */
    public Set<String> tenantIds() {
        Set<String> out = new TreeSet<>();
        control.scanAll(Scan.of(registry)).forEach(i -> {
            if (i.key().partition().startsWith(TENANT) && i.key().sort().equals(RECORD)) {
                out.add(idOf(i.key().partition()));
            }
        });
        return out;
    }

    /** The logical tables tenant {@code tenantId} has created, in name order. */
    public List<String> tablesOf(String tenantId) {
        return recorded(tenantId, TABLE);
    }

    private List<String> recorded(String tenantId, String kind) {
        return rows(tenantId, kind).stream().map(i -> i.key().sort().substring(kind.length())).toList();
    }

    private List<Item> rows(String tenantId, String kind) {
        checkId(tenantId);
        return control.queryAll(Query.in(registry, row(tenantId)).where(SortKeyCondition.beginsWith(kind))).toList();
    }

    /**
     * Declares the tenant's table on its handle, when not declared there yet, with the declaration the registry
     * recorded: in the pool model the store must know a shared table's indexes before the tenant's items are read
     * or deleted.
     */
    private void declare(Store view, Item tableRow) {
        String table = tableRow.key().sort().substring(TABLE.length());
        if (!view.hasTable(table)) {
            view.createTable(specOf(table, tableRow));
        }
    }

    /**
     * Hands every item of every table the tenant created to {@code sink}, with the table's name, table by table in
     * name order (a scan of each): the tenant's data and the derived entries kept in tables, e.g. to move the tenant
     * elsewhere or to keep a copy before off-boarding. Native geo sets and text indexes are not read; they are
     * rebuilt from the items.
     *
     * @return the number of items exported
     */
    public long export(String tenantId, java.util.function.BiConsumer<String, Item> sink) {
        Objects.requireNonNull(sink, "sink must not be null");
        Store view = forTenant(tenantId);
        long count = 0;
        for (Item row : rows(tenantId, TABLE)) {
            declare(view, row);
            String table = row.key().sort().substring(TABLE.length());
            for (Item item : (Iterable<Item>) view.scanAll(Scan.of(table))::iterator) {
                sink.accept(table, item);
                count++;
            }
        }
        return count;
    }

    /**
     * Removes every table the tenant created, with every item and derived entry in it, then the tenant from the
     * registry: its native geo sets and text indexes first, then its tables. In the pool model the tables are shared
     * and stay: each is declared with the spec the registry recorded, and every item of the tenant in it is deleted
     * (a scan of the tenant's partitions, or of the whole shared table on DynamoDB and Cassandra, deletes in
     * batches); as every derived structure a technique keeps (index
     * tables, geo cells, postings) lives in tables, that removes them too.
     *
     * <p>First the tenant's registry record is marked as leaving (a conditional write, so that two off-boardings
     * agree), which refuses the writes of the tenant's handles here at once and, in every other process, from
     * their first write after their {@link Builder#handleLease(Duration) handle lease} has run out. Then this
     * method <b>waits a handle lease out</b>, by the control store's clock (with the system clock it sleeps, 30
     * seconds by default), so that no handle that admitted a write before the mark can still write once the removal
     * begins; only then does it remove anything. A write held up past the lease between its check and the store (a
     * long pause) may still land after the removal. Each step can be repeated: after a crash, call it again and it
     * goes on where it stopped (waiting what is left of the lease counted from the mark).
     *
     * @throws IllegalStateException when interrupted while waiting, before anything was removed
     */
    public void offboard(String tenantId) {
        checkId(tenantId);
        Key key = Key.of(row(tenantId), RECORD);
        Handle held = views.remove(tenantId);
        if (held != null) {
            held.lease().revoke();
        }
        OptionalLong leaseEnds = TenantLease.mark(control, registry, key, handleLease);
        if (leaseEnds.isEmpty()) {
            return; // off-boarded elsewhere
        }
        TenantLease.awaitLease(control.clock(), leaseEnds.getAsLong(), tenantId);
        Optional<Item> record = control.get(registry, key);
        if (record.isEmpty() || !TenantLease.leaving(record.get())) {
            return; // finished elsewhere meanwhile, and perhaps registered again: not this off-boarding's to remove
        }
        // The store of this process's handle, when it has one: a silo function may open a new store at each call.
        Store view = view(held != null ? held.base() : base(tenantId), tenantId,
                record.get().getString("code").orElseThrow(), b -> b);
        for (String set : recorded(tenantId, GEO_SET)) {
            view.nativeGeo().dropSet(set);
            forget(tenantId, GEO_SET, set);
        }
        for (String index : recorded(tenantId, TEXT_INDEX)) {
            view.textSearch().dropIndex(index);
            forget(tenantId, TEXT_INDEX, index);
        }
        for (Item row : rows(tenantId, TABLE)) {
            String table = row.key().sort().substring(TABLE.length());
            if (model == TenancyModel.POOL) {
                declare(view, row);
            }
            view.dropTable(table);
            forget(tenantId, TABLE, table);
        }
        control.delete(registry, key);
        record.get().getString("code").ifPresent(code -> control.delete(registry, Key.of(CODE + code, CLAIM)));
    }

    /** The store holding the registry. */
    Store control() {
        return control;
    }

    String registryTable() {
        return registry;
    }

    /** The registry's row {@code name} of the tenant, for what else is kept about it (a move's state). */
    Key registryKey(String tenantId, String name) {
        checkId(tenantId);
        return Key.of(row(tenantId), name);
    }

    /** The declarations of the tenant's tables, as recorded when they were created. */
    List<TableSpec> tableSpecs(String tenantId) {
        return rows(tenantId, TABLE).stream()
                .map(r -> specOf(r.key().sort().substring(TABLE.length()), r)).toList();
    }

    List<String> geoSetsOf(String tenantId) {
        return recorded(tenantId, GEO_SET);
    }

    List<String> textIndexesOf(String tenantId) {
        return recorded(tenantId, TEXT_INDEX);
    }

    /** Records a name of the tenant with what else the registry keeps of it, once per process (and declaration). */
    private void record(String tenantId, String kind, String name, Map<String, Value> about) {
        if (!about.equals(recordedNow.put(tenantId + "\u0000" + kind + name, about))) {
            Item.Builder row = Item.builder(Key.of(row(tenantId), kind + name));
            about.forEach(row::put);
            control.put(registry, row.build());
        }
    }

    /** Records a table of the tenant with its declaration. */
    private void record(String tenantId, TableSpec spec) {
        Map<String, Value> about = new java.util.TreeMap<>();
        if (!spec.declaredAttributes().isEmpty()) {
            Map<String, Value> declared = new java.util.TreeMap<>();
            spec.declaredAttributes().forEach((name, type) -> declared.put(name, Value.of(type.name())));
            about.put("attributes", Value.map(declared));
        }
        if (!spec.indexes().isEmpty()) {
            about.put("indexes", Value.list(spec.indexes().stream().<Value>map(i -> Value.list(Value.of(i.name()),
                    Value.of(i.partitionAttribute()), i.sortAttribute().<Value>map(Value::of)
                            .orElse(Value.nullValue()))).toList()));
        }
        record(tenantId, TABLE, spec.name(), about);
    }

    /** The declaration recorded with a table of the tenant: no attributes and no indexes when none was recorded. */
    private static TableSpec specOf(String table, Item row) {
        TableSpec.Builder spec = TableSpec.builder(table);
        row.get("attributes").filter(v -> v instanceof Value.MapValue).ifPresent(v -> ((Value.MapValue) v).value()
                .forEach((name, type) -> spec.attribute(name, Value.Type.valueOf(((Value.Str) type).value()))));
        row.get("indexes").filter(v -> v instanceof Value.ListValue).ifPresent(v -> {
            for (Value index : ((Value.ListValue) v).value()) {
                List<Value> parts = ((Value.ListValue) index).value();
                spec.index(new IndexSpec(((Value.Str) parts.get(0)).value(), ((Value.Str) parts.get(1)).value(),
                        parts.get(2) instanceof Value.Str s ? Optional.of(s.value()) : Optional.empty()));
            }
        });
        return spec.build();
    }

    /**
     * The key that seals the scan cursors of pool views: 32 random bytes, made once per registry and kept in it, so
     * that every process sharing the store reads the same.
     */
    private byte[] cursorKey() {
        Optional<byte[]> known = storedCursorKey();
        if (known.isPresent()) {
            return known.get();
        }
        byte[] fresh = new byte[32];
        new SecureRandom().nextBytes(fresh);
        try {
            control.put(Write.put(registry, Item.builder(CURSOR_KEY).put("key", Value.of(fresh)).build())
                    .when(Condition.ifAbsent()));
            return fresh;
        } catch (ConditionFailedException madeMeanwhile) {
            return storedCursorKey().orElseThrow(() -> madeMeanwhile);
        }
    }

    private Optional<byte[]> storedCursorKey() {
        return control.get(registry, CURSOR_KEY).flatMap(i -> i.get("key"))
                .filter(v -> v instanceof Value.Bin).map(v -> ((Value.Bin) v).value());
    }

    private void forget(String tenantId, String kind, String name) {
        control.delete(registry, Key.of(row(tenantId), kind + name));
        recordedNow.remove(tenantId + "\u0000" + kind + name);
    }

    /**
     * The tenant's registry record: read, or made with a code claimed in the registry (unique among tenants) and a
     * new registration id.
     *
     * @throws TenantOffboardedException when the tenant is being off-boarded
     */
    private Item register(String tenantId) {
        Key key = Key.of(row(tenantId), RECORD);
        Optional<Item> known = control.get(registry, key);
        if (known.isPresent()) {
            return TenantLease.active(tenantId, known.get());
        }
        for (int attempt = 0; ; attempt++) {
            // The registry's name is hashed in, so that two tenancies in one store (a tenant moving from one to the
            // other) name the same tenant's tables and sets differently.
            String code = code(registry + "\u0000" + tenantId, attempt);
            try {
                control.put(Write.put(registry, Item.builder(Key.of(CODE + code, CLAIM)).put("tenant", encoded(tenantId)).build())
                        .when(Condition.ifAbsent()));
            } catch (ConditionFailedException taken) {
                boolean ours = control.get(registry, Key.of(CODE + code, CLAIM))
                        .flatMap(i -> i.getString("tenant")).filter(encoded(tenantId)::equals).isPresent();
                if (!ours) {
                    continue; // another tenant's code: try the next candidate
                }
            }
            Item record = TenantLease.registration(key, code);
            try {
                control.put(Write.put(registry, record).when(Condition.ifAbsent()));
                return record;
            } catch (ConditionFailedException registeredMeanwhile) {
                return TenantLease.active(tenantId, control.get(registry, key).orElseThrow(() -> registeredMeanwhile));
            }
        }
    }

    /** A table-name prefix made of the id's hash: a letter and ten of [a-z2-7]. */
    static String code(String tenantId, int attempt) {
        byte[] hash;
        try {
            hash = MessageDigest.getInstance("SHA-256")
                    .digest((attempt + ":" + tenantId).getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        String alphabet = "abcdefghijklmnopqrstuvwxyz234567";
        StringBuilder out = new StringBuilder("t");
        long bits = 0;
        for (int i = 0; i < 8; i++) {
            bits = (bits << 8) | (hash[i] & 0xff);
        }
        for (int i = 0; i < CODE_CHARS; i++) {
            out.append(alphabet.charAt((int) (bits >>> 59)));
            bits <<= 5;
        }
        return out.toString();
    }

    /**
     * The registry's partition key of a tenant. Ids are kept as their UTF-16 code units in base64url, so that any
     * text (a NUL, an unpaired surrogate) makes a valid key on every store and two ids never share one.
     */
    private static String row(String tenantId) {
        return TENANT + encoded(tenantId);
    }

    private static String encoded(String tenantId) {
        return java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(tenantId.getBytes(StandardCharsets.UTF_16BE));
    }

    private static String idOf(String row) {
        return new String(java.util.Base64.getUrlDecoder().decode(row.substring(TENANT.length())),
                StandardCharsets.UTF_16BE);
    }

    private static void checkId(String tenantId) {
        Objects.requireNonNull(tenantId, "tenant id must not be null");
        if (tenantId.isEmpty() || tenantId.length() > MAX_ID_LENGTH) {
            throw new IllegalArgumentException("tenant id must have 1 to " + MAX_ID_LENGTH + " characters, got "
                    + tenantId.length());
        }
    }

    /** Configures {@link Tenants}; {@link #build()} checks every setting at once and creates the registry table. */
    public static final class Builder {
        private final Store control;
        private TenancyModel model = TenancyModel.BRIDGE;
        private Function<String, Store> silos;
        private String registry = "tenantRegistry";
        private double callsPerSecond;
        private Duration handleLease = DEFAULT_HANDLE_LEASE;

        private Builder(Store control) {
            this.control = Objects.requireNonNull(control, "control store must not be null");
        }

        /** Bridge by default; pool and bridge keep the tenants' data in the control store. */
        public Builder model(TenancyModel m) {
            this.model = m;
            return this;
        }

        /** For the silo model: opens (or returns) the store of a tenant; called once per tenant and handle. */
        public Builder silos(Function<String, Store> opener) {
            this.silos = opener;
            return this;
        }

        /** The table of the control store that holds the registry; {@code tenantRegistry} by default. */
        public Builder registryTable(String name) {
            this.registry = name;
            return this;
        }

        /**
         * At most this many store calls per second through each tenant's handle (0, the default: no limit), so that
         * one tenant cannot take a shared store's whole capacity; a call over the rate waits for its turn.
         */
        public Builder rateLimit(double callsPerSecondPerTenant) {
            this.callsPerSecond = callsPerSecondPerTenant;
            return this;
        }

        /**
         * How long a tenant's handle acts on its last read of the tenant's registry record: a handle reads it again
         * before a write at most once per lease (one registry read per lease and handle), and off-boarding waits a
         * lease out after marking the tenant as leaving, before it removes anything, so that no handle of another
         * process writes for the tenant once the removal begins. Shorter leases make off-boarding quicker and cost
         * more registry reads. Every process sharing the registry must use the same lease; it is measured by the
         * control store's clock. From 1 ms to {@link #MAX_HANDLE_LEASE}; {@link #DEFAULT_HANDLE_LEASE} by default.
         */
        public Builder handleLease(Duration lease) {
            this.handleLease = lease;
            return this;
        }

        /**
         * Checks every setting at once and creates the registry table.
         *
         * @throws IllegalArgumentException naming every bad setting and its value
         */
        public Tenants build() {
            List<String> problems = new ArrayList<>();
            if (model == null) {
                problems.add("model must not be null");
            }
            if (model == TenancyModel.SILO && silos == null) {
                problems.add("the SILO model needs silos(function) to open each tenant's store");
            }
            if (model != TenancyModel.SILO && model != null && silos != null) {
                problems.add("silos(function) is for the SILO model only");
            }
            if (!(callsPerSecond >= 0) || Double.isInfinite(callsPerSecond)) {
                problems.add("rateLimit must be zero (none) or a positive number of calls per second, got "
                        + callsPerSecond);
            }
            if (handleLease == null || handleLease.compareTo(Duration.ofMillis(1)) < 0
                    || handleLease.compareTo(MAX_HANDLE_LEASE) > 0) {
                problems.add("handleLease must be 1 ms to " + MAX_HANDLE_LEASE + ", got " + handleLease);
            }
            try {
                TableSpec.checkName(registry);
            } catch (IllegalArgumentException | NullPointerException e) {
                problems.add("registryTable: " + e.getMessage());
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("invalid tenants: " + String.join("; ", problems));
            }
            control.createTable(TableSpec.named(registry));
            return new Tenants(this);
        }
    }
}
