package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A tenant's view of a backend: every request rewritten to where the tenant's data is stored (its tables' names,
 * its keys, its index values) and every answer back to the tenant's own names and keys. The tenancy models differ
 * only in how they rewrite ({@link TenantBackend} names tables, {@link PoolBackend} prefixes keys); the plumbing of
 * each call is here once. Closing the view leaves the backend open: it belongs to the store the view came from.
 */
abstract class ScopedBackend implements StoreBackend {
    /** The capabilities that come with a port, which a view rebuilds scoped or leaves out. */
    static final Set<Capability> PORTS = EnumSet.of(Capability.NATIVE_SECONDARY_INDEX, Capability.NATIVE_GEO,
            Capability.TEXT_SEARCH, Capability.NESTED_DOCUMENTS, Capability.NATIVE_LINKED_READS);

    final StoreBackend shared;

    ScopedBackend(StoreBackend shared) {
        this.shared = shared;
    }

    /** The name the store keeps the tenant's table {@code table} under. */
    abstract String table(String table);

    /** The key the store keeps the tenant's key under, in its table {@code table}. */
    Key key(String table, Key key) {
        return key;
    }

    /** The item as the store keeps the tenant's item. */
    Item stored(String table, Item item) {
        return item;
    }

    /** The tenant's item, from the store's. */
    Item own(String table, Item stored) {
        return stored;
    }

    /** A write's condition on the stored item. */
    Condition stored(String table, Condition condition) {
        return condition;
    }

    /** An update's actions on the stored item. */
    List<UpdateAction> storedActions(Write.Update update) {
        return update.actions();
    }

    final Write stored(Write write) {
        String t = write.table();
        if (write instanceof Write.Put p) {
            return new Write.Put(table(t), stored(t, p.item()), stored(t, p.condition()));
        }
        if (write instanceof Write.Delete d) {
            return new Write.Delete(table(t), key(t, d.key()), stored(t, d.condition()));
        }
        if (write instanceof Write.Update u) {
            return new Write.Update(table(t), key(t, u.key()), storedActions(u), stored(t, u.condition()));
        }
        if (write instanceof Write.Check c) {
            return new Write.Check(table(t), key(t, c.key()), stored(t, c.condition()));
        }
        throw new IllegalArgumentException("unknown write " + write);
    }

    final List<Write> stored(List<Write> writes) {
        return writes.stream().map(this::stored).toList();
    }

    private KeyQuery stored(KeyQuery q) {
        return new KeyQuery(table(q.table()), key(q.table(), Key.of(q.partition(), "")).partition(), q.condition(),
                q.descending(), q.limit(), q.startAfter());
    }

    private QueryResult own(String table, QueryResult result) {
        return new QueryResult(result.items().stream().map(i -> own(table, i)).toList(), result.more());
    }

    @Override
    public String kind() {
        return shared.kind();
    }

    @Override
    public Optional<Item> get(String table, Key key, CostMeter meter) {
        return shared.get(table(table), key(table, key), meter).map(i -> own(table, i));
    }

    @Override
    public Map<ItemRef, Item> getAll(List<ItemRef> refs, CostMeter meter) {
        Map<ItemRef, ItemRef> asGiven = new LinkedHashMap<>();
        refs.forEach(r -> asGiven.put(new ItemRef(table(r.table()), key(r.table(), r.key())), r));
        Map<ItemRef, Item> found = shared.getAll(List.copyOf(asGiven.keySet()), meter);
        Map<ItemRef, Item> out = new LinkedHashMap<>();
        found.forEach((ref, item) -> {
            ItemRef given = asGiven.get(ref);
            out.put(given, own(given.table(), item));
        });
        return out;
    }

    @Override
    public void put(Write.Put put, CostMeter meter) {
        shared.put((Write.Put) stored(put), meter);
    }

    @Override
    public void delete(Write.Delete delete, CostMeter meter) {
        shared.delete((Write.Delete) stored(delete), meter);
    }

    @Override
    public Item update(Write.Update update, CostMeter meter) {
        return own(update.table(), shared.update((Write.Update) stored(update), meter));
    }

    @Override
    public QueryResult query(KeyQuery query, CostMeter meter) {
        return own(query.table(), shared.query(stored(query), meter));
    }

    @Override
    public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
        List<QueryResult> results = shared.queryEach(queries.stream().map(this::stored).toList(), meter);
        List<QueryResult> out = new ArrayList<>(results.size());
        for (int i = 0; i < results.size(); i++) {
            out.add(own(queries.get(i).table(), results.get(i)));
        }
        return out;
    }

    @Override
    public void writeBatch(List<Write> writes, CostMeter meter) {
        shared.writeBatch(stored(writes), meter);
    }

    @Override
    public void writeAtomically(List<Write> writes, CostMeter meter) {
        shared.writeAtomically(stored(writes), meter);
    }

    @Override
    public List<Boolean> writeEach(List<Write> writes, CostMeter meter) {
        return shared.writeEach(stored(writes), meter);
    }

    @Override
    public void close() {
        // The shared backend belongs to the store the view was made from.
    }
}
