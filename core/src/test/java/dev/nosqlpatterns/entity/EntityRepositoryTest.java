package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The repository and item-collection definitions, on the in-memory store. */
class EntityRepositoryTest {

    record Base(String code, String name) {
    }

    record Topic(String code, String topic) {
    }

    record Other(long code, String topic) {
    }

    private final Store store = MemoryStore.create();

    @AfterEach
    void close() {
        store.close();
    }

    static EntityType<Base> base(String table) {
        return EntityType.builder(Base.class).name("base").table(table).partitionKey("s|{code}").sortKey("<BASE>")
                .build();
    }

    static EntityType<Topic> likes(String table) {
        return EntityType.builder(Topic.class).name("likes").table(table).partitionKey("s|{code}")
                .sortKey("<LIKES>#{topic}").build();
    }

    @Test
    void aLargeCollectionIsReadPageByPageAndCostsAreReported() {
        EntityType<Base> base = base("subs");
        EntityType<Topic> likes = likes("subs");
        EntityRepository repo = EntityRepository.of(store, base, likes);
        repo.createTables();
        List<Record> all = new ArrayList<>();
        all.add(new Base("ada", "Ada"));
        IntStream.range(0, 250).forEach(i -> all.add(new Topic("ada", "t" + i)));
        CostTally writes = new CostTally();
        store.measure(writes, () -> {
            repo.saveAll(all);
        });
        assertEquals(1, writes.calls(), "one batch");
        assertEquals(251, writes.itemsWritten());
        CostTally reads = new CostTally();
        ItemCollection c = store.measure(reads, () -> repo.collection(ItemCollectionType.of(base, likes),
                Map.of("code", "ada")));
        assertEquals(251, c.size());
        assertEquals(3, reads.calls(), "pages of " + Query.DEFAULT_LIMIT);
        assertEquals(251, reads.itemsRead());
        assertEquals(new Base("ada", "Ada"), c.one(base).orElseThrow());
        assertEquals(250, c.of(likes).size());
    }

    @Test
    void repositoriesRefuseTypesTheyCannotTellApart() {
        EntityType<Base> one = base("t");
        EntityType<Base> two = EntityType.builder(Base.class).name("base").table("t").partitionKey("x|{code}")
                .sortKey("<BASE>").build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EntityRepository.of(store, one, two));
        assertTrue(e.getMessage().contains("share the name 'base' in table t"), e.getMessage());
        EntityRepository.of(store, one, base("u"), one);
        EntityRepository repo = EntityRepository.of(store, one);
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> repo.save(new Topic("a", "b")));
        assertTrue(unknown.getMessage().contains("no entity type of this repository maps"), unknown.getMessage());
    }

    @Test
    void aBadEntityInABatchWritesNothing() {
        EntityType<Base> base = base("t");
        EntityRepository repo = EntityRepository.of(store, base);
        repo.createTables();
        List<Record> entities = List.of(new Base("a", "A"), new Base(null, "B"));
        assertThrows(IllegalArgumentException.class, () -> repo.saveAll(entities));
        assertEquals(Optional.empty(), repo.get(base, Map.of("code", "a")));
    }

    @Test
    void getAndDeleteIgnoreAnItemOfAnotherTypeAtTheKey() {
        EntityType<Base> base = base("t");
        EntityRepository repo = EntityRepository.of(store, base);
        repo.createTables();
        store.put("t", Item.builder("s|a", "<BASE>").put(EntityType.TYPE_ATTRIBUTE, "admin").put("name", "x").build());
        assertEquals(Optional.empty(), repo.get(base, new Base("a", "ignored")));
        assertEquals(false, repo.delete(base, Map.of("code", "a")));
        assertTrue(store.get("t", Key.of("s|a", "<BASE>")).isPresent());
        repo.save(new Base("a", "A"));
        assertEquals(Optional.of(new Base("a", "A")), repo.get(base, Map.of("code", "a")));
        assertEquals(true, repo.delete(base, new Base("a", "whatever")));
        assertEquals(Optional.empty(), store.get("t", Key.of("s|a", "<BASE>")));
    }

    @Test
    void collectionMembersMustShareTableAndPartition() {
        EntityType<Base> base = base("t");
        EntityType<Topic> elsewhere = likes("u");
        EntityType<Topic> otherPartition = EntityType.builder(Topic.class).name("likes").table("t")
                .partitionKey("p|{code}").sortKey("{topic}").build();
        EntityType<Other> numericCode = EntityType.builder(Other.class).name("other").table("t")
                .partitionKey("s|{code}").sortKey("{topic}").build();
        assertBadCollection("is in table u", base, elsewhere);
        assertBadCollection("has partition template \"p|{code}\"", base, otherPartition);
        assertBadCollection("{code} is a String in 'base' but a Long in 'other'", base, numericCode);
        assertBadCollection("two entity types are named 'base'", base, base("t"));
        assertBadCollection("at least one", new EntityType<?>[0]);
        ItemCollectionType ok = ItemCollectionType.of(base, likes("t"));
        assertEquals(Set.of("base", "likes"), Set.copyOf(ok.types().stream().map(EntityType::name).toList()));
        assertEquals("s|x", ok.partitionKey(Map.of("code", "x")));
        IllegalArgumentException notMember = assertThrows(IllegalArgumentException.class,
                () -> new ItemCollection(ok, "s|x", List.of(), List.of(), 0).of(elsewhere));
        assertTrue(notMember.getMessage().contains("is not a member"), notMember.getMessage());
    }

    private static void assertBadCollection(String expected, EntityType<?>... types) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ItemCollectionType.of(types));
        assertTrue(e.getMessage().contains(expected), e::getMessage);
    }
}
