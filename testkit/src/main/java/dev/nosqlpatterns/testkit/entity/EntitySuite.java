package dev.nosqlpatterns.testkit.entity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.ItemCollection;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.model.Direction;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.testkit.StoreSuite;
import dev.nosqlpatterns.testkit.entity.SampleEntities.Address;
import dev.nosqlpatterns.testkit.entity.SampleEntities.Article;
import dev.nosqlpatterns.testkit.entity.SampleEntities.ArticleKey;
import dev.nosqlpatterns.testkit.entity.SampleEntities.Click;
import dev.nosqlpatterns.testkit.entity.SampleEntities.Exceptions;
import dev.nosqlpatterns.testkit.entity.SampleEntities.MonthlyArticle;
import dev.nosqlpatterns.testkit.entity.SampleEntities.Preference;
import dev.nosqlpatterns.testkit.entity.SampleEntities.Status;
import dev.nosqlpatterns.testkit.entity.SampleEntities.Subscriber;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Entities and key templates on a real store: records saved and read back whole, item collections read typed with
 * one query, other types' items never returned, separators in key values round-tripped, typed sort keys in value
 * order, and bad input refused before anything is written. Uses only the Store API; a few store calls per test.
 */
public abstract class EntitySuite extends StoreSuite {

    private String table;
    private SampleEntities entities;
    private EntityRepository repo;

    @BeforeEach
    void defineEntities() {
        table = newTable();
        entities = new SampleEntities(table);
        repo = EntityRepository.of(store, entities.all());
    }

    static Article article(String author, String id) {
        return new Article(author, id, "Theory of Self-Reproducing Automata", List.of("automata", "", "self|copy"),
                Set.of("#cs", "#biology"), Set.of(1966, -44), new BigDecimal("4.75"), Status.PUBLISHED,
                Instant.parse("1966-01-01T00:00:00.000000001Z"), Optional.empty(),
                new Address("Princeton", Optional.of("08540")),
                List.of(new Address("Budapest", Optional.empty())), Map.of("2024", 12L, "total", 40_000_000_000L),
                new byte[] {1, 0, -1});
    }

    /** Articles compared with their thumbnails, which record equality compares by reference. */
    static void assertSameArticle(Article expected, Article actual) {
        assertArrayEquals(expected.thumbnail(), actual.thumbnail());
        assertEquals(withoutThumbnail(expected), withoutThumbnail(actual));
    }

    static Article withoutThumbnail(Article a) {
        return new Article(a.author(), a.id(), a.title(), a.keywords(), a.topics(), a.years(), a.rating(), a.status(),
                a.published(), a.retracted(), a.contact(), a.mirrors(), a.views(), null);
    }

    @Test
    void aRecordIsSavedAndReadBackWhole() {
        Article a = article("neumann", "theory_of_automata");
        repo.save(a);
        assertSameArticle(a, repo.get(entities.articles, Map.of("author", "neumann", "id", "theory_of_automata")).orElseThrow());
        assertSameArticle(a, repo.get(entities.articles, new ArticleKey("neumann", "theory_of_automata")).orElseThrow());
        assertEquals(Optional.empty(), repo.get(entities.articles, new ArticleKey("neumann", "missing")));
        Item stored = store.get(table, Key.of("author:neumann", "article:theory_of_automata")).orElseThrow();
        assertEquals("article", stored.getString(EntityType.TYPE_ATTRIBUTE).orElseThrow());
    }

    /** The subscriber @Bob, one item per row of his collection. */
    private void saveBob() {
        repo.batch()
                .save(entities.base, new Subscriber("@Bob", Optional.empty(), Instant.parse("2012-01-01T00:00:00Z")))
                .save(entities.likes, new Preference("@Bob", "#politics"))
                .save(entities.likes, new Preference("@Bob", "#detroit"))
                .save(entities.dislikes, new Preference("@Bob", "#democrats"))
                .save(entities.allows, new Exceptions("@Bob", Set.of("$CNN|#detroit")))
                .save(entities.blocks, new Exceptions("@Bob", Set.of("$FOX|#opinion", "$FOX|#sports")))
                .save(entities.base, new Subscriber("@Alice", Optional.of("Dkjaafjjkjemded"), Instant.EPOCH))
                .write();
    }

    @Test
    void oneQueryReturnsTheWholeCollectionTyped() {
        saveBob();
        CostTally tally = new CostTally();
        ItemCollection bob = store.measure(tally, () -> repo.collection(entities.subscriber, Map.of("code", "@Bob")));
        assertEquals(1, tally.calls(), "the whole collection is one query");
        assertEquals(List.of("allows", "subscriber", "blocks", "dislikes", "likes", "likes"), bob.typeNames(),
                "sort-key order: <ALLOWS> < <BASE> < <BLOCKS> < <DISLIKES># < <LIKES>#");
        assertEquals(Optional.empty(), bob.one(entities.base).orElseThrow().hashedPassword());
        assertEquals(List.of(new Preference("@Bob", "#detroit"), new Preference("@Bob", "#politics")), bob.of(entities.likes));
        assertEquals(List.of(new Preference("@Bob", "#democrats")), bob.of(entities.dislikes));
        assertEquals(3, bob.of(Preference.class).size());
        assertEquals(Set.of("$FOX|#opinion", "$FOX|#sports"), bob.one(entities.blocks).orElseThrow().providerTopics());
        assertEquals(0, bob.skipped());
        ItemCollection alice = repo.collection(entities.subscriber, Map.of("code", "@Alice"));
        assertEquals(List.of("subscriber"), alice.typeNames());
        assertEquals(Optional.of("Dkjaafjjkjemded"), alice.one(entities.base).orElseThrow().hashedPassword());
    }

    @Test
    void perTypeQueriesReadOnlyThatType() {
        saveBob();
        assertEquals(List.of("#detroit", "#politics"),
                repo.query(entities.likes, Map.of("code", "@Bob")).map(Preference::topic).toList());
        assertEquals(List.of("#politics", "#detroit"), repo.query(entities.likes, Map.of("code", "@Bob"), Map.of(),
                Direction.DESCENDING).map(Preference::topic).toList());
        assertEquals(List.of("#democrats"), repo.query(entities.dislikes, Map.of("code", "@Bob")).map(Preference::topic)
                .toList());
        assertEquals(List.of(), repo.query(entities.likes, Map.of("code", "@Alice")).toList());
    }

    @Test
    void itemsOfOtherTypesAreNeverReturned() {
        saveBob();
        String bob = "subscriber|@Bob";
        store.writeBatch(List.of(
                Write.put(table, item(bob, "<LIKES>#untagged", "code", "@Bob")),
                Write.put(table, item(bob, "<LIKES>#other", "_type", "dislikes", "code", "@Bob")),
                Write.put(table, item(bob, "<LIKES>#foreign", "_type", "audit")),
                Write.put(table, item("subscriber|@Eve", "<BASE>", "_type", "admin"))));
        assertEquals(List.of("#detroit", "#politics"),
                repo.query(entities.likes, Map.of("code", "@Bob")).map(Preference::topic).toList());
        ItemCollection c = repo.collection(entities.subscriber, Map.of("code", "@Bob"));
        assertEquals(6, c.size());
        assertEquals(3, c.skipped(), "untagged, tagged with an unknown type, tagged dislikes under a likes key");
        assertEquals(List.of(new Preference("@Bob", "#democrats")), c.of(entities.dislikes));
        assertEquals(Optional.empty(), repo.get(entities.base, Map.of("code", "@Eve")));
        assertFalse(repo.delete(entities.base, Map.of("code", "@Eve")), "another type's item is not deleted");
        assertTrue(store.get(table, Key.of("subscriber|@Eve", "<BASE>")).isPresent());
    }

    @Test
    void separatorsInKeyValuesRoundTrip() {
        List<String> codes = List.of("a|b", "\\", "x\\|y", "<LIKES>#", "", "{code}", "ü😀|", "|||");
        EntityRepository.Batch batch = repo.batch();
        for (String code : codes) {
            batch.save(entities.base, new Subscriber(code, Optional.of(code), Instant.EPOCH));
            batch.save(entities.likes, new Preference(code, code + "#\\"));
            batch.save(entities.monthly, new MonthlyArticle(code, YearMonth.of(2012, 1), 1001, code, Set.of(code + "!")));
        }
        batch.write();
        for (String code : codes) {
            assertEquals(Optional.of(code), repo.get(entities.base, Map.of("code", code)).orElseThrow().hashedPassword());
            assertEquals(List.of(code + "#\\"), repo.query(entities.likes, Map.of("code", code)).map(Preference::topic)
                    .toList(), code);
            assertEquals(List.of(new MonthlyArticle(code, YearMonth.of(2012, 1), 1001, code, Set.of(code + "!"))),
                    repo.query(entities.monthly, Map.of("provider", code, "month", YearMonth.of(2012, 1))).toList(), code);
        }
        assertTrue(store.get(table, Key.of("subscriber|x\\|y", "<BASE>")).isPresent(),
                "the last value of a template runs to the end of the key, unescaped");
        assertTrue(store.get(table, Key.of("a|b!!|2012-01", "0000000000000001001")).isPresent(),
                "a value followed by literal text is a self-delimiting token, so its own '|' needs no escape");
        assertEquals(List.of("subscriber", "likes"),
                repo.collection(entities.subscriber, Map.of("code", "|||")).typeNames());
    }

    @Test
    void typedSortKeysComeBackInValueOrder() {
        List<Click> clicks = new ArrayList<>();
        Instant[] times = {Instant.parse("1969-07-20T20:17:40Z"), Instant.parse("1969-07-20T20:17:40.5Z"),
            Instant.EPOCH, Instant.parse("2024-02-29T23:59:59.999999999Z"), Instant.parse("0001-01-01T00:00:00Z")};
        long[] seqs = {-5_000_000_000L, -1, 0, 7, 42, Long.MAX_VALUE};
        for (Instant t : times) {
            for (long s : seqs) {
                clicks.add(new Click("ada", t, s, "site-" + s));
            }
        }
        repo.saveAll(clicks);
        List<Click> expected = clicks.stream().sorted(Comparator.comparing(Click::at).thenComparingLong(Click::seq))
                .toList();
        assertEquals(expected, repo.query(entities.clicks, Map.of("user", "ada")).toList());
        List<Click> reversed = new ArrayList<>(expected);
        java.util.Collections.reverse(reversed);
        assertEquals(reversed, repo.query(entities.clicks, Map.of("user", "ada"), Map.of(), Direction.DESCENDING).toList());
        assertEquals(expected.subList(6, 12), repo.query(entities.clicks, Map.of("user", "ada"),
                Map.of("at", Instant.parse("1969-07-20T20:17:40Z")), Direction.ASCENDING).toList(),
                "a prefix of whole seconds does not reach into the fractions");
    }

    @Test
    void insertRefusesAnExistingEntityAndDeleteRemovesOnlyItsOwnType() {
        Preference p = new Preference("@Pat", "#sports");
        repo.save(entities.likes, p);
        repo.insert(new Subscriber("@Pat", Optional.empty(), Instant.EPOCH));
        assertThrows(ConditionFailedException.class,
                () -> repo.insert(new Subscriber("@Pat", Optional.of("other"), Instant.EPOCH)));
        assertEquals(Optional.empty(), repo.get(entities.base, Map.of("code", "@Pat")).orElseThrow().hashedPassword());
        assertTrue(repo.delete(entities.likes, p));
        assertFalse(repo.delete(entities.likes, p));
        assertEquals(List.of("subscriber"), repo.collection(entities.subscriber, Map.of("code", "@Pat")).typeNames());
        IllegalArgumentException ambiguous = assertThrows(IllegalArgumentException.class, () -> repo.save(p));
        assertTrue(ambiguous.getMessage().contains("[likes, dislikes]"), ambiguous.getMessage());
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsWritten() {
        Article a = article("borges", "aleph");
        Article late = new Article(a.author(), "late", a.title(), a.keywords(), a.topics(), a.years(), a.rating(),
                a.status(), Instant.parse("+10000-01-01T00:00:00Z"), a.retracted(), a.contact(), a.mirrors(), a.views(),
                a.thumbnail());
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class, () -> repo.saveAll(List.of(a, late)));
        assertTrue(range.getMessage().contains("outside the supported range"), range.getMessage());
        String longCode = "x".repeat(store.limits().maxPartitionKeyBytes());
        assertThrows(InvalidKeyException.class,
                () -> repo.save(new Subscriber(longCode, Optional.empty(), Instant.EPOCH)));
        assertThrows(IllegalArgumentException.class, () -> repo.get(entities.articles, Map.of("author", "borges")));
        assertEquals(List.of(), store.query(Query.in(table, "author:borges")).items(), "nothing was written");
    }
}
