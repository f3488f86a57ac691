package dev.nosqlpatterns.examples.news;

import dev.nosqlpatterns.examples.AccessPattern;
import dev.nosqlpatterns.examples.Example;
import dev.nosqlpatterns.examples.Session;
import dev.nosqlpatterns.store.Store;
import java.time.Instant;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * News Goggles with the sample data of its original description (providers, topics, articles from December 2011 to March
 * 2012, and the subscribers Alice, Bob, Chris and Pat with their preferences), and its access patterns.
 */
public final class NewsExample implements Example {
    /** The first instant of the sample's feed window. */
    public static final Instant FEED_FROM = Instant.parse("2012-01-01T00:00:00Z");
    /** The last instant of the sample's feed window. */
    public static final Instant FEED_TO = Instant.parse("2012-03-31T23:59:59Z");

    @Override
    public String name() {
        return "news";
    }

    @Override
    public String summary() {
        return "News Goggles: month buckets with a catalogue, topic lists, subscriber item collections, feeds";
    }

    @Override
    public Session load(Store store, String namespace) {
        NewsGoggles news = NewsGoggles.open(store, namespace);
        loadSample(news);
        return new Session(news.tables(), List.of(
                new AccessPattern("providers", "one query of the minor-entity partition 'Provider'", news::providers),
                new AccessPattern("topics", "one query of the minor-entity partition 'Topic'", news::topics),
                new AccessPattern("article 1001", "one get by article id", () -> news.article("1001").stream().toList()),
                new AccessPattern("publication months of $FOX", "one get of the month catalogue",
                        () -> news.publicationMonths("$FOX")),
                new AccessPattern("articles of $FOX in 2012-01", "one query of the bucket '$FOX|2012-01'",
                        () -> news.articlesByProviderAndMonth("$FOX", YearMonth.of(2012, 1))),
                new AccessPattern("articles of $ESPN, Q1 2012, newest first",
                        "the catalogue, then one query per month that has articles",
                        () -> news.articlesByProvider("$ESPN", FEED_FROM, FEED_TO)),
                new AccessPattern("articles on #sports", "the topic's inverse list, then one batch get",
                        () -> news.articlesByTopic("#sports")),
                new AccessPattern("preferences of @Bob", "one query of the subscriber's item collection",
                        () -> List.of(news.preferences("@Bob"))),
                new AccessPattern("feed of @Bob, Q1 2012", "preferences, provider buckets, topic lists, one batch get",
                        () -> news.feed("@Bob", FEED_FROM, FEED_TO)),
                new AccessPattern("feed of @Pat, Q1 2012", "preferences, provider buckets, topic lists, one batch get",
                        () -> news.feed("@Pat", FEED_FROM, FEED_TO))));
    }

    /** Writes the sample data; safe to run again. */
    public static void loadSample(NewsGoggles news) {
        Map<String, String> providers = new LinkedHashMap<>();
        providers.put("$ESPN", "ESPN");
        providers.put("$FOX", "Fox News");
        providers.put("$CNN", "CNN");
        providers.put("$MSNBC", "MSNBC");
        Map<String, String> topics = new LinkedHashMap<>();
        for (String t : List.of("#sports", "#baseball", "#detroit", "#football", "#indianapolis", "#politics",
                "#republicans", "#democrats", "#usa", "#opinion")) {
            topics.put(t, t.substring(1));
        }
        news.registerMinorEntities(providers, topics);
        for (NewsArticle a : ARTICLES) {
            news.publish(a);
        }
        news.subscribe("@Alice", Optional.of("Dkjaafjjkjemded"), new Preferences(Set.of("#politics", "#sports"),
                Set.of("$CNN", "$MSNBC"), Set.of(), Set.of(), Set.of(), Set.of()));
        news.subscribe("@Bob", Optional.empty(), new Preferences(Set.of("#politics", "#detroit"), Set.of(),
                Set.of("#democrats"), Set.of("$CNN"), Set.of(new Preferences.ProviderTopic("$CNN", "#detroit")), Set.of()));
        news.subscribe("@Chris", Optional.of("Afdjajewevwwb"), new Preferences(Set.of("#politics"), Set.of(), Set.of(),
                Set.of("$FOX"), Set.of(), Set.of()));
        news.subscribe("@Pat", Optional.empty(), new Preferences(Set.of("#sports", "#republicans"), Set.of("$FOX"),
                Set.of(), Set.of(), Set.of(), Set.of(new Preferences.ProviderTopic("$FOX", "#opinion"))));
    }

    /** The sample articles: those of the original description, plus a few made up to fill the months. */
    public static final List<NewsArticle> ARTICLES = List.of(
            article("1001", "$ESPN", "2012-01-10T09:00:00Z", "Tigers sign Prince Fielder.", "#sports", "#baseball", "#detroit"),
            article("1002", "$ESPN", "2012-02-03T18:30:00Z",
                    "Peyton Manning home team locker to be used by arch-nemesis Tom Brady?", "#sports", "#indianapolis", "#football"),
            article("2001", "$FOX", "2012-01-21T22:15:00Z", "Newt nabs South Carolina.", "#politics", "#republicans"),
            article("2002", "$FOX", "2012-01-27T07:45:00Z", "Do we need to go back to the moon?", "#usa", "#opinion"),
            article("3001", "$CNN", "2012-02-14T12:00:00Z", "Detroit council debates the city budget.", "#detroit", "#politics"),
            article("3002", "$CNN", "2012-03-02T16:20:00Z", "Democrats plan the convention.", "#politics", "#democrats"),
            article("4001", "$MSNBC", "2012-01-05T08:00:00Z", "Iowa caucus results are in.", "#politics"),
            article("4002", "$MSNBC", "2012-02-20T19:10:00Z", "Indianapolis readies for the big game.", "#indianapolis", "#sports"),
            article("5001", "$FOX", "2011-12-15T11:00:00Z", "Why the season went wrong.", "#sports", "#opinion"));

    private static NewsArticle article(String id, String provider, String at, String subject, String... topics) {
        return new NewsArticle(id, provider, Set.of(topics), subject, Instant.parse(at));
    }
}
