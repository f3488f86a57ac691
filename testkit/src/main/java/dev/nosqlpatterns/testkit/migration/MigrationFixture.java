package dev.nosqlpatterns.testkit.migration;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.migration.Migration;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Scan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The entity types and migrations the migration suites run: credits of a movie database, keyed by movie, moved
 * to keys by person in another table (a re-key with a transform), or given an index by role in place (an
 * add-index), and helpers to read and reset the tables they use.
 */
final class MigrationFixture {
    /** One credit: a person's role in a movie, billed at a position. */
    public record Credit(String movie, String person, String role, long billing) {
    }

    static final List<String> ROLES = List.of("actor", "director", "writer", "composer");

    final String oldTable;
    final String newTable;
    final String stateTable;
    final EntityType<Credit> byMovie;
    final EntityType<Credit> byPerson;
    final EntityType<Credit> indexed;
    /** {@link #indexed} with its index by role ordered by person instead of movie. */
    final EntityType<Credit> reindexed;
    /** {@link #byMovie} in the new table, with the same name and key templates. */
    final EntityType<Credit> moved;

    MigrationFixture(String oldTable, String newTable, String stateTable) {
        this.oldTable = oldTable;
        this.newTable = newTable;
        this.stateTable = stateTable;
        this.byMovie = EntityType.builder(Credit.class).name("Credit").table(oldTable).partitionKey("movie:{movie}")
                .sortKey("credit:{person}").build();
        this.byPerson = EntityType.builder(Credit.class).name("CreditByPerson").table(newTable)
                .partitionKey("person:{person}").sortKey("credit:{movie}").schemaVersion(2).build();
        this.indexed = EntityType.builder(Credit.class).name("Credit").table(oldTable).partitionKey("movie:{movie}")
                .sortKey("credit:{person}")
                .index(EntityIndex.named("byRole", "{role}").sortedBy("{movie}").consistency(IndexConsistency.REPAIRABLE))
                .build();
        this.reindexed = EntityType.builder(Credit.class).name("Credit").table(oldTable).partitionKey("movie:{movie}")
                .sortKey("credit:{person}")
                .index(EntityIndex.named("byRole", "{role}").sortedBy("{person}").consistency(IndexConsistency.REPAIRABLE))
                .build();
        this.moved = EntityType.builder(Credit.class).name("Credit").table(newTable).partitionKey("movie:{movie}")
                .sortKey("credit:{person}").build();
    }

    /** The kinds of migration the suites run, each from its old type to its new one. */
    enum Kind {
        /** New keys in a new table, with a transform. */
        REKEY,
        /** An index added in place. */
        ADD_INDEX,
        /** An index's order changed in place. */
        CHANGE_INDEX,
        /** The same keys in another table. */
        CHANGE_TABLE
    }

    /** The old type of a migration of {@code kind}. */
    EntityType<Credit> from(Kind kind) {
        return kind == Kind.CHANGE_INDEX ? indexed : byMovie;
    }

    /** The new type of a migration of {@code kind}. */
    EntityType<Credit> to(Kind kind) {
        return switch (kind) {
            case REKEY -> byPerson;
            case ADD_INDEX -> indexed;
            case CHANGE_INDEX -> reindexed;
            case CHANGE_TABLE -> moved;
        };
    }

    /** What a migration of {@code kind} makes of each old entity. */
    static Credit transform(Kind kind, Credit old) {
        return kind == Kind.REKEY ? shout(old) : old;
    }

    /** A migration of {@code kind} named {@code name}. */
    Migration<Credit, Credit> migration(Kind kind, String name) {
        Migration.Builder<Credit, Credit> b = Migration.builder(name, from(kind), to(kind)).stateTable(stateTable)
                .segments(4).pageSize(4);
        return (kind == Kind.REKEY ? b.transform(MigrationFixture::shout) : b).build();
    }

    /** The index table of {@link #indexed}. */
    String indexTable() {
        return oldTable + "_byRole";
    }

    /** The re-key's transform: the role in capitals, so that a copy without it shows. */
    static Credit shout(Credit c) {
        return new Credit(c.movie(), c.person(), c.role().toUpperCase(Locale.ROOT), c.billing());
    }

    Migration<Credit, Credit> rekey(String name) {
        return rekey(name, java.time.Duration.ZERO);
    }

    /** The re-key, its writers acting on the phase they read for {@code lease}. */
    Migration<Credit, Credit> rekey(String name, java.time.Duration lease) {
        return Migration.builder(name, byMovie, byPerson).transform(MigrationFixture::shout).stateTable(stateTable)
                .segments(4).pageSize(4).phaseLease(lease).build();
    }

    Migration<Credit, Credit> addIndex(String name) {
        return Migration.builder(name, byMovie, indexed).stateTable(stateTable).segments(4).pageSize(4).build();
    }

    static List<Credit> seed(int count) {
        List<Credit> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new Credit("tt" + (i % 7), "nm" + i, ROLES.get(i % ROLES.size()), i));
        }
        return out;
    }

    /** Every entity of {@code type} in its table, by key. */
    static Map<Key, Credit> contents(Store store, EntityType<Credit> type) {
        Map<Key, Credit> out = new TreeMap<>(java.util.Comparator.comparing(Key::toString));
        store.scanAll(Scan.of(type.table())).filter(type::isTypeOf).forEach(i -> out.put(i.key(), type.fromItem(i)));
        return out;
    }

    /** The credits expected in the new form, by their key there. */
    static Map<Key, Credit> expected(EntityType<Credit> type, java.util.Collection<Credit> credits,
                                     java.util.function.UnaryOperator<Credit> transform) {
        Map<Key, Credit> out = new TreeMap<>(java.util.Comparator.comparing(Key::toString));
        credits.stream().map(transform).forEach(c -> out.put(type.keyOf(c), c));
        return out;
    }

    /** True when {@code type} declares the index by role. */
    static boolean hasIndexByRole(EntityType<Credit> type) {
        return type.indexes().stream().anyMatch(ix -> ix.name().equals("byRole"));
    }

    /** What the index by role answers for each role. */
    static Map<String, Set<Credit>> byRole(EntityRepository repo, EntityType<Credit> type) {
        Map<String, Set<Credit>> out = new LinkedHashMap<>();
        for (String role : ROLES) {
            out.put(role, Set.copyOf(repo.query(type, "byRole").eq(role).list()));
        }
        return out;
    }

    static Map<String, Set<Credit>> byRole(java.util.Collection<Credit> credits) {
        Map<String, Set<Credit>> out = new LinkedHashMap<>();
        for (String role : ROLES) {
            out.put(role, credits.stream().filter(c -> c.role().equals(role)).collect(Collectors.toSet()));
        }
        return out;
    }

    /** Empties {@code tables} (those that exist) with batches of deletes. */
    static void empty(Store store, List<String> tables) {
        dev.nosqlpatterns.testkit.KitTables.empty(store, tables);
    }
}
