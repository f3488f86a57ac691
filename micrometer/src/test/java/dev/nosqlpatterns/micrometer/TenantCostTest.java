package dev.nosqlpatterns.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.Tenants;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Cost per tenant: every call through a tenant's handle is tagged with the tenant, within a bound. */
class TenantCostTest {
    private static void write(Store on, int items) {
        on.createTable(TableSpec.named("orders"));
        for (int i = 0; i < items; i++) {
            on.put("orders", Item.builder(Key.of("order|" + i, "<BASE>")).put("n", i).build());
        }
    }

    private static double puts(MeterRegistry meters, String tenant) {
        return meters.find(NosqlPatternsObservation.STORE_CALLS).tag(NosqlPatternsObservation.PATTERN_TAG, "put")
                .tag(NosqlPatternsObservation.TABLE_TAG, "orders").tag(NosqlPatternsObservation.TENANT_TAG, tenant).timers().stream().mapToLong(t -> t.count()).sum();
    }

    @Test
    void aNoisyNeighbourStandsOutAndTenantsPastTheBoundShareOneTag() {
        try (Store store = Store.of(new MemoryBackend())) {
            MeterRegistry meters = new SimpleMeterRegistry();
            NosqlPatternsObservation.bind(store, ObservationRegistry.NOOP, meters, 2);
            Tenants tenants = Tenants.builder(store).build();
            write(tenants.forTenant("noisy"), 30);
            write(tenants.forTenant("quiet"), 2);
            write(tenants.forTenant("third"), 3);
            write(tenants.forTenant("fourth"), 4);
            write(store, 1);
            assertEquals(30, puts(meters, "noisy"));
            assertEquals(2, puts(meters, "quiet"));
            assertEquals(7, puts(meters, "other"));
            assertEquals(1, puts(meters, "none"));
        }
    }

    @Test
    void costListenersOnTheSharedStoreSeeWhichTenantPaid() {
        try (Store store = Store.of(new MemoryBackend())) {
            List<OperationCost> costs = new ArrayList<>();
            store.onCost(costs::add);
            Tenants tenants = Tenants.builder(store).build();
            Store acme = tenants.forTenant("acme");
            costs.clear();
            write(acme, 3);
            assertEquals(3, costs.stream().filter(c -> c.operation().equals("put") && c.tenant().equals("acme")).count());
            assertEquals(List.of(), costs.stream().filter(c -> !c.tenant().equals("acme") && c.operation().equals("put")
                    && !c.table().equals("tenantRegistry")).toList());
        }
    }

    @Test
    void aNegativeBoundIsRefused() {
        try (Store store = Store.of(new MemoryBackend())) {
            assertThrows(IllegalArgumentException.class,
                    () -> NosqlPatternsObservation.bind(store, ObservationRegistry.NOOP, new SimpleMeterRegistry(), -1));
        }
    }
}
