package dev.nosqlpatterns.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class TenantMoveTest {
    record User(String id, String city, String email) {}

    private static final EntityType<User> USERS = EntityType.builder(User.class).table("users")
            .partitionKey("user:{id}").sortKey("<BASE>").index("byCity", "city:{city}")
            .uniqueIndex("byEmail", "{email}").tenantScoped().build();

    private static Map<String, User> all(EntityRepository repo) {
        Map<String, User> out = new TreeMap<>();
        repo.store().scanAll(Scan.of("users")).map(i -> USERS.fromItem(i)).forEach(u -> out.put(u.id(), u));
        return out;
    }

    /** Writes (saves and deletes of random users) until stopped, keeping what the tenant should hold. */
    private static Map<String, User> write(EntityRepository repo, AtomicBoolean stop, long seed) {
        Map<String, User> expected = new HashMap<>();
        Random random = new Random(seed);
        for (int i = 0; i < 2_000 && (i < 50 || !stop.get()); i++) {
            String id = "u" + random.nextInt(40);
            if (random.nextInt(4) == 0) {
                repo.delete(USERS, Map.of("id", id));
                expected.remove(id);
            } else {
                User u = new User(id, "city" + random.nextInt(5), id + "@x" + i);
                repo.save(u);
                expected.put(id, u);
            }
        }
        return expected;
    }

    @Test
    void aPoolTenantMovesToASiloWhileItIsWritten() throws Exception {
        try (Store shared = Store.of(new MemoryBackend()); Store silo = Store.of(new MemoryBackend())) {
            Tenants pool = Tenants.builder(shared).model(TenancyModel.POOL).handleLease(Duration.ofMillis(20)).build();
            Tenants silos = Tenants.builder(shared).model(TenancyModel.SILO).registryTable("siloRegistry").handleLease(Duration.ofMillis(20))
                    .silos(id -> silo).build();
            EntityRepository neighbour = EntityRepository.of(pool.forTenant("globex"), USERS);
            neighbour.createTables();
            neighbour.save(new User("u1", "city1", "u1@x0"));
            EntityRepository before = EntityRepository.of(pool.forTenant("acme"), USERS);
            before.createTables();
            for (int i = 0; i < 30; i++) {
                before.save(new User("u" + i, "city" + i % 5, "u" + i + "@x-" + i));
            }
            TenantMove move = TenantMove.builder(pool, silos, "acme").phaseLease(Duration.ZERO).build();
            EntityRepository acme = EntityRepository.of(move.store(), USERS);
            AtomicBoolean stop = new AtomicBoolean();
            CompletableFuture<Map<String, User>> writer = CompletableFuture.supplyAsync(() -> write(acme, stop, 7));
            move.copy();
            move.switchOver();
            stop.set(true);
            Map<String, User> expected = new TreeMap<>(writer.get());
            for (int i = 0; i < 30; i++) {
                expected.putIfAbsent("u" + i, null);
            }
            expected.values().removeIf(java.util.Objects::isNull);
            // Users the writer never touched keep their first form.
            Map<String, User> initial = new TreeMap<>();
            for (int i = 0; i < 30; i++) {
                initial.put("u" + i, new User("u" + i, "city" + i % 5, "u" + i + "@x-" + i));
            }
            move.cleanup();
            assertEquals(TenantMove.Phase.DONE, move.phase());
            EntityRepository moved = EntityRepository.of(silos.forTenant("acme"), USERS);
            Map<String, User> held = all(moved);
            assertEquals(held, all(acme));
            for (String id : held.keySet()) {
                assertEquals(expected.getOrDefault(id, initial.get(id)), held.get(id), id);
            }
            assertTrue(moved.verify().consistent(), moved.verify().toString());
            assertEquals(List.of(new User("u1", "city1", "u1@x0")), List.copyOf(all(neighbour).values()));
            assertFalse(pool.tenantIds().contains("acme"));
            assertEquals(0, pool.export("acme", (t, i) -> { }));
        }
    }

    @Test
    void aSiloTenantMovesIntoThePoolAndAScanBegunBeforeTheSwitchIsRefusedAfterIt() {
        try (Store shared = Store.of(new MemoryBackend()); Store silo = Store.of(new MemoryBackend())) {
            Tenants silos = Tenants.builder(shared).model(TenancyModel.SILO).registryTable("siloRegistry").handleLease(Duration.ofMillis(20))
                    .silos(id -> silo).build();
            Tenants pool = Tenants.builder(shared).model(TenancyModel.POOL).handleLease(Duration.ofMillis(20)).build();
            EntityRepository old = EntityRepository.of(silos.forTenant("acme"), USERS);
            old.createTables();
            for (int i = 0; i < 5; i++) {
                old.save(new User("u" + i, "Oslo", "u" + i + "@x"));
            }
            TenantMove move = TenantMove.builder(silos, pool, "acme").phaseLease(Duration.ZERO).build();
            Page first = move.store().scan(Scan.of("users").limit(2));
            move.copy();
            // A crash here: a new process resumes from the phase recorded.
            TenantMove resumed = TenantMove.builder(silos, pool, "acme").phaseLease(Duration.ZERO).build();
            assertEquals(TenantMove.Phase.MIRRORING, resumed.phase());
            resumed.run();
            assertThrows(IllegalArgumentException.class,
                    () -> move.store().scan(Scan.of("users").limit(2).after(first.next().orElseThrow())));
            EntityRepository moved = EntityRepository.of(pool.forTenant("acme"), USERS);
            assertEquals(5, all(moved).size());
            assertEquals(List.of(new User("u3", "Oslo", "u3@x")),
                    moved.query(USERS, "byEmail").eq("u3@x").stream().toList());
            assertTrue(moved.verify().consistent());
            assertFalse(silo.hasTable("users"), "the silo's tables are dropped by the clean-up");
        }
    }

    @Test
    void twoTenanciesInOneStoreKeepTheSameTenantApart() {
        try (Store shared = Store.of(new MemoryBackend())) {
            Tenants one = Tenants.builder(shared).registryTable("one").build();
            Tenants two = Tenants.builder(shared).registryTable("two").handleLease(Duration.ofMillis(20)).build();
            EntityRepository a = EntityRepository.of(one.forTenant("acme"), USERS);
            EntityRepository b = EntityRepository.of(two.forTenant("acme"), USERS);
            a.createTables();
            b.createTables();
            a.save(new User("u1", "Oslo", "u1@x"));
            assertEquals(Map.of(), all(b));
            two.offboard("acme");
            assertEquals(1, all(a).size());
        }
    }

    @Test
    void aMoveIsCheckedAtOnce() {
        try (Store shared = Store.of(new MemoryBackend())) {
            Tenants pool = Tenants.builder(shared).model(TenancyModel.POOL).handleLease(Duration.ofMillis(20)).build();
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TenantMove
                    .builder(pool, pool, "").phaseLease(Duration.ofSeconds(-1)).fenceTimeout(Duration.ZERO).build());
            assertTrue(e.getMessage().contains("same") && e.getMessage().contains("-1")
                    && e.getMessage().contains("fence timeout") && e.getMessage().contains("1 to 256"), e.getMessage());
            Tenants bridge = Tenants.builder(shared).model(TenancyModel.BRIDGE).registryTable("bridgeRegistry").build();
            TenantMove move = TenantMove.builder(pool, bridge, "acme").build();
            IllegalStateException early = assertThrows(IllegalStateException.class, move::cleanup);
            assertTrue(early.getMessage().contains("NOT_STARTED"), early.getMessage());
        }
    }
}
