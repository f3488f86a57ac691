package dev.nosqlpatterns.testkit.entity;

import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.ItemCollectionType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.YearMonth;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The entity shapes of the reference applications, defined over one table: a news reader's subscriber collection
 * ({@code <BASE>}, {@code <LIKES>#topic}, {@code <DISLIKES>#topic}, {@code <ALLOWS>}, {@code <BLOCKS>}), a library's
 * articles keyed {@code author:{author}} / {@code article:{id}}, a news site's articles partitioned
 * {@code {provider}|{month}}, and a click stream whose sort key is typed
 * ({@code {at}#{seq}}) to check value order on the store.
 */
public final class SampleEntities {

    /** An article's publication state. */
    public enum Status { DRAFT, PUBLISHED, RETRACTED }

    /** Where an author can be reached; nested in {@link Article}. */
    public record Address(String city, Optional<String> zip) {
    }

    /** The article, with components of every kind the mapping supports. */
    public record Article(String author, String id, String title, List<String> keywords, Set<String> topics,
                          Set<Integer> years, BigDecimal rating, Status status, Instant published,
                          Optional<Instant> retracted, Address contact, List<Address> mirrors, Map<String, Long> views,
                          byte[] thumbnail) {
    }

    /** The key fields of an {@link Article}, to read one without building a whole article. */
    public record ArticleKey(String author, String id) {
    }

    /** The subscriber base row. */
    public record Subscriber(String code, Optional<String> hashedPassword, Instant since) {
    }

    /** A liked or disliked topic: one record class behind two entity types. */
    public record Preference(String code, String topic) {
    }

    /** The special-case exceptions, provider-topic pairs such as {@code $CNN|#detroit}. */
    public record Exceptions(String code, Set<String> providerTopics) {
    }

    /** The article partitioned by provider and publication month: {@code {provider}|{month}}. */
    public record MonthlyArticle(String provider, YearMonth month, long articleId, String subject, Set<String> topics) {
    }

    /** One click of a user, keyed by time and sequence so that order can be checked. */
    public record Click(String user, Instant at, long seq, String site) {
    }

    public final EntityType<Article> articles;
    public final EntityType<Subscriber> base;
    public final EntityType<Preference> likes;
    public final EntityType<Preference> dislikes;
    public final EntityType<Exceptions> allows;
    public final EntityType<Exceptions> blocks;
    public final EntityType<Click> clicks;
    public final EntityType<MonthlyArticle> monthly;
    public final ItemCollectionType subscriber;

    /** All the entity types, over {@code table}. */
    public SampleEntities(String table) {
        articles = EntityType.builder(Article.class).name("article").table(table).partitionKey("author:{author}")
                .sortKey("article:{id}").build();
        base = EntityType.builder(Subscriber.class).name("subscriber").table(table).partitionKey("subscriber|{code}")
                .sortKey("<BASE>").build();
        likes = EntityType.builder(Preference.class).name("likes").table(table).partitionKey("subscriber|{code}")
                .sortKey("<LIKES>#{topic}").build();
        dislikes = EntityType.builder(Preference.class).name("dislikes").table(table).partitionKey("subscriber|{code}")
                .sortKey("<DISLIKES>#{topic}").build();
        allows = EntityType.builder(Exceptions.class).name("allows").table(table).partitionKey("subscriber|{code}")
                .sortKey("<ALLOWS>").build();
        blocks = EntityType.builder(Exceptions.class).name("blocks").table(table).partitionKey("subscriber|{code}")
                .sortKey("<BLOCKS>").build();
        clicks = EntityType.builder(Click.class).name("click").table(table).partitionKey("user:{user}")
                .sortKey("{at}#{seq}").build();
        monthly = EntityType.builder(MonthlyArticle.class).name("monthly").table(table)
                .partitionKey("{provider}|{month}").sortKey("{articleId}").build();
        subscriber = ItemCollectionType.of(base, likes, dislikes, allows, blocks);
    }

    /** Every entity type, for a repository. */
    public List<EntityType<?>> all() {
        return List.of(articles, base, likes, dislikes, allows, blocks, clicks, monthly);
    }
}
