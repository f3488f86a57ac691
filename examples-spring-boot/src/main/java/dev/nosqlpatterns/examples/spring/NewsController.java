package dev.nosqlpatterns.examples.spring;

import dev.nosqlpatterns.examples.news.NewsArticle;
import dev.nosqlpatterns.examples.news.NewsGoggles;
import dev.nosqlpatterns.examples.news.Preferences;
import java.time.Instant;
import java.time.YearMonth;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * One endpoint per News Goggles access pattern; each makes the reads its method documents in
 * {@link NewsGoggles}, and nothing else. A request the model refuses is a 400 with the model's message.
 */
@RestController
class NewsController {
    private final NewsGoggles news;

    NewsController(NewsGoggles news) {
        this.news = news;
    }

    @GetMapping("/providers")
    List<String> providers() {
        return news.providers();
    }

    @GetMapping("/topics")
    List<String> topics() {
        return news.topics();
    }

    @GetMapping("/articles/{id}")
    ResponseEntity<NewsArticle> article(@PathVariable String id) {
        return ResponseEntity.of(news.article(id));
    }

    @PostMapping("/articles")
    @ResponseStatus(HttpStatus.CREATED)
    void publish(@RequestBody NewsArticle article) {
        news.publish(article);
    }

    @GetMapping("/providers/{provider}/months")
    List<YearMonth> publicationMonths(@PathVariable String provider) {
        return news.publicationMonths(provider);
    }

    /** The articles of a month ({@code ?month=2012-01}), or of a time window ({@code ?from=...&to=...}), newest first. */
    @GetMapping("/providers/{provider}/articles")
    List<NewsArticle> articlesByProvider(@PathVariable String provider, @RequestParam Optional<YearMonth> month,
                                         @RequestParam Optional<Instant> from, @RequestParam Optional<Instant> to) {
        if (month.isPresent()) {
            return news.articlesByProviderAndMonth(provider, month.get());
        }
        return news.articlesByProvider(provider, from.orElseThrow(() -> missing("month or from")),
                to.orElseThrow(() -> missing("to")));
    }

    @GetMapping("/topics/{topic}/articles")
    List<NewsArticle> articlesByTopic(@PathVariable String topic) {
        return news.articlesByTopic(topic);
    }

    @PutMapping("/subscribers/{subscriber}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void subscribe(@PathVariable String subscriber, @RequestBody Preferences preferences) {
        news.subscribe(subscriber, Optional.empty(), preferences);
    }

    @GetMapping("/subscribers/{subscriber}/preferences")
    Preferences preferences(@PathVariable String subscriber) {
        return news.preferences(subscriber);
    }

    @PostMapping("/subscribers/{subscriber}/likes/{topic}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void like(@PathVariable String subscriber, @PathVariable String topic) {
        news.like(subscriber, topic);
    }

    @GetMapping("/subscribers/{subscriber}/feed")
    List<NewsArticle> feed(@PathVariable String subscriber, @RequestParam Instant from, @RequestParam Instant to) {
        return news.feed(subscriber, from, to);
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ResponseEntity<String> refused(IllegalArgumentException e) {
        return ResponseEntity.badRequest().body(e.getMessage());
    }

    private static IllegalArgumentException missing(String parameter) {
        return new IllegalArgumentException("give the request parameter " + parameter);
    }
}
