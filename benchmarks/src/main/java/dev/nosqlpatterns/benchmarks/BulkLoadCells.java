package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.benchmarks.overhead.Baselines;
import dev.nosqlpatterns.benchmarks.overhead.Loader;
import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bulk family's load comparison: {@code N} users ({@link BulkUser}) of an entity type with a unique index table
 * on the e-mail address and an index table on the city, loaded into fresh tables by {@link EntityRepository#saveAll}
 * in chunks of {@value #CHUNK}, and by hand with the store's official driver ({@link Loader}) into the same physical
 * layout: the same items, and the entries in the library's entry layout (key, {@code ref}, {@code at}, {@code tok},
 * {@code gen}). Why: it measures what the library's exact index upkeep costs a load over the fastest one a person
 * would write for a fresh table.
 *
 * <p>One operation is one whole load; throughput is users per second. The tables of each load are created before
 * the cell is timed. Each load's read-back (untimed) goes through the library for both techniques: {@link
 * EntityRepository#verify()} must find every user and entry and no drift in either index, and three cities' users
 * and three e-mail addresses' owners must be exactly the loaded ones, so a hand-written load that missed the layout
 * fails its cell. Round trips per user: the store's cost reports for {@code saveAll}, the requests the loader sent
 * for the hand-written one (printed on the console and kept in the family's notes).
 */
final class BulkLoadCells {
    static final int QUICK_USERS = 2_000;
    static final int STANDARD_USERS = 20_000;
    static final int FULL_USERS = 200_000;
    static final String USERS_PROPERTY = "nosqlpatterns.bulk.loadUsers";
    static final int CHUNK = 1_000;
    static final int CITIES = 100;
    static final String SAVE_ALL = "saveAll (EntityRepository)";
    static final String HAND_WRITTEN = "hand-written (driver)";
    static final String EMAIL = "email";
    static final String CITY = "city";
    /** The library's entry layout, as its index tables document it (see the index package). */
    private static final CompositeKeyCodec REF = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);
    private static final String UNIQUE_SORT = "~unique";

    private BulkLoadCells() {
    }

    /** Users loaded per operation in {@code mode}, unless the system property sets another count. */
    static int users(Settings.Mode mode) {
        return Integer.getInteger(USERS_PROPERTY, switch (mode) {
            case QUICK -> QUICK_USERS;
            case STANDARD -> STANDARD_USERS;
            case FULL -> FULL_USERS;
        });
    }

    static String workload(int n) {
        return String.format(Locale.ROOT, "load %,d users with a unique e-mail and a city index", n);
    }

    /** Why the hand-written load cannot run on a store of {@code kind}, if it cannot. */
    static Optional<String> handSkipReason(String kind) {
        return switch (kind) {
            case "redis", "cassandra", "mongodb", "dynamodb", "lucene" -> Optional.empty();
            case "memory" -> Optional.of("the in-memory store has no driver to write with by hand");
            default -> Optional.of("no hand-written loader for the " + kind + " store");
        };
    }

    /** The users' entity type in {@code table}: an index table on the city on every store, never a native index. */
    static EntityType<BulkUser> type(Store store, String table) {
        IndexConsistency tableMode = store.has(Capability.ATOMIC_WRITES) ? IndexConsistency.ATOMIC
                : IndexConsistency.REPAIRABLE;
        return EntityType.builder(BulkUser.class).name("user").table(table).partitionKey("user:{id}").sortKey("<USER>")
                .uniqueIndex(EMAIL, "{email}").index(EntityIndex.named(CITY, "{city}").consistency(tableMode)).build();
    }

    /** The saveAll cell and the hand-written one on {@code store}, each opening its tables through {@code tables}. */
    static List<Family.Candidate> candidates(Store store, String address, Family.Tables tables, Settings.Mode mode,
                                             List<Runnable> cleanUp, Map<String, String> notes) {
        int n = users(mode);
        String workload = workload(n);
        int prepared = 2 + mode.repetitions;
        List<Family.Candidate> out = new ArrayList<>();
        out.add(Family.Candidate.of(workload, SAVE_ALL, () -> cell(SAVE_ALL, LoadStores.of(store), tables, n, prepared,
                notes, saveAll(store), "EntityRepository.saveAll per chunk of " + CHUNK)));
        Optional<String> noHand = handSkipReason(store.kind());
        if (noHand.isPresent()) {
            out.add(Family.Candidate.skip(workload, HAND_WRITTEN, noHand.get()));
        } else if (store.kind().equals("lucene")) {
            out.add(Family.Candidate.of(workload, HAND_WRITTEN, () -> {
                LuceneLoads own = new LuceneLoads();
                cleanUp.add(own::close);
                return cell(HAND_WRITTEN, own, tables, n, prepared, notes, handWritten(own), LUCENE_HOW);
            }));
        } else {
            out.add(Family.Candidate.of(workload, HAND_WRITTEN, () -> {
                Loader loader = Baselines.loader(store.kind(), address).orElseThrow();
                cleanUp.add(loader::close);
                return cell(HAND_WRITTEN, LoadStores.of(store), tables, n, prepared, notes, handWritten(loader),
                        loader.how());
            }));
        }
        return out;
    }

    /**
     * Where each load of a cell writes, and where its read-back reads: the runner's store for both, or a store of
     * the load's own and then that store reopened (Lucene by hand: see {@link LuceneLoads}).
     */
    interface LoadStores {
        Store forLoad(int load);

        Store forReadBack(Store loaded);

        static LoadStores of(Store store) {
            return new LoadStores() {
                @Override
                public Store forLoad(int load) {
                    return store;
                }

                @Override
                public Store forReadBack(Store loaded) {
                    return loaded;
                }
            };
        }
    }

    /** One load of every user into a repository's fresh tables; returns the requests (round trips) it took. */
    @FunctionalInterface
    interface Load {
        long run(EntityRepository repo, EntityType<BulkUser> type, List<BulkUser> users);
    }

    private record Loaded(EntityRepository repo, EntityType<BulkUser> type) {
    }

    /**
     * A load cell: operation {@code i} loads the {@code n} users into the tables of load {@code i}, the first
     * {@code prepared} loads' tables created beforehand (untimed).
     */
    static CellSpec cell(String technique, LoadStores stores, Family.Tables tables, int n, int prepared,
                         Map<String, String> notes, Load load, String how) {
        Map<Integer, Loaded> loads = new ConcurrentHashMap<>();
        java.util.function.IntFunction<Loaded> at = i -> loads.computeIfAbsent(i, k -> {
            Store store = stores.forLoad(k);
            String t = tables.next("load");
            EntityType<BulkUser> type = type(store, t);
            EntityRepository repo = EntityRepository.of(store, type);
            repo.tables().stream().filter(name -> !name.equals(t)).forEach(tables::claim);
            repo.createTables();
            return new Loaded(repo, type);
        });
        for (int i = 0; i < prepared; i++) {
            at.apply(i);
        }
        List<BulkUser> users = users(n);
        CellSpec.Operation op = i -> {
            Loaded l = at.apply(i);
            long start = System.nanoTime();
            long requests = load.run(l.repo(), l.type(), users);
            double seconds = (System.nanoTime() - start) / 1e9;
            String line = String.format(Locale.ROOT, "%,d users in %.2f s (%,.0f users/s), %,d round trips (%.4f per"
                    + " user); %s", n, seconds, n / Math.max(seconds, 1e-9), requests, (double) requests / n, how);
            System.out.printf(Locale.ROOT, "   load  %s / bulk, %s: %s%n", l.repo().store().kind(), technique, line);
            notes.put(technique, line);
            return null;
        };
        return new CellSpec(technique, 1, 1, op, i -> oracle(n), i -> readBack(reread(stores, loads.get(i)), n), n, n,
                -1);
    }

    /** The load as the store of its read-back sees it: the same repository, or one on the store reopened. */
    private static Loaded reread(LoadStores stores, Loaded l) {
        Store loaded = l.repo().store();
        Store reading = stores.forReadBack(loaded);
        if (reading == loaded) {
            return l;
        }
        EntityRepository repo = EntityRepository.of(reading, l.type());
        repo.createTables();
        return new Loaded(repo, l.type());
    }

    /** The library's load: {@link EntityRepository#saveAll} per chunk; its round trips as the store reports them. */
    static Load saveAll(Store store) {
        return (repo, type, users) -> saveAll(store, repo, users);
    }

    private static long saveAll(Store store, EntityRepository repo, List<BulkUser> users) {
        AtomicLong roundTrips = new AtomicLong();
        Store.Registration registration = store.onCost(c -> roundTrips.addAndGet(c.roundTrips()));
        try {
            for (int from = 0; from < users.size(); from += CHUNK) {
                repo.saveAll(users.subList(from, Math.min(users.size(), from + CHUNK)));
            }
        } finally {
            registration.close();
        }
        return roundTrips.get();
    }

    static final String LUCENE_HOW = Baselines.luceneLoader(null).how() + "; an in-memory index of its own per load";

    /** The hand-written Lucene load: each load with the writer of its own store. */
    static Load handWritten(LuceneLoads own) {
        return (repo, type, users) -> handWritten(Baselines.luceneLoader(own.writer(repo.store())), repo, type, users);
    }

    /** The hand-written load with {@code loader}: items mapped as the library maps them, entries in its layout. */
    static Load handWritten(Loader loader) {
        return (repo, type, users) -> handWritten(loader, repo, type, users);
    }

    private static long handWritten(Loader loader, EntityRepository repo, EntityType<BulkUser> type,
                                    List<BulkUser> users) {
        String table = type.table();
        long requests = 0;
        for (int from = 0; from < users.size(); from += CHUNK) {
            List<BulkUser> chunk = users.subList(from, Math.min(users.size(), from + CHUNK));
            List<Item> items = new ArrayList<>(chunk.size());
            List<Item> unique = new ArrayList<>(chunk.size());
            List<Item> entries = new ArrayList<>(chunk.size());
            long now = System.currentTimeMillis();
            for (BulkUser u : chunk) {
                // the item as the library maps the record (its attributes, type tag, version, index values)
                Item item = repo.itemOf(type, u);
                items.add(item);
                String ref = ref(item.key());
                unique.add(entry(item.getString("_ix_" + EMAIL).orElseThrow(), UNIQUE_SORT, ref, now));
                String sort = item.getString("_ixo_" + CITY).map(o -> REF.encode(o, ref)).orElse(ref);
                entries.add(entry(item.getString("_ix_" + CITY).orElseThrow(), sort, ref, now));
            }
            requests += loader.load(table, items, table + "_" + EMAIL, unique, table + "_" + CITY, entries);
        }
        return requests + loader.finish();
    }

    /** The key of {@code base}'s entry under {@code value} in an index without sort values: the value, then the ref. */
    static Key entryKey(String value, Key base) {
        return Key.of(value, ref(base));
    }

    /** The encoded key of a base item an entry names in {@code ref} (and, without a sort value, as its sort key). */
    static String ref(Key base) {
        return REF.encode(base.partition(), base.sort());
    }

    /** The entry of {@code base} under {@code value} in an index without sort values (see {@link #entryKey}). */
    static Item entry(String value, Key base, long now) {
        Key key = entryKey(value, base);
        return entry(value, key.sort(), ref(base), now);
    }

    /** An index entry in the library's layout: the base item's ref, the time written, a random token and generation. */
    private static Item entry(String value, String sort, String ref, long now) {
        return Item.builder(value, sort).put("ref", ref).put("at", now)
                .put("tok", ThreadLocalRandom.current().nextLong()).put("gen", ThreadLocalRandom.current().nextLong())
                .build();
    }

    static List<BulkUser> users(int n) {
        List<BulkUser> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            out.add(user(k));
        }
        return out;
    }

    static BulkUser user(int k) {
        return new BulkUser(String.format(Locale.ROOT, "u%08d", k), "user" + k + "@example.org", city(k % CITIES));
    }

    static String city(int c) {
        return String.format(Locale.ROOT, "city-%03d", c);
    }

    private static int[] sampleUsers(int n) {
        return new int[] {0, n / 2, n - 1};
    }

    private static int[] sampleCities() {
        return new int[] {0, 1, CITIES - 1};
    }

    /** What the library reads back after a load: the verify of both indexes, three cities, three e-mails. */
    static Answer readBack(Loaded l, int n) {
        List<String> out = new ArrayList<>();
        new TreeMap<>(l.repo().verify().byIndex()).forEach((ix, d) -> out.add(describe(ix, d)));
        for (int c : sampleCities()) {
            out.add(city(c) + " " + l.repo().query(l.type(), CITY).eq(city(c)).list().stream().map(BulkUser::id)
                    .sorted().toList());
        }
        for (int k : sampleUsers(n)) {
            String email = user(k).email();
            out.add(email + " " + l.repo().query(l.type(), EMAIL).eq(email).one().map(BulkUser::id).orElse("none"));
        }
        return Answer.inOrder(out);
    }

    private static String describe(String index, IndexVerification d) {
        return index + " checked " + d.baseItemsChecked() + " items and " + d.entriesChecked() + " entries: "
                + d.missing() + " missing, " + d.dangling() + " stale, " + d.duplicates() + " duplicates";
    }

    static Answer oracle(int n) {
        List<String> out = new ArrayList<>();
        IndexVerification exact = new IndexVerification(n, n, 0, 0, 0, List.of(), List.of(), List.of());
        new TreeMap<>(Map.of("user." + CITY, exact, "user." + EMAIL, exact)).forEach((ix, d) -> out.add(describe(ix, d)));
        for (int c : sampleCities()) {
            List<String> ids = new ArrayList<>();
            for (int k = c; k < n; k += CITIES) {
                ids.add(user(k).id());
            }
            out.add(city(c) + " " + ids);
        }
        for (int k : sampleUsers(n)) {
            out.add(user(k).email() + " " + user(k).id());
        }
        return Answer.inOrder(out);
    }
}
