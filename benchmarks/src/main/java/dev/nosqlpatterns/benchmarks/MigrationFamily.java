package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What an online migration costs, single JVM ({@link MigrationJob#run()}: backfill, cut-over, verification,
 * clean-up):
 * <ul>
 *   <li><b>re-key</b>: the credits of a movie database, keyed by movie, moved to keys by person in another
 *   table; one operation is one whole migration, alternately there and back, so each starts from a full source
 *   table and an empty target. Throughput is in items per second; writes per logical write is the migration's
 *   write amplification (new item, old item removed, checkpoints and state over one new item).</li>
 *   <li><b>live writes</b>: the application's save of a credit through a repository attached to a migration
 *   that has begun (every save is followed into the new form: the dual write) against the same save with no
 *   migration, measured interleaved: the ratio of their latencies is the extra latency a migration puts on live
 *   writes. And the dual-written save of a migration with a {@linkplain Migration.Builder#phaseLease phase lease}
 *   against one without: the lease spares most saves the read of the migration's state.</li>
 * </ul>
 * Every re-key is checked: the target holds exactly the credits loaded, and the source nothing. The quick mode
 * runs the live writes only.
 */
final class MigrationFamily implements Family {
    static final int STANDARD_CREDITS = 500;
    static final int FULL_CREDITS = 5_000;
    static final String CREDITS_PROPERTY = "nosqlpatterns.migration.credits";
    static final String JOB = "MigrationJob, single JVM";
    static final String DUAL = "save, migration running (dual writes)";
    static final String PLAIN = "save, no migration";
    static final String LEASED = "save, dual writes, 1 s phase lease";
    static final String UNLEASED = "save, dual writes, state read per save";
    private static final Duration LEASE = Duration.ofSeconds(1);
    private static final int SEGMENTS = 4;
    private static final int PAGE = 100;

    /** A person's role in a movie, billed at a position. */
    public record Credit(String movie, String person, String role, long billing) {
    }

    private static final AtomicInteger MIGRATIONS = new AtomicInteger();
    private final List<MigrationJob<?, ?>> attached = new ArrayList<>();

    @Override
    public String name() {
        return "migration";
    }

    static int credits(Settings.Mode mode) {
        return Integer.getInteger(CREDITS_PROPERTY, mode == Settings.Mode.FULL ? FULL_CREDITS : STANDARD_CREDITS);
    }

    @Override
    public List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode) {
        int n = credits(mode);
        String workload = String.format(Locale.ROOT, "re-key %,d credits", n);
        List<Candidate> out = new ArrayList<>();
        if (!mode.sampled) {
            // the quick mode leaves the re-key out: one technique, no comparison, and on DynamoDB Local, whose
            // scans read the one physical table every family's items share, 4 to 5 s per migration
            out.add(Candidate.of(workload, JOB, () -> rekeyCell(store, tables, n)));
        }
        int saves = mode.sampled ? 50 : 100 * mode.scale;
        Lazy<EntityType<Credit>> plainType = new Lazy<>(() -> byMovie(tables.next("credits_plain")));
        Lazy<Live> running = new Lazy<>(() -> begun(store, tables, Duration.ZERO));
        Lazy<Live> leased = new Lazy<>(() -> begun(store, tables, LEASE));
        out.add(Candidate.against("save a credit", DUAL, () -> liveSaveCell(DUAL, saves, running.get()), PLAIN, () -> {
            EntityRepository repo = EntityRepository.of(store, plainType.get());
            repo.createTables();
            return saveCell(PLAIN, saves, repo, plainType.get(), Optional.empty());
        }));
        out.add(Candidate.against("save a credit during a migration", LEASED, () -> liveSaveCell(LEASED, saves,
                leased.get()), UNLEASED, () -> liveSaveCell(UNLEASED, saves, running.get())));
        return out;
    }

    static EntityType<Credit> byMovie(String table) {
        return EntityType.builder(Credit.class).name("Credit").table(table).partitionKey("movie:{movie}")
                .sortKey("credit:{person}").build();
    }

    static EntityType<Credit> byPerson(String table) {
        return EntityType.builder(Credit.class).name("CreditByPerson").table(table).partitionKey("person:{person}")
                .sortKey("credit:{movie}").build();
    }

    static Credit credit(int i) {
        return new Credit(String.format(Locale.ROOT, "tt%04d", i % 97), String.format(Locale.ROOT, "nm%07d", i),
                i % 3 == 0 ? "director" : "actor", i % 20);
    }

    /** The re-key cell: operation {@code i} migrates from one table to the other, by movie when {@code i} is even. */
    private static CellSpec rekeyCell(Store store, Tables tables, int n) {
        EntityType<Credit> movies = byMovie(tables.next("credits_by_movie"));
        EntityType<Credit> people = byPerson(tables.next("credits_by_person"));
        String state = tables.next("migrations");
        EntityRepository source = EntityRepository.of(store, movies);
        source.createTables();
        EntityRepository.of(store, people).createTables();
        List<Credit> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(credit(i));
        }
        source.saveAll(all);
        List<String> expected = all.stream().map(Credit::toString).toList();
        CellSpec.Operation op = i -> {
            EntityType<Credit> from = i % 2 == 0 ? movies : people;
            EntityType<Credit> to = i % 2 == 0 ? people : movies;
            Migration<Credit, Credit> m = Migration.builder("rekey-" + MIGRATIONS.incrementAndGet(), from, to).stateTable(state)
                    .segments(SEGMENTS).pageSize(PAGE).build();
            try (MigrationJob<Credit, Credit> job = MigrationJob.attach(EntityRepository.of(store, from), m)) {
                job.run();
            }
            return null;
        };
        CellSpec.Operation readBack = i -> {
            EntityType<Credit> from = i % 2 == 0 ? movies : people;
            EntityType<Credit> to = i % 2 == 0 ? people : movies;
            List<String> found = contents(store, to);
            if (!contents(store, from).isEmpty()) {
                found = new ArrayList<>(found);
                found.add("source table not empty");
            }
            return Answer.anyOrder(found);
        };
        return new CellSpec(JOB, 1, 1, op, i -> Answer.anyOrder(expected), readBack, n, n, -1);
    }

    private static List<String> contents(Store store, EntityType<Credit> type) {
        List<String> out = new ArrayList<>();
        store.scanAll(Scan.of(type.table())).filter(type::isTypeOf).forEach(item -> out.add(type.fromItem(item)
                .toString()));
        return out;
    }

    /** A begun migration and the repository it follows. */
    private record Live(MigrationJob<Credit, Credit> job, EntityRepository repo) {
    }

    private static CellSpec liveSaveCell(String technique, int saves, Live live) {
        return saveCell(technique, saves, live.repo(), live.job().migration().from(),
                Optional.of(live.job().migration().to()));
    }

    /**
     * A migration of an empty table of credits by movie to one by person, begun (dual writes on), kept so; its
     * writers act on the phase they read for {@code lease}.
     */
    private Live begun(Store store, Tables tables, Duration lease) {
        EntityType<Credit> from = byMovie(tables.next("credits_live"));
        EntityType<Credit> to = byPerson(tables.next("credits_live_by_person"));
        EntityRepository repo = EntityRepository.of(store, from);
        repo.createTables();
        Migration<Credit, Credit> m = Migration.builder("live-" + MIGRATIONS.incrementAndGet(), from, to)
                .stateTable(tables.next("migrations")).segments(SEGMENTS).pageSize(PAGE).phaseLease(lease).build();
        MigrationJob<Credit, Credit> job = MigrationJob.attach(repo, m);
        job.begin();
        synchronized (attached) {
            attached.add(job);
        }
        return new Live(job, repo);
    }

    /** Saves credit {@code i}; read back from the type's table and, with dual writes, from the new form too. */
    private static CellSpec saveCell(String technique, int saves, EntityRepository repo, EntityType<Credit> type,
                                     Optional<EntityType<Credit>> newForm) {
        return CellSpec.write(technique, 3, saves, i -> {
            repo.save(type, credit(1_000_000 + i));
            return null;
        }, i -> {
            Credit c = credit(1_000_000 + i);
            Map<String, Object> key = Map.of("movie", c.movie(), "person", c.person());
            List<String> found = new ArrayList<>();
            repo.get(type, key).ifPresent(x -> found.add(x.toString()));
            newForm.ifPresent(t -> EntityRepository.of(repo.store(), t).get(t, key).ifPresent(x -> found.add(x.toString())));
            return Answer.inOrder(found);
        }, i -> {
            String c = credit(1_000_000 + i).toString();
            return Answer.inOrder(newForm.isPresent() ? List.of(c, c) : List.of(c));
        }, 1);
    }

    @Override
    public void close() {
        synchronized (attached) {
            attached.forEach(MigrationJob::close);
            attached.clear();
        }
    }
}
