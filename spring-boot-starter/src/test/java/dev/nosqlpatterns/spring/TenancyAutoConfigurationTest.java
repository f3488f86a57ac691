package dev.nosqlpatterns.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.tenant.Tenants;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

class TenancyAutoConfigurationTest {
    private static final AutoConfigurations CONFIGS = AutoConfigurations.of(NosqlPatternsAutoConfiguration.class,
            NosqlPatternsTenancyAutoConfiguration.class);

    private static void inRequestOf(String tenant, Runnable work) {
        MockHttpServletRequest request = new MockHttpServletRequest();
        if (tenant != null) {
            request.addHeader("X-Tenant-Id", tenant);
        }
        RequestContextHolder.setRequestAttributes(new ServletRequestAttributes(request));
        try {
            work.run();
        } finally {
            RequestContextHolder.resetRequestAttributes();
        }
    }

    @Test
    void aServletRequestsHeaderChoosesTheTenantsStore() {
        new WebApplicationContextRunner().withConfiguration(CONFIGS)
                .withPropertyValues("nosqlpatterns.store.uri=memory:", "nosqlpatterns.tenancy.model=bridge")
                .run(context -> {
                    TenantStores stores = context.getBean(TenantStores.class);
                    inRequestOf("acme", () -> {
                        Store acme = stores.current();
                        assertEquals(Optional.of("acme"), acme.tenant());
                        acme.createTable(TableSpec.named("orders"));
                        acme.put("orders", Item.builder(Key.of("o|1", "<BASE>")).put("owner", "acme").build());
                    });
                    inRequestOf("globex", () -> {
                        Store globex = stores.current();
                        globex.createTable(TableSpec.named("orders"));
                        assertTrue(globex.get("orders", Key.of("o|1", "<BASE>")).isEmpty(),
                                "a request of one tenant read another's item");
                    });
                    inRequestOf(null, () -> {
                        IllegalStateException none = assertThrows(IllegalStateException.class, stores::current);
                        assertTrue(none.getMessage().contains("X-Tenant-Id"), none.getMessage());
                    });
                    assertThrows(IllegalStateException.class, stores::current, "outside a request");
                    assertEquals(java.util.Set.of("acme", "globex"), context.getBean(Tenants.class).tenantIds());
                });
    }

    @Test
    void anApplicationsOwnResolverIsUsedOutsideTheWeb() {
        new ApplicationContextRunner().withConfiguration(CONFIGS)
                .withPropertyValues("nosqlpatterns.store.uri=memory:", "nosqlpatterns.tenancy.model=BRIDGE")
                .withBean(TenantResolver.class, () -> () -> Optional.of("from-a-message"))
                .run(context -> assertEquals(Optional.of("from-a-message"),
                        context.getBean(TenantStores.class).current().tenant()));
    }

    @Test
    void noTenancyWithoutTheModelAndABadModelIsNamed() {
        new WebApplicationContextRunner().withConfiguration(CONFIGS)
                .withPropertyValues("nosqlpatterns.store.uri=memory:")
                .run(context -> assertThat(context).doesNotHaveBean(Tenants.class).doesNotHaveBean(TenantStores.class));
        new WebApplicationContextRunner().withConfiguration(CONFIGS)
                .withPropertyValues("nosqlpatterns.store.uri=memory:", "nosqlpatterns.tenancy.model=pond")
                .run(context -> assertThat(context.getStartupFailure()).hasStackTraceContaining("'pond' is not one of"));
    }

    @Test
    void theHandleLeaseReachesTheTenantsAndABadOneIsNamed() {
        new ApplicationContextRunner().withConfiguration(CONFIGS)
                .withPropertyValues("nosqlpatterns.store.uri=memory:", "nosqlpatterns.tenancy.model=pool",
                        "nosqlpatterns.tenancy.handle-lease=20m")
                .run(context -> assertThat(context.getStartupFailure())
                        .hasStackTraceContaining("handleLease must be 1 ms to PT10M, got PT20M"));
        new ApplicationContextRunner().withConfiguration(CONFIGS)
                .withPropertyValues("nosqlpatterns.store.uri=memory:", "nosqlpatterns.tenancy.model=pool",
                        "nosqlpatterns.tenancy.handle-lease=50ms")
                .withBean(TenantResolver.class, () -> () -> Optional.of("acme"))
                .run(context -> {
                    Store acme = context.getBean(TenantStores.class).current();
                    acme.createTable(TableSpec.named("orders"));
                    acme.put("orders", Item.builder(Key.of("o|1", "<BASE>")).put("owner", "acme").build());
                    context.getBean(Tenants.class).offboard("acme");
                    assertEquals(java.util.Set.of(), context.getBean(Tenants.class).tenantIds());
                });
    }
}
