package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Secondary lookup: users found by city through an application-managed index table
 * (atomic, and the crash-safe repairable protocol), through the store's native secondary index, and by
 * scanning the whole table and filtering. Each technique loads its own copy of the users one logical
 * write at a time, and that load is measured as the write workload; moving a user to another city and
 * inserting a user under a unique e-mail show what keeping entries in step costs per write.
 */
final class SecondaryLookupFamily implements Family {
    private static final String CITY = "city";
    private static final String NATIVE_INDEX = "byCity";
    private static final String EMAIL = "email";
    private static final int MOVERS = 20;

    @Override
    public String name() {
        return "secondary lookup";
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        int scale = mode.scale;
        int users = 300 * scale;
        int cities = 30 * scale;
        // the cities each lookup cycles through (all checked first); a third in the quick mode, whose scans,
        // reading the whole table, take 3
        int looked = mode.sampled ? cities / 3 : cities;
        int scanned = mode.sampled ? 3 : 10;
        List<Candidate> out = new ArrayList<>();
        for (IndexConsistency consistency : List.of(IndexConsistency.ATOMIC, IndexConsistency.REPAIRABLE)) {
            String technique = "index table (" + consistency.name().toLowerCase(java.util.Locale.ROOT) + ")";
            if (consistency == IndexConsistency.ATOMIC && !store.has(Capability.ATOMIC_WRITES)) {
                out.add(Candidate.skip("insert user", technique, "the store has no multi-item atomic writes"));
                out.add(Candidate.skip("find users by city", technique, "the store has no multi-item atomic writes"));
                out.add(Candidate.skip("move user to another city", technique, "the store has no multi-item atomic writes"));
                out.add(Candidate.skip("insert user with a unique e-mail", "unique " + technique,
                        "the store has no multi-item atomic writes"));
                continue;
            }
            Lazy<IndexTable> index = new Lazy<>(() -> {
                String base = tables.next("users");
                store.createTable(TableSpec.named(base));
                return IndexTable.builder(store).baseTable(base).indexTable(tables.next("users_by_city"))
                        .attribute(CITY).consistency(consistency).build();
            });
            out.add(Candidate.of("insert user", technique,
                    () -> insert(technique, index.get()::put, v -> ids(index.get().find(v)), cities)));
            out.add(Candidate.of("find users by city", technique,
                    () -> lookup(technique, index.get()::put, v -> ids(index.get().find(v)), users, cities, looked, scale)));
            Lazy<IndexTable> movers = new Lazy<>(() -> withMovers(index.get()));
            out.add(Candidate.of("move user to another city", technique,
                    () -> move(technique, item -> movers.get().put(item), v -> ids(movers.get().find(v)))));
            String uniqueTechnique = "unique " + technique;
            Lazy<IndexTable> emails = new Lazy<>(() -> {
                String base = tables.next("users_unique");
                store.createTable(TableSpec.named(base));
                return IndexTable.builder(store).baseTable(base).indexTable(tables.next("users_by_email"))
                        .attribute(EMAIL).unique(true).consistency(consistency).build();
            });
            out.add(Candidate.of("insert user with a unique e-mail", uniqueTechnique,
                    () -> CellSpec.write(uniqueTechnique, 3, 20, i -> {
                        emails.get().put(user("e" + i, "w-" + city(i)).toBuilder().put(EMAIL, email(i)).build());
                        return null;
                    }, i -> Answer.anyOrder(ids(emails.get().find(email(i)))), i -> Answer.anyOrder(List.of("e" + i)), 1)));
        }
        if (store.has(Capability.NATIVE_SECONDARY_INDEX)) {
            Lazy<IndexTable> index = new Lazy<>(() -> {
                String base = tables.next("users_native");
                store.createTable(TableSpec.builder(base).attribute(CITY, Value.Type.STRING)
                        .index(IndexSpec.of(NATIVE_INDEX, CITY)).build());
                return IndexTable.builder(store).baseTable(base).attribute(CITY).nativeIndex(NATIVE_INDEX).build();
            });
            out.add(Candidate.of("insert user", "native index",
                    () -> insert("native index", index.get()::put, v -> ids(index.get().find(v)), cities)));
            out.add(Candidate.of("find users by city", "native index",
                    () -> lookup("native index", index.get()::put, v -> ids(index.get().find(v)), users, cities, looked, scale)));
            Lazy<IndexTable> movers = new Lazy<>(() -> withMovers(index.get()));
            out.add(Candidate.of("move user to another city", "native index",
                    () -> move("native index", item -> movers.get().put(item), v -> ids(movers.get().find(v)))));
        } else {
            out.add(Candidate.skip("insert user", "native index", "the store declares no native secondary index"));
            out.add(Candidate.skip("find users by city", "native index", "the store declares no native secondary index"));
            out.add(Candidate.skip("move user to another city", "native index", "the store declares no native secondary index"));
        }
        out.addAll(declared(store, tables, users, cities, looked));
        Lazy<String> plain = new Lazy<>(() -> {
            String t = tables.next("users_plain");
            store.createTable(TableSpec.named(t));
            return t;
        });
        String scan = "scan and filter";
        Function<String, List<String>> scanFind = v -> ids(store.scanAll(Scan.of(plain.get()).limit(500))
                .filter(i -> i.getString(CITY).map(v::equals).orElse(false)).toList());
        out.add(Candidate.of("insert user", scan,
                () -> insert(scan, item -> store.put(plain.get(), item), scanFind, cities)));
        out.add(Candidate.of("find users by city", scan,
                () -> lookup(scan, item -> store.put(plain.get(), item), scanFind, users, cities, scanned, 1)));
        return out;
    }

    /** A user as an entity type declares it: found by city, and by a unique e-mail when it has one. */
    record CityUser(String id, String name, String city, String email) {
    }

    /** The repository of one declared-index technique and its entity type. */
    private record Declared(EntityRepository repo, EntityType<CityUser> type) {
        void put(Item item) {
            repo.save(type, new CityUser(item.getString("id").orElseThrow(), item.getString("name").orElse(null),
                    item.getString(CITY).orElseThrow(), item.getString(EMAIL).orElse(null)));
        }

        List<String> find(String index, String value) {
            return repo.query(type, index).eq(value).stream().map(CityUser::id).toList();
        }
    }

    /**
     * The same users through an entity type that declares its indexes: the repository picks the native index
     * or an index table on each store, and every item carries its type tag, version and index attributes.
     */
    private static List<Candidate> declared(Store store, Tables tables, int users, int cities, int looked) {
        String technique = "declared index (entity repository)";
        java.util.function.Supplier<Declared> open = () -> {
            String base = tables.next("users_entity");
            EntityType<CityUser> sparse = EntityType.builder(CityUser.class).table(base).partitionKey("user|{id}")
                    .sortKey("<BASE>").index("byCity", "{city}")
                    .index(dev.nosqlpatterns.entity.EntityIndex.named(EMAIL, "{email}").unique().sparse()).build();
            EntityRepository repo = EntityRepository.of(store, sparse);
            repo.tables().stream().filter(t -> !t.equals(base)).forEach(tables::claim);
            repo.createTables();
            return new Declared(repo, sparse);
        };
        Lazy<Declared> index = new Lazy<>(open);
        List<Candidate> out = new ArrayList<>();
        out.add(Candidate.of("insert user", technique,
                () -> insert(technique, index.get()::put, v -> index.get().find("byCity", v), cities)));
        out.add(Candidate.of("find users by city", technique,
                () -> lookup(technique, index.get()::put, v -> index.get().find("byCity", v), users, cities, looked, 1)));
        Lazy<Declared> movers = new Lazy<>(() -> {
            Declared d = index.get();
            for (int m = 0; m < MOVERS; m++) {
                d.put(user("m" + m, "home"));
            }
            return d;
        });
        out.add(Candidate.of("move user to another city", technique,
                () -> move(technique, item -> movers.get().put(item), v -> movers.get().find("byCity", v))));
        String unique = "unique " + technique;
        Lazy<Declared> emails = new Lazy<>(open);
        out.add(Candidate.of("insert user with a unique e-mail", unique,
                () -> CellSpec.write(unique, 3, 20, i -> {
                    emails.get().put(user("e" + i, "w-" + city(i)).toBuilder().put(EMAIL, email(i)).build());
                    return null;
                }, i -> Answer.anyOrder(emails.get().find(EMAIL, email(i))), i -> Answer.anyOrder(List.of("e" + i)), 1)));
        return out;
    }

    /** Loads the {@value #MOVERS} users the move cell moves around, all in one home city. */
    private static IndexTable withMovers(IndexTable index) {
        for (int m = 0; m < MOVERS; m++) {
            index.put(user("m" + m, "home"));
        }
        return index;
    }

    /**
     * Each operation moves one of {@value #MOVERS} users to a city of its own, so its entry moves: the
     * write cost of keeping an index in step with a change, not only with an insert.
     */
    private static CellSpec move(String technique, Consumer<Item> put, Function<String, List<String>> find) {
        return CellSpec.write(technique, 3, 20, i -> {
            put.accept(user("m" + (i % MOVERS), "to-" + i));
            return null;
        }, i -> Answer.anyOrder(find.apply("to-" + i)), i -> Answer.anyOrder(List.of("m" + (i % MOVERS))), 1);
    }

    /**
     * Users {@code u} live in city {@code u % cities}; the cell first loads {@code users} of them, then
     * each operation finds the users of one of the first {@code inputs} cities (every one of them is
     * checked before timing; scans, which read the whole table, use fewer).
     */
    private static CellSpec lookup(String technique, Consumer<Item> put, Function<String, List<String>> find,
                                   int users, int cities, int inputs, int opsScale) {
        long bytes = 0;
        List<List<String>> expected = new ArrayList<>();
        for (int c = 0; c < cities; c++) {
            expected.add(new ArrayList<>());
        }
        for (int u = 0; u < users; u++) {
            Item user = user("u" + u, city(u % cities));
            bytes += user.sizeInBytes();
            put.accept(user);
            expected.get(u % cities).add("u" + u);
        }
        return CellSpec.read(technique, inputs, Math.min(inputs, 30) * opsScale,
                i -> Answer.anyOrder(find.apply(city(i % inputs))), i -> Answer.anyOrder(expected.get(i % inputs)), bytes);
    }

    /**
     * Each operation inserts one new user, in cities of their own ({@code w-city-n}) so the lookup cell's
     * answers stay fixed; the read-back finds the new user through the technique's own lookup.
     */
    private static CellSpec insert(String technique, Consumer<Item> put, Function<String, List<String>> find,
                                   int cities) {
        return CellSpec.write(technique, 3, 20, i -> {
            put.accept(user("w" + i, "w-" + city(i % cities)));
            return null;
        }, i -> Answer.anyOrder(find.apply("w-" + city(i % cities)).stream().filter(("w" + i)::equals).toList()),
                i -> Answer.anyOrder(List.of("w" + i)), 1);
    }

    static Item user(String id, String city) {
        return Item.builder("user|" + id, "<BASE>").put("name", "name of " + id).put(CITY, city)
                .put("id", id).build();
    }

    static String email(int i) {
        return "user" + i + "@example.org";
    }

    static String city(int c) {
        return "city-" + c;
    }

    static List<String> ids(List<Item> items) {
        return items.stream().map(i -> i.getString("id").orElse("?")).toList();
    }
}
