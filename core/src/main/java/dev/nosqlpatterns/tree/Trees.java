package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Opens {@link Tree}s: {@code Trees.builder(store, "categories", codec).nestedSets("eshop")}.
 *
 * <p>A tree lives in one partition of a table declared on the store, named by the strategy's tag and
 * the tree's name, so one table can hold many trees of any layouts. Opening writes nothing.
 *
 * <p>Node ids are 1 to {@value NodeNames#MAX_ID_BYTES} UTF-8 bytes of well-formed text without control
 * characters and without {@code '/'}, the separator of materialized paths; the same rule holds for every
 * layout so that a tree can move between layouts. Tree names follow the same rule.
 */
public final class Trees {
    private Trees() {
    }

    /**
     * A builder of trees stored in {@code table} (declared on {@code store}) with payloads converted by
     * {@code codec}. All three are checked at once.
     *
     * @throws IllegalArgumentException naming every bad argument
     */
    public static <T> Builder<T> builder(Store store, String table, PayloadCodec<T> codec) {
        List<String> problems = new ArrayList<>();
        if (store == null) {
            problems.add("store must not be null");
        }
        if (table == null) {
            problems.add("table must not be null");
        } else {
            try {
                TableSpec.checkName(table);
                if (store != null && !store.hasTable(table)) {
                    problems.add("table '" + table + "' is not declared on this store; call store.createTable first");
                }
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        }
        if (codec == null) {
            problems.add("payload codec must not be null");
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("cannot build trees: " + String.join("; ", problems));
        }
        return new Builder<>(store, table, codec);
    }

    /**
     * Options of the trees to open; each setter checks its argument at once. Builders are not
     * thread-safe, the trees they open are.
     *
     * @param <T> the payload type
     */
    public static final class Builder<T> {
        /** Default of {@link #pageSize}. */
        public static final int DEFAULT_PAGE_SIZE = 100;
        /** Default of {@link #maxAttempts}. */
        public static final int DEFAULT_MAX_ATTEMPTS = 50;
        /** Default of {@link #lease}. */
        public static final Duration DEFAULT_LEASE = Duration.ofSeconds(10);
        /** Default of {@link #tombstoneGrace}. */
        public static final Duration DEFAULT_TOMBSTONE_GRACE = Duration.ofMinutes(10);
        /** Default of {@link #nestedSetNumbers}: the width of the number line nested sets spread nodes over. */
        public static final long DEFAULT_NESTED_SET_NUMBERS = 1L << 62;

        private final Store store;
        private final String table;
        private final PayloadCodec<T> codec;
        private Function<? super T, String> label;
        private int pageSize = DEFAULT_PAGE_SIZE;
        private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
        private Duration lease = DEFAULT_LEASE;
        private boolean atomicWrites = true;
        private long nestedSetNumbers = DEFAULT_NESTED_SET_NUMBERS;
        private Duration tombstoneGrace = DEFAULT_TOMBSTONE_GRACE;

        private Builder(Store store, String table, PayloadCodec<T> codec) {
            this.store = store;
            this.table = table;
            this.codec = codec;
        }

        /**
         * How materialized paths label a node in its readable path, for {@link PathTree#matching}; by
         * default its id. A label may not contain {@code '/'}; other layouts ignore labels.
         */
        public Builder<T> label(Function<? super T, String> labelOfPayload) {
            this.label = Objects.requireNonNull(labelOfPayload, "label function must not be null");
            return this;
        }

        /** Items per request of range reads (subtrees, paths, nested sets); 1 to 1000, default 100. */
        public Builder<T> pageSize(int size) {
            if (size < 1 || size > 1000) {
                throw new IllegalArgumentException("page size must be between 1 and 1000, got " + size);
            }
            this.pageSize = size;
            return this;
        }

        /** How often a change is tried against concurrent changes before {@link TreeConflictException}; at least 1. */
        public Builder<T> maxAttempts(int attempts) {
            if (attempts < 1) {
                throw new IllegalArgumentException("max attempts must be at least 1, got " + attempts);
            }
            this.maxAttempts = attempts;
            return this;
        }

        /**
         * How long a journaled change may stay pending before other writers and readers stop waiting for
         * its writer and complete it themselves (default 10 s). A writer paused longer is taken over, and
         * when it resumes its writes fail their fences instead of undoing later changes; a lease longer than
         * the usual pause avoids that wasted work, zero suits a single process.
         */
        public Builder<T> lease(Duration duration) {
            Objects.requireNonNull(duration, "lease must not be null");
            if (duration.isNegative()) {
                throw new IllegalArgumentException("lease must not be negative, got " + duration);
            }
            this.lease = duration;
            return this;
        }

        /**
         * Whether to use the store's atomic writes for changes that fit them (default true). False sends
         * every change through the journal, as on a store without atomic writes; useful where transactions
         * cost more than the journal's extra writes.
         */
        public Builder<T> atomicWrites(boolean use) {
            this.atomicWrites = use;
            return this;
        }

        /**
         * How long the tombstones of deleted items are kept where changes go through the fenced journal (no
         * atomic writes, or {@link #atomicWrites atomicWrites(false)}); default 10 minutes, at least the lease.
         * A tombstone stops a writer that was paused past its lease, and resumes, from re-creating an item
         * that later changes deleted, so it must outlast the longest pause of a live writer. Older tombstones
         * are removed by the changes that read them and by {@link Tree#repair()}; until then range reads
         * read past them, so a longer grace costs reads after changes that delete or renumber many items.
         */
        public Builder<T> tombstoneGrace(Duration grace) {
            Objects.requireNonNull(grace, "tombstone grace must not be null");
            if (grace.isNegative()) {
                throw new IllegalArgumentException("tombstone grace must not be negative, got " + grace);
            }
            this.tombstoneGrace = grace;
            return this;
        }

        /**
         * The largest number nested sets use (the root spans 0 to it); at least 16, default 2^62. Smaller
         * lines run out of gaps sooner, so the tree is renumbered more often.
         */
        public Builder<T> nestedSetNumbers(long max) {
            if (max < 16) {
                throw new IllegalArgumentException("nested set numbers must reach at least 16, got " + max);
            }
            this.nestedSetNumbers = max;
            return this;
        }

        /** Opens the tree {@code name} laid out by {@code strategy}. */
        public Tree<T> open(TreeStrategy strategy, String name) {
            Objects.requireNonNull(strategy, "strategy must not be null");
            return switch (strategy) {
                case ADJACENCY_LIST -> adjacencyList(name);
                case MATERIALIZED_PATHS -> materializedPaths(name);
                case NESTED_SETS -> nestedSets(name);
                case AGGREGATE -> aggregate(name);
            };
        }

        /** Opens the tree {@code name} as adjacency lists; see {@link TreeStrategy#ADJACENCY_LIST}. */
        public Tree<T> adjacencyList(String name) {
            return new AdjacencyListTree<>(context(TreeStrategy.ADJACENCY_LIST, name));
        }

        /** Opens the tree {@code name} as materialized paths; see {@link TreeStrategy#MATERIALIZED_PATHS}. */
        public PathTree<T> materializedPaths(String name) {
            return new MaterializedPathTree<>(context(TreeStrategy.MATERIALIZED_PATHS, name));
        }

        /** Opens the tree {@code name} as nested sets; see {@link TreeStrategy#NESTED_SETS}. */
        public Tree<T> nestedSets(String name) {
            return new NestedSetTree<>(context(TreeStrategy.NESTED_SETS, name));
        }

        /** Opens the tree {@code name} as one aggregate item; see {@link TreeStrategy#AGGREGATE}. */
        public Tree<T> aggregate(String name) {
            return new AggregateTree<>(context(TreeStrategy.AGGREGATE, name));
        }

        private TreeContext<T> context(TreeStrategy strategy, String name) {
            NodeNames.check("tree name", name);
            if (tombstoneGrace.compareTo(lease) < 0) {
                throw new IllegalArgumentException("tombstone grace " + tombstoneGrace + " is shorter than the lease "
                        + lease + "; a tombstone must outlast the lease, or lengthen the grace");
            }
            TreeOptions<T> options = new TreeOptions<>(label, pageSize, maxAttempts, lease, atomicWrites,
                    nestedSetNumbers, tombstoneGrace);
            return new TreeContext<>(store, table, strategy, name, codec, options);
        }
    }
}
