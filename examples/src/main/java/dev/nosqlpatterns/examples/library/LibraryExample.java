package dev.nosqlpatterns.examples.library;

import dev.nosqlpatterns.examples.AccessPattern;
import dev.nosqlpatterns.examples.Example;
import dev.nosqlpatterns.examples.Session;
import dev.nosqlpatterns.store.Store;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;

/**
 * The article library with a small made-up sample (three authors, seven articles, their keywords) and
 * the nine access patterns, the two writes included so their cost shows too.
 */
public final class LibraryExample implements Example {
    /** The sample authors. */
    public static final List<Author> AUTHORS = List.of(
            new Author("neumann", "John von Neumann", "Institute for Advanced Study"),
            new Author("turing", "Alan Turing", "University of Manchester"),
            new Author("curry", "Haskell Curry", "Pennsylvania State University"));

    /** The sample articles (made up, loosely after the authors' work). */
    public static final List<LibraryArticle> ARTICLES = List.of(
            article("neumann", "theory_of_automata", "Theory of Self-Reproducing Automata", "cs.FL", "1966-01-01",
                    "automata", "theory", "computing"),
            article("neumann", "first_draft_edvac", "First Draft of a Report on the EDVAC", "cs.AR", "1945-06-30",
                    "computing", "architecture"),
            article("neumann", "probabilistic_logics", "Probabilistic Logics and the Synthesis of Reliable Organisms",
                    "cs.FL", "1956-04-01", "automata", "reliability"),
            article("turing", "computable_numbers", "On Computable Numbers", "cs.FL", "1936-11-12",
                    "computing", "theory", "automata"),
            article("turing", "morphogenesis", "The Chemical Basis of Morphogenesis", "q-bio", "1952-08-14",
                    "biology"),
            article("curry", "combinatory_logic", "Combinatory Logic", "cs.LO", "1958-01-01", "logic", "theory"),
            article("curry", "functionality", "Functionality in Combinatory Logic", "cs.LO", "1934-09-01", "logic"));

    @Override
    public String name() {
        return "library";
    }

    @Override
    public String summary() {
        return "The article library: compact ids, forward and inverse keyword lists, category by year";
    }

    @Override
    public Session load(Store store, String namespace) {
        Library library = Library.open(store, namespace);
        loadSample(library);
        String index = library.categoryIndex();
        return new Session(library.tables(), List.of(
                new AccessPattern("register a profile (curry)", "one put", () -> {
                    library.registerAuthor(AUTHORS.get(2));
                    return List.of(AUTHORS.get(2));
                }),
                new AccessPattern("publish an article (curry/functionality)", "one batch of keyword items, one put",
                        () -> {
                            library.publish(ARTICLES.get(6));
                            return List.of(ARTICLES.get(6));
                        }),
                new AccessPattern("fetch article neumann/theory_of_automata", "one get",
                        () -> library.article("neumann", "theory_of_automata").stream().toList()),
                new AccessPattern("articles by neumann", "one query, prefix article:neumann/",
                        () -> library.articlesBy("neumann")),
                new AccessPattern("titles for keyword automata", "one query of keyword:automata",
                        () -> library.titlesFor("automata")),
                new AccessPattern("titles by turing for keyword automata", "one query, prefix article:turing/",
                        () -> library.titlesFor("automata", "turing")),
                new AccessPattern("keywords of neumann/theory_of_automata", "one query, prefix keyword:",
                        () -> library.keywordsOf("neumann", "theory_of_automata")),
                new AccessPattern("category cs.FL in chronological order", index, () -> library.inCategory("cs.FL")),
                new AccessPattern("articles by neumann in chronological order",
                        index,
                        () -> library.chronologicallyBy("neumann"))));
    }

    /** Writes the sample data; safe to run again. */
    public static void loadSample(Library library) {
        AUTHORS.forEach(library::registerAuthor);
        ARTICLES.forEach(library::publish);
    }

    private static LibraryArticle article(String author, String slug, String title, String category, String date,
                                          String... keywords) {
        return new LibraryArticle(author, slug, title, category, LocalDate.parse(date), Set.of(keywords));
    }
}
