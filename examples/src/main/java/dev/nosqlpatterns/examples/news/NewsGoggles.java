package dev.nosqlpatterns.examples.news;

import dev.nosqlpatterns.enumerable.BucketedTimeline;
import dev.nosqlpatterns.enumerable.Granularity;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.relation.AdjacencyList;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * News Goggles on any store: providers and topics in a minor-entity table, articles by id
 * with their topic sets, articles by provider and month in month buckets with a catalogue of the months
 * each provider published in, articles by topic through an application-managed inverse list, and
 * subscribers as item collections ({@code <BASE>}, {@code <LIKES>}, {@code <DISLIKES>}, {@code <ALLOWS>},
 * {@code <BLOCKS>}) read in one query to build a feed.
 *
 * <p>An article is the truth in the article table; its copy in the provider's month bucket and its
 * topic links are derived. {@link #publish} writes the derived items first and the article last, and is
 * idempotent, so publishing again after a failure completes it; reads by topic join against the
 * article table, so a link whose article was never written is skipped.
 *
 * <p>Retention ({@link #open(Store, String, Duration)}): an article expires a retention period after its
 * publication, and so do its month-bucket copy and both sides of its topic links, which carry the same
 * expiry ({@link Expiry}). From then on, by the store's clock, no read returns the article or a link to it,
 * before the store's own expiry or sweep has removed anything; {@link #expiredLeftovers()} counts what is
 * still stored and {@link #removeExpired()} removes it.
 */
public final class NewsGoggles {
    static final Pattern PROVIDER = Pattern.compile("\\$[A-Za-z0-9]{1,40}");
    static final Pattern TOPIC = Pattern.compile("#[A-Za-z0-9]{1,40}");
    private static final Pattern SUBSCRIBER = Pattern.compile("@[A-Za-z0-9]{1,40}");
    private static final CompositeKeyCodec PAIR = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);
    private static final String PROVIDERS = "Provider";
    private static final String TOPICS = "Topic";
    private static final String BASE = "<BASE>";

    private final Store store;
    private final String namespace;
    private final String minor;
    private final String articles;
    private final String subscribers;
    private final BucketedTimeline byMonth;
    private final AdjacencyList tagged;
    private final Optional<Duration> retention;

    private NewsGoggles(Store store, String namespace, Optional<Duration> retention) {
        this.store = store;
        this.retention = retention;
        this.namespace = namespace;
        this.minor = namespace + "_minor";
        this.articles = namespace + "_articles";
        this.subscribers = namespace + "_subscribers";
        store.createTable(TableSpec.named(minor));
        store.createTable(TableSpec.named(articles));
        store.createTable(TableSpec.named(subscribers));
        this.byMonth = BucketedTimeline.create(store, namespace + "_by_month", namespace + "_months", Granularity.MONTH);
        this.tagged = AdjacencyList.directed(store, namespace + "_topic_links", "tagged");
    }

    /** The application on {@code store}, its tables named {@code namespace_...} and created when absent. */
    public static NewsGoggles open(Store store, String namespace) {
        Objects.requireNonNull(store, "store must not be null");
        TableSpec.checkName(namespace + "_topic_links");
        return new NewsGoggles(store, namespace, Optional.empty());
    }

    /**
     * The application on {@code store}, whose articles expire {@code retention} after their publication,
     * with their month-bucket copies and topic links.
     *
     * @throws IllegalArgumentException when the retention is zero or negative
     */
    public static NewsGoggles open(Store store, String namespace, Duration retention) {
        Objects.requireNonNull(store, "store must not be null");
        Objects.requireNonNull(retention, "retention must not be null");
        if (retention.isZero() || retention.isNegative()) {
            throw new IllegalArgumentException("retention must be positive, got " + retention);
        }
        TableSpec.checkName(namespace + "_topic_links");
        return new NewsGoggles(store, namespace, Optional.of(retention));
    }

    /** When an article published at {@code published} expires; empty without a retention period. */
    public Optional<Instant> expiryOf(Instant published) {
        return retention.map(published::plus);
    }

    /** The logical tables of the model, for the explain view. */
    public List<String> tables() {
        return List.of(minor, articles, subscribers, namespace + "_by_month", namespace + "_months",
                namespace + "_topic_links");
    }

    /** Registers providers and topics (minor entities), with their display names, in one batch. */
    public void registerMinorEntities(Map<String, String> providerNames, Map<String, String> topicNames) {
        providerNames.keySet().forEach(p -> checkCode(PROVIDER, "provider", p));
        topicNames.keySet().forEach(t -> checkCode(TOPIC, "topic", t));
        List<Write> writes = new ArrayList<>();
        providerNames.forEach((code, name) -> writes.add(Write.put(minor, Item.builder(PROVIDERS, code).put("name", name).build())));
        topicNames.forEach((code, name) -> writes.add(Write.put(minor, Item.builder(TOPICS, code).put("name", name).build())));
        store.writeBatch(writes);
    }

    /**
     * Publishes an article: topic links and month bucket first, the article itself last; idempotent. With a
     * retention period, all of them expire together at {@link #expiryOf} the publication.
     */
    public void publish(NewsArticle article) {
        Objects.requireNonNull(article, "article must not be null");
        Map<String, Value> expiry = expiryOf(article.published())
                .map(at -> Map.<String, Value>of(Expiry.ATTRIBUTE, Value.of(at.toEpochMilli()))).orElse(Map.of());
        for (String topic : article.topics()) {
            tagged.link(article.id(), topic, expiry);
        }
        Map<String, Value> copy = new LinkedHashMap<>(attributes(article));
        copy.putAll(expiry);
        byMonth.put(article.provider(), article.published(), article.id(), copy);
        store.put(articles, new Item(Key.of(article.id(), BASE), copy));
    }

    /**
     * The expired articles, month-bucket copies and topic links still stored (reads already leave them
     * out): one scan of each of those tables.
     */
    public long expiredLeftovers() {
        return expiringTables().stream().mapToLong(store.maintenance()::countExpired).sum();
    }

    /** Removes the expired articles, month-bucket copies and topic links still stored; returns how many. */
    public long removeExpired() {
        return expiringTables().stream().mapToLong(store.maintenance()::removeExpired).sum();
    }

    private List<String> expiringTables() {
        return List.of(articles, namespace + "_by_month", namespace + "_topic_links");
    }

    /** Sets a subscriber's profile and preferences; each preference kind is one item of its collection. */
    public void subscribe(String subscriber, Optional<String> hashedPassword, Preferences preferences) {
        checkCode(SUBSCRIBER, "subscriber", subscriber);
        Objects.requireNonNull(preferences, "preferences must not be null");
        List<Write> writes = new ArrayList<>();
        Item.Builder base = Item.builder(subscriber, BASE);
        hashedPassword.ifPresent(h -> base.put("hashedPassword", h));
        writes.add(Write.put(subscribers, base.build()));
        writes.add(preferenceItem(subscriber, "<LIKES>", preferences.likedTopics(), preferences.likedProviders(), Set.of()));
        writes.add(preferenceItem(subscriber, "<DISLIKES>", preferences.dislikedTopics(), preferences.dislikedProviders(), Set.of()));
        writes.add(preferenceItem(subscriber, "<ALLOWS>", Set.of(), Set.of(), preferences.allows()));
        writes.add(preferenceItem(subscriber, "<BLOCKS>", Set.of(), Set.of(), preferences.blocks()));
        store.writeBatch(writes);
    }

    /** Adds a liked topic with one atomic set update, leaving the rest of the collection alone. */
    public void like(String subscriber, String topic) {
        checkCode(SUBSCRIBER, "subscriber", subscriber);
        checkCode(TOPIC, "topic", topic);
        store.update(subscribers, Key.of(subscriber, "<LIKES>"), UpdateAction.addToSet("topics", Value.stringSet(topic)));
    }

    /** Every provider code, in key order: one query of the minor-entity partition. */
    public List<String> providers() {
        return codes(PROVIDERS);
    }

    /** Every topic code, in key order: one query of the minor-entity partition. */
    public List<String> topics() {
        return codes(TOPICS);
    }

    /** One article by id: one get. */
    public Optional<NewsArticle> article(String id) {
        return store.get(articles, Key.of(id, BASE)).map(NewsGoggles::article);
    }

    /** The months a provider published in, oldest first: one read of the catalogue item. */
    public List<YearMonth> publicationMonths(String provider) {
        checkCode(PROVIDER, "provider", provider);
        return byMonth.buckets(provider).stream().map(YearMonth::parse).toList();
    }

    /** A provider's articles of one month, oldest first: one query of that month's bucket. */
    public List<NewsArticle> articlesByProviderAndMonth(String provider, YearMonth month) {
        checkCode(PROVIDER, "provider", provider);
        Instant from = month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        Instant to = month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC).minusNanos(1);
        return byMonth.between(provider, from, to, false).map(e -> article(e.item(), e.id())).toList();
    }

    /** A provider's articles in a time range, newest first: the catalogue, then only months that exist. */
    public List<NewsArticle> articlesByProvider(String provider, Instant from, Instant to) {
        checkCode(PROVIDER, "provider", provider);
        return byMonth.between(provider, from, to, true).map(e -> article(e.item(), e.id())).toList();
    }

    /** Articles tagged with a topic, newest first: the topic's inverse list, then one batch get. */
    public List<NewsArticle> articlesByTopic(String topic) {
        checkCode(TOPIC, "topic", topic);
        return articlesById(tagged.sources(topic)).stream().sorted(NEWEST_FIRST).toList();
    }

    /** A subscriber's preferences: one query of the subscriber's item collection. */
    public Preferences preferences(String subscriber) {
        checkCode(SUBSCRIBER, "subscriber", subscriber);
        Map<String, Item> parts = new LinkedHashMap<>();
        store.queryAll(Query.in(subscribers, subscriber).limit(10)).forEach(i -> parts.put(i.key().sort(), i));
        return new Preferences(set(parts, "<LIKES>", "topics"), set(parts, "<LIKES>", "providers"),
                set(parts, "<DISLIKES>", "topics"), set(parts, "<DISLIKES>", "providers"),
                pairs(parts, "<ALLOWS>"), pairs(parts, "<BLOCKS>"));
    }

    /**
     * A subscriber's feed for a time range, newest first: the preferences (one query), the liked and
     * allowed providers' month buckets in range, the liked topics' lists, one batch get of the articles
     * not yet read, and the preference rules applied ({@link Preferences#admits}).
     */
    public List<NewsArticle> feed(String subscriber, Instant from, Instant to) {
        Preferences prefs = preferences(subscriber);
        Map<String, NewsArticle> found = new LinkedHashMap<>();
        Set<String> providers = new HashSet<>(prefs.likedProviders());
        prefs.allows().forEach(p -> providers.add(p.provider()));
        for (String provider : providers.stream().sorted().toList()) {
            byMonth.between(provider, from, to, true).forEach(e -> found.putIfAbsent(e.id(), article(e.item(), e.id())));
        }
        Set<String> unread = new HashSet<>();
        for (String topic : prefs.likedTopics().stream().sorted().toList()) {
            tagged.sources(topic).stream().filter(id -> !found.containsKey(id)).forEach(unread::add);
        }
        articlesById(unread).forEach(a -> found.putIfAbsent(a.id(), a));
        return found.values().stream()
                .filter(a -> !a.published().isBefore(from) && !a.published().isAfter(to))
                .filter(prefs::admits)
                .sorted(NEWEST_FIRST).toList();
    }

    private static final Comparator<NewsArticle> NEWEST_FIRST =
            Comparator.comparing(NewsArticle::published).reversed().thenComparing(NewsArticle::id);

    private List<NewsArticle> articlesById(Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        List<Key> keys = ids.stream().sorted().map(id -> Key.of(id, BASE)).toList();
        return store.getAll(articles, keys).items().stream().map(NewsGoggles::article).toList();
    }

    private List<String> codes(String entityType) {
        return store.queryAll(Query.in(minor, entityType).limit(500)).map(i -> i.key().sort()).toList();
    }

    private Write preferenceItem(String subscriber, String kind, Set<String> topics, Set<String> providers,
                                 Set<Preferences.ProviderTopic> pairs) {
        Item.Builder b = Item.builder(subscriber, kind);
        if (!topics.isEmpty()) {
            b.put("topics", Value.stringSet(topics));
        }
        if (!providers.isEmpty()) {
            b.put("providers", Value.stringSet(providers));
        }
        if (!pairs.isEmpty()) {
            b.put("pairs", Value.stringSet(pairs.stream().map(p -> PAIR.encode(p.provider(), p.topic())).toList()));
        }
        return Write.put(subscribers, b.build());
    }

    private static Set<String> set(Map<String, Item> parts, String kind, String attribute) {
        Item item = parts.get(kind);
        return item == null ? Set.of() : item.getStringSet(attribute);
    }

    private static Set<Preferences.ProviderTopic> pairs(Map<String, Item> parts, String kind) {
        Set<Preferences.ProviderTopic> result = new HashSet<>();
        for (String encoded : set(parts, kind, "pairs")) {
            List<Object> both = PAIR.decode(encoded);
            result.add(new Preferences.ProviderTopic((String) both.get(0), (String) both.get(1)));
        }
        return result;
    }

    private static Map<String, Value> attributes(NewsArticle a) {
        return Map.of("provider", Value.of(a.provider()), "topics", Value.stringSet(a.topics()),
                "subject", Value.of(a.subject()), "published", Value.of(a.published().toString()));
    }

    private static NewsArticle article(Item item) {
        return article(item, item.key().partition());
    }

    private static NewsArticle article(Item item, String id) {
        return new NewsArticle(id, item.getString("provider").orElseThrow(), item.getStringSet("topics"),
                item.getString("subject").orElseThrow(), Instant.parse(item.getString("published").orElseThrow()));
    }

    private static void checkCode(Pattern pattern, String what, String code) {
        if (code == null || !pattern.matcher(code).matches()) {
            throw new IllegalArgumentException(what + " code '" + code + "' must match " + pattern.pattern());
        }
    }
}
