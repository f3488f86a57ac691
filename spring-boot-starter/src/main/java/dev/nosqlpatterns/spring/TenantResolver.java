package dev.nosqlpatterns.spring;

import java.util.Optional;

/**
 * Names the tenant the current call works for, e.g. from the request, the security context or a message header.
 * The starter gives servlet applications one that reads {@code nosqlpatterns.tenancy.header}; define a bean of
 * this type to resolve it another way.
 */
@FunctionalInterface
public interface TenantResolver {
    /** The current tenant's id; empty when the call has none. */
    Optional<String> currentTenant();
}
