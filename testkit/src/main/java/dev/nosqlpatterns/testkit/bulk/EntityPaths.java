package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.EntityVerification;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.testkit.entity.EntityIndexSuite.User;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * The entity repository's bulk paths over users with a unique index (by e-mail) and a non-unique one (by city,
 * ordered by name): {@code saveAll}, a {@code batch()} written at once, and {@code load(Stream)} in windows of two.
 * Users already stored move every value and new users come. (A value given up and taken in one call, and the other
 * consistency modes, are crashed at every write by the entity bulk suite.)
 */
final class EntityPaths extends BulkPath<User> {
    private static final String[] CITIES = {"London", "Paris", "Oslo", "Lima"};
    /** Entities per window of the stream load. */
    static final int WINDOW = 2;
    private static final List<User> BEFORE = List.of(new User("u0", "u0@x", "London", "ann", null),
            new User("u1", "u1@x", "Paris", "bob", null), new User("u2", "u2@x", "Oslo", "cy", null));
    private static final List<User> INPUT = List.of(new User("u0", "u0@moved", "Oslo", "ann", null),
            new User("u1", "u1@moved", "Lima", "bob", null), new User("k0", "k0@x", "Paris", "kim", null),
            new User("k1", "k1@x", "London", "kai", null));

    /** How the users are written. */
    enum Call { SAVE_ALL, BATCH, LOAD }

    private final Call call;
    private final IndexConsistency mode;
    private final String table;
    private final EntityType<User> type;
    private EntityRepository later;

    EntityPaths(Kit kit, Call call, IndexConsistency mode) {
        super(kit);
        this.call = call;
        this.mode = mode;
        this.table = kit.reserveTable();
        this.type = EntityType.builder(User.class).table(table).partitionKey("user:{id}").sortKey("<USER>")
                .index(EntityIndex.named("byEmail", "{email}").unique().consistency(mode))
                .index(EntityIndex.named("byCity", "{city}").sortedBy("{name}").consistency(mode))
                .build();
        type.indexes().forEach(ix -> kit.dropAfterwards(table + "_" + ix.name()));
        EntityRepository.of(kit.store(), type).createTables();
    }

    private EntityRepository repo(Store on) {
        return EntityRepository.of(on, type);
    }

    /**
     * The repository on a store over the same data whose clock is past every claim lease, so that what a crash
     * left counts as stale (a young leftover is taken for a write in flight, which verify and repair wait for).
     */
    private EntityRepository later() {
        if (later == null) {
            later = repo(Store.of(kit.backend(), Clock.offset(kit.store().clock(), Duration.ofMinutes(5))));
            later.createTables();
        }
        return later;
    }

    @Override
    List<String> tables() {
        List<String> out = new ArrayList<>(List.of(table));
        type.indexes().forEach(ix -> out.add(table + "_" + ix.name()));
        return out;
    }

    @Override
    void seed() {
        repo(kit.store()).saveAll(BEFORE);
    }

    @Override
    int size() {
        return INPUT.size();
    }

    private void write(Store on, List<User> users) {
        EntityRepository repo = repo(on);
        repo.createTables();
        switch (call) {
            case SAVE_ALL -> repo.saveAll(users);
            case BATCH -> {
                EntityRepository.Batch batch = repo.batch();
                users.forEach(u -> batch.save(type, u));
                batch.write();
            }
            case LOAD -> repo.load(users.stream()).windowSize(WINDOW).run();
        }
    }

    @Override
    void run(Store on) {
        write(on, INPUT);
    }

    @Override
    void runPrefix(int n) {
        write(kit.store(), INPUT.subList(0, n));
    }

    @Override
    List<Invalid> invalid(int position) {
        String longEmail = "e".repeat(kit.store().limits().maxPartitionKeyBytes() + 1) + "@x";
        List<Invalid> out = new ArrayList<>();
        BiConsumer<String, User> add = (label, bad) -> {
            List<User> users = new ArrayList<>(INPUT);
            users.set(position, bad);
            String named = call == Call.LOAD ? "position " + position : bad == null ? "null" : "bad" + position;
            int written = call == Call.LOAD ? position - position % WINDOW : 0;
            out.add(new Invalid(label, s -> write(s, users), named, written));
        };
        add.accept("an e-mail too long for a key of the unique index",
                new User("bad" + position, longEmail, "Lima", "x", null));
        if (call == Call.LOAD) {
            // The load checks each window as saveAll and batch() do (refusing it whole); what it adds is the
            // position and the windows before it: one kind of bad item shows that.
            return out;
        }
        if (!repo(kit.store()).howIndexed(type, "byCity").contains("native")) {
            // Only an index table's entry has a key to outgrow; a native index takes any value the item can hold.
            add.accept("a name longer than an index key may be", new User("bad" + position, "bad@x", "Lima",
                    "n".repeat(kit.store().limits().maxSortKeyBytes() + 1), null));
        }
        add.accept("no city (the non-unique index's component)", new User("bad" + position, "bad@x", null, "x", null));
        add.accept("a null entity", null);
        return out;
    }

    @Override
    Map<String, User> records() {
        return kit.store().scanAll(Scan.of(table)).filter(type::isTypeOf).map(type::fromItem)
                .collect(Collectors.toMap(User::id, u -> u, (a, b) -> a, TreeMap::new));
    }

    @Override
    Map<String, User> before() {
        return byId(BEFORE, List.of());
    }

    @Override
    Map<String, User> intended(int n) {
        return byId(BEFORE, INPUT.subList(0, n));
    }

    private static Map<String, User> byId(List<User> first, List<User> then) {
        Map<String, User> out = new TreeMap<>();
        first.forEach(u -> out.put(u.id(), u));
        then.forEach(u -> out.put(u.id(), u));
        return out;
    }

    private static Set<String> emails() {
        Set<String> out = new TreeSet<>();
        // The e-mails the call gives up or takes.
        BEFORE.stream().filter(u -> INPUT.stream().anyMatch(i -> i.id().equals(u.id()))).forEach(u -> out.add(u.email()));
        INPUT.forEach(u -> out.add(u.email()));
        return out;
    }

    @Override
    Map<String, Set<String>> lookups(boolean repaired) {
        EntityRepository repo = repo(kit.store());
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String city : CITIES) {
            out.put("byCity " + city, new java.util.LinkedHashSet<>(repo.query(type, "byCity").eq(city).list().stream()
                    .map(User::id).toList()));
        }
        for (String email : emails()) {
            out.put("byEmail " + email, repo.query(type, "byEmail").eq(email).one().map(u -> Set.of(u.id()))
                    .orElse(Set.of()));
        }
        return out;
    }

    @Override
    Map<String, Set<String>> oracle(Map<String, User> records, boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (String city : CITIES) {
            out.put("byCity " + city, new java.util.LinkedHashSet<>(records.values().stream()
                    .filter(u -> city.equals(u.city()))
                    .sorted(java.util.Comparator.comparing(User::name).thenComparing(User::id)).map(User::id).toList()));
        }
        for (String email : emails()) {
            out.put("byEmail " + email, records.values().stream().filter(u -> email.equals(u.email())).map(User::id)
                    .collect(Collectors.toSet()));
        }
        return out;
    }

    @Override
    void repair() {
        later().repair();
    }

    @Override
    Optional<String> drift() {
        EntityVerification v = later().verify();
        return v.consistent() ? Optional.empty() : Optional.of(String.valueOf(v.findings()));
    }

    @Override
    public String toString() {
        return "EntityRepository." + switch (call) {
            case SAVE_ALL -> "saveAll";
            case BATCH -> "batch().write()";
            case LOAD -> "load(Stream) in windows of " + WINDOW;
        } + " (" + mode + ")";
    }
}
