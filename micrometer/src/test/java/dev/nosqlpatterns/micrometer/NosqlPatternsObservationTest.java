package dev.nosqlpatterns.micrometer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.index.IndexTable;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.ForwardingBackend;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.aggregate.AggregateStore;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The binding over the memory store, with the OpenTelemetry bridge of micrometer-tracing exporting to memory:
 * the documented meter names, and technique spans that hold their store calls' spans.
 */
class NosqlPatternsObservationTest {
    private final InMemorySpanExporter spans = InMemorySpanExporter.create();
    private SdkTracerProvider tracerProvider;
    private ObservationRegistry observations;
    private MeterRegistry meters;
    private Store store;

    @BeforeEach
    void wire() {
        tracerProvider = SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(spans)).build();
        OtelTracer tracer = new OtelTracer(tracerProvider.get("nosqlpatterns-test"), new OtelCurrentTraceContext(),
                event -> { });
        observations = ObservationRegistry.create();
        observations.observationConfig().observationHandler(new DefaultTracingObservationHandler(tracer));
        meters = new SimpleMeterRegistry();
        store = Store.of(new MemoryBackend());
        store.createTable(TableSpec.named("users"));
        store.createTable(TableSpec.named("users_by_city"));
        NosqlPatternsObservation.bind(store, observations, meters);
    }

    @AfterEach
    void close() {
        store.close();
        tracerProvider.close();
    }

    private static Item user(String id, String city) {
        return Item.builder("user|" + id, "<BASE>").put("name", id).put("city", city).build();
    }

    private IndexTable byCity() {
        return IndexTable.builder(store).baseTable("users").indexTable("users_by_city").attribute("city").build();
    }

    private static Tags tags(String pattern, String table) {
        return Tags.of("nosqlpatterns.pattern", pattern, "nosqlpatterns.store", "memory", "nosqlpatterns.table", table);
    }

    @Test
    void aTechniqueCallIsASpanWhoseStoreCallsAreItsChildren() {
        IndexTable index = byCity();
        index.put(user("ada", "London"));
        index.put(user("alan", "London"));
        spans.reset();

        assertEquals(2, index.find("London").size());

        List<SpanData> finished = spans.getFinishedSpanItems();
        SpanData find = finished.stream().filter(s -> s.getName().equals("indexTable.find")).findFirst().orElseThrow();
        assertEquals("indexTable.find", find.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.pattern")));
        assertEquals("memory", find.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.store")));
        assertEquals("users", find.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.table")));
        List<SpanData> children = finished.stream()
                .filter(s -> s.getParentSpanId().equals(find.getSpanId())).toList();
        assertEquals(Set.of("query", "getAll"), children.stream().map(SpanData::getName).collect(Collectors.toSet()));
        children.forEach(c -> assertEquals(find.getTraceId(), c.getTraceId()));
        assertEquals(finished.size() - 1, children.size(), "every store call of the find is a child: " + finished);
        SpanData query = children.stream().filter(s -> s.getName().equals("query")).findFirst().orElseThrow();
        assertEquals("users_by_city", query.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.table")));
        assertEquals("2", query.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.items_read")));
        long roundTrips = children.stream().mapToLong(s -> Long.parseLong(
                s.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.round_trips")))).sum();
        assertEquals(Long.toString(roundTrips),
                find.getAttributes().get(AttributeKey.stringKey("nosqlpatterns.round_trips")));
    }

    @Test
    void aStoreCallOutsideATechniqueIsASpanOfItsOwn() {
        store.put("users", user("ada", "London"));
        List<SpanData> finished = spans.getFinishedSpanItems();
        assertEquals(1, finished.size());
        assertEquals("put", finished.get(0).getName());
        assertEquals(false, finished.get(0).getParentSpanContext().isValid());
    }

    @Test
    void storeCallsAreTimedAndCountedUnderTheDocumentedNames() {
        store.put("users", user("ada", "London"));
        store.get("users", Key.of("user|ada", "<BASE>"));

        Tags put = tags("put", "users");
        assertEquals(1, meters.get("nosqlpatterns.store.calls").tags(put).tag("outcome", "success").timer().count());
        assertTrue(meters.get("nosqlpatterns.store.round.trips").tags(put).counter().count() >= 1);
        assertTrue(meters.get("nosqlpatterns.store.critical.path").tags(put).counter().count() >= 1);
        assertEquals(1, meters.get("nosqlpatterns.store.items.written").tags(put).counter().count());
        assertTrue(meters.get("nosqlpatterns.store.bytes.written").tags(put).counter().count() > 0);
        assertEquals(0, meters.get("nosqlpatterns.store.items.read").tags(put).counter().count());
        assertEquals(0, meters.get("nosqlpatterns.store.bytes.read").tags(put).counter().count());
        Tags get = tags("get", "users");
        assertEquals(1, meters.get("nosqlpatterns.store.items.read").tags(get).counter().count());
        assertTrue(meters.get("nosqlpatterns.store.bytes.read").tags(get).counter().count() > 0);
        assertNull(meters.find("nosqlpatterns.store.read.units").meter(), "the memory store reports no capacity");
        assertNull(meters.find("nosqlpatterns.store.write.units").meter());
    }

    @Test
    void techniqueCallsAreTimedWithOneSampleOfTheirCostPerCall() {
        IndexTable index = byCity();
        index.put(user("ada", "London"));
        index.find("London");
        index.find("Paris");

        Tags find = tags("indexTable.find", "users");
        assertEquals(2, meters.get("nosqlpatterns.technique.calls").tags(find).tag("outcome", "success").timer().count());
        assertEquals(2, meters.get("nosqlpatterns.technique.round.trips").tags(find).summary().count());
        assertTrue(meters.get("nosqlpatterns.technique.round.trips").tags(find).summary().totalAmount() >= 3);
        assertEquals(2, meters.get("nosqlpatterns.technique.critical.path").tags(find).summary().count());
        assertEquals(2, meters.get("nosqlpatterns.technique.items.read").tags(find).summary().totalAmount());
        assertEquals(2, meters.get("nosqlpatterns.technique.items.written").tags(find).summary().count());
        assertTrue(meters.get("nosqlpatterns.technique.bytes.read").tags(find).summary().totalAmount() > 0);
        assertEquals(0, meters.get("nosqlpatterns.technique.bytes.written").tags(find).summary().totalAmount());
        assertEquals(1, meters.get("nosqlpatterns.technique.calls").tags(tags("indexTable.put", "users"))
                .timer().count());
        assertNull(meters.find("nosqlpatterns.technique.read.units").meter());
        assertNull(meters.find("nosqlpatterns.technique.write.units").meter());
    }

    @Test
    void failuresAndConflictsAreCountedAndTheSpanCarriesTheError() {
        store.put("users", user("ada", "London"));
        spans.reset();
        assertThrows(ConditionFailedException.class,
                () -> store.put("users", user("ada", "Paris"), Condition.ifAbsent()));

        Tags conflict = tags("put", "users").and("outcome", "conflict", "exception", "ConditionFailedException");
        assertEquals(1, meters.get("nosqlpatterns.store.failures").tags(conflict).counter().count());
        assertEquals(1, meters.get("nosqlpatterns.store.conflicts").tags(conflict).counter().count());
        assertEquals(1, meters.get("nosqlpatterns.store.calls").tags(tags("put", "users")).tag("outcome", "conflict")
                .timer().count());
        SpanData failed = spans.getFinishedSpanItems().get(0);
        assertEquals(io.opentelemetry.api.trace.StatusCode.ERROR, failed.getStatus().getStatusCode());

        assertThrows(IllegalArgumentException.class, () -> store.queryEach(java.util.Arrays.asList(
                (dev.nosqlpatterns.store.model.Query) null)));
        assertNull(meters.find("nosqlpatterns.store.failures").tag("nosqlpatterns.pattern", "queryEach").meter(),
                "a call refused before it reached the store is no store call");
    }

    @Test
    void aLostOptimisticWriteIsCountedAsARetryOfItsTechniqueCall() {
        AggregateStore aggregates = AggregateStore.builder(store, "users").build();
        Key ada = Key.of("user|ada", "<BASE>");
        aggregates.create(user("ada", "London"));
        AtomicBoolean raced = new AtomicBoolean();
        aggregates.update(ada, current -> {
            if (raced.compareAndSet(false, true)) {
                aggregates.update(ada, other -> Item.builder(ada).put("name", "ada").put("city", "Leeds").build());
            }
            return Item.builder(ada).put("name", "ada").put("city", "Paris").build();
        });

        Tags update = tags("aggregate.update", "users");
        assertEquals(1, meters.get("nosqlpatterns.technique.retries").tags(update).counter().count());
        assertEquals(Optional.of("Paris"), aggregates.get(ada).flatMap(i -> i.getString("city")));
        assertEquals(2, meters.get("nosqlpatterns.technique.calls").tags(update).tag("outcome", "success")
                .timer().count());
        SpanData inner = spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("aggregate.update"))
                .findFirst().orElseThrow();
        SpanData outer = spans.getFinishedSpanItems().stream().filter(s -> s.getName().equals("aggregate.update"))
                .filter(s -> !s.getSpanId().equals(inner.getSpanId())).findFirst().orElseThrow();
        assertEquals(outer.getSpanId(), inner.getParentSpanId(), "a technique called inside another is its child");
    }

    @Test
    void theBindingRefusesMissingArgumentsAndStopsWhenClosed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NosqlPatternsObservation.bind(null, observations, meters));
        assertTrue(e.getMessage().startsWith("store must not be null"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> NosqlPatternsObservation.bind(store, (ObservationRegistry) null, meters));
        assertTrue(e.getMessage().startsWith("observations must not be null"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> NosqlPatternsObservation.bind(store, observations, null));
        assertTrue(e.getMessage().startsWith("meters must not be null"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> NosqlPatternsObservation.bind(store, (MeterRegistry) null));

        try (Store other = Store.of(new MemoryBackend())) {
            other.createTable(TableSpec.named("t"));
            MeterRegistry only = new SimpleMeterRegistry();
            Store.Registration registration = NosqlPatternsObservation.bind(other, only);
            other.get("t", Key.of("a", "b"));
            registration.close();
            other.get("t", Key.of("a", "b"));
            assertEquals(1, only.get("nosqlpatterns.store.calls").tags(Tags.of("nosqlpatterns.pattern", "get"))
                    .timer().count());
            assertNotNull(only.find("nosqlpatterns.store.round.trips").counter());
        }
    }

    @Test
    void throttledAttemptsAreCountedPerStoreCallAndPerTechniqueCall() {
        StoreBackend throttling = new ForwardingBackend(new MemoryBackend()) {
            @Override
            public Optional<Item> get(String table, Key key, CostMeter meter) {
                meter.roundTrip();
                meter.throttled();
                return delegate.get(table, key, meter);
            }
        };
        try (Store other = Store.of(throttling)) {
            other.createTable(TableSpec.named("counts"));
            NosqlPatternsObservation.bind(other, observations, meters);
            AggregateStore aggregates = AggregateStore.builder(other, "counts").build();
            aggregates.get(Key.of("a", "b"));
            other.get("counts", Key.of("a", "c"));
            Tags getTags = Tags.of(NosqlPatternsObservation.PATTERN_TAG, "get");
            assertEquals(2.0, meters.get(NosqlPatternsObservation.STORE_THROTTLES).tags(getTags).counter().count());
            assertEquals(1L, meters.get(NosqlPatternsObservation.TECHNIQUE_THROTTLES)
                    .tags(NosqlPatternsObservation.PATTERN_TAG, "aggregate.get").summary().count());
            assertEquals(1.0, meters.get(NosqlPatternsObservation.TECHNIQUE_THROTTLES)
                    .tags(NosqlPatternsObservation.PATTERN_TAG, "aggregate.get").summary().totalAmount());
        }
        assertTrue(meters.find(NosqlPatternsObservation.STORE_THROTTLES).tags("nosqlpatterns.store", "memory")
                .tags(NosqlPatternsObservation.PATTERN_TAG, "put").counters().isEmpty(), "no meter before a throttle");
    }
}
