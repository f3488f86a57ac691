package dev.nosqlpatterns.testkit.tenant;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.tenant.Tenants;
import java.time.Duration;

/**
 * Tenancies as the tenant suites make them: with a short handle lease, so that each off-boarding waits a few
 * milliseconds rather than the default lease.
 */
final class KitTenants {
    /** The handle lease of the suites' tenancies. */
    static final Duration LEASE = Duration.ofMillis(20);

    private KitTenants() {
    }

    /** {@link Tenants#builder(Store)} with the suites' short handle lease. */
    static Tenants.Builder builder(Store control) {
        return Tenants.builder(control).handleLease(LEASE);
    }
}
