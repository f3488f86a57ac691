package dev.nosqlpatterns.observed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityPatch;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.Following;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.IndexedQuery;
import dev.nosqlpatterns.entity.ItemCollectionType;
import dev.nosqlpatterns.entity.VersionConflictException;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Direction;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The entity repository's calls, its index queries and patches, and a migration job's steps: each public call
 * is one technique call with its outcome, so that a unique value taken or a stale version counts as a conflict
 * and an entity the store cannot hold as a failure.
 */
class EntityTechniqueCallsTest {
    private static final String ACCESSOR = "an accessor of the repository's settings, no store call";
    private static final String LAZY = "a lazy stream: each page it reads is a store call of its own, as consumed";

    /** A user with a unique e-mail address and a version. */
    record User(String id, String email, String city, long version) {
    }

    private static final EntityType<User> USERS = EntityType.builder(User.class).table("users")
            .partitionKey("user:{id}").sortKey("<USER>").version("version")
            .uniqueIndex("byEmail", "{email}").index("byCity", "{city}", "{id}").build();

    @Test
    void everyRepositoryCallIsOneTechniqueCallWithItsOutcome() {
        try (Store store = Store.of(new MemoryBackend())) {
            EntityRepository repo = EntityRepository.of(store, USERS);
            repo.createTables();
            EntryPoints calls = new EntryPoints(store, EntityRepository.class)
                    .exempt("of(Store,EntityType[])", "construction: checks the types, no store call")
                    .exempt("of(Store,Collection)", "construction: checks the types, no store call")
                    .exempt("store()", ACCESSOR).exempt("types()", ACCESSOR).exempt("tables()", ACCESSOR)
                    .exempt("howIndexed(EntityType,String)", ACCESSOR)
                    .exempt("createTables()", "declares tables: administration, no access pattern")
                    .exempt("query(EntityType,String)", "builds a query; its reads are checked on IndexedQuery")
                    .exempt("patch(EntityType,Map)", "builds a patch; its apply is checked on EntityPatch")
                    .exempt("batch()", "opens a batch; its write is one entity.saveAll")
                    .exempt("load(Stream)", "builds a load; each window it writes is one entity.saveAll")
                    .exempt("follow(EntityType,WriteFollower)", "registers a follower, no store call")
                    .exempt("itemOf(EntityType,Record)", "a pure function of the entity, no store call")
                    .exempt("query(EntityType,Map)", LAZY).exempt("query(EntityType,Map,Map,Direction)", LAZY);
            User ada = calls.succeeds("save(Record)", "entity.save", () -> repo.save(new User("ada", "a@x", "Oslo", 0)));
            calls.conflicts("save(EntityType,Record)", "entity.save", UniqueConstraintException.class,
                    () -> repo.save(USERS, new User("eve", "a@x", "Oslo", 0)));
            calls.conflicts("insert(Record)", "entity.insert", ConditionFailedException.class,
                    () -> repo.insert(new User("ada", "b@x", "Oslo", 0)));
            calls.fails("saveAll(Collection)", "entity.saveAll", ItemTooLargeException.class,
                    () -> repo.saveAll(List.of(new User("big", "big@x", "x".repeat(500_000), 0))));
            repo.save(new User("bob", "bob@x", "Rome", 0));
            calls.conflicts("update(EntityType,Map,UnaryOperator)", "entity.update", UniqueConstraintException.class,
                    () -> repo.update(USERS, Map.of("id", "bob"), u -> new User("bob", "a@x", "Rome", u.version())));
            calls.succeeds("update(EntityType,Key,UnaryOperator)", "entity.update",
                    () -> repo.update(USERS, USERS.keyOf(ada), u -> new User("ada", "a@x", "Bergen", u.version())));
            assertEquals("Bergen", calls.succeeds("get(EntityType,Map)", "entity.get",
                    () -> repo.get(USERS, Map.of("id", "ada"))).orElseThrow().city());
            calls.succeeds("get(EntityType,Record)", "entity.get", () -> repo.get(USERS, ada));
            calls.conflicts("delete(EntityType,Map,long)", "entity.delete", VersionConflictException.class,
                    () -> repo.delete(USERS, Map.of("id", "ada"), 99));
            calls.succeeds("delete(EntityType,Record)", "entity.delete", () -> repo.delete(USERS, ada));
            calls.succeeds("delete(EntityType,Map)", "entity.delete", () -> repo.delete(USERS, Map.of("id", "none")));
            calls.succeeds("verify()", "entity.verify", repo::verify);
            calls.succeeds("repair()", "entity.repair", repo::repair);
            ItemCollectionType collection = ItemCollectionType.of(USERS);
            calls.succeeds("collection(ItemCollectionType,Map)", "entity.collection",
                    () -> repo.collection(collection, Map.of("id", "bob")));
            Key carl = USERS.keyOf(new User("carl", "c@x", "Oslo", 0));
            Following following = repo.follow(USERS, key -> { });
            EntryPoints raw = new EntryPoints(store, Following.class).exempt("close()", "ends the following, no store call");
            raw.runs("putItem(EntityType,Item)", "entity.putItem",
                    () -> following.putItem(USERS, repo.itemOf(USERS, new User("carl", "c@x", "Oslo", 1))));
            raw.runs("putItems(EntityType,List)", "entity.putItems",
                    () -> following.putItems(USERS, List.of(repo.itemOf(USERS, new User("dan", "d@x", "Oslo", 1)))));
            Item dan = store.get(USERS.table(), USERS.key(Map.of("id", "dan"))).orElseThrow();
            assertEquals(List.of(dan.key()), raw.succeeds("updateItems(EntityType,List)", "entity.updateItems",
                    () -> following.updateItems(USERS, List.of(dan.toBuilder().put("_version", -1L).build()))),
                    "an item made from another version than the stored one is left to the caller");
            assertTrue(raw.succeeds("deleteItem(EntityType,Key)", "entity.deleteItem", () -> following.deleteItem(USERS, carl)));
            raw.assertEveryOneChecked();
            following.close();
            calls.assertEveryOneChecked();
            assertEquals(List.of("dan"), repo.query(USERS, Map.of("id", "dan"), Map.of(), Direction.ASCENDING)
                    .map(User::id).toList());
        }
    }

    @Test
    void indexQueriesAndPatchesAreTechniqueCalls() {
        try (Store store = Store.of(new MemoryBackend())) {
            EntityRepository repo = EntityRepository.of(store, USERS);
            repo.createTables();
            repo.saveAll(List.of(new User("a", "a@x", "Oslo", 0), new User("b", "b@x", "Oslo", 0)));
            IndexedQuery<User> oslo = repo.query(USERS, "byCity").eq("Oslo");
            EntryPoints queries = new EntryPoints(store, IndexedQuery.class)
                    .exempt("eq(Object[])", "builds the query, no store call")
                    .exempt("where(Map)", "builds the query, no store call")
                    .exempt("stream()", LAZY)
                    .exempt("pages(int)", "an iterator: each page it reads is one entity.query, as reached");
            var first = queries.succeeds("page(int)", "entity.query", () -> oslo.page(1));
            queries.succeeds("page(int,Cursor)", "entity.query", () -> oslo.page(1, first.next().orElseThrow()));
            queries.succeeds("page(int,Optional)", "entity.query", () -> oslo.page(1, Optional.empty()));
            assertEquals(2, queries.succeeds("list()", "entity.query", oslo::list).size());
            queries.succeeds("one()", "entity.query", () -> repo.query(USERS, "byEmail").eq("a@x").one());
            queries.assertEveryOneChecked();
            assertEquals(2, count(oslo.pages(1)));

            EntryPoints patches = new EntryPoints(store, EntityPatch.class)
                    .exempt("set(String,Object)", "collects a change, no store call")
                    .exempt("remove(String)", "collects a change, no store call")
                    .exempt("add(String,long)", "collects a change, no store call")
                    .exempt("addMembers(String,Collection)", "collects a change, no store call")
                    .exempt("removeMembers(String,Collection)", "collects a change, no store call");
            patches.succeeds("apply()", "entity.patch", () -> repo.patch(USERS, Map.of("id", "a")).set("city", "Rome").apply());
            patches.assertEveryOneChecked();
        }
    }

    @Test
    void aMigrationJobsStepsAreTechniqueCalls() {
        try (Store store = Store.of(new MemoryBackend())) {
            EntityType<User> plain = EntityType.builder(User.class).table("accounts").partitionKey("user:{id}")
                    .sortKey("<USER>").build();
            EntityType<User> indexed = EntityType.builder(User.class).table("accounts").partitionKey("user:{id}")
                    .sortKey("<USER>").index(EntityIndex.named("byCity", "{city}")).build();
            EntityRepository repo = EntityRepository.of(store, plain);
            repo.createTables();
            repo.save(new User("a", "a@x", "Oslo", 0));
            Migration<User, User> m = Migration.builder("accounts-by-city", plain, indexed).segments(2).build();
            try (MigrationJob<User, User> job = MigrationJob.attach(repo, m)) {
                String reads = "reads or reports the recorded state: no step of the migration";
                EntryPoints steps = new EntryPoints(store, MigrationJob.class)
                        .exempt("attach(EntityRepository,Migration)", "attaches the job and declares tables: "
                                + "administration, no step of the migration")
                        .exempt("migration()", ACCESSOR).exempt("phase()", reads).exempt("readType()", reads)
                        .exempt("report()", reads).exempt("close()", "detaches the job, no store call");
                steps.runs("begin()", "migration.begin", job::begin);
                steps.succeeds("migrateSegment(int,int)", "migration.migrateSegment", () -> job.migrateSegment(0, 2));
                steps.runs("backfill()", "migration.backfill", job::backfill);
                steps.runs("cutOver()", "migration.cutOver", job::cutOver);
                steps.succeeds("verify()", "migration.verify", job::verify);
                steps.runs("cleanup()", "migration.cleanup", job::cleanup);
                assertEquals(MigrationPhase.DONE, steps.succeeds("run()", "migration.run", job::run).phase());
                steps.assertEveryOneChecked();
            }
        }
    }

    private static int count(java.util.Iterator<?> it) {
        int n = 0;
        for (; it.hasNext(); it.next()) {
            n++;
        }
        return n;
    }
}
