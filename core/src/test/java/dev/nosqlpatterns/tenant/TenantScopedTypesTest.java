package dev.nosqlpatterns.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TenantScopedTypesTest {
    record User(String id, String city, String email) {}

    record Plan(String id, int seats) {}

    private static final EntityType<User> USERS = EntityType.builder(User.class).table("users")
            .partitionKey("user:{id}").sortKey("<BASE>").index("byCity", "city:{city}")
            .uniqueIndex("byEmail", "{email}").tenantScoped().build();
    private static final EntityType<Plan> PLANS = EntityType.builder(Plan.class).table("plans")
            .partitionKey("plan:{id}").sortKey("<BASE>").build();

    @Test
    void aTenantScopedTypeIsRefusedOnTheSharedStoreBeforeAnythingIsWritten() {
        try (Store store = Store.of(new MemoryBackend())) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> EntityRepository.of(store, PLANS, USERS));
            assertTrue(e.getMessage().contains("users") && e.getMessage().contains("tenant-scoped")
                    && e.getMessage().contains("Tenants.forTenant"), e.getMessage());
            assertFalse(store.hasTable("users"));
            assertTrue(USERS.tenantScoped());
            assertFalse(PLANS.tenantScoped());
            EntityRepository.of(store, PLANS).createTables();
            assertTrue(store.hasTable("plans"));
        }
    }

    @Test
    void aTenantScopedTypeWorksThroughEachTenantsHandleAlone() {
        for (TenancyModel model : List.of(TenancyModel.BRIDGE, TenancyModel.POOL)) {
            try (Store store = Store.of(new MemoryBackend())) {
                Tenants tenants = Tenants.builder(store).model(model).build();
                EntityRepository acme = EntityRepository.of(tenants.forTenant("acme"), USERS, PLANS);
                EntityRepository globex = EntityRepository.of(tenants.forTenant("globex"), USERS, PLANS);
                acme.createTables();
                globex.createTables();
                acme.save(new User("1", "Oslo", "a@x"));
                globex.save(new User("1", "Lima", "a@x"));
                assertEquals("Oslo", acme.get(USERS, Map.of("id", "1")).orElseThrow().city(), model.name());
                assertEquals(List.of(new User("1", "Lima", "a@x")),
                        globex.query(USERS, "byEmail").eq("a@x").stream().toList(), model.name());
                assertEquals(List.of(), acme.query(USERS, "byCity").eq("Lima").stream().toList(), model.name());
            }
        }
    }

    @Test
    void aMigrationCannotMoveATypeInOrOutOfTenants() {
        EntityType<User> shared = EntityType.builder(User.class).name("User2").table("users")
                .partitionKey("user:{id}").sortKey("<BASE>").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Migration.builder("share", USERS, shared).build());
        assertTrue(e.getMessage().contains("tenant-scoped"), e.getMessage());
    }
}
