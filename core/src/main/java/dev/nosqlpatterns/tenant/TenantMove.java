package dev.nosqlpatterns.tenant;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.GeoPoint;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * Moves one tenant's data online from one tenancy to another (pool to silo, silo to pool, bridge to either), while
 * the application keeps reading and writing it through {@link #store()}: the same protocol as an entity migration.
 *
 * <ol>
 *   <li>{@link #begin()}: the tenant's tables are declared in the target, and every write through {@link #store()}
 *   goes to the source and then, the same item copied, to the target (dual writes; native geo points and text
 *   documents are written to both);</li>
 *   <li>{@link #copy()}: every table of the tenant is compared with the target page by page, and each item that
 *   differs is copied until a re-read of the source finds it unchanged, so a concurrent write is never
 *   overwritten by an older copy; native geo sets are copied too;</li>
 *   <li>{@link #switchOver()}: writes wait (reads go on from the source) while the comparison is made once more,
 *   now exact as nothing changes, then reads and writes go to the target;</li>
 *   <li>{@link #cleanup()}: the tenant is off-boarded from the source.</li>
 * </ol>
 * The phase is kept in the source's registry, so every step can be repeated after a crash, and {@link #run()}
 * resumes from the phase recorded. Every process that writes the tenant uses a move with the same tenancies and
 * tenant, and reads the phase once per {@link Builder#phaseLease phase lease}; each step that changes where calls
 * go waits that lease (and the writes of this process still in flight) before going on. Writes wait at most
 * {@link Builder#fenceTimeout} for the switch.
 *
 * <p>A text index's documents cannot be listed by every store, so they cannot be copied: a tenant that has one
 * is refused by {@link #begin()}; re-index it in the target after the move.
 */
public final class TenantMove {
    /** Where a move stands. */
    public enum Phase {
        NOT_STARTED,
        MIRRORING,
        FENCED,
        MOVED,
        DONE
    }

    private static final String STATE = "~move";
    private static final int PAGE = 100;
    private static final int MAX_GEO_POINTS = 10_000_000;

    private final Tenants from;
    private final Tenants to;
    private final String tenantId;
    private final Duration lease;
    private final Duration fenceTimeout;
    private final Store source;
    private final Store target;
    private final MoveBackend moving;
    private final Store handle;
    private final AtomicReference<Leased> known = new AtomicReference<>();

    private record Leased(Phase phase, long until) {}

    private TenantMove(Builder b) {
        this.from = b.from;
        this.to = b.to;
        this.tenantId = b.tenantId;
        this.lease = b.lease;
        this.fenceTimeout = b.fenceTimeout;
        this.source = from.forTenant(tenantId);
        this.target = to.forTenant(tenantId);
        StoreBackend[] targetBackend = new StoreBackend[1];
        target.view(t -> targetBackend[0] = t);
        MoveBackend.Routes routes = new MoveBackend.Routes() {
            @Override
            public MoveBackend.Route reads() {
                return phase(false).compareTo(Phase.MOVED) >= 0 ? MoveBackend.Route.TARGET : MoveBackend.Route.SOURCE;
            }

            @Override
            public MoveBackend.Route writes() {
                return switch (phase(false)) {
                    case NOT_STARTED -> MoveBackend.Route.SOURCE;
                    case MIRRORING -> MoveBackend.Route.MIRROR;
                    case FENCED -> MoveBackend.Route.WAIT;
                    default -> MoveBackend.Route.TARGET;
                };
            }

            @Override
            public void awaitSwitch() {
                awaitFenceLifted();
            }
        };
        MoveBackend[] made = new MoveBackend[1];
        this.handle = source.view(s -> made[0] = new MoveBackend(s, targetBackend[0], routes), tenantId);
        this.moving = made[0];
        Tenants holder = phase(true) == Phase.DONE ? to : from;
        holder.tableSpecs(tenantId).forEach(handle::createTable);
    }

    /** A move of tenant {@code tenantId} from the tenancy {@code from} to the tenancy {@code to}. */
    public static Builder builder(Tenants from, Tenants to, String tenantId) {
        return new Builder(from, to, tenantId);
    }

    /** The tenant's store during the move, in every phase: what the application reads and writes through. */
    public Store store() {
        return handle;
    }

    /** The phase recorded in the source's registry. */
    public Phase phase() {
        return phase(true);
    }

    private Phase phase(boolean fresh) {
        Leased l = known.get();
        long now = System.nanoTime();
        if (!fresh && l != null && now - l.until() < 0) {
            return l.phase();
        }
        Phase p = from.control().get(from.registryTable(), stateKey()).flatMap(i -> i.getString("phase"))
                .map(Phase::valueOf).orElse(Phase.NOT_STARTED);
        known.set(new Leased(p, now + lease.toNanos()));
        return p;
    }

    /** Waits for the switch, re-reading the phase; fails after the fence timeout. */
    private void awaitFenceLifted() {
        long deadline = System.nanoTime() + fenceTimeout.toNanos();
        while (phase(true) == Phase.FENCED) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("tenant '" + tenantId + "' is being switched to its new store and "
                        + "writes waited " + fenceTimeout + " for it; retry the write");
            }
            sleep(Duration.ofMillis(20));
        }
    }

    private Key stateKey() {
        return from.registryKey(tenantId, STATE);
    }

    /**
     * Declares the tenant's tables in the target and turns dual writes on.
     *
     * @throws IllegalStateException when the tenant has a text index, whose documents cannot be copied
     */
    public void begin() {
        if (phase().compareTo(Phase.MIRRORING) >= 0) {
            return;
        }
        List<String> textIndexes = from.textIndexesOf(tenantId);
        if (!textIndexes.isEmpty()) {
            throw new IllegalStateException("tenant '" + tenantId + "' has the text indexes " + textIndexes
                    + ", whose documents cannot be listed to copy them; drop them before the move and index the "
                    + "documents again through the move's store afterwards");
        }
        for (TableSpec spec : from.tableSpecs(tenantId)) {
            if (!target.hasTable(spec.name())) {
                target.createTable(spec);
            }
        }
        advance(Phase.NOT_STARTED, Phase.MIRRORING);
    }

    /**
     * Copies every item (and native geo point) of the tenant that differs in the target, while writes go on.
     *
     * @return the number of items copied or removed in the target
     */
    public long copy() {
        begin();
        return sync();
    }

    /**
     * Fences writes, compares once more (exact, as nothing changes), and sends reads and writes to the target.
     *
     * @return the number of items the last comparison copied or removed: writes that did not reach the target
     */
    public long switchOver() {
        Phase p = phase();
        if (p.compareTo(Phase.MOVED) >= 0) {
            return 0;
        }
        if (p == Phase.NOT_STARTED) {
            copy();
        }
        advance(Phase.MIRRORING, Phase.FENCED);
        settle();
        long repaired = sync();
        advance(Phase.FENCED, Phase.MOVED);
        return repaired;
    }

    /**
     * Off-boards the tenant from the source once no process reads it there; the move is then done. Off-boarding
     * waits the source tenancy's {@link Tenants.Builder#handleLease(java.time.Duration) handle lease} out first.
     */
    public void cleanup() {
        Phase p = phase();
        if (p == Phase.DONE) {
            return;
        }
        if (p != Phase.MOVED) {
            throw new IllegalStateException("the move of tenant '" + tenantId + "' is " + p
                    + "; clean up after switchOver()");
        }
        settle();
        from.offboard(tenantId);
        advance(Phase.MOVED, Phase.DONE);
    }

    /** Every step from the phase recorded to the end. */
    public void run() {
        copy();
        switchOver();
        cleanup();
    }

    /** Waits out the phase lease and this process's writes in flight, so every write sees the new phase. */
    private void settle() {
        sleep(lease);
        long deadline = System.nanoTime() + fenceTimeout.toNanos();
        while (moving.writesInFlight() > 0 && System.nanoTime() - deadline < 0) {
            sleep(Duration.ofMillis(5));
        }
    }

    private void advance(Phase expected, Phase next) {
        Item state = Item.builder(stateKey()).put("phase", next.name()).build();
        Condition when = expected == Phase.NOT_STARTED ? Condition.ifAbsent()
                : Condition.attributeEquals("phase", dev.nosqlpatterns.item.Value.of(expected.name()));
        try {
            from.control().put(Write.put(from.registryTable(), state).when(when));
        } catch (ConditionFailedException e) {
            if (phase().compareTo(next) < 0) {
                throw new IllegalStateException("the move of tenant '" + tenantId + "' is " + phase()
                        + ", not " + expected + "; another process changed it", e);
            }
        }
        known.set(new Leased(next, System.nanoTime() + lease.toNanos()));
    }

    /** Makes the target's tables and geo sets equal to the source's. */
    private long sync() {
        long changed = 0;
        for (TableSpec spec : from.tableSpecs(tenantId)) {
            if (!target.hasTable(spec.name())) {
                target.createTable(spec);
            }
            changed += syncTable(spec.name(), source, target, true);
            changed += syncTable(spec.name(), target, source, false);
        }
        for (String set : from.geoSetsOf(tenantId)) {
            changed += syncGeo(set);
        }
        return changed;
    }

    /**
     * Brings the target in line with the source for each item of {@code read}'s pages that differs from (or is
     * missing in) {@code other}: the page's differences go in one batch, then the source is read again for those
     * keys in one batch, and only a key that changed meanwhile is copied on its own until it holds still.
     */
    private long syncTable(String table, Store read, Store other, boolean fromSource) {
        long changed = 0;
        Scan scan = Scan.of(table).limit(PAGE);
        while (true) {
            Page page = read.scan(scan);
            Map<Key, Item> there = byKey(other.getAll(table, page.items().stream().map(Item::key).toList()).items());
            Map<Key, Optional<Item>> copied = new LinkedHashMap<>();
            List<Write> batch = new ArrayList<>();
            for (Item item : page.items()) {
                Item counterpart = there.get(item.key());
                if (fromSource && !item.equals(counterpart)) {
                    copied.put(item.key(), Optional.of(item));
                    batch.add(Write.put(table, item));
                } else if (!fromSource && counterpart == null) {
                    copied.put(item.key(), Optional.empty());
                    batch.add(Write.delete(table, item.key()));
                }
            }
            if (!batch.isEmpty()) {
                target.writeBatch(batch);
                Map<Key, Item> now = byKey(source.getAll(table, List.copyOf(copied.keySet())).items());
                copied.forEach((key, was) -> {
                    if (!was.equals(Optional.ofNullable(now.get(key)))) {
                        moving.copy(table, key, new dev.nosqlpatterns.store.spi.CostMeter(false));
                    }
                });
                changed += batch.size();
            }
            if (page.next().isEmpty()) {
                return changed;
            }
            scan = scan.after(page.next().get());
        }
    }

    private static Map<Key, Item> byKey(List<Item> items) {
        return items.stream().collect(Collectors.toMap(Item::key, i -> i));
    }

    private long syncGeo(String set) {
        Map<String, GeoHit> wanted = all(source, set);
        Map<String, GeoHit> held = all(target, set);
        List<GeoPoint> put = new ArrayList<>();
        wanted.forEach((id, hit) -> {
            GeoHit h = held.get(id);
            if (h == null || !h.point().equals(hit.point())) {
                put.add(new GeoPoint(id, hit.point().latitude(), hit.point().longitude()));
            }
        });
        if (!put.isEmpty()) {
            target.nativeGeo().putPoints(set, put);
        }
        Set<String> gone = held.keySet().stream().filter(id -> !wanted.containsKey(id)).collect(Collectors.toSet());
        gone.forEach(id -> target.nativeGeo().removePoint(set, id));
        return put.size() + gone.size();
    }

    private static Map<String, GeoHit> all(Store on, String set) {
        return on.nativeGeo().withinRadius(set, 0, 0, NativeGeo.WHOLE_SPHERE_METERS, MAX_GEO_POINTS).stream()
                .collect(Collectors.toMap(GeoHit::id, h -> h));
    }

    private static void sleep(Duration d) {
        if (d.isZero()) {
            return;
        }
        try {
            Thread.sleep(d.toMillis(), (int) (d.toNanos() % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the tenant move waited", e);
        }
    }

    /** Checks a move's settings together. */
    public static final class Builder {
        private final Tenants from;
        private final Tenants to;
        private final String tenantId;
        private Duration lease = Duration.ofSeconds(1);
        private Duration fenceTimeout = Duration.ofMinutes(1);

        private Builder(Tenants from, Tenants to, String tenantId) {
            this.from = Objects.requireNonNull(from, "the source tenancy is null");
            this.to = Objects.requireNonNull(to, "the target tenancy is null");
            this.tenantId = Objects.requireNonNull(tenantId, "tenant id is null");
        }

        /**
         * How long a process may act on the phase it read (1 second by default): every write reads the phase
         * at most once per lease, and each step waits a lease before going on. Zero reads it on every call.
         */
        public Builder phaseLease(Duration phaseLease) {
            this.lease = Objects.requireNonNull(phaseLease, "phase lease is null");
            return this;
        }

        /** How long a write waits for the switch before it fails (1 minute by default). */
        public Builder fenceTimeout(Duration timeout) {
            this.fenceTimeout = Objects.requireNonNull(timeout, "fence timeout is null");
            return this;
        }

        /**
         * The move.
         *
         * @throws IllegalArgumentException listing every problem: the same tenancy on both sides, a negative
         *                                  lease, a timeout that is not positive, a bad tenant id
         */
        public TenantMove build() {
            List<String> problems = new ArrayList<>();
            if (from == to) {
                problems.add("the source and target tenancy are the same; move between two tenancies");
            }
            if (lease.isNegative()) {
                problems.add("phase lease must not be negative, got " + lease);
            }
            if (fenceTimeout.isNegative() || fenceTimeout.isZero()) {
                problems.add("fence timeout must be positive, got " + fenceTimeout);
            }
            if (tenantId.isEmpty() || tenantId.length() > 256) {
                problems.add("tenant id must have 1 to 256 characters, got " + tenantId.length());
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("tenant move of '" + tenantId + "' is invalid: "
                        + String.join("; ", problems));
            }
            return new TenantMove(this);
        }
    }
}
