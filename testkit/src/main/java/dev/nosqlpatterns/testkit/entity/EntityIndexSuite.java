package dev.nosqlpatterns.testkit.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityVerification;
import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityPage;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Entity types that declare their indexes: the repository keeps a unique index, a sorted non-unique index and
 * a sparse index in step on every save, update and delete, and typed, paged queries answer exactly what the
 * entities hold. Each test runs with the indexes as the store chooses them ({@code AUTO}: native where its
 * native index reads are consistent) and as repairable index tables on every store; queries also with the
 * native index required, where the store has one (exact here because the kit's stores answer at once).
 */
public abstract class EntityIndexSuite extends StoreSuite {
    /** A user: found by e-mail (unique), by city ordered by name, and by nickname when it has one. */
    public record User(String id, String email, String city, String name, String nickname) {
    }

    private EntityType<User> users(String table, IndexConsistency mode) {
        return EntityType.builder(User.class).table(table).partitionKey("user:{id}").sortKey("<USER>")
                .index(EntityIndex.named("byEmail", "{email}").unique().consistency(uniqueMode(mode)))
                .index(EntityIndex.named("byCity", "{city}").sortedBy("{name}").consistency(mode))
                .index(EntityIndex.named("byNick", "{nickname}").sparse().consistency(mode))
                .build();
    }

    private static IndexConsistency uniqueMode(IndexConsistency mode) {
        return mode == IndexConsistency.NATIVE ? IndexConsistency.AUTO : mode;
    }

    private EntityRepository open(Store on, String table, IndexConsistency mode) {
        EntityType<User> type = users(table, mode);
        EntityRepository repo = EntityRepository.of(on, type);
        if (on == store) {
            for (EntityIndex ix : type.indexes()) {
                dropAfterwards(table + "_" + ix.name());
            }
        }
        repo.createTables();
        return repo;
    }

    private EntityRepository open(String table, IndexConsistency mode) {
        if (mode == IndexConsistency.NATIVE) {
            assumeCapability(Capability.NATIVE_SECONDARY_INDEX);
        }
        return open(store, table, mode);
    }

    @SuppressWarnings("unchecked")
    private static EntityType<User> type(EntityRepository repo) {
        return (EntityType<User>) repo.types().get(0);
    }

    /** The users stored now, read by a scan: the oracle every index answer is compared with. */
    private List<User> stored(EntityRepository repo) {
        EntityType<User> type = type(repo);
        return store.scanAll(Scan.of(type.table())).filter(type::isTypeOf).map(type::fromItem).toList();
    }

    /** Every index of the repository answers exactly what the stored users hold, in the index's order, page by page. */
    private void assertIndexesExact(EntityRepository repo, int pageSize) {
        List<User> truth = stored(repo);
        EntityType<User> type = type(repo);
        Map<String, List<User>> byCity = new TreeMap<>();
        truth.forEach(u -> byCity.computeIfAbsent(u.city(), c -> new ArrayList<>()).add(u));
        for (String city : new TreeSet<>(List.of("London", "Paris", "Oslo", "Lima"))) {
            List<User> expected = byCity.getOrDefault(city, List.of()).stream()
                    .sorted(Comparator.comparing(User::name).thenComparing(User::id)).toList();
            List<User> paged = new ArrayList<>();
            EntityPage<User> page = repo.query(type, "byCity").eq(city).page(pageSize);
            paged.addAll(page.items());
            int pages = 1;
            while (page.hasNext()) {
                assertTrue(page.items().size() <= pageSize, "a page holds at most its size");
                page = repo.query(type, "byCity").eq(city).page(pageSize, page.next().get());
                paged.addAll(page.items());
                assertTrue(++pages <= truth.size() + 2, "paging ends");
            }
            assertEquals(expected, paged, "users in " + city + ", read " + pageSize + " at a time");
            assertEquals(expected, repo.query(type, "byCity").eq(city).list(), "users in " + city + ", streamed");
        }
        for (User u : truth) {
            assertEquals(Optional.of(u), repo.query(type, "byEmail").eq(u.email()).one(), "the user with " + u.email());
        }
        Set<String> nicknames = truth.stream().map(User::nickname).filter(n -> n != null).collect(Collectors.toSet());
        for (String nick : nicknames) {
            Set<User> expected = truth.stream().filter(u -> nick.equals(u.nickname())).collect(Collectors.toSet());
            assertEquals(expected, Set.copyOf(repo.query(type, "byNick").eq(nick).list()), "users nicknamed " + nick);
        }
    }

    private static final String[] CITIES = {"London", "Paris", "Oslo", "Lima"};
    private static final String[] NAMES = {"ada", "bob", "cy", "dee", "eve", "fay"};

    private static User randomUser(Random random, int id) {
        return new User("u" + id, "u" + id + "@example.com", CITIES[random.nextInt(CITIES.length)],
                NAMES[random.nextInt(NAMES.length)], random.nextInt(3) == 0 ? null : "n" + random.nextInt(4));
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE", "NATIVE"})
    void typedPagedQueriesEqualTheOracleThroughSavesUpdatesAndDeletes(IndexConsistency mode) {
        EntityRepository repo = open(reserveTable(), mode);
        EntityType<User> type = type(repo);
        Random random = new Random(17);
        for (int i = 0; i < 40; i++) {
            repo.save(randomUser(random, i));
        }
        assertIndexesExact(repo, 7);
        for (int i = 0; i < 40; i += 3) {
            String city = CITIES[random.nextInt(CITIES.length)];
            assertTrue(repo.update(type, Map.of("id", "u" + i), u -> new User(u.id(), "moved" + u.email(), city,
                    u.name(), u.nickname() == null ? "late" : null)).isPresent());
        }
        for (int i = 1; i < 40; i += 5) {
            assertTrue(repo.delete(type, Map.of("id", "u" + i)));
        }
        assertTrue(repo.update(type, Map.of("id", "nobody"), u -> u).isEmpty(), "no user to update");
        assertIndexesExact(repo, 3);
        assertTrue(repo.verify().consistent(), () -> "no drift: " + repo.verify().findings());
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void badEntitiesAreRefusedBeforeAnythingIsWritten(IndexConsistency mode) {
        EntityRepository repo = open(reserveTable(), mode);
        EntityType<User> type = type(repo);
        repo.save(new User("ada", "ada@example.com", "London", "ada", null));
        UniqueConstraintException taken = assertThrows(UniqueConstraintException.class,
                () -> repo.save(new User("bob", "ada@example.com", "Paris", "bob", null)));
        assertTrue(taken.getMessage().contains("ada@example.com"), taken.getMessage());
        IllegalArgumentException noCity = assertThrows(IllegalArgumentException.class,
                () -> repo.save(new User("cy", "cy@example.com", null, "cy", null)));
        assertTrue(noCity.getMessage().contains("city") && noCity.getMessage().contains("byCity"), noCity.getMessage());
        assertEquals(List.of("ada"), stored(repo).stream().map(User::id).toList(), "only ada is stored");
        assertIndexesExact(repo, 2);
        assertThrows(IllegalArgumentException.class, () -> repo.query(type, "byColour"));
        assertThrows(IllegalArgumentException.class, () -> repo.query(type, "byCity").eq(1, 2));
        assertThrows(IllegalStateException.class, () -> repo.query(type, "byCity").page(5));
        assertThrows(IllegalStateException.class, () -> repo.query(type, "byCity").eq("London").one());
    }

    /**
     * A batch with one entity the store cannot hold (an item over its size limit, or a unique value too long for a
     * key) at any position writes nothing at all, through {@code saveAll} and a follower's {@code putItems} alike, and the
     * error names the entity type, the entity's key, the field or the index, never the whole value.
     */
    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void anInvalidEntityAnywhereInABatchWritesNothing(IndexConsistency mode) {
        EntityRepository repo = open(reserveTable(), mode);
        EntityType<User> type = type(repo);
        String huge = "x".repeat(store.limits().maxItemBytes() + 1);
        String longEmail = "e".repeat(store.limits().maxPartitionKeyBytes() + 1) + "@example.com";
        List<User> valid = List.of(new User("a", "a@x", "London", "ann", "n1"),
                new User("b", "b@x", "Paris", "bea", null), new User("c", "c@x", "Oslo", "cal", "n2"));
        for (User bad : List.of(new User("big", "big@x", "Lima", huge, null),
                new User("long", longEmail, "Lima", "lou", null))) {
            for (int at = 0; at <= valid.size(); at++) {
                List<User> batch = new ArrayList<>(valid);
                batch.add(at, bad);
                RuntimeException refused = assertThrows(RuntimeException.class, () -> repo.saveAll(batch));
                String message = refused.getMessage();
                assertTrue(message.contains("'User'") && message.contains(bad.id()) && message.length() < 1000,
                        "names the entity, briefly: " + message.substring(0, Math.min(message.length(), 2000)));
                assertTrue(bad.name().equals("lou") ? message.contains("'byEmail'") && message.contains("{email}")
                        : message.contains("'name'"), message.substring(0, Math.min(message.length(), 2000)));
                List<Item> items = batch.stream().map(u -> repo.itemOf(type, u)).toList();
                try (var following = repo.follow(type, key -> { })) {
                    assertThrows(RuntimeException.class, () -> following.putItems(type, items));
                }
            }
        }
        // Every attempt was refused before writing: nothing of any is stored.
        for (String table : repo.tables()) {
            assertEquals(0, store.scanAll(Scan.of(table)).count(), "nothing written in " + table);
        }
        repo.saveAll(valid);
        assertIndexesExact(repo, 2);
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE", "NATIVE"})
    void aCursorWorksOnlyForItsOwnQuery(IndexConsistency mode) {
        EntityRepository repo = open(reserveTable(), mode);
        EntityType<User> type = type(repo);
        for (int i = 0; i < 5; i++) {
            repo.save(new User("l" + i, "l" + i + "@x", "London", "n" + i, null));
            repo.save(new User("p" + i, "p" + i + "@x", "Paris", "n" + i, null));
        }
        EntityPage<User> london = repo.query(type, "byCity").eq("London").page(2);
        Cursor cursor = london.next().orElseThrow();
        assertThrows(InvalidRequestException.class, () -> repo.query(type, "byCity").eq("Paris").page(2, cursor));
        assertEquals(List.of("l2", "l3"), repo.query(type, "byCity").eq("London").page(2, cursor).items().stream()
                .map(User::id).toList());
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void verifyAndRepairEndAtZeroDrift(IndexConsistency mode) {
        String table = reserveTable();
        EntityRepository repo = open(table, mode);
        EntityType<User> type = type(repo);
        repo.save(new User("ada", "ada@example.com", "London", "ada", "a"));
        repo.save(new User("bob", "bob@example.com", "Paris", "bob", null));
        // An index entry lost behind the repository's back (a unique index is always an index table).
        String emailTable = table + "_byEmail";
        Item entry = store.scanAll(Scan.of(emailTable)).findFirst().orElseThrow();
        store.delete(emailTable, entry.key());
        EntityVerification found = repo.verify();
        assertEquals(1, found.disagreements(), found.findings().toString());
        assertTrue(found.findings().get(0).startsWith("User.byEmail"), found.findings().toString());
        assertEquals(1, repo.repair().disagreements());
        assertTrue(repo.verify().consistent(), () -> repo.verify().findings().toString());
        assertIndexesExact(repo, 1);
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void aCrashAtEveryWriteStepLeavesNoWrongAnswerAndRepairEndsAtZeroDrift(IndexConsistency mode) {
        // Each crash gets users of its own in the same tables, so stores that keep dropped tables stay small.
        List<java.util.function.Function<String, Consumer<EntityRepository>>> operations = List.of(
                s -> r -> r.save(before(s)),
                s -> r -> r.save(after(s)),
                s -> r -> r.delete(type(r), Map.of("id", "ada" + s)));
        List<java.util.function.Function<String, Consumer<EntityRepository>>> setups = List.of(
                s -> r -> { }, s -> r -> r.save(before(s)), s -> r -> r.save(before(s)));
        for (int op = 0; op < operations.size(); op++) {
            String countTable = reserveTable();
            setups.get(op).apply("").accept(open(countTable, mode));
            FaultInjectingBackend counter = countingBackend();
            operations.get(op).apply("").accept(open(Store.of(counter), countTable, mode));
            int steps = counter.writes();
            assertTrue(steps >= 1, "operation " + op + " writes");
            String table = reserveTable();
            EntityRepository repo = open(table, mode);
            for (int step = 1; step <= steps; step++) {
                for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                    String s = "-" + step + when.name().charAt(0);
                    repo.save(new User("bob" + s, "bob" + s + "@example.com", "London", "bob", "a"));
                    setups.get(op).apply(s).accept(repo);
                    Store crashing = Store.of(new FaultInjectingBackend(backend).failWrite(step, when));
                    EntityRepository doomed = open(crashing, table, mode);
                    int o = op;
                    assertThrows(StoreUnavailableException.class, () -> operations.get(o).apply(s).accept(doomed),
                            "operation " + op + ", step " + step + " " + when + " of " + steps);
                    String where = "operation " + op + ", crash at step " + step + " " + when;
                    assertIndexesExact(repo, 1);
                    repo.repair();
                    EntityVerification drift = repo.verify();
                    assertTrue(drift.consistent(), () -> where + ": " + drift.findings());
                    assertIndexesExact(repo, 2);
                }
            }
        }
    }

    private static User before(String s) {
        return new User("ada" + s, "ada" + s + "@example.com", "London", "ada", "a");
    }

    private static User after(String s) {
        return new User("ada" + s, "ada" + s + "@new.example", "Paris", "ada", null);
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void concurrentWritersLeaveIndexesExactAndUniqueValuesWithOneUser(IndexConsistency mode) throws Exception {
        EntityRepository repo = open(reserveTable(), mode);
        EntityType<User> type = type(repo);
        AtomicInteger refused = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long seed = t;
                done.add(pool.submit(() -> {
                    Random random = new Random(seed);
                    for (int i = 0; i < 25; i++) {
                        String id = "u" + random.nextInt(8);
                        String email = "e" + random.nextInt(5) + "@example.com";
                        try {
                            switch (random.nextInt(3)) {
                                case 0 -> repo.save(new User(id, email, CITIES[random.nextInt(4)], NAMES[random.nextInt(6)],
                                        random.nextBoolean() ? null : "n" + random.nextInt(2)));
                                case 1 -> repo.update(type, Map.of("id", id), u -> new User(u.id(), email,
                                        CITIES[(int) (seed % 4)], u.name(), u.nickname()));
                                default -> repo.delete(type, Map.of("id", id));
                            }
                        } catch (UniqueConstraintException e) {
                            refused.incrementAndGet();
                        }
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
        List<User> truth = stored(repo);
        Map<String, Long> holders = truth.stream().collect(Collectors.groupingBy(User::email, Collectors.counting()));
        holders.forEach((email, n) -> assertEquals(1L, n, "users holding " + email));
        assertTrue(refused.get() > 0, "writers collided on e-mail addresses");
        assertIndexesExact(repo, 3);
        EntityVerification audit = repo.verify();
        assertEquals(0, audit.byIndex().values().stream().mapToLong(d -> d.missing() + d.duplicates()).sum(),
                () -> "no missing or duplicate entry: " + audit.findings());
    }
}
