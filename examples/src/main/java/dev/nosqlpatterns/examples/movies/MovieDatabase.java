package dev.nosqlpatterns.examples.movies;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.EntityKey;
import dev.nosqlpatterns.store.model.Direction;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The movie database as an adjacency list with overloaded keys in one table: under each
 * title id ({@code tt...}) a {@code DETL|<category>!!|<nconst>} item per cast or crew credit (with the title's
 * metadata copied on), a {@code REGN|<region>} item per release region and one {@code RTNG} item for the
 * rating, so everything about a title is one query and each entity type one prefix query. Credits are
 * entities that declare the crew-by-year index on ({@code nconst}, {@code startYear}); the repository keeps it
 * natively or as an index table, whichever the store supports.
 *
 * <p>{@link #migrateCreditKeys()} re-keys the credits online to {@code DETL|<nconst>|<category>} (see
 * {@link dev.nosqlpatterns.migration.MigrationJob}); every access pattern answers the same afterwards, and a
 * database opened later finds the migration done and uses the new keys.
 */
public final class MovieDatabase {
    static final String CREW_INDEX = "crewByYear";
    private static final String REGN = "REGN";
    private static final String RTNG = "RTNG";

    private final Store store;
    private final String table;
    private final String stateTable;
    private volatile EntityType<Credit> credits;
    private volatile EntityRepository repo;

    private MovieDatabase(Store store, String table, String stateTable, EntityType<Credit> credits,
                          EntityRepository repo) {
        this.store = store;
        this.table = table;
        this.stateTable = stateTable;
        this.credits = credits;
        this.repo = repo;
    }

    /** The database on {@code store} in table {@code namespace_movies} (and the index table its store needs). */
    public static MovieDatabase open(Store store, String namespace) {
        Objects.requireNonNull(store, "store must not be null");
        String table = TableSpec.checkName(namespace + "_movies");
        String stateTable = TableSpec.checkName(namespace + "_migrations");
        EntityType<Credit> credits = CreditKeys.byCategory(table);
        EntityRepository repo = EntityRepository.of(store, credits);
        repo.createTables();
        MovieDatabase db = new MovieDatabase(store, table, stateTable, credits, repo);
        if (store.hasTable(stateTable)) {
            Migration<Credit, Credit> migration = CreditKeys.migration(table, stateTable);
            try (MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, migration)) {
                if (job.phase() == MigrationPhase.DONE) {
                    db.useKeysOf(migration.to());
                }
            }
        }
        return db;
    }

    /**
     * Re-keys the credits from {@code DETL|<category>|<nconst>} to {@code DETL|<nconst>|<category>} online, with a
     * migration job attached to this database's repository (so its own writes meanwhile reach both layouts), and
     * uses the new keys from then on; resumes a migration a crash interrupted, and does nothing once it is done.
     *
     * @return what the job did: items migrated, writes per item, drift found and repaired
     */
    public MigrationReport migrateCreditKeys() {
        Migration<Credit, Credit> migration = CreditKeys.migration(table, stateTable);
        MigrationReport report;
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, migration)) {
            report = job.run();
        }
        useKeysOf(migration.to());
        return report;
    }

    /** True once the credits are keyed by person ({@link #migrateCreditKeys()}). */
    public boolean creditsKeyedByPerson() {
        return credits.name().equals(CreditKeys.BY_PERSON);
    }

    private void useKeysOf(EntityType<Credit> type) {
        EntityRepository next = EntityRepository.of(store, type);
        next.createTables();
        this.repo = next;
        this.credits = type;
    }

    /** The logical tables of the model, for the explain view. */
    public List<String> tables() {
        return repo.tables();
    }

    /** How the crew-by-year index is kept on this store, for the explain view. */
    public String crewIndex() {
        return repo.howIndexed(credits, CREW_INDEX);
    }

    /**
     * Loads the IMDb-layout sample shipped with this module ({@code title.basics}, {@code name.basics},
     * {@code title.principals}, {@code title.akas}, {@code title.ratings}); every file is read and checked
     * before the first write. Safe to run again.
     */
    public void loadSample() {
        Map<String, Tsv.Row> titles = byKey(Tsv.read("title.basics.tsv"), "tconst");
        Map<String, Tsv.Row> names = byKey(Tsv.read("name.basics.tsv"), "nconst");
        List<Credit> people = new ArrayList<>();
        for (Tsv.Row p : Tsv.read("title.principals.tsv")) {
            Tsv.Row title = known(titles, p.require("tconst"), p);
            Tsv.Row name = known(names, p.require("nconst"), p);
            people.add(new Credit(p.require("tconst"), p.require("nconst"), p.require("category"),
                    name.require("primaryName"), title.require("primaryTitle"), title.require("startYear"),
                    title.get("genres").orElse(""), p.get("job").orElse(null), p.get("characters").orElse(null)));
        }
        List<Write> others = new ArrayList<>();
        Set<Key> regions = new HashSet<>();
        for (Tsv.Row a : Tsv.read("title.akas.tsv")) {
            known(titles, a.require("titleId"), a);
            Item.Builder b = Item.builder(a.require("titleId"), EntityKey.of(REGN, a.require("region")).encode())
                    .put("title", a.require("title"));
            a.get("language").ifPresent(l -> b.put("language", l));
            Item item = b.build();
            if (!regions.add(item.key())) {
                throw new IllegalArgumentException(a.file() + " line " + a.line() + ": a second row for region "
                        + a.require("region") + " of " + a.require("titleId"));
            }
            others.add(Write.put(table, item));
        }
        for (Tsv.Row r : Tsv.read("title.ratings.tsv")) {
            known(titles, r.require("tconst"), r);
            others.add(Write.put(table, Item.builder(r.require("tconst"), RTNG)
                    .put("averageRating", new BigDecimal(r.require("averageRating")))
                    .put("numVotes", Long.parseLong(r.require("numVotes"))).build()));
        }
        store.writeBatch(others);
        repo.saveAll(people);
    }

    /** Every item about a title (credits, regions, rating): one query of its partition. */
    public List<Item> everythingAbout(String tconst) {
        return store.queryAll(Query.in(table, checked(tconst, "tt")).limit(200)).toList();
    }

    /** All cast and crew of a title: one prefix query ({@code DETL|}). */
    public List<Credit> castAndCrew(String tconst) {
        return repo.query(credits, Map.of("tconst", checked(tconst, "tt"))).toList();
    }

    /**
     * The credits of one category of a title, e.g. its directors: one prefix query ({@code DETL|director|}); once
     * the credits are keyed by person, the title's credits filtered by category.
     */
    public List<Credit> credits(String tconst, String category) {
        Objects.requireNonNull(category, "category must not be null");
        if (creditsKeyedByPerson()) {
            return castAndCrew(tconst).stream().filter(c -> c.category().equals(category)).toList();
        }
        return repo.query(credits, Map.of("tconst", checked(tconst, "tt")), Map.of("category", category),
                Direction.ASCENDING).toList();
    }

    /**
     * One person's credits in a title (actor and director, say): one prefix query ({@code DETL|<nconst>|}) once the
     * credits are keyed by person; before, the title's credits filtered by person.
     */
    public List<Credit> creditsIn(String tconst, String nconst) {
        checked(nconst, "nm");
        if (!creditsKeyedByPerson()) {
            return castAndCrew(tconst).stream().filter(c -> c.nconst().equals(nconst)).toList();
        }
        return repo.query(credits, Map.of("tconst", checked(tconst, "tt")), Map.of("nconst", nconst),
                Direction.ASCENDING).toList();
    }

    /** The regions a title was released in: one prefix query ({@code REGN|}). */
    public List<Region> regions(String tconst) {
        return prefix(checked(tconst, "tt"), EntityKey.prefixOf(REGN)).map(i -> new Region(
                EntityKey.parse(i.key().sort()).parts().get(0), i.getString("title").orElse(""),
                i.getString("language").orElse(""))).toList();
    }

    /** A title's rating: one get of its {@code RTNG} item. */
    public Optional<Rating> rating(String tconst) {
        return store.get(table, Key.of(checked(tconst, "tt"), RTNG)).map(i -> new Rating(
                i.getNumber("averageRating").orElseThrow(), i.getLong("numVotes").orElseThrow()));
    }

    /** Records a vote count and average: one update of the small {@code RTNG} item, nothing else. */
    public Rating rate(String tconst, BigDecimal averageRating, long numVotes) {
        Objects.requireNonNull(averageRating, "average rating must not be null");
        if (averageRating.signum() < 0 || averageRating.compareTo(BigDecimal.TEN) > 0 || numVotes < 0) {
            throw new IllegalArgumentException("rating " + averageRating + " from " + numVotes
                    + " votes is out of range (0 to 10, votes not negative)");
        }
        Item after = store.update(table, Key.of(checked(tconst, "tt"), RTNG),
                UpdateAction.set("averageRating", Value.of(averageRating)), UpdateAction.set("numVotes", Value.of(numVotes)));
        return new Rating(after.getNumber("averageRating").orElseThrow(), after.getLong("numVotes").orElseThrow());
    }

    /** A person's credits by release year: the declared crew-by-year index. */
    public List<Credit> creditsOf(String nconst) {
        return repo.query(credits, CREW_INDEX).eq(checked(nconst, "nm")).list();
    }

    private Stream<Item> prefix(String partition, String prefix) {
        return store.queryAll(Query.in(table, partition).where(SortKeyCondition.beginsWith(prefix)).limit(200));
    }

    private static Map<String, Tsv.Row> byKey(List<Tsv.Row> rows, String column) {
        Map<String, Tsv.Row> result = new HashMap<>();
        for (Tsv.Row row : rows) {
            String id = row.require(column);
            if (result.put(id, row) != null) {
                throw new IllegalArgumentException(row.file() + " line " + row.line() + ": " + column + " " + id + " repeats");
            }
        }
        return result;
    }

    private static Tsv.Row known(Map<String, Tsv.Row> rows, String id, Tsv.Row from) {
        Tsv.Row row = rows.get(id);
        if (row == null) {
            throw new IllegalArgumentException(from.file() + " line " + from.line() + ": unknown id " + id);
        }
        return row;
    }

    private static String checked(String id, String prefix) {
        if (id == null || !id.matches(prefix + "[0-9]{7,10}")) {
            throw new IllegalArgumentException("id '" + id + "' must be '" + prefix + "' and 7 to 10 digits");
        }
        return id;
    }
}
