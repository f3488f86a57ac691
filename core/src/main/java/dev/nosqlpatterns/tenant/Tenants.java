package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The tenants of an application and the one way to reach their data: {@link #forTenant(String)} gives a
 * {@link Store} that sees the tenant's tables alone, so every technique built on it (index tables, geo cells,
 * trees, postings, counters, copies) keeps its derived data inside the tenant, and no read, query, cursor, scan
 * or repair through it can reach another tenant's. Tenant ids are any non-empty text (separators, escapes and
 * any Unicode included); each gets a short code, unique among the tenants and kept in a registry table of the
 * control store, with every table the tenant created, so that {@link #offboard(String)} can remove them all.
 *
 * <pre>{@code
 * Tenants tenants = Tenants.builder(store).model(TenancyModel.BRIDGE).build();
 * Store acme = tenants.forTenant("acme");
 * EntityRepository<User> users = EntityRepository.builder(acme, User.class)...build();
 * }</pre>
 */
public final class Tenants {
    private static final String TENANT = "t:";
    private static final String CODE = "c:";
    private static final String RECORD = "~tenant";
    private static final String CLAIM = "~code";
    private static final String TABLE = "table:";
    private static final String GEO_SET = "geo:";
    private static final String TEXT_INDEX = "text:";
    private static final int MAX_ID_LENGTH = 256;
    private static final int CODE_CHARS = 10;

    private final Store control;
    private final TenancyModel model;
    private final Function<String, Store> silos;
    private final String registry;
    private final double callsPerSecond;
    private final Map<String, Store> views = new ConcurrentHashMap<>();
    private final Set<String> recordedNow = ConcurrentHashMap.newKeySet();

    private Tenants(Builder b) {
        this.control = b.control;
        this.model = b.model;
        this.silos = b.silos;
        this.registry = b.registry;
        this.callsPerSecond = b.callsPerSecond;
    }

    /** Tenants whose registry is kept in {@code control}, which in the bridge model also holds their data. */
    public static Builder builder(Store control) {
        return new Builder(control);
    }

    public TenancyModel model() {
        return model;
    }

    /**
     * The store as tenant {@code tenantId} sees it, registering the tenant on first use (one conditional write
     * in the registry). The same handle is returned for the same tenant; it is thread-safe.
     *
     * @throws IllegalArgumentException when the id is empty or longer than 256 characters
     */
    public Store forTenant(String tenantId) {
        checkId(tenantId);
        return views.computeIfAbsent(tenantId, id -> {
            String code = register(id);
            Store base = model == TenancyModel.BRIDGE ? control : Objects.requireNonNull(silos.apply(id),
                    () -> "the silo function opened no store for tenant '" + id + "'");
            String prefix = model == TenancyModel.BRIDGE ? code + "_" : "";
            Store view = base.view(b -> new TenantBackend(b, prefix, table -> record(id, TABLE, table),
                    (kind, name) -> record(id, kind == TenantBackend.NameKind.GEO_SET ? GEO_SET : TEXT_INDEX, name)), id);
            return callsPerSecond > 0 ? view.limitedTo(callsPerSecond) : view;
        });
    }

    /** The code the tenant's names are stored under (bridge), if it is registered. */
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
        checkId(tenantId);
        List<String> out = new ArrayList<>();
        control.queryAll(Query.in(registry, row(tenantId)).where(SortKeyCondition.beginsWith(kind)))
                .forEach(i -> out.add(i.key().sort().substring(kind.length())));
        return out;
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
        for (String table : tablesOf(tenantId)) {
            if (!view.hasTable(table)) {
                view.createTable(TableSpec.named(table));
            }
            for (Item item : (Iterable<Item>) view.scanAll(Scan.of(table))::iterator) {
                sink.accept(table, item);
                count++;
            }
        }
        return count;
    }

    /**
     * Removes every table the tenant created, with every item and derived entry in it, then the tenant from the
     * registry: its native geo sets and text indexes first, then its tables. Each step can be repeated: after a
     * crash, call it again and it goes on where it stopped.
     */
    public void offboard(String tenantId) {
        checkId(tenantId);
        Optional<Item> record = control.get(registry, Key.of(row(tenantId), RECORD));
        if (record.isEmpty()) {
            return;
        }
        Store view = forTenant(tenantId);
        for (String set : recorded(tenantId, GEO_SET)) {
            view.nativeGeo().dropSet(set);
            forget(tenantId, GEO_SET, set);
        }
        for (String index : recorded(tenantId, TEXT_INDEX)) {
            view.textSearch().dropIndex(index);
            forget(tenantId, TEXT_INDEX, index);
        }
        for (String table : tablesOf(tenantId)) {
            view.dropTable(table);
            forget(tenantId, TABLE, table);
        }
        views.remove(tenantId);
        control.delete(registry, Key.of(row(tenantId), RECORD));
        record.get().getString("code").ifPresent(code -> control.delete(registry, Key.of(CODE + code, CLAIM)));
    }

    private void record(String tenantId, String kind, String name) {
        if (recordedNow.add(tenantId + "\u0000" + kind + name)) {
            control.put(registry, Item.builder(Key.of(row(tenantId), kind + name)).build());
        }
    }

    private void forget(String tenantId, String kind, String name) {
        control.delete(registry, Key.of(row(tenantId), kind + name));
        recordedNow.remove(tenantId + "\u0000" + kind + name);
    }

    /** The tenant's code: read from the registry, or claimed there (unique among tenants) and recorded. */
    private String register(String tenantId) {
        Optional<String> known = codeOf(tenantId);
        if (known.isPresent()) {
            return known.get();
        }
        for (int attempt = 0; ; attempt++) {
            String code = code(tenantId, attempt);
            try {
                control.put(Write.put(registry, Item.builder(Key.of(CODE + code, CLAIM)).put("tenant", encoded(tenantId)).build())
                        .when(dev.nosqlpatterns.store.model.Condition.ifAbsent()));
            } catch (ConditionFailedException taken) {
                boolean ours = control.get(registry, Key.of(CODE + code, CLAIM))
                        .flatMap(i -> i.getString("tenant")).filter(encoded(tenantId)::equals).isPresent();
                if (!ours) {
                    continue; // another tenant's code: try the next candidate
                }
            }
            try {
                control.put(Write.put(registry, Item.builder(Key.of(row(tenantId), RECORD)).put("code", code).build())
                        .when(dev.nosqlpatterns.store.model.Condition.ifAbsent()));
                return code;
            } catch (ConditionFailedException registeredMeanwhile) {
                return codeOf(tenantId).orElseThrow(() -> registeredMeanwhile);
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

        private Builder(Store control) {
            this.control = Objects.requireNonNull(control, "control store must not be null");
        }

        /** Bridge by default. */
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

        public Tenants build() {
            List<String> problems = new ArrayList<>();
            if (model == null) {
                problems.add("model must not be null");
            }
            if (model == TenancyModel.SILO && silos == null) {
                problems.add("the SILO model needs silos(function) to open each tenant's store");
            }
            if (model == TenancyModel.BRIDGE && silos != null) {
                problems.add("silos(function) is for the SILO model only");
            }
            if (!(callsPerSecond >= 0) || Double.isInfinite(callsPerSecond)) {
                problems.add("rateLimit must be zero (none) or a positive number of calls per second, got "
                        + callsPerSecond);
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
