package dev.nosqlpatterns.spring;

import dev.nosqlpatterns.micrometer.NosqlPatternsObservation;
import dev.nosqlpatterns.store.Store;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;

/**
 * Observes the application's {@link Store} with the nosqlpatterns Micrometer binding
 * ({@link NosqlPatternsObservation}), where that module is on the class path and the application has an
 * {@link ObservationRegistry} or a {@link MeterRegistry} bean (Spring Boot's actuator configures both): every
 * store call and technique call is an observation (a span, with a tracing bridge) and is timed and counted
 * under the meter names the binding documents. {@code nosqlpatterns.observation.enabled=false} turns it off.
 */
@AutoConfiguration(after = NosqlPatternsAutoConfiguration.class, afterName = {
        "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration",
        "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass({NosqlPatternsObservation.class, ObservationRegistry.class, MeterRegistry.class})
@ConditionalOnBean(Store.class)
@Conditional(NosqlPatternsObservationAutoConfiguration.ObservationOrMeterRegistry.class)
@ConditionalOnBooleanProperty(name = "nosqlpatterns.observation.enabled", matchIfMissing = true)
public class NosqlPatternsObservationAutoConfiguration {

    /** Binds the store to the registries there are; the binding ends with the application context. */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(StoreObservation.class)
    StoreObservation nosqlpatternsStoreObservation(Store store, ObjectProvider<ObservationRegistry> observations,
                                                   ObjectProvider<MeterRegistry> meters) {
        ObservationRegistry observationRegistry = observations.getIfUnique();
        MeterRegistry meterRegistry = meters.getIfUnique();
        Store.Registration registration;
        if (observationRegistry != null && meterRegistry != null) {
            registration = NosqlPatternsObservation.bind(store, observationRegistry, meterRegistry);
        } else if (observationRegistry != null) {
            registration = NosqlPatternsObservation.bind(store, observationRegistry);
        } else {
            registration = NosqlPatternsObservation.bind(store, meterRegistry);
        }
        return new StoreObservation(registration);
    }

    /** Matches when the application has an {@link ObservationRegistry} or a {@link MeterRegistry}. */
    static final class ObservationOrMeterRegistry extends AnyNestedCondition {
        ObservationOrMeterRegistry() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnBean(ObservationRegistry.class)
        static final class HasObservationRegistry {
        }

        @ConditionalOnBean(MeterRegistry.class)
        static final class HasMeterRegistry {
        }
    }
}
