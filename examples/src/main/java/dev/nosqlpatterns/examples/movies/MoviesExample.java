package dev.nosqlpatterns.examples.movies;

import dev.nosqlpatterns.examples.AccessPattern;
import dev.nosqlpatterns.examples.Example;
import dev.nosqlpatterns.examples.Session;
import dev.nosqlpatterns.store.Store;
import java.math.BigDecimal;
import java.util.List;

/**
 * The movie database loaded from the made-up IMDb-layout sample shipped with this module (five titles,
 * six people), and its access patterns.
 */
public final class MoviesExample implements Example {
    @Override
    public String name() {
        return "movies";
    }

    @Override
    public String summary() {
        return "The movie database: adjacency list with overloaded keys, crew-by-year secondary index";
    }

    @Override
    public Session load(Store store, String namespace) {
        MovieDatabase movies = MovieDatabase.open(store, namespace);
        movies.loadSample();
        return new Session(movies.tables(), List.of(
                new AccessPattern("everything about tt9000002", "one query of the title's partition",
                        () -> movies.everythingAbout("tt9000002")),
                new AccessPattern("cast and crew of tt9000003", "one query, prefix DETL|",
                        () -> movies.castAndCrew("tt9000003")),
                new AccessPattern("directors of tt9000004", "one query, prefix DETL|director|",
                        () -> movies.credits("tt9000004", "director")),
                new AccessPattern("regions of tt9000001", "one query, prefix REGN|", () -> movies.regions("tt9000001")),
                new AccessPattern("rating of tt9000004", "one get of RTNG", () -> movies.rating("tt9000004").stream().toList()),
                new AccessPattern("rate tt9000005", "one update of the small RTNG item",
                        () -> List.of(movies.rate("tt9000005", new BigDecimal("6.2"), 812))),
                new AccessPattern("credits of nm9000001 by year",
                        movies.crewIndex() + " on (nconst, startYear)",
                        () -> movies.creditsOf("nm9000001"))));
    }
}
