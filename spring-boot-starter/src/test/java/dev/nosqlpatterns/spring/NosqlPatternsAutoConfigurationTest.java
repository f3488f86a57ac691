package dev.nosqlpatterns.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.store.model.TableSpec;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import dev.nosqlpatterns.store.Store;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.beans.factory.config.BeanDefinitionCustomizer;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/** The store bean from a URI, from a client bean, or not at all, and its health indicator, on real stores. */
class NosqlPatternsAutoConfigurationTest {
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(NosqlPatternsAutoConfiguration.class, NosqlPatternsHealthAutoConfiguration.class,
                    NosqlPatternsObservationAutoConfiguration.class));

    @Test
    void aUriOpensTheStoreAndTheHealthIndicatorReadsFromIt() {
        runner.withPropertyValues("nosqlpatterns.store.uri=" + EmbeddedRedis.shared().uri()).run(context -> {
            Store store = context.getBean(Store.class);
            assertEquals("redis", store.kind());
            store.createTable(TableSpec.named("greetings"));
            store.put("greetings", Item.builder("p", "s").put("text", "hello").build());
            assertEquals("hello", store.get("greetings", Key.of("p", "s")).orElseThrow().getString("text").orElseThrow());
            Health health = context.getBean("nosqlpatternsHealthIndicator", HealthIndicator.class).health();
            assertEquals(Status.UP, health.getStatus(), health.toString());
            assertEquals("redis", health.getDetails().get("store"));
        });
    }

    @Test
    void withoutAUriTheStoreWrapsTheApplicationsClientAndLeavesItOpen() {
        UnifiedJedis client = new JedisPooled(EmbeddedRedis.shared().uri());
        try {
            runner.withBean(UnifiedJedis.class, () -> client, keepOpen()).run(context -> {
                assertEquals("redis", context.getBean(Store.class).kind());
            });
            assertEquals("PONG", client.ping(), "closing the context closed the store, not the client");
        } finally {
            client.close();
        }
    }

    /** The client stays the test's: the context must not close it either. */
    private static BeanDefinitionCustomizer keepOpen() {
        return definition -> ((AbstractBeanDefinition) definition).setDestroyMethodName("");
    }

    @Test
    void aLuceneDirectoryBeanGetsAStoreWithItsOwnWriterAndStaysOpen() throws Exception {
        try (org.apache.lucene.store.Directory directory = new org.apache.lucene.store.ByteBuffersDirectory()) {
            runner.withBean(org.apache.lucene.store.Directory.class, () -> directory, keepOpen()).run(context -> {
                Store store = context.getBean(Store.class);
                assertEquals("lucene", store.kind());
                store.createTable(TableSpec.named("notes"));
                store.put("notes", Item.builder("p", "s").put("text", "kept").build());
            });
            try (org.apache.lucene.index.DirectoryReader reader =
                         org.apache.lucene.index.DirectoryReader.open(directory)) {
                assertEquals(1, reader.numDocs(), "the store's writer committed and closed; the directory is open");
            }
        }
    }

    @Test
    void aUriWinsOverAClientBean() {
        UnifiedJedis client = new JedisPooled(EmbeddedRedis.shared().uri());
        try {
            runner.withBean(UnifiedJedis.class, () -> client, keepOpen()).withPropertyValues("nosqlpatterns.store.uri=memory:")
                    .run(context -> assertEquals("memory", context.getBean(Store.class).kind()));
        } finally {
            client.close();
        }
    }

    @Test
    void anApplicationsOwnStoreIsLeftAlone() {
        Store mine = dev.nosqlpatterns.store.Stores.open("memory:");
        runner.withBean(Store.class, () -> mine).withPropertyValues("nosqlpatterns.store.uri=" + EmbeddedRedis.shared().uri())
                .run(context -> assertEquals(mine, context.getBean(Store.class)));
    }

    @Test
    void noUriAndNoClientMeansNoStore() {
        runner.run(context -> {
            assertTrue(context.getBeansOfType(Store.class).isEmpty());
            assertTrue(context.getBeansOfType(HealthIndicator.class).isEmpty());
        });
    }

    @Test
    void theHealthIndicatorCanBeTurnedOff() {
        runner.withPropertyValues("nosqlpatterns.store.uri=memory:", "management.health.nosqlpatterns.enabled=false")
                .run(context -> {
                    assertNotNull(context.getBean(Store.class));
                    assertFalse(context.containsBean("nosqlpatternsHealthIndicator"));
                });
    }

    @Test
    void aStoreThatDoesNotAnswerIsDown() {
        runner.withPropertyValues("nosqlpatterns.store.uri=redis://127.0.0.1:1?timeoutMs=500").run(context -> {
            Health health = context.getBean("nosqlpatternsHealthIndicator", HealthIndicator.class).health();
            assertEquals(Status.DOWN, health.getStatus(), health.toString());
        });
    }

    @Test
    void aMalformedUriFailsTheStartNamingIt() {
        runner.withPropertyValues("nosqlpatterns.store.uri=nosuchstore://x").run(context -> {
            Throwable failure = context.getStartupFailure();
            assertNotNull(failure, "the context did not start");
            Throwable root = failure;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            assertTrue(root.getMessage().contains("nosuchstore"), root.getMessage());
        });
    }

    @Test
    void withRegistriesEveryCallOfTheStoreIsObservedAndMetered() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        ObservationRegistry observations = ObservationRegistry.create();
        List<String> observed = new CopyOnWriteArrayList<>();
        observations.observationConfig().observationHandler(new ObservationHandler<>() {
            @Override
            public boolean supportsContext(Observation.Context context) {
                return true;
            }

            @Override
            public void onStop(Observation.Context context) {
                observed.add(context.getName() + " " + context.getContextualName());
            }
        });
        runner.withBean(MeterRegistry.class, () -> meters).withBean(ObservationRegistry.class, () -> observations)
                .withPropertyValues("nosqlpatterns.store.uri=" + EmbeddedRedis.shared().uri()).run(context -> {
                    assertNotNull(context.getBean(StoreObservation.class));
                    Store store = context.getBean(Store.class);
                    store.createTable(TableSpec.named("observed"));
                    store.get("observed", Key.of("a", "b"));
                    assertEquals(1, meters.get("nosqlpatterns.store.calls").tag("nosqlpatterns.pattern", "get")
                            .tag("nosqlpatterns.store", "redis").tag("nosqlpatterns.table", "observed")
                            .tag("outcome", "success").timer().count());
                    assertTrue(meters.get("nosqlpatterns.store.round.trips").tag("nosqlpatterns.pattern", "get")
                            .counter().count() >= 1);
                    assertTrue(observed.contains("nosqlpatterns.store.call get"), observed.toString());
                });
    }

    @Test
    void aMeterRegistryAloneIsEnoughAndTheBindingEndsWithTheContext() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        Store mine = Store.of(new dev.nosqlpatterns.store.memory.MemoryBackend());
        mine.createTable(TableSpec.named("t"));
        runner.withBean(MeterRegistry.class, () -> meters).withBean(Store.class, () -> mine, keepOpen()).run(context -> {
            assertNotNull(context.getBean(StoreObservation.class));
            mine.get("t", Key.of("a", "b"));
        });
        mine.get("t", Key.of("a", "b"));
        assertEquals(1, meters.get("nosqlpatterns.store.calls").tag("nosqlpatterns.pattern", "get").timer().count(),
                "observed while the context ran, not after");
        mine.close();
    }

    @Test
    void theObservationCanBeTurnedOffAndNeedsARegistry() {
        runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new)
                .withPropertyValues("nosqlpatterns.store.uri=memory:", "nosqlpatterns.observation.enabled=false")
                .run(context -> assertTrue(context.getBeansOfType(StoreObservation.class).isEmpty()));
        runner.withPropertyValues("nosqlpatterns.store.uri=memory:")
                .run(context -> assertTrue(context.getBeansOfType(StoreObservation.class).isEmpty()));
    }

    @Test
    void theSwitchIsInTheConfigurationMetadata() throws java.io.IOException {
        try (java.io.InputStream in = getClass().getClassLoader()
                .getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
            assertNotNull(in, "the configuration processor wrote the metadata");
            String metadata = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(metadata.contains("\"nosqlpatterns.observation.enabled\""), metadata);
        }
    }
}
