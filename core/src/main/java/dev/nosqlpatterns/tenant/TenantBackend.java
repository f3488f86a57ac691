package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * One tenant's view of a backend. In the bridge model the backend is shared: every table, geo set and search
 * index the tenant names is stored under its own name, the tenant's code and an underscore before the name the
 * tenant gave. In the silo model the backend is the tenant's own and names are kept; the view records tables. (The
 * pool model, tables shared by every tenant, has a view of its own: {@link PoolBackend}.) Every
 * derived structure a technique keeps lives in tables, sets or indexes named this way, so nothing one tenant
 * writes is in reach of another's calls, whatever keys and values they use. The adapter's own extensions are not
 * offered: they take their own names, which this view cannot scope. Closing the view leaves the backend open.
 */
final class TenantBackend implements StoreBackend {
    private static final Set<Capability> PORTS = EnumSet.of(Capability.NATIVE_SECONDARY_INDEX, Capability.NATIVE_GEO,
            Capability.TEXT_SEARCH, Capability.NESTED_DOCUMENTS, Capability.NATIVE_LINKED_READS);

    private static final int MAX_NAME = 48;

    private final StoreBackend shared;
    private final String prefix;
    private final Consumer<TableSpec> onCreate;
    private final NamedPorts.FirstUse firstUse;
    private final Capabilities capabilities;

    /**
     * @param prefix     put before every name: the tenant's code and an underscore (bridge), or nothing (silo)
     * @param onCreate   told of every table the tenant creates, with its declaration, before it is created (for
     *                   off-boarding)
     * @param onFirstUse told of every native geo set and text index the tenant writes to, before the first write
     *                   through this view (for off-boarding)
     */
    TenantBackend(StoreBackend shared, String prefix, Consumer<TableSpec> onCreate,
                  BiConsumer<NamedPorts.Kind, String> onFirstUse) {
        this.shared = shared;
        this.prefix = prefix;
        this.onCreate = onCreate;
        this.firstUse = new NamedPorts.FirstUse(onFirstUse);
        this.capabilities = scoped(shared.capabilities());
    }

    /** The name the shared store keeps the tenant's table, set or index {@code name} under. */
    String physical(String name) {
        return prefix + name;
    }

    private Capabilities scoped(Capabilities all) {
        Capabilities.Builder b = Capabilities.builder();
        all.all().stream().filter(c -> !PORTS.contains(c)).forEach(b::with);
        all.nativeIndexes().ifPresent(p -> b.nativeIndexes((read, meter) -> p.read(scoped(read), meter)));
        all.nativeGeo().ifPresent(p -> b.nativeGeo(new NamedPorts.Geo(p, this::physical, firstUse)));
        all.textSearch().ifPresent(p -> b.textSearch(new NamedPorts.Search(p, this::physical, firstUse)));
        all.nestedDocuments().ifPresent(p -> b.nestedDocuments((table, list, fields, limit, meter) ->
                p.findByElement(physical(table), list, fields, limit, meter)));
        all.linkedReads().ifPresent(p -> b.linkedReads((read, meter) -> p.follow(scoped(read), meter)));
        if (all.footprints().isPresent()) {
            b.footprints((table, meter) -> all.footprints().get().footprint(physical(table), meter));
        } else {
            b.withoutFootprints();
        }
        return b.build();
    }

    private TableSpec scoped(TableSpec spec) {
        return new TableSpec(physical(spec.name()), spec.declaredAttributes(), spec.indexes());
    }

    private IndexRead scoped(IndexRead read) {
        return new IndexRead(scoped(read.table()), read.index(), read.partitionValue(), read.sortCondition(),
                read.direction(), read.limit(), read.after());
    }

    private LinkedRead scoped(LinkedRead read) {
        return new LinkedRead(physical(read.table()), read.partition(), read.start(), read.links(), read.targetPrefix(),
                read.maxDepth());
    }

    private Write scoped(Write write) {
        if (write instanceof Write.Put p) {
            return new Write.Put(physical(p.table()), p.item(), p.condition());
        }
        if (write instanceof Write.Delete d) {
            return new Write.Delete(physical(d.table()), d.key(), d.condition());
        }
        if (write instanceof Write.Update u) {
            return new Write.Update(physical(u.table()), u.key(), u.actions(), u.condition());
        }
        if (write instanceof Write.Check c) {
            return new Write.Check(physical(c.table()), c.key(), c.condition());
        }
        throw new IllegalArgumentException("unknown write " + write);
    }

    private List<Write> scoped(List<Write> writes) {
        return writes.stream().map(this::scoped).toList();
    }

    private KeyQuery scoped(KeyQuery q) {
        return new KeyQuery(physical(q.table()), q.partition(), q.condition(), q.descending(), q.limit(), q.startAfter());
    }

    @Override
    public String kind() {
        return shared.kind();
    }

    @Override
    public Capabilities capabilities() {
        return capabilities;
    }

    @Override
    public Limits limits() {
        return shared.limits();
    }

    @Override
    public void createTable(TableSpec spec, CostMeter meter) {
        if (physical(spec.name()).length() > MAX_NAME) {
            throw new IllegalArgumentException("table name '" + spec.name() + "' is too long for a tenant's table: the"
                    + " tenant's code takes " + prefix.length() + " of the " + MAX_NAME + " characters, so at most "
                    + (MAX_NAME - prefix.length()) + " are left");
        }
        onCreate.accept(spec);
        shared.createTable(scoped(spec), meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        shared.dropTable(physical(table), meter);
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return shared.get(physical(table), key, meter);
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        Map<ItemRef, ItemRef> asGiven = new LinkedHashMap<>();
        refs.forEach(r -> asGiven.put(new ItemRef(physical(r.table()), r.key()), r));
        Map<ItemRef, Item> found = shared.getAll(List.copyOf(asGiven.keySet()), meter);
        Map<ItemRef, Item> out = new LinkedHashMap<>();
        found.forEach((ref, item) -> out.put(asGiven.get(ref), item));
        return out;
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        shared.put((Write.Put) scoped(put), meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        shared.delete((Write.Delete) scoped(delete), meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return shared.update((Write.Update) scoped(update), meter);
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return shared.query(scoped(query), meter);
    }

    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        return shared.queryEach(queries.stream().map(this::scoped).toList(), meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return shared.scan(new ScanRequest(physical(scan.table()), scan.segment(), scan.totalSegments(), scan.limit(),
                scan.token()), meter);
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        shared.writeBatch(scoped(writes), meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        shared.writeAtomically(scoped(writes), meter);
    }

    @Override
    public void close() {
        // The shared backend belongs to the store the view was made from.
    }
}
