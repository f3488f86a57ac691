package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EntityIndexDeclarationTest {
    record User(String id, String email, String city, List<String> tags) {
    }

    private static EntityType.Builder<User> users() {
        return EntityType.builder(User.class).table("users").partitionKey("user:{id}").sortKey("<USER>");
    }

    @Test
    void everyBadIndexIsNamedInOneMessage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> users()
                .index("byCity", "{town}").index("byTags", "{tags}").index("byCity", "{city}").build());
        assertTrue(e.getMessage().contains("{town}, which is not a component"), e.getMessage());
        assertTrue(e.getMessage().contains("{tags}, a component of type"), e.getMessage());
        assertTrue(e.getMessage().contains("index 'byCity' is declared twice"), e.getMessage());
    }

    @Test
    void contradictoryDeclarationsAreRefusedAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> EntityIndex.named("byEmail", "{email}").unique().sortedBy("{city}"));
        assertThrows(IllegalArgumentException.class,
                () -> EntityIndex.named("byEmail", "{email}").unique().consistency(IndexConsistency.NATIVE));
        assertThrows(IllegalArgumentException.class, () -> EntityIndex.named("by-email", "{email}"));
    }

    @Test
    void aNullComponentIsRefusedByAnIndexUnlessItIsSparse() {
        EntityType<User> strict = users().index("byCity", "{city}").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EntityIndexing.item(strict, new User("ada", "a@x", null, List.of()), java.time.Instant.EPOCH));
        assertTrue(e.getMessage().contains("[city]") && e.getMessage().contains("sparse()"), e.getMessage());
        EntityType<User> sparse = users().index(EntityIndex.named("byCity", "{city}").sparse()).build();
        assertTrue(EntityIndexing.item(sparse, new User("ada", "a@x", null, List.of()), java.time.Instant.EPOCH).get("_ix_byCity").isEmpty());
        assertEquals("London", EntityIndexing.item(sparse, new User("ada", "a@x", "London", List.of()), java.time.Instant.EPOCH)
                .getString("_ix_byCity").orElseThrow());
    }

    @Test
    void aRepositoryRefusesIndexesTheStoreCannotKeepOrThatClash() {
        try (Store store = Stores.open("memory:")) {
            EntityType<User> a = users().index("byCity", "{city}").build();
            EntityType<User> b = EntityType.builder(User.class).name("Admin").table("users").partitionKey("admin:{id}")
                    .sortKey("<ADMIN>").index("byCity", "{city}").build();
            IllegalArgumentException clash = assertThrows(IllegalArgumentException.class, () -> EntityRepository.of(store, a, b));
            assertTrue(clash.getMessage().contains("both declare an index 'byCity'"), clash.getMessage());
            EntityType<User> longName = EntityType.builder(User.class).table("u".repeat(40)).partitionKey("{id}")
                    .sortKey("<U>").index("byCityAndCountry", "{city}").build();
            assertThrows(IllegalArgumentException.class, () -> EntityRepository.of(store, longName));
            EntityRepository repo = EntityRepository.of(store, a);
            repo.createTables();
            repo.save(new User("ada", "a@x", "London", List.of()));
            assertEquals(List.of("ada"), repo.query(a, "byCity").where(Map.of("city", "London")).stream()
                    .map(User::id).toList());
        }
    }
}
