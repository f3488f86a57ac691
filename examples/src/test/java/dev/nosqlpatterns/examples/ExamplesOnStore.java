package dev.nosqlpatterns.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.examples.cli.Runner;
import dev.nosqlpatterns.examples.eshop.EShop;
import dev.nosqlpatterns.examples.eshop.EShopExample;
import dev.nosqlpatterns.examples.library.ArticleTitle;
import dev.nosqlpatterns.examples.library.ArticleStats;
import dev.nosqlpatterns.examples.library.Library;
import dev.nosqlpatterns.examples.library.LibraryArticle;
import dev.nosqlpatterns.examples.library.LibraryExample;
import dev.nosqlpatterns.examples.movies.Credit;
import dev.nosqlpatterns.examples.movies.MovieDatabase;
import dev.nosqlpatterns.examples.movies.MoviesExample;
import dev.nosqlpatterns.examples.movies.Rating;
import dev.nosqlpatterns.examples.movies.Region;
import dev.nosqlpatterns.examples.news.NewsArticle;
import dev.nosqlpatterns.examples.news.NewsExample;
import dev.nosqlpatterns.examples.news.NewsGoggles;
import dev.nosqlpatterns.examples.news.Preferences;
import dev.nosqlpatterns.examples.socblog.Post;
import dev.nosqlpatterns.examples.socblog.SocBlog;
import dev.nosqlpatterns.examples.socblog.SocBlogExample;
import dev.nosqlpatterns.examples.socblog.User;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.GeoHit;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every access pattern of every example, checked against the answers the sample data implies, on the
 * store a subclass opens. The sample is loaded once per class (a few dozen writes), in tables of a
 * namespace of its own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class ExamplesOnStore {
    protected Store store;
    private NewsGoggles news;
    private Library library;
    private SocBlog blog;
    private MovieDatabase movies;
    private EShop shop;
    private String namespace;

    /** Opens the store under test; closed after the class. */
    protected abstract Store openStore();

    @BeforeAll
    void load() {
        store = openStore();
        namespace = "t" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        news = NewsGoggles.open(store, namespace);
        NewsExample.loadSample(news);
        library = Library.open(store, namespace);
        LibraryExample.loadSample(library);
        blog = SocBlog.open(store, namespace);
        SocBlogExample.loadSample(blog);
        movies = MovieDatabase.open(store, namespace);
        movies.loadSample();
        shop = EShop.open(store, namespace);
        EShopExample.loadSample(shop);
    }

    @AfterAll
    void close() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void theReadmeEntityExampleRunsUnchanged() throws Exception {
        try {
            Object[] out = ReadmeEntityExample.run(store);
            dev.nosqlpatterns.entity.EntityPage<?> first = (dev.nosqlpatterns.entity.EntityPage<?>) out[0];
            dev.nosqlpatterns.entity.EntityPage<?> second = (dev.nosqlpatterns.entity.EntityPage<?>) out[1];
            assertEquals(1, first.items().size());
            assertTrue(first.items().get(0).toString().startsWith("User[id=ada,"), first.toString());
            assertEquals(1, second.items().size());
            assertTrue(second.items().get(0).toString().startsWith("User[id=alan,"), second.toString());
            assertTrue(out[2].toString().startsWith("Optional[User[id=grace,"), out[2].toString());
        } finally {
            for (String table : List.of("users", "users_byEmail", "users_byCity")) {
                if (store.hasTable(table)) {
                    store.dropTable(table);
                }
            }
        }
    }

    @Test
    void newsMinorEntitiesArticlesAndMonths() {
        assertEquals(List.of("$CNN", "$ESPN", "$FOX", "$MSNBC"), news.providers());
        assertEquals(10, news.topics().size());
        assertEquals("Tigers sign Prince Fielder.", news.article("1001").orElseThrow().subject());
        assertEquals(Set.of("#sports", "#baseball", "#detroit"), news.article("1001").orElseThrow().topics());
        assertTrue(news.article("9999").isEmpty());
        assertEquals(List.of(YearMonth.of(2011, 12), YearMonth.of(2012, 1)), news.publicationMonths("$FOX"));
        assertEquals(List.of("2001", "2002"), ids(news.articlesByProviderAndMonth("$FOX", YearMonth.of(2012, 1))));
        assertEquals(List.of(), news.articlesByProviderAndMonth("$FOX", YearMonth.of(2012, 3)));
        assertEquals(List.of("1002", "1001"), ids(news.articlesByProvider("$ESPN", NewsExample.FEED_FROM, NewsExample.FEED_TO)));
        assertEquals(List.of("4002", "1002", "1001", "5001"), ids(news.articlesByTopic("#sports")));
        assertEquals(List.of(), news.articlesByTopic("#nothing"));
    }

    @Test
    void newsFeedsApplyLikesDislikesAllowsAndBlocks() {
        Preferences bob = news.preferences("@Bob");
        assertEquals(Set.of("#politics", "#detroit"), bob.likedTopics());
        assertEquals(Set.of("$CNN"), bob.dislikedProviders());
        assertEquals(Set.of(new Preferences.ProviderTopic("$CNN", "#detroit")), bob.allows());
        assertEquals(List.of("3001", "2001", "1001", "4001"), feed("@Bob"));
        assertEquals(List.of("4002", "1002", "2001", "1001"), feed("@Pat"));
        assertEquals(List.of("3002", "4002", "3001", "1002", "2001", "1001", "4001"), feed("@Alice"));
        assertEquals(List.of("3002", "3001", "4001"), feed("@Chris"));
        assertEquals(List.of("3002"), ids(news.feed("@Alice", Instant.parse("2012-03-01T00:00:00Z"), NewsExample.FEED_TO)));
    }

    @Test
    void newsLikeAddsToTheCollectionAndBadInputWritesNothing() {
        news.like("@Chris", "#sports");
        assertEquals(Set.of("#politics", "#sports"), news.preferences("@Chris").likedTopics());
        assertEquals(List.of("3002", "4002", "3001", "1002", "1001", "4001"), feed("@Chris"));
        news.subscribe("@Chris", Optional.of("Afdjajewevwwb"), new Preferences(Set.of("#politics"), Set.of(), Set.of(),
                Set.of("$FOX"), Set.of(), Set.of()));
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            assertThrows(IllegalArgumentException.class, () -> news.like("Chris", "#sports"));
            assertThrows(IllegalArgumentException.class, () -> news.publish(new NewsArticle("x", "ESPN", Set.of("#a"),
                    "s", Instant.EPOCH)));
        });
        assertEquals(0, tally.calls());
    }

    @Test
    void libraryKeyValueAndListPatterns() {
        assertEquals("John von Neumann", library.author("neumann").orElseThrow().name());
        LibraryArticle automata = library.article("neumann", "theory_of_automata").orElseThrow();
        assertEquals("Theory of Self-Reproducing Automata", automata.title());
        assertEquals(LocalDate.of(1966, 1, 1), automata.published());
        assertEquals(Set.of("automata", "theory", "computing"), automata.keywords());
        assertTrue(library.article("neumann", "missing").isEmpty());
        assertEquals(List.of("first_draft_edvac", "probabilistic_logics", "theory_of_automata"),
                slugs(library.articlesBy("neumann")));
        assertEquals(List.of("neumann/probabilistic_logics", "neumann/theory_of_automata", "turing/computable_numbers"),
                library.titlesFor("automata").stream().map(t -> t.author() + "/" + t.slug()).toList());
        assertEquals(List.of(new ArticleTitle("turing", "computable_numbers", "On Computable Numbers")),
                library.titlesFor("automata", "turing"));
        assertEquals(List.of(), library.titlesFor("automata", "curry"));
        assertEquals(List.of("automata", "computing", "theory"), library.keywordsOf("neumann", "theory_of_automata"));
    }

    @Test
    void libraryCountsViewsByPartialUpdatesResetsByVersionAndMovesIndexEntries() {
        Library own = Library.open(store, namespace + "s");
        LibraryExample.loadSample(own);
        assertTrue(own.recordView("neumann", "missing", "ada").isEmpty(), "no figures for a missing article");
        assertEquals(1, own.recordView("turing", "computable_numbers", "ada").orElseThrow().views());
        own.recordView("turing", "computable_numbers", "alan");
        ArticleStats seen = own.recordView("turing", "computable_numbers", "ada").orElseThrow();
        assertEquals(3, seen.views());
        assertEquals(Set.of("ada", "alan"), seen.readers());
        own.recordView("turing", "computable_numbers", "grace");
        // The editor read the figures before grace's view: the reset names the version read and is refused.
        dev.nosqlpatterns.entity.VersionConflictException stale = org.junit.jupiter.api.Assertions.assertThrows(
                dev.nosqlpatterns.entity.VersionConflictException.class,
                () -> own.resetStats("turing", "computable_numbers", seen.version()));
        assertTrue(stale.getMessage().contains(String.valueOf(seen.version())), stale.getMessage());
        ArticleStats now = own.stats("turing", "computable_numbers").orElseThrow();
        assertEquals(4, now.views());
        assertTrue(own.resetStats("turing", "computable_numbers", now.version()));
        assertTrue(own.stats("turing", "computable_numbers").isEmpty());
        // A partial update of the indexed category moves the article's index entry.
        assertEquals("math.LO", own.recategorize("turing", "computable_numbers", "math.LO").orElseThrow().category());
        assertEquals(List.of("computable_numbers"), eventually(() -> slugs(own.inCategory("math.LO")), 1));
        List<String> expected = List.of("probabilistic_logics", "theory_of_automata");
        long deadline = System.nanoTime() + 5_000_000_000L;
        List<String> flCategory = slugs(own.inCategory("cs.FL"));
        while (!flCategory.equals(expected) && System.nanoTime() < deadline) {
            flCategory = slugs(own.inCategory("cs.FL"));
        }
        assertEquals(expected, flCategory, "the old category's entry is gone");
        assertEquals("On Computable Numbers", own.article("turing", "computable_numbers").orElseThrow().title());
    }

    @Test
    void libraryIndexedPatterns() {
        assertEquals(List.of("computable_numbers", "probabilistic_logics", "theory_of_automata"),
                eventually(() -> slugs(library.inCategory("cs.FL")), 3));
        assertEquals(List.of("functionality", "combinatory_logic"), eventually(() -> slugs(library.inCategory("cs.LO")), 2));
        assertEquals(List.of(), library.inCategory("math.CT"));
        assertEquals(List.of("first_draft_edvac", "probabilistic_logics", "theory_of_automata"),
                eventually(() -> slugs(library.chronologicallyBy("neumann")), 3));
    }

    @Test
    void runnerMeasuresEveryAccessPattern() {
        for (Example example : List.of(new NewsExample(), new LibraryExample(), new SocBlogExample(), new MoviesExample(), new EShopExample())) {
            StringWriter text = new StringWriter();
            List<Runner.Measured> measured = new Runner(store, new PrintWriter(text)).run(example, namespace);
            assertFalse(measured.isEmpty());
            for (Runner.Measured m : measured) {
                assertTrue(m.cost().roundTrips() > 0, m.pattern().name() + " reported no round trip");
                assertTrue(text.toString().contains(m.pattern().name()), text.toString());
            }
        }
    }

    @Test
    void socBlogOneToOneAndOneToMany() {
        assertEquals(Optional.of("600323223"), blog.facebookIdOf("u1234"));
        assertEquals(Optional.of(SocBlogExample.USERS.get(3)), blog.userByFacebookId("600323226"));
        assertTrue(blog.userByFacebookId("1").isEmpty());
        assertEquals(List.of("p101", "p105", "p109"), postIds(blog.postsBy("u1234")));
        assertEquals(Optional.of("u1236"), blog.authorOf("p103"));
        assertEquals(List.of("Post p101", "Post p101, take 2", "Post p101, take 3"), blog.firstVersions("p101", 3));
        assertEquals(List.of("u1235", "u1237", "u1239"), blog.friendsOf("u1234").stream().sorted().toList());
        assertEquals(List.of("u1234"), blog.friendsOf("u1237"));
        assertThrows(dev.nosqlpatterns.index.UniqueConstraintException.class,
                () -> blog.register(new User("u9999", "Copy", "600323223", "Paris")));
        assertTrue(blog.facebookIdOf("u9999").isEmpty());
    }

    @Test
    void socBlogSearchesWithoutScans() {
        assertEquals(List.of("p101", "p105"), postIds(blog.postsWithManyVersions()));
        assertEquals(7, blog.post("p105").orElseThrow().versions());
        assertEquals(List.of("p101", "p104", "p107", "p110"), postIds(blog.postsIn("java")));
        assertEquals(List.of("u1234", "u1237", "u1239"), blog.usersIn("Waterloo").stream().map(User::userId).toList());
        assertEquals(List.of("p101", "p102", "p103", "p104", "p105"), blog.postsOfLastDays(7, SocBlogExample.NOW));
        assertEquals(List.of("p101"), blog.postsOfLastDays(1, SocBlogExample.NOW));
    }

    @Test
    void everyIndexedPatternAgreesWithTheScanItReplacesAndReadsLess() {
        Session session = new SocBlogExample().load(store, namespace);
        int compared = 0;
        for (AccessPattern pattern : session.accessPatterns()) {
            if (pattern.scan().isEmpty()) {
                continue;
            }
            CostTally indexed = new CostTally();
            CostTally scanned = new CostTally();
            List<?> fast = store.measure(indexed, () -> pattern.run());
            List<?> slow = store.measure(scanned, () -> pattern.scan().get().get());
            assertEquals(slow, fast, pattern.name());
            assertFalse(fast.isEmpty(), pattern.name());
            assertTrue(indexed.itemsRead() < scanned.itemsRead(), pattern.name() + ": " + indexed + " vs scan " + scanned);
            compared++;
        }
        assertEquals(6, compared);
    }

    @Test
    void moviesAdjacencyListWithOverloadedKeys() {
        // A string placeholder followed by more key text ends with "!!", so that keys sort as their values do.
        assertEquals(List.of("DETL|actor!!|nm9000002", "DETL|composer!!|nm9000004", "DETL|director!!|nm9000006",
                "REGN|ES", "REGN|US", "RTNG"), movies.everythingAbout("tt9000002").stream().map(i -> i.key().sort()).toList());
        List<Credit> cast = movies.castAndCrew("tt9000003");
        assertEquals(List.of("nm9000003", "nm9000005", "nm9000006"), cast.stream().map(Credit::nconst).toList());
        assertEquals("Paper Satellites", cast.get(0).title());
        assertEquals("2011", cast.get(0).startYear());
        assertEquals(List.of("nm9000001"), movies.credits("tt9000004", "director").stream().map(Credit::nconst).toList());
        assertEquals(List.of(new Region("FR", "Le Gardien du phare", "fr"), new Region("NZ", "The Lighthouse Keeper", "en"),
                new Region("US", "The Lighthouse Keeper", "en")), movies.regions("tt9000001"));
        assertEquals(new Rating(new java.math.BigDecimal("8"), 40112), movies.rating("tt9000004").orElseThrow().normalised());
        assertTrue(movies.rating("tt9999999").isEmpty());
        assertThrows(IllegalArgumentException.class, () -> movies.rating("9000001"));
    }

    @Test
    void moviesMigrateTheirCreditKeysOnline() {
        String ns = namespace + "m";
        MovieDatabase db = MovieDatabase.open(store, ns);
        db.loadSample();
        List<String> titles = List.of("tt9000001", "tt9000002", "tt9000003", "tt9000004", "tt9000005");
        java.util.Map<String, Set<Credit>> before = new java.util.TreeMap<>();
        titles.forEach(t -> before.put(t, Set.copyOf(db.castAndCrew(t))));
        List<Credit> directors = db.credits("tt9000004", "director");
        long credits = before.values().stream().mapToLong(Set::size).sum();
        dev.nosqlpatterns.migration.MigrationReport report = db.migrateCreditKeys();
        assertEquals(dev.nosqlpatterns.migration.MigrationPhase.DONE, report.phase());
        assertEquals(credits, report.itemsMigrated(), report.toString());
        assertEquals(0, report.driftRemaining());
        assertTrue(db.creditsKeyedByPerson());
        java.util.Map<String, Set<Credit>> after = new java.util.TreeMap<>();
        titles.forEach(t -> after.put(t, Set.copyOf(db.castAndCrew(t))));
        assertEquals(before, after, "the same credits under the new keys");
        assertEquals(directors, db.credits("tt9000004", "director"));
        assertEquals(List.of("DETL|nm9000002!!|actor", "DETL|nm9000004!!|composer", "DETL|nm9000006!!|director",
                "REGN|ES", "REGN|US", "RTNG"), db.everythingAbout("tt9000002").stream().map(i -> i.key().sort()).toList());
        assertEquals(List.of("actor"), db.creditsIn("tt9000002", "nm9000002").stream().map(Credit::category).toList());
        MovieDatabase reopened = MovieDatabase.open(store, ns);
        assertTrue(reopened.creditsKeyedByPerson(), "a database opened later finds the migration done");
        assertEquals(before.get("tt9000003"), Set.copyOf(reopened.castAndCrew("tt9000003")));
        assertEquals(0, db.migrateCreditKeys().itemsMigrated(), "done once");
    }

    @Test
    void moviesCrewByYearAndRatingUpdates() {
        assertEquals(List.of("tt9000001/director", "tt9000004/director", "tt9000004/writer"),
                eventually(() -> movies.creditsOf("nm9000001"), 3).stream().map(c -> c.tconst() + "/" + c.category()).toList());
        assertEquals(List.of("tt9000003", "tt9000005", "tt9000005"),
                eventually(() -> movies.creditsOf("nm9000005"), 3).stream().map(Credit::tconst).toList());
        assertEquals(List.of(), movies.creditsOf("nm9999999"));
        Rating before = movies.rating("tt9000002").orElseThrow();
        CostTally tally = new CostTally();
        store.measure(tally, () -> {
            movies.rate("tt9000002", new java.math.BigDecimal("7.0"), 9121);
        });
        assertEquals(1, tally.calls());
        assertEquals(9121, movies.rating("tt9000002").orElseThrow().numVotes());
        movies.rate("tt9000002", before.averageRating(), before.numVotes());
        assertThrows(IllegalArgumentException.class, () -> movies.rate("tt9000002", new java.math.BigDecimal("11"), 1));
    }

    @Test
    void eShopTreeLayoutsAgree() {
        for (dev.nosqlpatterns.tree.TreeStrategy strategy : dev.nosqlpatterns.tree.TreeStrategy.values()) {
            assertEquals(List.of("electronics", "computers", "laptops", "desktops", "phones"),
                    shop.subtree(strategy, "electronics"), strategy.name());
            assertEquals(List.of("catalog", "books", "science", "physics"), shop.breadcrumb(strategy, "physics"), strategy.name());
            assertEquals(11, shop.categories(strategy).countDescendants("catalog"), strategy.name());
            assertTrue(shop.categories(strategy).verify().consistent(), strategy + ": " + shop.categories(strategy).verify());
        }
    }

    @Test
    void eShopProductsShopsAndVisitors() {
        dev.nosqlpatterns.item.Item laptop = shop.product("p-laptop-1").orElseThrow();
        assertEquals(Optional.of(16L), laptop.getLong("ramGb"));
        assertEquals(Optional.of("Richard Feynman"), shop.product("p-book-1").orElseThrow().getString("author"));
        assertFalse(shop.product("p-book-1").orElseThrow().has("ramGb"));
        java.math.BigDecimal price = laptop.getNumber("price").orElseThrow();
        shop.changeProduct("p-laptop-1", i -> i.toBuilder().put("price", price.subtract(java.math.BigDecimal.TEN)).build());
        assertEquals(0, price.subtract(java.math.BigDecimal.TEN).compareTo(
                shop.product("p-laptop-1").orElseThrow().getNumber("price").orElseThrow()));
        shop.changeProduct("p-laptop-1", i -> i.toBuilder().put("price", price).build());
        assertThrows(IllegalArgumentException.class, () -> shop.addProduct("p-x", "no-such-category", "X",
                java.math.BigDecimal.ONE, java.util.Map.of()));
        assertEquals(List.of("s-rivoli", "s-opera"),
                shop.shopsNear(EShopExample.LOUVRE, 2_000, 10).stream().map(GeoHit::id).toList());
        assertEquals(java.util.Map.of("shop.example", 4L, "blog.example", 2L, "help.example", 1L), shop.uniqueVisitorsPerSite());
    }

    private static List<String> postIds(List<Post> posts) {
        return posts.stream().map(Post::postId).toList();
    }

    private List<String> feed(String subscriber) {
        return ids(news.feed(subscriber, NewsExample.FEED_FROM, NewsExample.FEED_TO));
    }

    private static List<String> ids(List<NewsArticle> articles) {
        return articles.stream().map(NewsArticle::id).toList();
    }

    private static List<String> slugs(List<LibraryArticle> articles) {
        return articles.stream().map(LibraryArticle::slug).toList();
    }

    /**
     * Native secondary indexes may be eventually consistent (DynamoDB's global ones are): the read is
     * retried for up to five seconds until it has {@code size} results.
     */
    private static <T> List<T> eventually(Supplier<List<T>> read, int size) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        List<T> result = read.get();
        while (result.size() < size && System.nanoTime() < deadline) {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            result = read.get();
        }
        return result;
    }
}
