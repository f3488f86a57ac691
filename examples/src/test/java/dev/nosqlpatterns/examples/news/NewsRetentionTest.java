package dev.nosqlpatterns.examples.news;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Articles expire a retention period after their publication, with their month-bucket copies and topic
 * links: reads leave them out from then on, before anything removed them, and the leftovers are counted and
 * removed. Time moves on a second store over the same backend whose clock the test sets.
 */
class NewsRetentionTest {
    private static final Duration RETENTION = Duration.ofDays(30);

    /** A clock the test moves forward. */
    private static final class MovableClock extends Clock {
        private Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Test
    void anArticleAndItsTopicLinksDisappearAfterTheRetentionPeriod() {
        MemoryBackend backend = new MemoryBackend();
        MovableClock clock = new MovableClock();
        Store store = Store.of(backend, clock);
        NewsGoggles news = NewsGoggles.open(store, "news", RETENTION);
        news.registerMinorEntities(Map.of("$bbc", "BBC"), Map.of("#science", "Science", "#space", "Space"));
        Instant now = clock.instant();
        NewsArticle old = new NewsArticle("a-old", "$bbc", Set.of("#science", "#space"), "Comet seen",
                now.minus(Duration.ofDays(20)));
        NewsArticle recent = new NewsArticle("a-new", "$bbc", Set.of("#science"), "Probe lands", now.minus(Duration.ofDays(1)));
        news.publish(old);
        news.publish(recent);
        assertEquals(List.of("a-new", "a-old"), ids(news.articlesByTopic("#science")));
        assertEquals(List.of("a-old"), ids(news.articlesByTopic("#space")));
        assertEquals(0, news.expiredLeftovers());

        clock.advance(Duration.ofDays(11));
        assertTrue(news.article("a-old").isEmpty(), "the article expired 30 days after publication");
        assertEquals(List.of("a-new"), ids(news.articlesByTopic("#science")));
        assertEquals(List.of(), ids(news.articlesByTopic("#space")));
        assertEquals(List.of("a-new"), ids(news.articlesByProvider("$bbc", now.minus(Duration.ofDays(60)), now)));
        assertTrue(news.article("a-new").isPresent());
        // The article, its month-bucket copy and both sides of its two topic links.
        assertEquals(6, news.expiredLeftovers());
        assertEquals(6, news.removeExpired());
        assertEquals(0, news.expiredLeftovers());
        assertEquals(List.of("a-new"), ids(news.articlesByTopic("#science")));

        clock.advance(Duration.ofDays(30));
        assertEquals(List.of(), ids(news.articlesByTopic("#science")));
        assertEquals(4, news.removeExpired(), "the article, its copy and both sides of its one link");
    }

    @Test
    void aRetentionMustBePositive() {
        Store store = Store.of(new MemoryBackend());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NewsGoggles.open(store, "news", Duration.ZERO));
        assertTrue(e.getMessage().contains("PT0S"), e.getMessage());
    }

    private static List<String> ids(List<NewsArticle> articles) {
        return articles.stream().map(NewsArticle::id).toList();
    }
}
