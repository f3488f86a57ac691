package dev.nosqlpatterns.spring;

import dev.nosqlpatterns.store.Store;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * The {@code nosqlpatterns} health indicator, where Spring Boot's health module is present and the
 * application has a {@link Store}: up when the store answers a read.
 * {@code management.health.nosqlpatterns.enabled=false} turns it off.
 */
@AutoConfiguration(after = NosqlPatternsAutoConfiguration.class)
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(Store.class)
@ConditionalOnEnabledHealthIndicator("nosqlpatterns")
public class NosqlPatternsHealthAutoConfiguration {

    /** Reads one absent key of {@code nosqlpatterns.health.table}. */
    @Bean
    @ConditionalOnMissingBean(name = "nosqlpatternsHealthIndicator")
    HealthIndicator nosqlpatternsHealthIndicator(Store store, NosqlPatternsProperties properties) {
        return new StoreHealthIndicator(store, properties.health().table());
    }
}
