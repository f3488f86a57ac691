package dev.nosqlpatterns.testkit.tenant;

import static dev.nosqlpatterns.testkit.tenant.DerivedDataTenants.in;
import static dev.nosqlpatterns.testkit.tenant.DerivedDataTenants.tag;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.EntityVerification;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.index.IndexGroup;
import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.migration.MigrationJob;
import dev.nosqlpatterns.migration.MigrationPhase;
import dev.nosqlpatterns.migration.MigrationReport;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The bulk jobs of {@link TenantDerivedDataSuite}: a migration attached to a repository on a tenant's handle,
 * {@code saveAll} and batches of entities with unique and sorted index tables, the repository's verify and repair,
 * and index tables written in bulk by an {@link IndexGroup}, verified and repaired. Every tenant uses the same
 * names, keys, unique values and job names; each acting tenant's results are checked exactly, and
 * {@link DerivedDataTenants#actEach} checks that the others' tables did not change.
 */
final class TenantBulkJobs {
    /** A person's role in a movie; the role carries the tenant's mark. */
    public record Credit(String movie, String person, String role, long billing) {
    }

    /** A member with a unique e-mail address and a city. */
    public record Member(String id, String email, String city, String owner) {
    }

    private TenantBulkJobs() {
    }

    static void migrations(DerivedDataTenants ts, UnaryOperator<String> name) {
        String state = name.apply("migState");
        EntityType<Credit> old = EntityType.builder(Credit.class).name("Credit").table(name.apply("credits"))
                .partitionKey("movie:{movie}").sortKey("credit:{person}").tenantScoped().build();
        EntityType<Credit> moved = EntityType.builder(Credit.class).name("CreditByPerson")
                .table(name.apply("creditsBP")).partitionKey("person:{person}").sortKey("credit:{movie}")
                .schemaVersion(2).tenantScoped().build();
        Map<Integer, List<Credit>> seeds = new TreeMap<>();
        ts.each(i -> {
            EntityRepository repo = EntityRepository.of(ts.on(i), old);
            repo.createTables();
            List<Credit> seed = new ArrayList<>();
            for (int k = 0; k < 3 + i; k++) {
                seed.add(new Credit("tt|" + (k % 2), "nm:" + k, "actor-" + tag(i), k));
            }
            repo.saveAll(seed);
            seeds.put(i, seed);
        });
        ts.actEach(i -> {
            Store on = ts.on(i);
            Migration<Credit, Credit> rekey = Migration.builder("rekey", old, moved).transform(TenantBulkJobs::shout)
                    .stateTable(state).segments(2).pageSize(2).phaseLease(Duration.ZERO).build();
            MigrationReport report;
            try (MigrationJob<Credit, Credit> job = MigrationJob.attach(EntityRepository.of(on, old), rekey)) {
                report = job.run();
            }
            List<Credit> seed = seeds.get(i);
            assertEquals(MigrationPhase.DONE, report.phase(), "migration" + in(i) + ": " + report);
            assertEquals(seed.size(), report.itemsMigrated(), "items migrated" + in(i) + ": " + report);
            assertEquals(0, report.driftRemaining(), "drift" + in(i) + ": " + report);
            Comparator<Credit> order = Comparator.comparing(Credit::person).thenComparing(Credit::movie);
            assertEquals(seed.stream().map(TenantBulkJobs::shout).sorted(order).toList(),
                    on.scanAll(Scan.of(moved.table())).filter(moved::isTypeOf).map(moved::fromItem).sorted(order)
                            .toList(), "the new form" + in(i));
            assertEquals(0, on.scanAll(Scan.of(old.table())).filter(old::isTypeOf).count(), "the old form" + in(i));
        });
    }

    private static Credit shout(Credit c) {
        return new Credit(c.movie(), c.person(), c.role().toUpperCase(Locale.ROOT), c.billing());
    }

    static void entityBulk(DerivedDataTenants ts, UnaryOperator<String> name) {
        EntityType<Member> type = EntityType.builder(Member.class).table(name.apply("members"))
                .partitionKey("member:{id}").sortKey("<M>")
                .index(EntityIndex.named("byEmail", "{email}").unique().consistency(IndexConsistency.REPAIRABLE))
                .index(EntityIndex.named("byCity", "{city}").sortedBy("{id}")
                        .consistency(IndexConsistency.REPAIRABLE))
                .tenantScoped().build();
        Map<Integer, Map<String, Member>> models = new TreeMap<>();
        ts.each(i -> {
            EntityRepository repo = EntityRepository.of(ts.on(i), type);
            repo.createTables();
            Map<String, Member> model = new TreeMap<>();
            for (int k = 0; k < 3 + i; k++) {
                model.put("m" + k, new Member("m" + k, "m" + k + "@x|y", k % 2 == 0 ? "Oslo" : "Lima", tag(i)));
            }
            repo.saveAll(model.values());
            models.put(i, model);
        });
        ts.actEach(i -> {
            Store on = ts.on(i);
            EntityRepository repo = EntityRepository.of(on, type);
            Map<String, Member> model = models.get(i);
            Member added = new Member("m" + (5 + i), "m9@x|y", "Oslo", tag(i));
            Member moved = new Member("m0", "m0@x|y", "Lima", tag(i));
            repo.batch().save(added).save(moved).write();
            model.put(added.id(), added);
            model.put(moved.id(), moved);
            repo.saveAll(List.of(new Member("m1", "m1@new", "Oslo", tag(i))));
            model.put("m1", new Member("m1", "m1@new", "Oslo", tag(i)));
            assertMembers(repo, type, model, in(i));
            EntityVerification clean = repo.verify();
            assertTrue(clean.consistent(), "verify" + in(i) + ": " + clean.findings());
            clean.byIndex().values().forEach(v -> assertEquals(model.size(), v.baseItemsChecked(), "members checked"
                    + in(i) + ": " + v));
            // A member written behind the repository's back lacks its entry in each index table.
            Member unindexed = new Member("m8", "m8@x|y", "Lima", tag(i));
            on.put(type.table(), repo.itemOf(type, unindexed));
            model.put(unindexed.id(), unindexed);
            assertEquals(2, repo.verify().disagreements(), "drift" + in(i) + ": " + repo.verify().findings());
            assertEquals(2, repo.repair().disagreements(), "drift repaired" + in(i));
            assertTrue(repo.verify().consistent(), "verify after the repair" + in(i));
            assertMembers(repo, type, model, in(i));
        });
    }

    private static void assertMembers(EntityRepository repo, EntityType<Member> type, Map<String, Member> model,
                                      String where) {
        for (String city : List.of("Oslo", "Lima")) {
            assertEquals(model.values().stream().filter(m -> m.city().equals(city)).toList(),
                    repo.query(type, "byCity").eq(city).list(), "members in " + city + where);
        }
        for (Member m : model.values()) {
            assertEquals(Optional.of(m), repo.query(type, "byEmail").eq(m.email()).one(), m.email() + where);
        }
        assertEquals(Optional.empty(), repo.query(type, "byEmail").eq("m1@x|y").one(), "a replaced address" + where);
    }

    static void indexTables(DerivedDataTenants ts, UnaryOperator<String> name) {
        String people = name.apply("people");
        String byCityTable = name.apply("pCity");
        String byEmailTable = name.apply("pEmail");
        Map<Integer, Map<String, Item>> models = new TreeMap<>();
        ts.each(i -> {
            Store on = ts.on(i);
            on.createTable(TableSpec.named(people));
            Map<String, Item> model = new TreeMap<>();
            for (int k = 0; k < 3 + i; k++) {
                model.put("p|" + k, person(k, "Oslo", i));
            }
            group(on, people, byCityTable, byEmailTable).putAll(List.copyOf(model.values()));
            models.put(i, model);
        });
        ts.actEach(i -> {
            Store on = ts.on(i);
            IndexTable byCity = byCity(on, people, byCityTable);
            IndexTable byEmail = byEmail(on, people, byEmailTable);
            IndexGroup group = IndexGroup.of(List.of(byCity, byEmail));
            Map<String, Item> model = models.get(i);
            List<Item> changed = new ArrayList<>();
            for (String id : List.of("p|0", "p|1")) {
                Item read = on.get(people, Key.of(id, "<BASE>")).orElseThrow();
                changed.add(read.toBuilder().put("city", "Lima").build());
                model.put(id, person(Integer.parseInt(id.substring(2)), "Lima", i));
            }
            assertEquals(List.of(), group.updateAll(changed), "items not updated" + in(i));
            group.replaceAll(List.of(person(7, "Oslo", i)));
            model.put("p|7", person(7, "Oslo", i));
            assertPeople(byCity, byEmail, model, i);
            // A base item deleted, and one written, behind the group's back: one stale and one missing entry each.
            on.delete(people, Key.of("p|2", "<BASE>"));
            model.remove("p|2");
            on.put(people, person(8, "Oslo", i));
            model.put("p|8", person(8, "Oslo", i));
            for (IndexTable index : List.of(byCity, byEmail)) {
                IndexVerification found = index.verify();
                assertEquals(model.size(), found.baseItemsChecked(), "items checked" + in(i) + ": " + found);
                assertEquals(List.of(1L, 1L), List.of(found.missing(), found.dangling()), "drift" + in(i) + ": "
                        + found);
                IndexVerification repaired = index.repair();
                assertEquals(List.of(1L, 1L), List.of(repaired.missing(), repaired.dangling()), "repaired" + in(i));
                assertTrue(index.verify().consistent(), "verify after the repair" + in(i));
            }
            assertPeople(byCity, byEmail, model, i);
        });
    }

    private static Item person(int k, String city, int i) {
        return Item.builder(Key.of("p|" + k, "<BASE>")).put("owner", tag(i)).put("city", city)
                .put("email", "p" + k + "@x").build();
    }

    private static IndexTable byCity(Store on, String people, String table) {
        return IndexTable.builder(on).baseTable(people).indexTable(table).attribute("city").claimLease(Duration.ZERO)
                .build();
    }

    private static IndexTable byEmail(Store on, String people, String table) {
        return IndexTable.builder(on).baseTable(people).indexTable(table).attribute("email").unique(true)
                .claimLease(Duration.ZERO).build();
    }

    private static IndexGroup group(Store on, String people, String byCityTable, String byEmailTable) {
        return IndexGroup.of(List.of(byCity(on, people, byCityTable), byEmail(on, people, byEmailTable)));
    }

    /** Lookups answer the model's items, the tenant's alone (compared without the versions the group keeps). */
    private static void assertPeople(IndexTable byCity, IndexTable byEmail, Map<String, Item> model, int i) {
        for (String city : List.of("Oslo", "Lima")) {
            assertEquals(model.values().stream().filter(p -> p.get("city").orElseThrow().equals(Value.of(city)))
                    .map(p -> p.key().partition()).sorted().toList(), byCity.find(city).stream().map(p -> {
                        assertEquals(Value.of(tag(i)), p.get("owner").orElseThrow(), "owner" + in(i));
                        return p.key().partition();
                    }).sorted().toList(), "people in " + city + in(i));
        }
        for (Item p : model.values()) {
            String email = p.getString("email").orElseThrow();
            assertEquals(Optional.of(p.key()), byEmail.findUnique(email).map(Item::key), email + in(i));
        }
    }
}
