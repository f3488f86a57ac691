package dev.nosqlpatterns.migration;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/**
 * An online migration of one entity type's items from an old form to a new one: what changes, not how it runs
 * (that is {@link MigrationJob}). Immutable and thread-safe.
 *
 * <p>Two kinds, told apart by the types' keys:
 * <ul>
 *   <li>a <b>re-key</b>: the new type has other key templates or another table. Every item is copied to its
 *   new key and, once the job is verified, removed from its old one. The new key must follow from the old key
 *   alone, so both types' templates name the same components (they may order, prefix or split them
 *   differently), and the transform must keep those components' values.</li>
 *   <li>an <b>in-place</b> migration (same table and key templates), e.g. an <b>add-index</b>: each item is
 *   rewritten where it is, as the new type writes it, which backfills the entries of the indexes the new type
 *   declares. Both types share the record class and the type name. The rewrite is a compare-and-set through the
 *   repository, so it advances the item's version like any update. An index the new type keeps natively must be
 *   one the store can add to an existing table; the kit's add-index runs with an index table.</li>
 * </ul>
 * Either kind may transform each entity ({@link Builder#transform}); a schema change alone needs no
 * migration, only an upgrade step on the type ({@link EntityType.Builder#upgrade}).
 *
 * <pre>{@code
 * Migration<Credit, Credit> m = Migration.builder("credits-by-person", creditsV1, creditsV2)
 *         .segments(8).itemsPerSecond(500).build();
 * }</pre>
 *
 * @param <O> the old record class
 * @param <N> the new record class
 */
public final class Migration<O extends Record, N extends Record> {
    /** The table holding migration state items unless {@link Builder#stateTable} names another. */
    public static final String DEFAULT_STATE_TABLE = "nosqlpatterns_migrations";
    /** Items per scan page and checkpoint unless the builder says otherwise: one window of the bulk writes. */
    public static final int DEFAULT_PAGE_SIZE = 500;
    /** The longest {@link Builder#phaseLease phase lease}: the clean-up of a re-key waits this long at most. */
    public static final Duration MAX_PHASE_LEASE = Duration.ofMinutes(10);

    private final String name;
    private final EntityType<O> from;
    private final EntityType<N> to;
    private final Function<O, N> transform;
    private final String stateTable;
    private final int segments;
    private final int pageSize;
    private final double itemsPerSecond;
    private final Duration phaseLease;

    private Migration(Builder<O, N> b, Function<O, N> transform) {
        this.name = b.name;
        this.from = b.from;
        this.to = b.to;
        this.transform = transform;
        this.stateTable = b.stateTable;
        this.segments = b.segments;
        this.pageSize = b.pageSize;
        this.itemsPerSecond = b.itemsPerSecond;
        this.phaseLease = b.phaseLease;
    }

    /** Starts a migration called {@code name} (its state item's name) from {@code from} to {@code to}. */
    public static <O extends Record, N extends Record> Builder<O, N> builder(String name, EntityType<O> from,
                                                                           EntityType<N> to) {
        return new Builder<>(name, from, to);
    }

    public String name() {
        return name;
    }

    /** The old form's entity type. */
    public EntityType<O> from() {
        return from;
    }

    /** The new form's entity type. */
    public EntityType<N> to() {
        return to;
    }

    /** The new form of an old entity. */
    N transform(O old) {
        N out = transform.apply(old);
        if (out == null) {
            throw new IllegalStateException("migration '" + name + "' transformed " + from.keyOf(old) + " into null");
        }
        return out;
    }

    /** True for a re-key (the new type has another table or other key templates); false for an in-place one. */
    public boolean rekeys() {
        return rekeys(from, to);
    }

    /** The indexes the new type declares that the old one does not: those the migration backfills. */
    public List<String> addedIndexes() {
        Set<String> old = new LinkedHashSet<>();
        from.indexes().forEach(ix -> old.add(ix.name()));
        return to.indexes().stream().map(EntityIndex::name).filter(n -> !old.contains(n)).toList();
    }

    /** The table holding the migration's state item and segment checkpoints. */
    String stateTable() {
        return stateTable;
    }

    /** How many scan segments the backfill is split into. */
    public int segments() {
        return segments;
    }

    /** Items read per scan page; a checkpoint is written after each page. */
    int pageSize() {
        return pageSize;
    }

    /** The backfill's budget of items per second in one process (0: unlimited). */
    double itemsPerSecond() {
        return itemsPerSecond;
    }

    /** How long a writer acts on the phase it read before reading it again (zero: every write reads it). */
    Duration phaseLease() {
        return phaseLease;
    }

    @Override
    public String toString() {
        return "Migration[" + name + ": " + from + " -> " + to + (rekeys() ? ", re-key" : ", in place")
                + ", indexes added " + addedIndexes() + "]";
    }

    private static boolean rekeys(EntityType<?> a, EntityType<?> b) {
        return !a.table().equals(b.table()) || !a.partitionTemplate().equals(b.partitionTemplate())
                || !a.sortTemplate().equals(b.sortTemplate());
    }

    private static Set<String> keyComponents(EntityType<?> t) {
        Set<String> out = new java.util.TreeSet<>(t.partitionTemplate().placeholders());
        out.addAll(t.sortTemplate().placeholders());
        return out;
    }

    /**
     * Collects a migration. Setters check their own argument's range when {@link #build()} runs, which reports
     * every problem together, naming the bad values.
     *
     * @param <O> the old record class
     * @param <N> the new record class
     */
    public static final class Builder<O extends Record, N extends Record> {
        private final String name;
        private final EntityType<O> from;
        private final EntityType<N> to;
        private Function<O, N> transform;
        private String stateTable = DEFAULT_STATE_TABLE;
        private int segments = 4;
        private int pageSize = DEFAULT_PAGE_SIZE;
        private double itemsPerSecond;
        private Duration phaseLease = Duration.ZERO;

        private Builder(String name, EntityType<O> from, EntityType<N> to) {
            this.name = name;
            this.from = from;
            this.to = to;
        }

        /** The new form of each old entity; by default the entity itself (the record classes must then match). */
        public Builder<O, N> transform(Function<O, N> change) {
            this.transform = Objects.requireNonNull(change, "transform is null");
            return this;
        }

        /** The table of the state items (default {@value Migration#DEFAULT_STATE_TABLE}); created when absent. */
        public Builder<O, N> stateTable(String table) {
            this.stateTable = table;
            return this;
        }

        /** Scan segments of the backfill, 1 to {@value Scan#MAX_SEGMENTS} (default 4). */
        public Builder<O, N> segments(int count) {
            this.segments = count;
            return this;
        }

        /**
         * Items per scan page and checkpoint, at least 1 (default {@value Migration#DEFAULT_PAGE_SIZE}): a page's
         * items are rewritten together, so larger pages wait for fewer round trips; a crash redoes at most a page.
         */
        public Builder<O, N> pageSize(int size) {
            this.pageSize = size;
            return this;
        }

        /** The backfill's budget of items per second in one process; 0 (the default) for none. */
        public Builder<O, N> itemsPerSecond(double rate) {
            this.itemsPerSecond = rate;
            return this;
        }

        /**
         * How long each attached writer may act on the phase it read before it reads it again (default zero: every
         * write of the old type reads the migration's state first, one round trip in sequence before the write).
         * With a lease, a writer reads the state at most once per lease, and the clean-up of a re-key waits the
         * lease out after recording {@link MigrationPhase#CLEANUP}, before it removes the old items, so that every
         * write made under a phase read earlier has landed by then and its old item is removed too. A writer paused
         * for longer than the lease in the middle of a write may still leave its old item behind, as a write in
         * flight at the clean-up may without a lease. From zero to {@link #MAX_PHASE_LEASE}.
         */
        public Builder<O, N> phaseLease(Duration lease) {
            this.phaseLease = lease;
            return this;
        }

        /**
         * The migration.
         *
         * @throws IllegalArgumentException listing every problem: a missing or malformed name, a missing type,
         *                                  types that do not differ, a re-key whose templates name other
         *                                  components, an in-place migration between different records or type
         *                                  names, no transform between different records, a bad state table,
         *                                  segment count, page size, rate or phase lease
         */
        @SuppressWarnings("unchecked")
        public Migration<O, N> build() {
            List<String> problems = new ArrayList<>();
            if (name == null || name.isEmpty() || name.length() > 100
                    || dev.nosqlpatterns.key.Utf8Order.firstUnpairedSurrogate(name) >= 0) {
                problems.add("name " + (name == null ? "null" : "\"" + name + "\"")
                        + " must be 1 to 100 characters of well-formed text");
            }
            if (from == null) {
                problems.add("no old entity type (from is null)");
            }
            if (to == null) {
                problems.add("no new entity type (to is null)");
            }
            if (from != null && to != null) {
                checkTypes(problems);
            }
            try {
                TableSpec.checkName(stateTable);
            } catch (IllegalArgumentException | NullPointerException e) {
                problems.add("state table: " + e.getMessage());
            }
            if (segments < 1 || segments > Scan.MAX_SEGMENTS) {
                problems.add("segments must be 1 to " + Scan.MAX_SEGMENTS + ", got " + segments);
            }
            if (pageSize < 1) {
                problems.add("page size must be at least 1, got " + pageSize);
            }
            if (!(itemsPerSecond >= 0) || Double.isInfinite(itemsPerSecond)) {
                problems.add("items per second must be 0 (unlimited) or a positive finite rate, got " + itemsPerSecond);
            }
            if (phaseLease == null || phaseLease.isNegative() || phaseLease.compareTo(MAX_PHASE_LEASE) > 0) {
                problems.add("phase lease must be 0 to " + MAX_PHASE_LEASE + ", got " + phaseLease);
            }
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("migration '" + name + "' is invalid: " + String.join("; ", problems));
            }
            Function<O, N> change = transform != null ? transform : old -> (N) old;
            return new Migration<>(this, change);
        }

        private void checkTypes(List<String> problems) {
            boolean sameRecord = from.recordClass() == to.recordClass();
            if (from.tenantScoped() != to.tenantScoped()) {
                problems.add(from + (from.tenantScoped() ? " is" : " is not") + " tenant-scoped and " + to
                        + (to.tenantScoped() ? " is" : " is not") + "; a migration runs inside one store handle, so "
                        + "both must be tenant-scoped or neither (to move shared items into tenants, export them and "
                        + "write each tenant's through its handle)");
            }
            if (transform == null && !sameRecord) {
                problems.add("the records differ (" + from.recordClass().getSimpleName() + " to "
                        + to.recordClass().getSimpleName() + "): give a transform");
            }
            if (rekeys(from, to)) {
                if (!keyComponents(from).equals(keyComponents(to))) {
                    problems.add("a re-key derives each new key from the old key, so both types' templates must name "
                            + "the same components; the old ones name " + keyComponents(from) + ", the new ones "
                            + keyComponents(to));
                }
                if (from.table().equals(to.table()) && from.name().equals(to.name())) {
                    problems.add("a re-key within table '" + from.table() + "' needs another type name than '"
                            + from.name() + "' for the new form, so the two forms' items are told apart");
                }
            } else {
                if (!sameRecord || !from.name().equals(to.name())) {
                    problems.add("an in-place migration (same table and key templates) keeps the record and the type "
                            + "name; got " + from.recordClass().getSimpleName() + " '" + from.name() + "' to "
                            + to.recordClass().getSimpleName() + " '" + to.name() + "'");
                }
                boolean sameIndexes = from.indexes().equals(to.indexes());
                if (sameIndexes && transform == null && from.schemaVersion() == to.schemaVersion()) {
                    problems.add("nothing changes from " + from + " to " + to
                            + ": same table, key templates, indexes and schema version, and no transform");
                } else if (sameIndexes && from.schemaVersion() == to.schemaVersion()) {
                    problems.add("an in-place transform must raise the schema version (from " + from.schemaVersion()
                            + "), so that the items it rewrote, and the writes of the new type, are told from the "
                            + "old type's");
                }
            }
        }
    }
}
