package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.store.Store;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;

/**
 * A re-key migration of movie credits (keyed by movie, moved to keys by person in another table, roles in
 * capitals): backfilled by {@link MigrationJobs}, then cut over and verified while an application thread keeps
 * writing through its repository, then cleaned up; the new form must hold exactly every acknowledged write, and
 * the old form must be gone. A second run of the whole job finds it done.
 */
final class SparkMigrationCheck {
    /** A person's role in a movie. */
    public record Credit(String movie, String person, String role, long billing) {
    }

    /** The migration, as every executor builds it. */
    static class CreditsByPerson implements MigrationDefinition {
        private static final long serialVersionUID = 1L;
        private final String prefix;

        CreditsByPerson(String prefix) {
            this.prefix = prefix;
        }

        EntityType<Credit> byMovie() {
            return EntityType.builder(Credit.class).name("Credit").table(prefix + "credits")
                    .partitionKey("movie:{movie}").sortKey("credit:{person}").build();
        }

        EntityType<Credit> byPerson() {
            return EntityType.builder(Credit.class).name("CreditByPerson").table(prefix + "creditsByPerson")
                    .partitionKey("person:{person}").sortKey("credit:{movie}").schemaVersion(2).build();
        }

        @Override
        public Migration<Credit, Credit> migration() {
            return Migration.builder(prefix + "credits-by-person", byMovie(), byPerson())
                    .transform(c -> new Credit(c.movie(), c.person(), c.role().toUpperCase(Locale.ROOT), c.billing()))
                    .stateTable(prefix + "migrations").segments(4).pageSize(5).build();
        }
    }

    /** The definition {@code MigrationMain} is given by name: tables prefixed {@code main}. */
    public static final class MainDefinition extends CreditsByPerson {
        private static final long serialVersionUID = 1L;

        public MainDefinition() {
            super("main");
        }
    }

    private SparkMigrationCheck() {
    }

    static void run(SparkSession spark, Store store, String uri, String prefix, int credits) throws Exception {
        CreditsByPerson definition = new CreditsByPerson(prefix);
        EntityType<Credit> byMovie = definition.byMovie();
        EntityRepository repo = EntityRepository.of(store, byMovie);
        repo.createTables();
        Map<String, Credit> model = new ConcurrentHashMap<>();
        for (int i = 0; i < credits; i++) {
            Credit c = new Credit("tt" + i % 5, "nm" + i, i % 2 == 0 ? "actor" : "writer", i);
            repo.save(byMovie, c);
            model.put(c.person(), c);
        }
        MigrationReport backfilled;
        MigrationReport verified;
        int acknowledged;
        try (MigrationJob<Credit, Credit> attached = MigrationJob.attach(repo, definition.migration())) {
            attached.begin();
            AtomicBoolean over = new AtomicBoolean();
            CompletableFuture<Integer> writer = CompletableFuture.supplyAsync(() -> write(repo, byMovie, credits,
                    model, over));
            try {
                // The application writes through the backfill (Spark tasks), the cut-over and the verification.
                backfilled = new MigrationJobs(spark, null).backfill(uri, definition);
                attached.cutOver();
                verified = attached.verify();
            } finally {
                over.set(true);
            }
            acknowledged = writer.get();
            attached.cleanup();
            assertEquals(MigrationPhase.DONE, attached.phase());
        }
        assertEquals(MigrationPhase.BACKFILL, backfilled.phase(), backfilled.toString());
        assertTrue(acknowledged > 0, "the application wrote while the job ran");
        assertEquals(0, verified.driftRemaining(), verified.toString());
        assertTrue(backfilled.itemsMigrated() >= credits && backfilled.writesPerItem() >= 1, backfilled.toString());
        EntityType<Credit> byPerson = definition.byPerson();
        Map<String, Credit> expected = new TreeMap<>(model.values().stream().collect(Collectors.toMap(Credit::person,
                c -> new Credit(c.movie(), c.person(), c.role().toUpperCase(Locale.ROOT), c.billing()))));
        Map<String, Credit> actual = new TreeMap<>();
        for (Credit c : expected.values()) {
            EntityRepository.of(store, byPerson).get(byPerson, Map.of("person", c.person(), "movie", c.movie()))
                    .ifPresent(found -> actual.put(found.person(), found));
        }
        assertEquals(expected, actual, "every acknowledged write in the new form");
        assertEquals(expected.size(), store.scan(dev.nosqlpatterns.store.model.Scan.of(byPerson.table())).items()
                .size(), "nothing more in the new form");
        assertEquals(List.of(), store.scan(dev.nosqlpatterns.store.model.Scan.of(byMovie.table())).items(),
                "the old form is cleaned up");
        // Run again: the migration is done, nothing more is migrated.
        MigrationReport again = new MigrationJobs(spark, null).run(uri, definition);
        assertEquals(0, again.itemsMigrated(), again.toString());
    }

    /** Updates credits' roles until told to stop (at most 5,000 times); the number acknowledged. */
    private static int write(EntityRepository repo, EntityType<Credit> byMovie, int credits, Map<String, Credit> model,
                             AtomicBoolean over) {
        Random random = new Random(5);
        int done = 0;
        for (int n = 0; n < 5_000 && !over.get(); n++) {
            Credit c = model.get("nm" + random.nextInt(credits));
            Credit changed = new Credit(c.movie(), c.person(), "role" + n, c.billing());
            repo.save(byMovie, changed);
            model.put(c.person(), changed);
            done++;
        }
        return done;
    }
}
