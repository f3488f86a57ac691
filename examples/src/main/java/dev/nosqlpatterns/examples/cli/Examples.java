package dev.nosqlpatterns.examples.cli;

import dev.nosqlpatterns.examples.Example;
import dev.nosqlpatterns.examples.eshop.EShopExample;
import dev.nosqlpatterns.examples.library.LibraryExample;
import dev.nosqlpatterns.examples.movies.MoviesExample;
import dev.nosqlpatterns.examples.news.NewsExample;
import dev.nosqlpatterns.examples.socblog.SocBlogExample;
import java.util.List;
import java.util.Optional;

/** The reference applications the command line knows, in the order they are listed. */
public final class Examples {
    private Examples() {
    }

    /** Every example. */
    public static List<Example> all() {
        return List.of(new NewsExample(), new LibraryExample(), new SocBlogExample(), new MoviesExample(), new EShopExample());
    }

    /** The example called {@code name}. */
    public static Optional<Example> named(String name) {
        return all().stream().filter(e -> e.name().equalsIgnoreCase(name)).findFirst();
    }
}
