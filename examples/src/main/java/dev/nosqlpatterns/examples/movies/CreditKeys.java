package dev.nosqlpatterns.examples.movies;

import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.migration.Migration;

/**
 * The two key layouts of the movie database's credits and the online migration from the first to the second.
 *
 * <p>Why: the original design's credits sort by category, then person ({@code DETL|<category>|<nconst>}), which serves "the
 * directors of a title" with one prefix query but cannot find one person's parts in a title (actor and director,
 * say) without reading them all. The second layout, {@code DETL|<nconst>|<category>} under a type of its own
 * name, serves "what did this person do in this title" with one prefix query; a title's directors are then its
 * credits filtered by category. Both live in the movies table, so the migration is a re-key within one table.
 */
final class CreditKeys {
    /** The name of the credits' type in the second layout; items carry it, so the two layouts are told apart. */
    static final String BY_PERSON = "CreditByPerson";
    private static final String NAME = "credit-keys-by-person";

    private CreditKeys() {
    }

    /** Credits keyed by category, then person: the original design's layout. */
    static EntityType<Credit> byCategory(String table) {
        return EntityType.builder(Credit.class).table(table).partitionKey("{tconst}")
                .sortKey("DETL|{category}|{nconst}").index(MovieDatabase.CREW_INDEX, "{nconst}", "{startYear}").build();
    }

    /** Credits keyed by person, then category. */
    static EntityType<Credit> byPerson(String table) {
        return EntityType.builder(Credit.class).name(BY_PERSON).table(table).partitionKey("{tconst}")
                .sortKey("DETL|{nconst}|{category}").index(MovieDatabase.CREW_INDEX, "{nconst}", "{startYear}").build();
    }

    /** The re-key of the credits in {@code table}, its state kept in {@code stateTable}. */
    static Migration<Credit, Credit> migration(String table, String stateTable) {
        return Migration.builder(NAME, byCategory(table), byPerson(table)).stateTable(stateTable).segments(4)
                .pageSize(50).build();
    }
}
