package dev.nosqlpatterns.examples.spring;

import dev.nosqlpatterns.examples.news.NewsExample;
import dev.nosqlpatterns.examples.news.NewsGoggles;
import dev.nosqlpatterns.store.Store;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * News Goggles as a web application: the starter opens the store named by {@code nosqlpatterns.store.uri},
 * this class opens News Goggles over it (loading the sample data when {@code news.sample=true}), and
 * {@link NewsController} serves each access pattern at its own endpoint.
 */
@SpringBootApplication
public class NewsApplication {

    /** News Goggles in the store's tables of namespace {@code news.namespace}. */
    @Bean
    NewsGoggles newsGoggles(Store store, @Value("${news.namespace:news}") String namespace,
                            @Value("${news.sample:false}") boolean sample) {
        NewsGoggles news = NewsGoggles.open(store, namespace);
        if (sample) {
            NewsExample.loadSample(news);
        }
        return news;
    }

    /** Starts the application; give it {@code --nosqlpatterns.store.uri=...}. */
    public static void main(String[] args) {
        SpringApplication.run(NewsApplication.class, args);
    }
}
