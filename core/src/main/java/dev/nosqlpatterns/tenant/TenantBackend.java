package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.store.model.Footprint;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.ScanResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
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
final class TenantBackend extends ScopedBackend {
    private static final int MAX_NAME = 48;

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
        super(shared);
        this.prefix = prefix;
        this.onCreate = onCreate;
        this.firstUse = new NamedPorts.FirstUse(onFirstUse);
        this.capabilities = scoped(shared.capabilities());
    }

    /** The name the shared store keeps the tenant's table, set or index {@code name} under. */
    @Override
    String table(String name) {
        return prefix + name;
    }

    private Capabilities scoped(Capabilities all) {
        Capabilities.Builder b = Capabilities.builder();
        all.all().stream().filter(c -> !PORTS.contains(c)).forEach(b::with);
        all.nativeIndexes().ifPresent(p -> b.nativeIndexes((read, meter) -> p.read(scoped(read), meter)));
        all.nativeGeo().ifPresent(p -> b.nativeGeo(new NamedPorts.Geo(p, this::table, firstUse)));
        all.textSearch().ifPresent(p -> b.textSearch(new NamedPorts.Search(p, this::table, firstUse)));
        all.nestedDocuments().ifPresent(p -> b.nestedDocuments((table, list, fields, limit, meter) ->
                p.findByElement(table(table), list, fields, limit, meter)));
        all.linkedReads().ifPresent(p -> b.linkedReads((read, meter) -> p.follow(scoped(read), meter)));
        if (all.footprints().isPresent()) {
            b.footprints((table, meter) -> {
                Footprint f = all.footprints().get().footprint(table(table), meter);
                return new Footprint(table, f.bytes(), f.basis(), f.accuracy(), f.shared());
            });
        } else {
            b.withoutFootprints();
        }
        return b.build();
    }

    private TableSpec scoped(TableSpec spec) {
        return new TableSpec(table(spec.name()), spec.declaredAttributes(), spec.indexes());
    }

    private IndexRead scoped(IndexRead read) {
        return new IndexRead(scoped(read.table()), read.index(), read.partitionValue(), read.sortCondition(),
                read.direction(), read.limit(), read.after());
    }

    private LinkedRead scoped(LinkedRead read) {
        return new LinkedRead(table(read.table()), read.partition(), read.start(), read.links(), read.targetPrefix(),
                read.maxDepth());
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
        if (table(spec.name()).length() > MAX_NAME) {
            throw new IllegalArgumentException("table name '" + spec.name() + "' is too long for a tenant's table: the"
                    + " tenant's code takes " + prefix.length() + " of the " + MAX_NAME + " characters, so at most "
                    + (MAX_NAME - prefix.length()) + " are left");
        }
        onCreate.accept(spec);
        shared.createTable(scoped(spec), meter);
    }

    @Override
    public void dropTable(String table, CostMeter meter) {
        shared.dropTable(table(table), meter);
    }

    @Override
    public ScanResult scan(ScanRequest scan, CostMeter meter) {
        return shared.scan(new ScanRequest(table(scan.table()), scan.segment(), scan.totalSegments(), scan.limit(),
                scan.token()), meter);
    }
}
