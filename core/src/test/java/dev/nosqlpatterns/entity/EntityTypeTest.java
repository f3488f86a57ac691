package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Entity type definitions: validation, keys from records and values, and reading items back. */
class EntityTypeTest {

    record Article(String author, String id, String title, Set<String> topics, Instant published) {
    }

    record ArticleKey(String author, String id) {
    }

    record MonthArticle(String provider, YearMonth month, long articleId, String subject) {
    }

    record Post(String author, String slug, String body) {
    }

    record Event(String user, Instant at, long seq) {
    }

    record Tagged(String id, String _type) {
    }

    static final EntityType<Article> ARTICLES = EntityType.builder(Article.class).name("article").table("articles")
            .partitionKey("author:{author}").sortKey("article:{id}").build();

    static final EntityType<Event> EVENTS = EntityType.builder(Event.class).table("events")
            .partitionKey("user:{user}").sortKey("{at}#{seq}").build();

    static Article automata() {
        return new Article("neumann", "theory_of_automata", "Theory of Self-Reproducing Automata", Set.of("cs"),
                Instant.parse("1966-01-01T00:00:00Z"));
    }

    @Test
    void keysFollowTheSeedTemplates() {
        assertEquals(Key.of("author:neumann", "article:theory_of_automata"), ARTICLES.keyOf(automata()));
        EntityType<MonthArticle> monthly = EntityType.builder(MonthArticle.class).table("articles")
                .partitionKey("{provider}|{month}").sortKey("{articleId}").build();
        // A string followed by literal text ends with "!!", so that "$ESPN" sorts before "$ESPN2" whatever follows.
        assertEquals(Key.of("$ESPN!!|2012-01", "0000000000000001001"),
                monthly.keyOf(new MonthArticle("$ESPN", YearMonth.of(2012, 1), 1001, "Tigers sign Prince Fielder.")));
        assertEquals("$FOX!!|2011-12", monthly.partitionKey(Map.of("provider", "$FOX", "month", YearMonth.of(2011, 12))));
    }

    @Test
    void keysComeFromValuesOrFromAnyRecordHoldingTheKeyFields() {
        Key expected = ARTICLES.keyOf(automata());
        assertEquals(expected, ARTICLES.key(Map.of("author", "neumann", "id", "theory_of_automata")));
        assertEquals(expected, ARTICLES.key(new ArticleKey("neumann", "theory_of_automata")));
        assertEquals(expected, ARTICLES.key(automata()));
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> ARTICLES.key(Map.of("author", "neumann", "slug", "x")));
        assertTrue(missing.getMessage().contains("missing [id]") && missing.getMessage().contains("unknown [slug]"),
                missing.getMessage());
        IllegalArgumentException wrongType = assertThrows(IllegalArgumentException.class,
                () -> EVENTS.key(Map.of("user", "u", "at", "yesterday", "seq", 1)));
        assertTrue(wrongType.getMessage().contains("{at} expects Instant but got java.lang.String"),
                wrongType.getMessage());
        IllegalArgumentException holder = assertThrows(IllegalArgumentException.class,
                () -> EVENTS.key(new ArticleKey("u", "x")));
        assertTrue(holder.getMessage().contains("no component [user, at, seq]"), holder.getMessage());
        assertEquals(EVENTS.key(Map.of("user", "u", "at", Instant.EPOCH, "seq", 7L)),
                EVENTS.key(Map.of("user", "u", "at", Instant.EPOCH, "seq", 7)), "an Integer is accepted for a long");
    }

    @Test
    void typedSortKeysSortInValueOrder() {
        List<Event> events = new ArrayList<>();
        long[] seqs = {Long.MIN_VALUE, -1000, -1, 0, 1, 9, 10, 1000, Long.MAX_VALUE};
        Instant[] times = {Instant.parse("0000-01-01T00:00:00Z"), Instant.parse("1969-12-31T23:59:59.999999999Z"),
            Instant.EPOCH, Instant.parse("2024-05-01T10:00:00.5Z"), Instant.parse("2024-05-01T10:00:01Z"),
            Instant.parse("9999-12-31T23:59:59.999999999Z")};
        for (Instant t : times) {
            for (long s : seqs) {
                events.add(new Event("u", t, s));
            }
        }
        List<Event> byValue = events.stream().sorted(Comparator.comparing(Event::at).thenComparing(Event::seq)).toList();
        List<Event> byKey = events.stream().sorted(Comparator.comparing(e -> EVENTS.keyOf(e).sort(),
                Utf8Order.COMPARATOR)).toList();
        assertEquals(byValue, byKey);
        for (Event e : events) {
            assertEquals(e, EVENTS.fromItem(EVENTS.toItem(e)));
        }
    }

    @Test
    void sortPrefixSelectsLeadingValues() {
        Instant t = Instant.parse("2024-05-01T10:00:00Z");
        String prefix = EVENTS.sortPrefix(Map.of("at", t));
        assertEquals("2024-05-01T10:00:00.000000000Z#", prefix);
        assertTrue(EVENTS.keyOf(new Event("u", t, 3)).sort().startsWith(prefix));
        assertFalse(EVENTS.keyOf(new Event("u", t.plusNanos(1), 3)).sort().startsWith(prefix));
        assertEquals("article:", ARTICLES.sortPrefix(Map.of()));
    }

    @Test
    void separatorsInKeyValuesRoundTrip() {
        EntityType<Post> posts = EntityType.builder(Post.class).table("posts").partitionKey("author:{author}")
                .sortKey("article:{author}/{slug}").build();
        Post p = new Post("a:b/c\\d", "x/y|z", "body");
        Item item = posts.toItem(p);
        assertEquals(Key.of("author:a:b/c\\d", "article:a:b/c\\d!!/x/y|z"), item.key());
        assertEquals(p, posts.fromItem(item));
        Item forged = new Item(Key.of("author:a", "article:b!!/x"), item.attributes());
        EntityMappingException e = assertThrows(EntityMappingException.class, () -> posts.fromItem(forged));
        assertTrue(e.getMessage().contains("{author} twice with different values"), e.getMessage());
    }

    @Test
    void itemsOfAnotherTypeOrKeyAreRefused() {
        Item item = ARTICLES.toItem(automata());
        assertTrue(ARTICLES.isTypeOf(item));
        Item other = item.toBuilder().put(EntityType.TYPE_ATTRIBUTE, "author").build();
        assertFalse(ARTICLES.isTypeOf(other));
        assertThrows(EntityMappingException.class, () -> ARTICLES.fromItem(other));
        Item untagged = item.toBuilder().remove(EntityType.TYPE_ATTRIBUTE).build();
        assertThrows(EntityMappingException.class, () -> ARTICLES.fromItem(untagged));
        Item wrongKey = new Item(Key.of("writer:neumann", "article:x"), item.attributes());
        EntityMappingException e = assertThrows(EntityMappingException.class, () -> ARTICLES.fromItem(wrongKey));
        assertTrue(e.getMessage().contains("is not a key of entity type 'article'"), e.getMessage());
        Item badNumber = new Item(Key.of("user:u", "2024-05-01T10:00:00.000000000Z#12"),
                EVENTS.toItem(new Event("u", Instant.EPOCH, 1)).attributes());
        EntityMappingException n = assertThrows(EntityMappingException.class, () -> EVENTS.fromItem(badNumber));
        assertTrue(n.getMessage().contains("no well-formed value of {seq}"), n.getMessage());
    }

    @Test
    void keyFieldsCanAlsoBeStoredAsAttributes() {
        EntityType<Article> copying = EntityType.builder(Article.class).table("articles").partitionKey("author:{author}")
                .sortKey("article:{id}").copyKeyFieldsToAttributes(true).build();
        Item item = copying.toItem(automata());
        assertEquals(Value.of("neumann"), item.attributes().get("author"));
        assertEquals(automata(), copying.fromItem(item));
        assertFalse(ARTICLES.toItem(automata()).has("author"));
    }

    @Test
    void anInstantOutsideTheRangeCannotBeAKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EVENTS.keyOf(new Event("u", Instant.parse("+10000-01-01T00:00:00Z"), 1)));
        assertTrue(e.getMessage().contains("Event.at (in key template \"{at}#{seq}\"")
                && e.getMessage().contains("outside the supported range"), e.getMessage());
        IllegalArgumentException nullKey = assertThrows(IllegalArgumentException.class,
                () -> EVENTS.keyOf(new Event(null, Instant.EPOCH, 1)));
        assertTrue(nullKey.getMessage().contains("key component 'user'"), nullKey.getMessage());
    }

    @Test
    void aTemplateNamingAMissingComponentListsTheComponents() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EntityType.builder(Article.class).table("articles").partitionKey("author:{autor}")
                        .sortKey("article:{id}").build());
        assertTrue(e.getMessage().contains("partition key template \"author:{autor}\" names {autor}, which is not a"
                + " component of Article; its components are [author, id, title, topics, published]"), e.getMessage());
    }

    @Test
    void everyProblemIsReportedTogether() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EntityType.builder(Article.class).partitionKey("t:{topics}").sortKey("{nope}").build());
        String m = e.getMessage();
        assertTrue(m.contains("no table"), m);
        assertTrue(m.contains("{topics}, a component of type java.util.Set<java.lang.String>; a key placeholder holds"), m);
        assertTrue(m.contains("names {nope}"), m);
        IllegalArgumentException noSort = assertThrows(IllegalArgumentException.class,
                () -> EntityType.builder(Article.class).table("a").partitionKey("{id}").build());
        assertTrue(noSort.getMessage().contains("no sort key template"), noSort.getMessage());
    }

    @Test
    void argumentsAreCheckedAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> EntityType.builder(Article.class).table("bad name"));
        assertThrows(IllegalArgumentException.class, () -> EntityType.builder(Article.class).partitionKey("{a}{b}"));
        assertThrows(IllegalArgumentException.class, () -> EntityType.builder(Article.class).name(""));
        assertThrows(NullPointerException.class, () -> EntityType.builder(Article.class).sortKey(null));
        IllegalArgumentException tag = assertThrows(IllegalArgumentException.class,
                () -> EntityType.builder(Tagged.class).table("t").partitionKey("{id}").sortKey("x").build());
        assertTrue(tag.getMessage().contains("clashes with the type tag"), tag.getMessage());
    }
}
