package dev.nosqlpatterns.spring;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Matches when {@code nosqlpatterns.store.uri} is not set, so the store comes from a client bean. */
final class NoStoreUri implements Condition {
    static final String PROPERTY = "nosqlpatterns.store.uri";

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        String uri = context.getEnvironment().getProperty(PROPERTY);
        return uri == null || uri.isBlank();
    }
}
