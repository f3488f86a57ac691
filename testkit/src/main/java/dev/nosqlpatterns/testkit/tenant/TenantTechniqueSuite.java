package dev.nosqlpatterns.testkit.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.aggregate.AggregateStore;
import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.relation.AdjacencyList;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.TenancyModel;
import dev.nosqlpatterns.tenant.Tenants;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.tree.PayloadCodec;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import dev.nosqlpatterns.tree.Trees;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The techniques {@link TenantIsolationSuite} leaves out, through two tenants of a shared store that write the same
 * ids, keys and values, each marking what it writes: trees of every layout, aggregates, adjacency lists, time
 * buckets and shadow tables answer each tenant its own data alone, and verify what that tenant has.
 */
public abstract class TenantTechniqueSuite extends StoreSuite {
    private static final List<String> TENANTS = List.of("acme", "acme#");
    private static final PayloadCodec<String> OWNER = PayloadCodec.of(owner -> Map.of("owner", Value.of(owner)),
            attributes -> attributes.get("owner") instanceof Value.Str s ? s.value() : "?");

    private void inEachTenant(TenancyModel model, Consumer<Tenant> write, Consumer<Tenant> check) {
        Tenants tenants = KitTenants.builder(store).model(model).registryTable(reserveTable()).build();
        try {
            TENANTS.forEach(t -> write.accept(new Tenant(tenants.forTenant(t), t)));
            TENANTS.forEach(t -> check.accept(new Tenant(tenants.forTenant(t), t)));
        } finally {
            tenants.tenantIds().forEach(tenants::offboard);
        }
    }

    /** One tenant's store handle and the mark its data carries. */
    private record Tenant(Store store, String id) {
        String in() {
            return " in tenant '" + id + "'";
        }
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, mode = EnumSource.Mode.EXCLUDE, names = "SILO")
    void treesOfEveryLayoutHoldTheTenantsNodes(TenancyModel model) {
        for (TreeStrategy strategy : TreeStrategy.values()) {
            inEachTenant(model, t -> {
                t.store().createTable(TableSpec.named("categories"));
                Tree<String> tree = Trees.builder(t.store(), "categories", OWNER).open(strategy, "catalog");
                tree.createRoot("root", t.id());
                tree.addChild("root", "books", t.id());
                if (t.id().equals(TENANTS.get(1))) {
                    tree.addChild("books", "maps", t.id());
                }
            }, t -> {
                Tree<String> tree = Trees.builder(t.store(), "categories", OWNER).open(strategy, "catalog");
                List<TreeNode<String>> nodes = tree.subtree("root");
                assertEquals(t.id().equals(TENANTS.get(1)) ? 3 : 2, nodes.size(), strategy + " subtree" + t.in());
                nodes.forEach(n -> assertEquals(t.id(), n.payload(), strategy + " node " + n.id() + t.in()));
                assertTrue(tree.verify().consistent(), strategy + " verify" + t.in() + ": " + tree.verify());
            });
        }
    }

    @ParameterizedTest
    @EnumSource(value = TenancyModel.class, mode = EnumSource.Mode.EXCLUDE, names = "SILO")
    void aggregatesAdjacencyListsTimeBucketsAndShadowsAreTheTenantsOwn(TenancyModel model) {
        Key cart = Key.of("cart|1", "<CART>");
        Instant at = Instant.parse("2026-12-06T10:00:00Z");
        inEachTenant(model, t -> {
            t.store().createTable(TableSpec.named("carts"));
            AggregateStore.builder(t.store(), "carts").build().create(Item.builder(cart).put("owner", t.id()).build());
            AdjacencyList follows = AdjacencyList.directed(t.store(), "edges", "follows");
            follows.link("ada", "bob-of-" + t.id());
            BucketedTimeline.create(t.store(), "events", "eventBuckets", Granularity.DAY)
                    .put("clicks", at, "e1", Map.of("owner", Value.of(t.id())));
            t.store().createTable(TableSpec.named("people"));
            ShadowTable.of(t.store(), "people", "peopleShadow", ShadowTable.keeping("owner"))
                    .put(Item.builder(Key.of("p|1", "<P>")).put("owner", t.id()).build());
        }, t -> {
            assertEquals(Value.of(t.id()), AggregateStore.builder(t.store(), "carts").build().get(cart).orElseThrow()
                    .get("owner").orElseThrow(), "aggregate" + t.in());
            AdjacencyList follows = AdjacencyList.directed(t.store(), "edges", "follows");
            assertEquals(List.of("bob-of-" + t.id()), follows.targets("ada"), "adjacency list" + t.in());
            assertTrue(follows.repair().consistent(), "adjacency list repair" + t.in());
            List<BucketedTimeline.Event> events = BucketedTimeline.create(t.store(), "events", "eventBuckets",
                    Granularity.DAY).between("clicks", at.minusSeconds(60), at.plusSeconds(60), false).toList();
            assertEquals(1, events.size(), "time buckets" + t.in() + ": " + events);
            assertEquals(Value.of(t.id()), events.get(0).item().get("owner").orElseThrow(), "time buckets" + t.in());
            ShadowTable shadow = ShadowTable.of(t.store(), "people", "peopleShadow", ShadowTable.keeping("owner"));
            assertEquals(2, shadow.verify().checked(), "shadow table" + t.in() + ": " + shadow.verify());
            assertTrue(shadow.verify().consistent(), "shadow table" + t.in() + ": " + shadow.verify());
        });
    }
}
