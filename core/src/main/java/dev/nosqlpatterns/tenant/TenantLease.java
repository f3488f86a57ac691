package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Write;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * The handle lease, which keeps a handle made in one process from writing for a tenant that another process
 * off-boards. Each registration of a tenant gets a random id, kept in its registry record. A handle remembers the
 * id it was made with and, before a write, reads the record again once its lease has run out (at most once per
 * lease, so one registry read per lease and handle): when the record is gone, marked as leaving, or holds another
 * id (the tenant was off-boarded and registered again), the write is refused before anything is written.
 * Off-boarding marks the record as leaving first and waits a lease out before it removes anything, so that every
 * handle that read the record before the mark reads it again, and is refused, before the removal begins; a write
 * admitted before then lands before the removal and is removed with the rest. Reads are not checked: they write
 * nothing.
 *
 * <p>Leases are measured by the control store's clock, in each process on its own, so the processes' clocks must
 * run at the same pace (not agree to the millisecond), and every process sharing a registry must use the same
 * lease. Records written before registration ids were kept have the empty id, and keep working.
 */
final class TenantLease {
    static final String REGISTRATION = "registration";
    static final String STATE = "state";
    static final String ACTIVE = "active";
    static final String LEAVING = "leaving";
    static final String LEAVING_SINCE = "leavingSince";
    private static final long MAX_POLL_MILLIS = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private TenantLease() {
    }

    /** A new registration's record under {@code key}: the tenant's code, a random registration id, active. */
    static Item registration(Key key, String code) {
        byte[] id = new byte[12];
        RANDOM.nextBytes(id);
        return Item.builder(key).put("code", code)
                .put(REGISTRATION, Base64.getUrlEncoder().withoutPadding().encodeToString(id))
                .put(STATE, ACTIVE).build();
    }

    /** The registration id of a record; the empty one for a record written before ids were kept. */
    static String registrationOf(Item record) {
        return record.getString(REGISTRATION).orElse("");
    }

    /** Whether off-boarding has marked the record. */
    static boolean leaving(Item record) {
        return record.getString(STATE).filter(LEAVING::equals).isPresent();
    }

    /**
     * The record, read to make a handle of the tenant.
     *
     * @throws TenantOffboardedException when off-boarding has marked it
     */
    static Item active(String tenantId, Item record) {
        if (leaving(record)) {
            throw new TenantOffboardedException(tenantId, "is being off-boarded");
        }
        return record;
    }

    /**
     * Why a handle made with {@code registration} must be refused, given the tenant's record as read now; empty
     * when it may go on.
     */
    static Optional<String> refusal(Optional<Item> record, String registration) {
        if (record.isEmpty()) {
            return Optional.of("was off-boarded");
        }
        if (leaving(record.get())) {
            return Optional.of("is being off-boarded");
        }
        if (!registrationOf(record.get()).equals(registration)) {
            return Optional.of("was off-boarded and registered again since this handle was made");
        }
        return Optional.empty();
    }

    /**
     * Marks the tenant's record as leaving, with the time by {@code clock}, unless it is marked already: a write
     * conditional on the record's state (on its being there, for a record written before states were kept), so
     * that of two off-boardings one marks it and the other finds the mark.
     *
     * @return when the lease of the handles that read the record before the mark ends, by {@code clock}; empty
     *         when the record is gone
     */
    static OptionalLong mark(Store control, String registry, Key key, Duration lease) {
        Clock clock = control.clock();
        while (true) {
            Optional<Item> read = control.get(registry, key);
            if (read.isEmpty()) {
                return OptionalLong.empty();
            }
            if (leaving(read.get())) {
                // Marked by an earlier off-boarding, perhaps one that crashed: its time counts.
                long since = read.get().getLong(LEAVING_SINCE).orElse(0L);
                return OptionalLong.of(since + lease.toMillis());
            }
            Item marked = read.get().toBuilder().put(STATE, LEAVING).put(LEAVING_SINCE, clock.millis()).build();
            try {
                control.put(Write.put(registry, marked).when(Condition.unchangedSince(read, STATE)));
                // Counted from after the mark landed: a handle's lease counts from before its read was sent.
                return OptionalLong.of(clock.millis() + lease.toMillis());
            } catch (ConditionFailedException changedMeanwhile) {
                // Marked, or off-boarded and registered again, by another process: read it again.
            }
        }
    }

    /**
     * Waits until {@code clock} reads {@code until}: it sleeps on the system clock, and polls a clock that a test
     * moves by hand.
     */
    static void awaitLease(Clock clock, long until, String tenantId) {
        for (long left = until - clock.millis(); left > 0; left = until - clock.millis()) {
            try {
                Thread.sleep(Math.min(left, MAX_POLL_MILLIS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("the off-boarding of tenant '" + tenantId + "' was interrupted while"
                        + " waiting out the handle lease, before removing anything; call offboard again", e);
            }
        }
    }

    /** One handle's lease: the registration it was made with, and until when the last read of the record holds. */
    static final class Handle {
        private final String tenantId;
        private final String registration;
        private final long leaseMillis;
        private final Clock clock;
        private final Supplier<Optional<Item>> record;
        private volatile long validUntil;
        private volatile String refused;

        /**
         * @param readFrom when the record the handle was made from was read (before the read was sent), by
         *                 {@code clock}
         * @param record   reads the tenant's record from the registry
         */
        Handle(String tenantId, String registration, Duration lease, Clock clock, long readFrom,
               Supplier<Optional<Item>> record) {
            this.tenantId = tenantId;
            this.registration = registration;
            this.leaseMillis = lease.toMillis();
            this.clock = clock;
            this.record = record;
            this.validUntil = readFrom + leaseMillis;
        }

        /**
         * Admits a write: at once while the lease holds, else after reading the record again.
         *
         * @throws TenantOffboardedException when the handle no longer reaches the tenant's data
         */
        void check() {
            if (!valid()) {
                throw new TenantOffboardedException(tenantId, refused);
            }
        }

        /** Whether the handle still reaches the tenant's data; reads the record when the lease has run out. */
        boolean valid() {
            if (refused != null) {
                return false;
            }
            if (clock.millis() < validUntil) {
                return true;
            }
            synchronized (this) {
                long from = clock.millis();
                if (refused != null || from < validUntil) {
                    return refused == null;
                }
                Optional<String> why = refusal(record.get(), registration);
                if (why.isPresent()) {
                    refused = why.get();
                    return false;
                }
                validUntil = from + leaseMillis;
                return true;
            }
        }

        /** Refuses every write from now on: this process is off-boarding the tenant. */
        void revoke() {
            refused = "is being off-boarded";
        }
    }
}
