package dev.nosqlpatterns.testkit.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Partial updates of entities: a patch of components no index names is one conditional update request, a
 * patch of an indexed component moves the index entry, bad patches are refused before anything is written,
 * and concurrent additions lose nothing.
 */
public abstract class EntityPatchSuite extends StoreSuite {
    /** A profile: found by city; visits counted, tags collected, versioned. */
    public record Profile(String id, String city, String bio, long visits, Set<String> tags, long version) {
    }

    private EntityType<Profile> type;
    private EntityRepository repo;

    private void open() {
        type = EntityType.builder(Profile.class).table(reserveTable()).partitionKey("profile:{id}").sortKey("<P>")
                .version("version").index("byCity", "{city}").build();
        type.indexes().forEach(ix -> dropAfterwards(type.table() + "_" + ix.name()));
        repo = EntityRepository.of(store, type);
        repo.createTables();
        repo.save(type, new Profile("ada", "London", "poet", 0, Set.of("math"), 0));
    }

    private List<OperationCost> costsOf(Runnable action) {
        List<OperationCost> costs = new ArrayList<>();
        store.measure(costs::add, () -> {
            action.run();
        });
        return costs;
    }

    @Test
    void aPatchOfComponentsNoIndexNamesIsOneUpdateRequest() {
        open();
        List<Optional<Profile>> out = new ArrayList<>();
        List<OperationCost> costs = costsOf(() -> out.add(repo.patch(type, Map.of("id", "ada"))
                .set("bio", "analyst").add("visits", 3).addMembers("tags", List.of("engines")).apply()));
        Profile after = out.get(0).orElseThrow();
        assertEquals(new Profile("ada", "London", "analyst", 3, Set.of("math", "engines"), 2), after);
        assertEquals(Optional.of(after), repo.get(type, Map.of("id", "ada")));
        assertEquals(1, costs.size(), () -> "one request: " + costs);
        assertEquals("update", costs.get(0).operation());
        assertEquals(1, costs.get(0).itemsWritten());
        Profile removed = repo.patch(type, Map.of("id", "ada")).remove("bio").removeMembers("tags", List.of("math"))
                .apply().orElseThrow();
        assertEquals(new Profile("ada", "London", null, 3, Set.of("engines"), 3), removed);
    }

    @Test
    void aPatchOfAnIndexedComponentMovesItsEntry() {
        open();
        List<OperationCost> costs = costsOf(() -> assertEquals("Paris", repo.patch(type, Map.of("id", "ada"))
                .set("city", "Paris").add("visits", 1).apply().orElseThrow().city()));
        assertTrue(costs.size() > 1, () -> "a read and the writes of the entry: " + costs);
        assertEquals(List.of(), repo.query(type, "byCity").eq("London").list());
        assertEquals(List.of("ada"), repo.query(type, "byCity").eq("Paris").list().stream().map(Profile::id).toList());
        assertEquals(2, repo.get(type, Map.of("id", "ada")).orElseThrow().version());
        assertTrue(repo.verify().consistent(), () -> repo.verify().findings().toString());
    }

    @Test
    void aPatchOfNoEntityWritesNothing() {
        open();
        assertEquals(Optional.empty(), repo.patch(type, Map.of("id", "bob")).set("bio", "x").apply());
        assertEquals(Optional.empty(), repo.patch(type, Map.of("id", "bob")).set("city", "Oslo").apply());
        assertTrue(repo.get(type, Map.of("id", "bob")).isEmpty());
        assertEquals(List.of(), repo.query(type, "byCity").eq("Oslo").list());
    }

    @Test
    void badPatchesAreRefusedBeforeAnythingIsWritten() {
        open();
        List<OperationCost> costs = costsOf(() -> {
            assertThrows(IllegalArgumentException.class, () -> repo.patch(type, Map.of("id", "ada")).set("id", "eve"));
            assertThrows(IllegalArgumentException.class, () -> repo.patch(type, Map.of("id", "ada")).set("version", 9L));
            assertThrows(IllegalArgumentException.class, () -> repo.patch(type, Map.of("id", "ada")).set("visits", "many"));
            assertThrows(IllegalArgumentException.class, () -> repo.patch(type, Map.of("id", "ada")).set("colour", "red"));
            assertThrows(IllegalArgumentException.class, () -> repo.patch(type, Map.of("id", "ada")).remove("visits"));
            assertThrows(IllegalArgumentException.class, () -> repo.patch(type, Map.of("id", "ada")).addMembers("bio", List.of("x")));
            assertThrows(IllegalArgumentException.class, () -> repo.patch(type, Map.of("id", "ada")).add("bio", 1));
            assertThrows(IllegalArgumentException.class, () -> repo.patch(type, Map.of("id", "ada"))
                    .set("bio", "a").set("bio", "b"));
            assertThrows(IllegalStateException.class, () -> repo.patch(type, Map.of("id", "ada")).apply());
        });
        assertEquals(List.of(), costs, "nothing reached the store");
    }

    @Test
    void concurrentAdditionsLoseNothing() throws Exception {
        open();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 10; i++) {
                        repo.patch(type, Map.of("id", "ada")).add("visits", 1).apply().orElseThrow();
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        Profile end = repo.get(type, Map.of("id", "ada")).orElseThrow();
        assertEquals(40, end.visits());
        assertEquals(41, end.version());
    }
}
