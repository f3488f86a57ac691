package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.EntityVerification;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A migration that adds an index (credits by role) to stored credits in place, in one segment with pages of two:
 * the stored credits are its input and keep their values; the application reads them by key throughout, and by
 * role once the migration is done. A crashed job is completed by a fresh job on a healthy store.
 */
final class MigrationPath extends BulkPath<String> {
    /** A credit of a movie: a person's role. */
    public record Credit(String movie, String person, String role) {
    }

    private static final List<String> ROLES = List.of("actor", "director", "writer");
    private static final int ITEMS = 4;
    private final String table;
    private final String stateTable;
    private final EntityType<Credit> plain;
    private final EntityType<Credit> indexed;
    private boolean nativeIndex;

    MigrationPath(Kit kit) {
        super(kit);
        this.table = kit.newTable();
        this.stateTable = kit.newTable();
        this.plain = EntityType.builder(Credit.class).name("Credit").table(table).partitionKey("movie:{movie}")
                .sortKey("credit:{person}").build();
        this.indexed = EntityType.builder(Credit.class).name("Credit").table(table).partitionKey("movie:{movie}")
                .sortKey("credit:{person}")
                .index(EntityIndex.named("byRole", "{role}").sortedBy("{person}").consistency(IndexConsistency.AUTO))
                .build();
        kit.dropAfterwards(indexTable());
        EntityRepository.of(kit.store(), indexed).createTables();
    }

    private String indexTable() {
        return table + "_byRole";
    }

    private Migration<Credit, Credit> migration() {
        return Migration.builder("add-byRole", plain, indexed).stateTable(stateTable).segments(1).pageSize(2).build();
    }

    private static Credit credit(int i) {
        return new Credit("tt" + (i % 2), "nm" + i, ROLES.get(i % ROLES.size()));
    }

    @Override
    List<String> tables() {
        return List.of(table, indexTable(), stateTable);
    }

    @Override
    void seed() {
        List<Credit> all = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            all.add(credit(i));
        }
        EntityRepository.of(kit.store(), plain).saveAll(all);
    }

    @Override
    int size() {
        return ITEMS;
    }

    private MigrationReport runOn(Store on) {
        try (MigrationJob<Credit, Credit> job = MigrationJob.attach(EntityRepository.of(on, plain), migration())) {
            return job.run();
        }
    }

    @Override
    void run(Store on) {
        runOn(on);
    }

    @Override
    void assume() {
        // Only an index table has a key to outgrow; the invalid inputs skip on a store that indexes natively.
        nativeIndex = EntityRepository.of(kit.store(), indexed).howIndexed(indexed, "byRole").contains("native");
    }

    @Override
    List<Invalid> invalid(int position) {
        org.junit.jupiter.api.Assumptions.assumeFalse(nativeIndex, () -> "the " + kit.store().kind() + " store keeps "
                + "the added index natively, which takes a value of any length: no stored credit is invalid for it");
        // The input is what is stored: a credit whose role cannot be an index key, at every position.
        Credit bad = new Credit(credit(position).movie(), credit(position).person(),
                "r".repeat(kit.store().limits().maxPartitionKeyBytes() + 1));
        return List.of(new Invalid("a stored role too long for an index key",
                () -> EntityRepository.of(kit.store(), plain).save(bad), this::run, "nm" + position, -1));
    }

    @Override
    Map<String, String> records() {
        return kit.store().scanAll(Scan.of(table)).filter(plain::isTypeOf).map(plain::fromItem)
                .collect(Collectors.toMap(Credit::person, Credit::role, (a, b) -> a, TreeMap::new));
    }

    @Override
    Map<String, String> before() {
        Map<String, String> out = new TreeMap<>();
        for (int i = 0; i < ITEMS; i++) {
            out.put(credit(i).person(), credit(i).role());
        }
        return out;
    }

    @Override
    Map<String, String> intended(int n) {
        return before();
    }

    @Override
    Map<String, Set<String>> lookups(boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        if (repaired) {
            EntityRepository repo = EntityRepository.of(kit.store(), indexed);
            for (String role : ROLES) {
                out.put("byRole " + role, repo.query(indexed, "byRole").eq(role).list().stream().map(Credit::person)
                        .collect(Collectors.toCollection(TreeSet::new)));
            }
        } else {
            EntityRepository repo = EntityRepository.of(kit.store(), plain);
            for (int i = 0; i < ITEMS; i++) {
                out.put("get " + credit(i).person(), repo.get(plain, credit(i)).map(c -> Set.of(c.role())).orElse(Set.of()));
            }
        }
        return out;
    }

    @Override
    Map<String, Set<String>> oracle(Map<String, String> records, boolean repaired) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        if (repaired) {
            for (String role : ROLES) {
                out.put("byRole " + role, records.entrySet().stream().filter(e -> e.getValue().equals(role))
                        .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new)));
            }
        } else {
            for (int i = 0; i < ITEMS; i++) {
                String role = records.get(credit(i).person());
                out.put("get " + credit(i).person(), role == null ? Set.of() : Set.of(role));
            }
        }
        return out;
    }

    @Override
    boolean scans() {
        return true;
    }

    @Override
    void repair() {
        MigrationReport done = runOn(kit.store());
        if (done.phase() != MigrationPhase.DONE || done.driftRemaining() != 0) {
            throw new AssertionError("the resumed migration ended " + done);
        }
    }

    @Override
    Optional<String> drift() {
        EntityVerification v = EntityRepository.of(kit.store(), indexed).verify();
        return v.consistent() ? Optional.empty() : Optional.of(String.valueOf(v.findings()));
    }

    @Override
    public String toString() {
        return "MigrationJob add-index in pages of 2";
    }
}
