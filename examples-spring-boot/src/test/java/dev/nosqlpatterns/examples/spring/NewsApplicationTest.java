package dev.nosqlpatterns.examples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application started as a user would start it, with only the store's URI (an embedded Redis) and
 * the sample data, answering every access pattern over HTTP.
 */
class NewsApplicationTest {
    private static ConfigurableApplicationContext app;
    private static String base;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        app = SpringApplication.run(NewsApplication.class, "--server.port=0",
                "--nosqlpatterns.store.uri=" + EmbeddedRedis.shared().uri(), "--news.sample=true",
                "--news.namespace=news" + System.nanoTime());
        base = "http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port");
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> send(String method, String path, String json)
            throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(json)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String code(String code) {
        return URLEncoder.encode(code, StandardCharsets.UTF_8);
    }

    private static String ok(HttpResponse<String> response) {
        assertEquals(200, response.statusCode(), response.uri() + ": " + response.body());
        return response.body();
    }

    @Test
    void minorEntities() throws Exception {
        assertEquals("[\"$CNN\",\"$ESPN\",\"$FOX\",\"$MSNBC\"]", ok(get("/providers")));
        assertTrue(ok(get("/topics")).contains("\"#sports\""));
    }

    @Test
    void articlesByIdMonthWindowAndTopic() throws Exception {
        String article = ok(get("/articles/1001"));
        assertTrue(article.contains("\"id\":\"1001\""), article);
        assertEquals(404, get("/articles/999999").statusCode());
        String months = ok(get("/providers/" + code("$FOX") + "/months"));
        assertTrue(months.contains("\"2012-01\""), months);
        String january = ok(get("/providers/" + code("$FOX") + "/articles?month=2012-01"));
        assertTrue(january.contains("\"provider\":\"$FOX\""), january);
        String window = ok(get("/providers/" + code("$ESPN") + "/articles?from=2012-01-01T00:00:00Z&to=2012-03-31T23:59:59Z"));
        assertTrue(window.contains("\"provider\":\"$ESPN\""), window);
        String sports = ok(get("/topics/" + code("#sports") + "/articles"));
        assertTrue(sports.contains("#sports"), sports);
    }

    @Test
    void subscribersLikesAndFeeds() throws Exception {
        String feed = ok(get("/subscribers/" + code("@Bob") + "/feed?from=2012-01-01T00:00:00Z&to=2012-03-31T23:59:59Z"));
        assertTrue(feed.startsWith("[{"), feed);
        assertEquals(204, send("PUT", "/subscribers/" + code("@Dana"), "{\"likedTopics\":[\"#usa\"],\"likedProviders\":[],"
                + "\"dislikedTopics\":[],\"dislikedProviders\":[],\"allows\":[],\"blocks\":[]}").statusCode());
        assertEquals(204, send("POST", "/subscribers/" + code("@Dana") + "/likes/" + code("#opinion"), "").statusCode());
        String preferences = ok(get("/subscribers/" + code("@Dana") + "/preferences"));
        assertTrue(preferences.contains("#usa") && preferences.contains("#opinion"), preferences);
    }

    @Test
    void aPublishedArticleIsReadBackAndABadOneIsRefused() throws Exception {
        String json = "{\"id\":\"7001\",\"provider\":\"$CNN\",\"topics\":[\"#politics\"],\"subject\":\"Caucus results\","
                + "\"published\":\"2012-01-04T08:00:00Z\"}";
        assertEquals(201, send("POST", "/articles", json).statusCode());
        assertTrue(ok(get("/articles/7001")).contains("Caucus results"));
        HttpResponse<String> refused = send("POST", "/subscribers/" + code("Dana") + "/likes/" + code("#opinion"), "");
        assertEquals(400, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("Dana"), refused.body());
    }

    @Test
    void theHealthEndpointReportsTheStore() throws Exception {
        String health = ok(get("/actuator/health"));
        assertTrue(health.contains("\"nosqlpatterns\":{") && health.contains("\"store\":\"redis\""), health);
    }
}
