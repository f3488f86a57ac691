package dev.nosqlpatterns.migration;

import dev.nosqlpatterns.entity.EntityVerification;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.Following;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.entity.WriteFollower;
import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Runs a {@link Migration} online, in phases recorded in the store, so that it survives a crash at any step and
 * loses no concurrent write: {@code begin} (dual writes on), a segmented, resumable, rate-limited backfill,
 * {@code cutOver} (reads go to the new form), {@code verify} (zero drift), {@code cleanup} (the old form goes, for
 * a re-key) and {@link MigrationPhase#DONE}. {@link #run()} does all of it, resuming at the recorded phase; the
 * per-segment work is public ({@link #migrateSegment}) so that a distributed job can run the segments.
 *
 * <p><b>Protocol.</b> The old form is the source of truth until the clean-up, and the new form of each item is a
 * function of the old item (see {@link Migration}). One step keeps them in step for a key: write the new form
 * made from the old item as last seen (delete it when there was none), read the old item again, and repeat
 * while it changed. Three kinds of writer take that step:
 * <ul>
 *   <li><b>dual writes</b>: a job attached to an {@link EntityRepository} follows every write of the old type
 *   through it ({@link EntityRepository#follow}), after the write is acknowledged, starting from the item the
 *   write stored when the repository knows it ({@link WriteFollower#afterPut}), else from the item read;</li>
 *   <li><b>the backfill</b>: each scan segment takes it for every old item it reads, then persists a checkpoint
 *   (its cursor) after each page, so a crash re-does at most one page, which is harmless;</li>
 *   <li><b>the verification</b> compares every old item with its new form (and, for a re-key, every new item with
 *   its old one, and the new type's index tables with its items) and takes the step for each that differs.</li>
 * </ul>
 * Races: when the backfill read v1 and a writer then wrote v2 to the old form, the backfill may overwrite the new
 * form with v1's, but it reads v2 afterwards and writes again; a delete read by the backfill as an item is
 * undone the same way, so nothing is resurrected. Whoever writes a new form last has read the old item after,
 * so once every write has returned the new form is that of the old item. A writer that crashes between its two
 * writes leaves drift, which {@link #verify} repairs. In place (an add-index) the step is one compare-and-set
 * rewrite of the item through the new type, with its index entries.
 *
 * <p><b>Writers.</b> Every process that writes the old type attaches a job to its repository
 * ({@link #attach}) before the migration begins, and keeps it attached until the migration is done. While
 * attached, each write of the old type reads the migration's state first, or once per
 * {@link Migration.Builder#phaseLease phase lease} when the migration has one; from {@link MigrationPhase#CLEANUP} on
 * such writes are refused with {@link MigrationPhaseException}, as the application writes the new type then (writes
 * of the new type through the same repository are not followed, and never refused, before or after the end). A
 * write in flight when the clean-up starts still reaches the new form (an old item that vanishes under its
 * follow-up once the clean-up has begun is taken as removed by the clean-up, not as deleted; an update or delete
 * that finds no item because the clean-up removed it is refused with {@link MigrationPhaseException}). Such a write
 * through the repository of the process running the clean-up removes its old item itself; in another process it
 * may leave its old item behind unless it lands within the lease the clean-up waits out. Two writes of one key in flight across the
 * start of the clean-up, a save and a delete, may leave the save's new form: give the migration a phase lease
 * when such races matter.
 *
 * <p>Thread-safe: segments may run in parallel, in one process or several.
 *
 * @param <O> the old record class
 * @param <N> the new record class
 */
public final class MigrationJob<O extends Record, N extends Record> implements AutoCloseable {
    private static final int VERIFY_PASSES = 5;
    private final Migration<O, N> migration;
    private final EntityRepository repo;
    private final Store store;
    private final MigrationState state;
    private final Forms<O, N> forms;
    private final Throttle throttle;
    private final AtomicLong writes = new AtomicLong();
    private final AtomicLong migrated = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();
    private final AtomicLong driftFound = new AtomicLong();
    private final AtomicLong driftRepaired = new AtomicLong();
    private final AtomicLong driftRemaining = new AtomicLong();
    private final Following following;
    private volatile MigrationPhase known = MigrationPhase.NOT_STARTED;
    /** The phase the dual writes last read, while the migration's phase lease lets them act on it. */
    private volatile LeasedPhase leased;

    private MigrationJob(EntityRepository repo, Migration<O, N> migration) {
        this.repo = repo;
        this.migration = migration;
        this.store = repo.store();
        this.state = new MigrationState(store, migration.stateTable(), migration.name());
        this.forms = new Forms<>(migration, repo, this::following, writes, () -> phaseForWrites().reached(MigrationPhase.CLEANUP));
        this.throttle = new Throttle(migration.itemsPerSecond());
        store.createTable(TableSpec.named(migration.stateTable()));
        EntityRepository.of(store, migration.to()).createTables();
        this.following = repo.follow(migration.from(), new DualWrites());
    }

    /** The job's registration as the old type's follower, through which its own writes go. */
    private Following following() {
        return following;
    }

    /**
     * A job for {@code migration} on the repository's store, attached to {@code repo}: from now until
     * {@link #close()}, writes of the old type through {@code repo} are followed into the new form (dual writes).
     * Declares the state table and the new type's tables. A fresh job resumes whatever the store records.
     */
    public static <O extends Record, N extends Record> MigrationJob<O, N> attach(EntityRepository repo,
                                                                              Migration<O, N> migration) {
        Objects.requireNonNull(repo, "repository is null");
        Objects.requireNonNull(migration, "migration is null");
        return new MigrationJob<>(repo, migration);
    }

    public Migration<O, N> migration() {
        return migration;
    }

    /** The phase recorded in the store. */
    public MigrationPhase phase() {
        known = state.phase();
        return known;
    }

    /** The type reads should use now: the new one from the cut-over on, the old one before. */
    public EntityType<?> readType() {
        return phase().reached(MigrationPhase.CUT_OVER) ? migration.to() : migration.from();
    }

    /** Records the start (dual writes are on from here for every attached repository); nothing once begun. */
    public void begin() {
        timed("migration.begin", () -> {
            if (phase() == MigrationPhase.NOT_STARTED) {
                state.record(MigrationPhase.BACKFILL, migration.segments());
                writes.incrementAndGet();
                known = MigrationPhase.BACKFILL;
            }
        });
    }

    /**
     * Backfills one scan segment of the old table from its last checkpoint to its end, checkpointing after each
     * page; nothing when it is finished. Rate-limited by the migration's items per second.
     *
     * @return the items migrated by this call
     * @throws IllegalArgumentException when {@code totalSegments} is not the migration's segment count, or
     *                                  {@code segment} is out of range
     * @throws IllegalStateException    when the migration has not begun
     */
    public long migrateSegment(int segment, int totalSegments) {
        if (totalSegments != migration.segments() || segment < 0 || segment >= totalSegments) {
            throw new IllegalArgumentException("segment " + segment + " of " + totalSegments + " is not one of the "
                    + migration.segments() + " segments of migration '" + migration.name() + "'");
        }
        requireBegun();
        long[] count = {0};
        timed("migration.migrateSegment", () -> {
            MigrationState.Checkpoint at = state.checkpoint(segment, totalSegments);
            while (!at.finished()) {
                Scan scan = new Scan(migration.from().table(), segment, totalSegments, migration.pageSize(), at.after());
                Page page = store.scan(scan);
                List<Item> old = page.items().stream().filter(migration.from()::isTypeOf).toList();
                old.forEach(i -> throttle.acquire());
                forms.followAll(old);
                count[0] += old.size();
                Optional<Cursor> next = page.next();
                at = new MigrationState.Checkpoint(next.isEmpty(), next.isEmpty() ? at.after() : next,
                        at.items() + count[0]);
                state.save(segment, totalSegments, at);
                writes.incrementAndGet();
            }
        });
        migrated.addAndGet(count[0]);
        return count[0];
    }

    /** Backfills every segment that is not finished, one after another. */
    public void backfill() {
        TechniqueCalls.run(store, "migration.backfill", migration.from().table(), () -> {
            requireBegun();
            for (int s = 0; s < migration.segments(); s++) {
                migrateSegment(s, migration.segments());
            }
        });
    }

    /**
     * Records the cut-over once every segment is backfilled: reads go to the new form ({@link #readType}); writes
     * still go to both. Nothing when it is recorded already.
     *
     * @throws IllegalStateException naming the unfinished segments
     */
    public void cutOver() {
        timed("migration.cutOver", () -> {
            if (phase().reached(MigrationPhase.CUT_OVER)) {
                return;
            }
            requireBegun();
            java.util.List<Integer> open = new java.util.ArrayList<>();
            for (int s = 0; s < migration.segments(); s++) {
                if (!state.checkpoint(s, migration.segments()).finished()) {
                    open.add(s);
                }
            }
            if (!open.isEmpty()) {
                throw new IllegalStateException("migration '" + migration.name() + "' cannot cut over: segments "
                        + open + " of " + migration.segments() + " are not backfilled");
            }
            state.record(MigrationPhase.CUT_OVER, migration.segments());
            writes.incrementAndGet();
            known = MigrationPhase.CUT_OVER;
        });
    }

    /**
     * Compares every old item with its new form, and the new form with the old, repairing each difference and
     * reading the pair again, until a pass leaves none out of step; then records {@link MigrationPhase#VERIFIED}.
     * Application writes may go on meanwhile: the difference a dual write in flight shows is repaired like any
     * other, and its pair is in step when read again. Nothing when verified already.
     *
     * @return the report, with the drift found and repaired
     * @throws IllegalStateException before the cut-over, or when drift remains after {@value #VERIFY_PASSES} passes
     */
    public MigrationReport verify() {
        timed("migration.verify", () -> {
            MigrationPhase p = phase();
            if (p.reached(MigrationPhase.VERIFIED)) {
                return;
            }
            if (!p.reached(MigrationPhase.CUT_OVER)) {
                throw new IllegalStateException("migration '" + migration.name() + "' is at " + p
                        + "; verify after the cut-over");
            }
            long[] pass = compare();
            driftFound.addAndGet(pass[0]);
            // IndexVerification an application write in flight shows for a moment is repaired and then in step: only what a
            // repair left out of step calls for another pass.
            for (int n = 1; n < VERIFY_PASSES && pass[1] != 0; n++) {
                pass = compare();
            }
            driftRemaining.set(pass[1]);
            if (driftRemaining.get() != 0) {
                throw new IllegalStateException("migration '" + migration.name() + "' still has " + driftRemaining
                        + " items of drift after " + VERIFY_PASSES + " repairing passes; are writers bypassing the "
                        + "repository?");
            }
            state.record(MigrationPhase.VERIFIED, migration.segments());
            writes.incrementAndGet();
            known = MigrationPhase.VERIFIED;
        });
        return report();
    }

    /**
     * Removes the old form once verified: refuses further writes of the old type through attached repositories
     * and, for a re-key, deletes every old item with its index entries; then records {@link MigrationPhase#DONE}.
     *
     * @throws IllegalStateException before the verification
     */
    public void cleanup() {
        timed("migration.cleanup", () -> {
            MigrationPhase p = phase();
            if (p == MigrationPhase.DONE) {
                return;
            }
            if (!p.reached(MigrationPhase.VERIFIED)) {
                throw new IllegalStateException("migration '" + migration.name() + "' is at " + p
                        + "; clean up after the verification");
            }
            state.record(MigrationPhase.CLEANUP, migration.segments());
            writes.incrementAndGet();
            known = MigrationPhase.CLEANUP;
            if (migration.rekeys()) {
                awaitPhaseLease();
                scanAll(migration.from(), page -> page.forEach(item -> {
                    following.deleteItem(migration.from(), item.key());
                    writes.incrementAndGet();
                }));
            }
            state.record(MigrationPhase.DONE, migration.segments());
            writes.incrementAndGet();
            known = MigrationPhase.DONE;
        });
    }

    /** Runs every phase still to run, from the one the store records, to {@link MigrationPhase#DONE}. */
    public MigrationReport run() {
        return TechniqueCalls.call(store, "migration.run", migration.from().table(), () -> {
            begin();
            backfill();
            cutOver();
            verify();
            cleanup();
            return report();
        });
    }

    /** What this job object did so far, at the phase last seen. */
    public MigrationReport report() {
        return new MigrationReport(known, migrated.get(), writes.get(), Duration.ofNanos(nanos.get()),
                driftFound.get(), driftRepaired.get(), driftRemaining.get());
    }

    /** Detaches the job from its repository: writes of the old type through it are no longer followed. */
    @Override
    public void close() {
        following.close();
    }

    /**
     * One repairing pass over both forms: the items whose new form differed, plus the new type's missing or
     * duplicate index entries (repaired, and stale entries removed); and the items still out of step when read
     * again after their repair.
     */
    private long[] compare() {
        AtomicLong drift = new AtomicLong();
        AtomicLong left = new AtomicLong();
        scanAll(migration.from(), page -> {
            Map<Key, Optional<Item>> actual = migration.rekeys()
                    ? forms.read(migration.to(), page.stream().map(i -> forms.newKey(i.key())).toList()) : Map.of();
            for (Item old : page) {
                Optional<Item> now = migration.rekeys() ? actual.get(forms.newKey(old.key())) : Optional.of(old);
                if (!forms.inStep(Optional.of(old), now)) {
                    repair(drift, left, old.key());
                }
            }
        });
        if (migration.rekeys()) {
            scanAll(migration.to(), page -> {
                Map<Key, Optional<Item>> old = forms.readOld(page.stream().map(i -> forms.oldKey(i.key())).toList());
                for (Item item : page) {
                    if (old.get(forms.oldKey(item.key())).isEmpty()) {
                        repair(drift, left, forms.oldKey(item.key()));
                    }
                }
            });
        }
        EntityRepository indexes = EntityRepository.of(store, migration.to());
        EntityVerification audit = indexes.repair();
        // Stale entries are skipped by reads and left by design by repairable index writes: removed, not drift.
        long wrongEntries = audit.byIndex().values().stream().mapToLong(d -> d.missing() + d.duplicates()).sum();
        drift.addAndGet(wrongEntries);
        driftRepaired.addAndGet(wrongEntries);
        return new long[] {drift.get(), left.get()};
    }

    /** Repairs the key's new form, then reads both forms again: still out of step counts as left. */
    private void repair(AtomicLong drift, AtomicLong left, Key oldKey) {
        drift.incrementAndGet();
        forms.follow(oldKey, forms.readOld(oldKey));
        driftRepaired.incrementAndGet();
        Optional<Item> old = forms.readOld(oldKey);
        Optional<Item> now = migration.rekeys() ? store.get(migration.to().table(), forms.newKey(oldKey)) : old;
        if (!forms.inStep(old, now)) {
            left.incrementAndGet();
        }
    }

    /** Every item of {@code type} in its table, a scan page at a time. */
    private void scanAll(EntityType<?> type, Consumer<List<Item>> each) {
        Scan scan = Scan.of(type.table()).limit(migration.pageSize());
        Optional<Cursor> at = Optional.empty();
        do {
            Page page = store.scan(at.map(scan::after).orElse(scan));
            each.accept(page.items().stream().filter(type::isTypeOf).toList());
            at = page.next();
        } while (at.isPresent());
    }

    /** Waits until every phase read before the clean-up was recorded is past its lease: their writes have landed. */
    private void awaitPhaseLease() {
        long end = System.nanoTime() + migration.phaseLease().toNanos();
        for (long left = end - System.nanoTime(); left > 0; left = end - System.nanoTime()) {
            try {
                java.util.concurrent.TimeUnit.NANOSECONDS.sleep(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("the clean-up of migration '" + migration.name() + "' was interrupted "
                        + "while waiting out its phase lease, before removing any old item; call cleanup() again", e);
            }
        }
    }

    /**
     * The phase a write of the old type acts on: the state's, read now, or when the migration has a phase lease,
     * the one read less than a lease ago. The lease counts from before the read was sent, so it ends before the
     * clean-up's wait, which counts from after the clean-up was recorded.
     */
    private MigrationPhase phaseForWrites() {
        MigrationPhase own = known;
        if (own.reached(MigrationPhase.CLEANUP)) {
            return own;
        }
        long lease = migration.phaseLease().toNanos();
        LeasedPhase last = leased;
        long now = System.nanoTime();
        if (lease > 0 && last != null && now - last.readFrom() < lease) {
            return last.phase();
        }
        MigrationPhase read = state.phase();
        if (lease > 0) {
            leased = new LeasedPhase(read, now);
        }
        return read;
    }

    /** A phase read from the state, with the time the read was sent. */
    private record LeasedPhase(MigrationPhase phase, long readFrom) {
    }

    private void requireBegun() {
        if (!known.reached(MigrationPhase.BACKFILL) && !phase().reached(MigrationPhase.BACKFILL)) {
            throw new IllegalStateException("migration '" + migration.name() + "' has not begun; call begin()");
        }
    }

    /** Runs one step of the job as the technique call {@code operation}, adding its time to the job's. */
    private void timed(String operation, Runnable work) {
        long start = System.nanoTime();
        try {
            TechniqueCalls.run(store, operation, migration.from().table(), work);
        } finally {
            nanos.addAndGet(System.nanoTime() - start);
        }
    }

    /** The dual writes: each write of the old type through the attached repository, followed into the new form. */
    private final class DualWrites implements WriteFollower {
        @Override
        public void beforeWrite(Key key) {
            MigrationPhase p = phaseForWrites();
            if (p.reached(MigrationPhase.CLEANUP)) {
                throw new MigrationPhaseException(migration, p);
            }
        }

        @Override
        public void afterWrite(Key key) {
            forms.follow(key, forms.readOld(key));
        }

        @Override
        public void afterPut(Item written) {
            forms.follow(written.key(), Optional.of(written));
            LeasedPhase last = leased;
            boolean cleaningUp = known.reached(MigrationPhase.CLEANUP)
                    || (last != null && last.phase().reached(MigrationPhase.CLEANUP));
            if (migration.rekeys() && cleaningUp) {
                // Admitted before the clean-up began (as far as this process knows, without reading the state
                // again), this write may have landed after the clean-up passed its key: its new form is written
                // now, so its old item goes as the clean-up's would.
                following.deleteItem(migration.from(), written.key());
                writes.incrementAndGet();
            }
        }

        @Override
        public void nothingWritten(Key key) {
            MigrationPhase p = migration.rekeys() ? phaseForWrites() : MigrationPhase.NOT_STARTED;
            if (p.reached(MigrationPhase.CLEANUP)) {
                // The clean-up removed the old item while the write, admitted before, was on its way.
                throw new MigrationPhaseException(migration, p);
            }
        }
    }
}
