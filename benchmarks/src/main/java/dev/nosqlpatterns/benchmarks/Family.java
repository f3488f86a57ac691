package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.store.Store;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A family of access patterns whose competing techniques are compared on each store: it lists, per
 * store, every (workload, technique) candidate, with either the set-up that loads its data and returns
 * what to measure, or the reason it cannot run on that store.
 */
interface Family {
    /** The family's name in the report. */
    String name();

    /** Releases what the last {@link #candidates} call opened besides the store; nothing by default. */
    default void close() {
    }

    /**
     * What the report should say about the last {@link #candidates} call's store beyond the cells' figures, by
     * topic (e.g. a technique's name: how it was realised on that store); read after the store's cells ran, before
     * {@link #close}. Nothing by default.
     */
    default java.util.Map<String, String> notes() {
        return java.util.Map.of();
    }

    /** The candidates on {@code store}; {@code tables} names fresh tables so runs never share data. */
    List<Candidate> candidates(Store store, Tables tables, Settings.Mode mode);

    /**
     * The candidates on {@code store} reached at {@code address} (its URI, for families that also talk to
     * the store with its own driver); by default the address is not needed.
     */
    default List<Candidate> candidates(Store store, String address, Tables tables, Settings.Mode mode) {
        return candidates(store, tables, mode);
    }

    /**
     * One technique of one workload: its set-up, or why it is skipped on this store. A candidate with a
     * rival is measured interleaved with it (see {@link Harness#measureInterleaved}): the set-up gives the
     * technique's cell, then {@code rivalSetUp} the rival's.
     */
    record Candidate(String workload, String technique, Optional<String> skipReason, Supplier<CellSpec> setUp,
                     Optional<String> rival, Supplier<CellSpec> rivalSetUp) {
        public Candidate {
            Objects.requireNonNull(workload, "workload");
            Objects.requireNonNull(technique, "technique");
            Objects.requireNonNull(skipReason, "skipReason");
            Objects.requireNonNull(setUp, "setUp");
            Objects.requireNonNull(rival, "rival");
            Objects.requireNonNull(rivalSetUp, "rivalSetUp");
        }

        Candidate(String workload, String technique, Optional<String> skipReason, Supplier<CellSpec> setUp) {
            this(workload, technique, skipReason, setUp, Optional.empty(), () -> {
                throw new IllegalStateException("no rival");
            });
        }

        static Candidate of(String workload, String technique, Supplier<CellSpec> setUp) {
            return new Candidate(workload, technique, Optional.empty(), setUp);
        }

        /** A technique measured interleaved with {@code rival}, operation by operation. */
        static Candidate against(String workload, String technique, Supplier<CellSpec> setUp, String rival,
                                 Supplier<CellSpec> rivalSetUp) {
            return new Candidate(workload, technique, Optional.empty(), setUp, Optional.of(rival), rivalSetUp);
        }

        static Candidate skip(String workload, String technique, String reason) {
            return new Candidate(workload, technique, Optional.of(reason), () -> {
                throw new IllegalStateException("skipped: " + reason);
            });
        }
    }

    /** Hands out table names unique to this run, valid on every store. */
    final class Tables {
        private final String prefix;
        private final java.util.List<String> issued = new java.util.ArrayList<>();
        /** The names handed out while each technique ("family / technique") was being set up. */
        private final java.util.Map<String, java.util.List<String>> owned = new java.util.HashMap<>();
        private String owner;
        private boolean leftToTheServer;

        Tables(String runId) {
            if (!runId.matches("[a-z0-9]{1,12}")) {
                throw new IllegalArgumentException("run id must be 1 to 12 lower-case letters or digits, got '" + runId + "'");
            }
            this.prefix = "b" + runId + "_";
        }

        /** Counts a table that code under test derives from an issued name as issued too (dropped and measured alike). */
        synchronized void claim(String name) {
            issued.add(name);
            if (owner != null) {
                owned.computeIfAbsent(owner, o -> new java.util.ArrayList<>()).add(name);
            }
        }

        synchronized String next(String purpose) {
            String name = prefix + issued.size() + "_" + purpose;
            name = name.length() > 48 ? name.substring(0, 48) : name;
            issued.add(name);
            if (owner != null) {
                owned.computeIfAbsent(owner, o -> new java.util.ArrayList<>()).add(name);
            }
            return name;
        }

        /** Names handed out from now on belong to {@code technique} (null: to none), until the next call. */
        synchronized void owner(String technique) {
            this.owner = technique;
        }

        /** The names handed out while {@code technique} was the owner. */
        synchronized java.util.List<String> ownedBy(String technique) {
            return java.util.List.copyOf(owned.getOrDefault(technique, java.util.List.of()));
        }

        /**
         * Whether the run leaves its tables to an embedded server that ends with the run, instead of dropping them:
         * data a family keeps beyond these tables (e.g. in a store per tenant) may then be left too.
         */
        synchronized boolean leftToTheServer() {
            return leftToTheServer;
        }

        synchronized void leftToTheServer(boolean left) {
            this.leftToTheServer = left;
        }

        /** Every name handed out so far, to drop after the run. */
        synchronized java.util.List<String> issued() {
            return java.util.List.copyOf(issued);
        }
    }
}
