package dev.nosqlpatterns.examples.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.UniqueConstraintException;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.store.Store;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The application started as a user would start it, with only the store's URI (an embedded Redis) and
 * the sample data, answering every access pattern over HTTP.
 */
class NewsApplicationTest {
    /** Keeps the application's finished spans in memory, where the test reads them. */
    @Configuration(proxyBeanMethods = false)
    static class InMemoryTraces {
        @Bean
        InMemorySpanExporter inMemorySpanExporter() {
            return InMemorySpanExporter.create();
        }
    }

    private static ConfigurableApplicationContext app;
    private static String base;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        app = SpringApplication.run(new Class<?>[] {NewsApplication.class, InMemoryTraces.class}, new String[] {
                "--server.port=0", "--nosqlpatterns.store.uri=" + EmbeddedRedis.shared().uri(), "--news.sample=true",
                "--news.namespace=news" + System.nanoTime(), "--management.tracing.sampling.probability=1.0"});
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

    @Test
    void storeCallsAndTechniqueCallsAreMeteredUnderTheDocumentedNames() throws Exception {
        ok(get("/providers/" + code("$FOX") + "/months"));
        ok(get("/topics/" + code("#sports") + "/articles"));

        String names = ok(get("/actuator/metrics"));
        for (String name : List.of("nosqlpatterns.store.calls", "nosqlpatterns.store.round.trips",
                "nosqlpatterns.store.critical.path", "nosqlpatterns.store.items.read",
                "nosqlpatterns.store.items.written", "nosqlpatterns.store.bytes.read",
                "nosqlpatterns.store.bytes.written", "nosqlpatterns.technique.calls",
                "nosqlpatterns.technique.round.trips", "nosqlpatterns.technique.critical.path",
                "nosqlpatterns.technique.items.read", "nosqlpatterns.technique.items.written",
                "nosqlpatterns.technique.bytes.read", "nosqlpatterns.technique.bytes.written",
                "nosqlpatterns.technique.retries", "nosqlpatterns.store.call", "nosqlpatterns.technique.call")) {
            assertTrue(names.contains("\"" + name + "\""), name + " in " + names);
        }
        String months = ok(get("/actuator/metrics/nosqlpatterns.technique.calls?tag="
                + code("nosqlpatterns.pattern:timeBuckets.buckets") + "&tag=" + code("nosqlpatterns.store:redis")));
        assertTrue(months.contains("\"COUNT\""), months);

        MeterRegistry meters = app.getBean(MeterRegistry.class);
        assertTrue(meters.get("nosqlpatterns.technique.calls").tag("nosqlpatterns.pattern", "timeBuckets.buckets")
                .tag("nosqlpatterns.store", "redis").tag("outcome", "success").timer().count() >= 1);
        assertTrue(meters.get("nosqlpatterns.technique.round.trips").tag("nosqlpatterns.pattern", "timeBuckets.buckets")
                .summary().totalAmount() >= 1);
        assertTrue(meters.get("nosqlpatterns.store.round.trips").tag("nosqlpatterns.pattern", "get")
                .tag("nosqlpatterns.store", "redis").counter().count() >= 1);
    }

    /** A member of a club, found by a unique email. */
    record Member(String id, String email) {
    }

    @Test
    void aUniqueValueTakenThroughTheEntityRepositoryCountsOneConflict() {
        EntityType<Member> members = EntityType.builder(Member.class)
                .table("members_" + Long.toString(System.nanoTime(), 36)).partitionKey("member:{id}").sortKey("<M>")
                .uniqueIndex("byEmail", "{email}").build();
        EntityRepository repository = EntityRepository.of(app.getBean(Store.class), members);
        repository.createTables();
        repository.save(members, new Member("ada", "ada@example.com"));
        MeterRegistry meters = app.getBean(MeterRegistry.class);
        double before = conflicts(meters);

        UniqueConstraintException taken = assertThrows(UniqueConstraintException.class,
                () -> repository.save(members, new Member("eve", "ada@example.com")));

        assertEquals("ada@example.com", taken.value());
        assertEquals(before + 1, conflicts(meters),
                "the clash is one conflict of the entity.save the application called, tagged with its exception");
    }

    private static double conflicts(MeterRegistry meters) {
        return meters.find("nosqlpatterns.technique.conflicts").tag("nosqlpatterns.pattern", "entity.save")
                .tag("nosqlpatterns.store", "redis").tag("outcome", "conflict")
                .tag("exception", "UniqueConstraintException").counters().stream().mapToDouble(Counter::count).sum();
    }

    @Test
    void aTechniqueCallIsTracedWithItsStoreCallsAsChildSpans() throws Exception {
        ok(get("/providers/" + code("$ESPN") + "/months"));

        app.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
        List<SpanData> spans = app.getBean(InMemorySpanExporter.class).getFinishedSpanItems();
        SpanData technique = spans.stream().filter(s -> s.getName().equals("timeBuckets.buckets")).findFirst()
                .orElseThrow(() -> new AssertionError("no technique span among " + spans));
        assertEquals("redis", technique.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.store")));
        List<SpanData> children = spans.stream()
                .filter(s -> s.getParentSpanId().equals(technique.getSpanId())).toList();
        assertFalse(children.isEmpty(), "the technique span has no children among " + spans);
        for (SpanData child : children) {
            assertEquals(technique.getTraceId(), child.getTraceId());
            assertEquals("get", child.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.pattern")));
            assertEquals("redis", child.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.store")));
        }
        assertTrue(spans.stream().anyMatch(s -> s.getSpanId().equals(technique.getParentSpanId())),
                "the technique span is a child of the HTTP request's span");
    }
}
