package dev.nosqlpatterns.micrometer;

import dev.nosqlpatterns.store.CallObserver;
import dev.nosqlpatterns.store.ObservedCall;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.tree.TreeException;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Binds a {@link Store} to Micrometer: every store call (one {@code Store} method that reaches the store,
 * such as {@code query}) and every technique call (one entry point of a technique, such as
 * {@code indexTable.find}) becomes an {@link Observation}, and what each cost is recorded in timers,
 * counters and distribution summaries. Under a tracing bridge (micrometer-tracing with OpenTelemetry or
 * Brave) each observation is a span, and the store calls a technique call makes on its thread are child
 * spans of the technique's span.
 *
 * <p>Every meter and observation carries the low-cardinality tags {@value #PATTERN_TAG} (the access pattern:
 * the store operation or the technique's name), {@value #STORE_TAG} ({@link Store#kind()}) and
 * {@value #TABLE_TAG} (the table; {@code *} when a call spans tables) and {@value #TENANT_TAG} (the tenant whose
 * store handle made the call, {@code none} without tenants; after the first {@value #DEFAULT_MAX_TENANTS} tenants
 * seen, or as many as {@link #bind(Store, ObservationRegistry, MeterRegistry, int)} allows, {@code other}, so a
 * noisy neighbour stands out without the cardinality growing with the tenants). Timers and failure counters add
 * {@value #OUTCOME_TAG} ({@code success}, {@code conflict} or {@code failure}); failure and conflict
 * counters add {@value #EXCEPTION_TAG} (the exception's simple class name).
 *
 * <p>Observations: {@value #STORE_CALL_OBSERVATION} and {@value #TECHNIQUE_CALL_OBSERVATION}, with the access
 * pattern as contextual (span) name and the cost as high-cardinality key values once the call ends
 * ({@code nosqlpatterns.round_trips}, {@code nosqlpatterns.critical_path}, {@code nosqlpatterns.items_read},
 * {@code nosqlpatterns.items_written}, {@code nosqlpatterns.bytes_read}, {@code nosqlpatterns.bytes_written},
 * and {@code nosqlpatterns.read_units} / {@code nosqlpatterns.write_units} when the store reports capacity).
 * When the observation registry has a meter handler (Spring Boot configures one) it also times them under
 * those names.
 *
 * <p>Meters of store calls, counted over all calls: {@value #STORE_CALLS} (timer),
 * {@value #STORE_ROUND_TRIPS}, {@value #STORE_CRITICAL_PATH}, {@value #STORE_ITEMS_READ},
 * {@value #STORE_ITEMS_WRITTEN}, {@value #STORE_BYTES_READ}, {@value #STORE_BYTES_WRITTEN},
 * {@value #STORE_READ_UNITS} and {@value #STORE_WRITE_UNITS} (these two only when the store reports
 * capacity), {@value #STORE_THROTTLES} (attempts refused for want of capacity and sent again, registered at
 * the first throttle), {@value #STORE_FAILURES} and {@value #STORE_CONFLICTS} (counters).
 *
 * <p>Meters of technique calls, one sample per call of what its store calls cost together:
 * {@value #TECHNIQUE_CALLS} (timer), {@value #TECHNIQUE_ROUND_TRIPS}, {@value #TECHNIQUE_CRITICAL_PATH},
 * {@value #TECHNIQUE_ITEMS_READ}, {@value #TECHNIQUE_ITEMS_WRITTEN}, {@value #TECHNIQUE_BYTES_READ},
 * {@value #TECHNIQUE_BYTES_WRITTEN}, {@value #TECHNIQUE_READ_UNITS}, {@value #TECHNIQUE_WRITE_UNITS}
 * (distribution summaries; the last two only when reported), {@value #TECHNIQUE_THROTTLES} (a distribution
 * summary registered at the first throttle), and the counters {@value #TECHNIQUE_RETRIES}
 * (optimistic writes that lost a race and were tried again), {@value #TECHNIQUE_FAILURES} and
 * {@value #TECHNIQUE_CONFLICTS}.
 *
 * <p>A conflict is a failure the application can expect under contention, one whose exception says
 * {@code StoreException.isConflict()} or {@code TreeException.isConflict()}: a write condition that did not
 * hold ({@code ConditionFailedException}), an optimistic write that lost every attempt
 * ({@code ConcurrentUpdateException}), an entity saved or deleted at a stale version
 * ({@code VersionConflictException}), a unique value taken ({@code UniqueConstraintException}), a tree change
 * overtaken on every attempt ({@code TreeConflictException}). It is counted under both the failures and the
 * conflicts counters.
 */
public final class NosqlPatternsObservation implements CallObserver {
    /** Observation of one store call. */
    public static final String STORE_CALL_OBSERVATION = "nosqlpatterns.store.call";
    /** Observation of one technique call. */
    public static final String TECHNIQUE_CALL_OBSERVATION = "nosqlpatterns.technique.call";

    /** Tag: the access pattern, a {@code Store} operation such as {@code query} or a technique's name. */
    public static final String PATTERN_TAG = "nosqlpatterns.pattern";
    /** Tag: the store behind, as {@link Store#kind()}. */
    public static final String STORE_TAG = "nosqlpatterns.store";
    /** Tag: the logical table. */
    public static final String TABLE_TAG = "nosqlpatterns.table";
    /** Tag: the tenant whose store handle made the call, {@code none}, or {@code other} past the bound. */
    public static final String TENANT_TAG = "nosqlpatterns.tenant";
    /** Tenants given a tag value of their own when no bound is given. */
    public static final int DEFAULT_MAX_TENANTS = 100;
    /** Tag of timers and failure counters: {@code success}, {@code conflict} or {@code failure}. */
    public static final String OUTCOME_TAG = "outcome";
    /** Tag of failure and conflict counters: the simple class name of the exception. */
    public static final String EXCEPTION_TAG = "exception";

    /** Timer of store calls. */
    public static final String STORE_CALLS = "nosqlpatterns.store.calls";
    /** Counter of the requests store calls sent to the server. */
    public static final String STORE_ROUND_TRIPS = "nosqlpatterns.store.round.trips";
    /** Counter of the round trips the callers waited for one after another. */
    public static final String STORE_CRITICAL_PATH = "nosqlpatterns.store.critical.path";
    /** Counter of items read. */
    public static final String STORE_ITEMS_READ = "nosqlpatterns.store.items.read";
    /** Counter of items written or deleted. */
    public static final String STORE_ITEMS_WRITTEN = "nosqlpatterns.store.items.written";
    /** Counter of bytes of the items read. */
    public static final String STORE_BYTES_READ = "nosqlpatterns.store.bytes.read";
    /** Counter of bytes of the items written. */
    public static final String STORE_BYTES_WRITTEN = "nosqlpatterns.store.bytes.written";
    /** Counter of read capacity units, where the store reports them. */
    public static final String STORE_READ_UNITS = "nosqlpatterns.store.read.units";
    /** Counter of write capacity units, where the store reports them. */
    public static final String STORE_WRITE_UNITS = "nosqlpatterns.store.write.units";
    /** Counter of store calls that threw. */
    public static final String STORE_FAILURES = "nosqlpatterns.store.failures";
    /** Counter of store calls that threw a conflict. */
    public static final String STORE_CONFLICTS = "nosqlpatterns.store.conflicts";
    /** Counter: attempts the store refused for want of capacity and the adapter sent again. */
    public static final String STORE_THROTTLES = "nosqlpatterns.store.throttles";

    /** Timer of technique calls. */
    public static final String TECHNIQUE_CALLS = "nosqlpatterns.technique.calls";
    /** Distribution of round trips per technique call. */
    public static final String TECHNIQUE_ROUND_TRIPS = "nosqlpatterns.technique.round.trips";
    /** Distribution of round trips waited for in sequence per technique call. */
    public static final String TECHNIQUE_CRITICAL_PATH = "nosqlpatterns.technique.critical.path";
    /** Distribution of items read per technique call. */
    public static final String TECHNIQUE_ITEMS_READ = "nosqlpatterns.technique.items.read";
    /** Distribution of items written per technique call. */
    public static final String TECHNIQUE_ITEMS_WRITTEN = "nosqlpatterns.technique.items.written";
    /** Distribution of bytes read per technique call. */
    public static final String TECHNIQUE_BYTES_READ = "nosqlpatterns.technique.bytes.read";
    /** Distribution of bytes written per technique call. */
    public static final String TECHNIQUE_BYTES_WRITTEN = "nosqlpatterns.technique.bytes.written";
    /** Distribution of read capacity units per technique call, where the store reports them. */
    public static final String TECHNIQUE_READ_UNITS = "nosqlpatterns.technique.read.units";
    /** Distribution of write capacity units per technique call, where the store reports them. */
    public static final String TECHNIQUE_WRITE_UNITS = "nosqlpatterns.technique.write.units";
    /** Counter of optimistic writes that lost a race and were tried again. */
    public static final String TECHNIQUE_RETRIES = "nosqlpatterns.technique.retries";
    /** Counter of technique calls that threw. */
    public static final String TECHNIQUE_FAILURES = "nosqlpatterns.technique.failures";
    /** Counter of technique calls that threw a conflict. */
    public static final String TECHNIQUE_CONFLICTS = "nosqlpatterns.technique.conflicts";
    /** Distribution summary: attempts refused for want of capacity and sent again, per technique call that met any. */
    public static final String TECHNIQUE_THROTTLES = "nosqlpatterns.technique.throttles";

    private final ObservationRegistry observations;
    private final MeterRegistry meters;
    private final Map<ObservedCall, Meters> byCall = new ConcurrentHashMap<>();
    private final java.util.Set<String> namedTenants = ConcurrentHashMap.newKeySet();
    private final int maxTenants;

    private NosqlPatternsObservation(ObservationRegistry observations, MeterRegistry meters, int maxTenants) {
        this.observations = observations;
        this.meters = meters;
        this.maxTenants = maxTenants;
    }

    /**
     * {@link #bind(Store, ObservationRegistry, MeterRegistry)} with the tenant tag bounded to {@code maxTenants}
     * values of their own (0: every call is tagged {@code other} or {@code none}).
     *
     * @throws IllegalArgumentException when an argument is null or the bound is negative
     */
    public static Store.Registration bind(Store store, ObservationRegistry observations, MeterRegistry meters,
                                          int maxTenants) {
        require(store, "store", "the Store to observe");
        require(observations, "observations", "an ObservationRegistry, ObservationRegistry.NOOP for meters only");
        require(meters, "meters", "a MeterRegistry");
        if (maxTenants < 0) {
            throw new IllegalArgumentException("maxTenants must be zero or more, got " + maxTenants);
        }
        return store.observe(new NosqlPatternsObservation(observations, meters, maxTenants));
    }

    /** The tag value of a tenant: its id while the bound allows, else {@code other}; {@code none} for no tenant. */
    private String tenantValue(String tenant) {
        if (tenant.isEmpty()) {
            return "none";
        }
        if (namedTenants.contains(tenant)) {
            return tenant;
        }
        synchronized (namedTenants) {
            if (namedTenants.contains(tenant) || namedTenants.size() < maxTenants) {
                namedTenants.add(tenant);
                return tenant;
            }
        }
        return "other";
    }

    /**
     * Observes every later call on {@code store} in {@code observations} and records its meters in
     * {@code meters}, until the registration is closed. Bind a store once per pair of registries.
     *
     * @throws IllegalArgumentException when an argument is null
     */
    public static Store.Registration bind(Store store, ObservationRegistry observations, MeterRegistry meters) {
        require(store, "store", "the Store to observe");
        require(observations, "observations", "an ObservationRegistry; ObservationRegistry.NOOP when only meters"
                + " are wanted, or bind(store, meters)");
        require(meters, "meters", "a MeterRegistry; bind(store, observations) when only observations are wanted");
        return store.observe(new NosqlPatternsObservation(observations, meters, DEFAULT_MAX_TENANTS));
    }

    /**
     * Observes every later call on {@code store} in {@code observations} only, without meters of its own:
     * spans, and the timers of the registry's meter handler if it has one.
     *
     * @throws IllegalArgumentException when an argument is null
     */
    public static Store.Registration bind(Store store, ObservationRegistry observations) {
        require(store, "store", "the Store to observe");
        require(observations, "observations", "an ObservationRegistry");
        return store.observe(new NosqlPatternsObservation(observations, null, DEFAULT_MAX_TENANTS));
    }

    /**
     * Records the meters of every later call on {@code store} in {@code meters}, without observations.
     *
     * @throws IllegalArgumentException when an argument is null
     */
    public static Store.Registration bind(Store store, MeterRegistry meters) {
        require(store, "store", "the Store to observe");
        require(meters, "meters", "a MeterRegistry");
        return store.observe(new NosqlPatternsObservation(ObservationRegistry.NOOP, meters, DEFAULT_MAX_TENANTS));
    }

    private static void require(Object argument, String name, String what) {
        if (argument == null) {
            throw new IllegalArgumentException(name + " must not be null: pass " + what);
        }
    }

    /** Starts the observation of {@code call} and opens its scope on this thread. */
    @Override
    public Handle start(ObservedCall observed) {
        ObservedCall call = new ObservedCall(observed.kind(), observed.name(), observed.table(), observed.storeKind(),
                tenantValue(observed.tenant()));
        boolean technique = call.kind() == ObservedCall.Kind.TECHNIQUE;
        NosqlPatternsContext context = new NosqlPatternsContext(observed);
        Observation observation = Observation.createNotStarted(
                        technique ? TECHNIQUE_CALL_OBSERVATION : STORE_CALL_OBSERVATION, () -> context, observations)
                .contextualName(call.name())
                .lowCardinalityKeyValues(KeyValues.of(PATTERN_TAG, call.name(), STORE_TAG, call.storeKind(),
                        TABLE_TAG, call.table(), TENANT_TAG, call.tenant()))
                .start();
        Observation.Scope scope = observation.openScope();
        Meters m = meters == null ? null : byCall.computeIfAbsent(call, c -> new Meters(meters, c));
        return new Handle() {
            @Override
            public void retried() {
                if (m != null) {
                    m.retries.increment();
                }
            }

            @Override
            public void end(OperationCost cost, Throwable failure) {
                scope.close();
                context.cost(cost);
                observation.highCardinalityKeyValues(costValues(cost));
                if (failure != null) {
                    observation.error(failure);
                }
                observation.stop();
                if (m != null) {
                    m.record(cost, failure);
                }
            }
        };
    }

    private static KeyValues costValues(OperationCost cost) {
        KeyValues values = KeyValues.of(
                "nosqlpatterns.round_trips", Long.toString(cost.roundTrips()),
                "nosqlpatterns.critical_path", Long.toString(cost.criticalPath()),
                "nosqlpatterns.items_read", Long.toString(cost.itemsRead()),
                "nosqlpatterns.items_written", Long.toString(cost.itemsWritten()),
                "nosqlpatterns.bytes_read", Long.toString(cost.bytesRead()),
                "nosqlpatterns.bytes_written", Long.toString(cost.bytesWritten()));
        return cost.capacityReported()
                ? values.and("nosqlpatterns.read_units", Double.toString(cost.readUnits()),
                        "nosqlpatterns.write_units", Double.toString(cost.writeUnits()))
                : values;
    }

    /**
     * True for the failures that contention explains, as core classifies them: a store exception or a tree
     * exception that says {@code isConflict()} (a condition that did not hold, an optimistic write or tree
     * change that lost every attempt, a version conflict, a unique value taken).
     */
    static boolean isConflict(Throwable failure) {
        return failure instanceof StoreException e ? e.isConflict()
                : failure instanceof TreeException t && t.isConflict();
    }

    /** The meters of one access pattern on one table of one store, looked up once. */
    private static final class Meters {
        private final MeterRegistry registry;
        private final boolean technique;
        private final Tags tags;
        private final Timer success;
        private final Counter retries;
        private final Recorder roundTrips;
        private final Recorder criticalPath;
        private final Recorder itemsRead;
        private final Recorder itemsWritten;
        private final Recorder bytesRead;
        private final Recorder bytesWritten;
        private final Recorder readUnits;
        private final Recorder writeUnits;
        private final Recorder throttles;

        Meters(MeterRegistry registry, ObservedCall call) {
            this.registry = registry;
            this.technique = call.kind() == ObservedCall.Kind.TECHNIQUE;
            this.tags = Tags.of(PATTERN_TAG, call.name(), STORE_TAG, call.storeKind(), TABLE_TAG, call.table(),
                    TENANT_TAG, call.tenant());
            this.success = timer("success");
            this.retries = technique
                    ? Counter.builder(TECHNIQUE_RETRIES).description("optimistic writes tried again after a lost race")
                            .tags(tags).register(registry)
                    : null;
            this.roundTrips = recorder(STORE_ROUND_TRIPS, TECHNIQUE_ROUND_TRIPS, null, "requests sent to the store");
            this.criticalPath = recorder(STORE_CRITICAL_PATH, TECHNIQUE_CRITICAL_PATH, null,
                    "requests waited for one after another");
            this.itemsRead = recorder(STORE_ITEMS_READ, TECHNIQUE_ITEMS_READ, null, "items read");
            this.itemsWritten = recorder(STORE_ITEMS_WRITTEN, TECHNIQUE_ITEMS_WRITTEN, null, "items written or deleted");
            this.bytesRead = recorder(STORE_BYTES_READ, TECHNIQUE_BYTES_READ, "bytes", "bytes of the items read");
            this.bytesWritten = recorder(STORE_BYTES_WRITTEN, TECHNIQUE_BYTES_WRITTEN, "bytes",
                    "bytes of the items written");
            this.readUnits = new Lazy(() -> recorder(STORE_READ_UNITS, TECHNIQUE_READ_UNITS, null,
                    "read capacity units the store reported"));
            this.writeUnits = new Lazy(() -> recorder(STORE_WRITE_UNITS, TECHNIQUE_WRITE_UNITS, null,
                    "write capacity units the store reported"));
            this.throttles = new Lazy(() -> recorder(STORE_THROTTLES, TECHNIQUE_THROTTLES, null,
                    "attempts the store refused for want of capacity and the adapter sent again"));
        }

        private Timer timer(String outcome) {
            return Timer.builder(technique ? TECHNIQUE_CALLS : STORE_CALLS)
                    .description(technique ? "technique calls" : "store calls")
                    .tags(tags).tag(OUTCOME_TAG, outcome).register(registry);
        }

        /** A counter for store calls, a distribution summary (one sample per call) for technique calls. */
        private Recorder recorder(String storeName, String techniqueName, String unit, String description) {
            if (technique) {
                DistributionSummary summary = DistributionSummary.builder(techniqueName).baseUnit(unit)
                        .description(description + " per technique call").tags(tags).register(registry);
                return summary::record;
            }
            Counter counter = Counter.builder(storeName).baseUnit(unit).description(description).tags(tags)
                    .register(registry);
            return counter::increment;
        }

        void record(OperationCost cost, Throwable failure) {
            long nanos = cost.elapsed().toNanos();
            if (failure == null) {
                success.record(nanos, TimeUnit.NANOSECONDS);
            } else {
                boolean conflict = isConflict(failure);
                timer(conflict ? "conflict" : "failure").record(nanos, TimeUnit.NANOSECONDS);
                Tags why = tags.and(OUTCOME_TAG, conflict ? "conflict" : "failure",
                        EXCEPTION_TAG, failure.getClass().getSimpleName());
                registry.counter(technique ? TECHNIQUE_FAILURES : STORE_FAILURES, why).increment();
                if (conflict) {
                    registry.counter(technique ? TECHNIQUE_CONFLICTS : STORE_CONFLICTS, why).increment();
                }
            }
            roundTrips.record(cost.roundTrips());
            criticalPath.record(cost.criticalPath());
            itemsRead.record(cost.itemsRead());
            itemsWritten.record(cost.itemsWritten());
            bytesRead.record(cost.bytesRead());
            bytesWritten.record(cost.bytesWritten());
            if (cost.capacityReported()) {
                readUnits.record(cost.readUnits());
                writeUnits.record(cost.writeUnits());
            }
            if (cost.throttles() > 0) {
                throttles.record(cost.throttles());
            }
        }
    }

    /** Records one figure of a call. */
    @FunctionalInterface
    private interface Recorder {
        void record(double amount);
    }

    /** A recorder registered on its first use, for the figures only some stores report. */
    private static final class Lazy implements Recorder {
        private final java.util.function.Supplier<Recorder> create;
        private volatile Recorder recorder;

        Lazy(java.util.function.Supplier<Recorder> create) {
            this.create = create;
        }

        @Override
        public void record(double amount) {
            Recorder r = recorder;
            if (r == null) {
                r = create.get();
                recorder = r;
            }
            r.record(amount);
        }
    }
}
