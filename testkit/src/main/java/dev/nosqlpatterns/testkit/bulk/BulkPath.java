package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One bulk path of the library as {@link BulkCrashSuite} walks it: the state before the call, the call with its
 * valid input, the same call with an invalid item at a position, the primary records the call writes (what was
 * meant, and what is stored), what the technique's reads answer, and its repair and drift check.
 *
 * <p>A record's identity is a string (an entity's id, a point's id, a document's id); its value is anything with
 * equality. The oracle of the derived data is a function of the records, so after a crash, when each record holds
 * either what it held before or what the call meant, the reads can be judged against what is stored.
 *
 * @param <R> the value of one primary record
 */
abstract class BulkPath<R> {
    /** What a path needs from the suite that runs it: the store under test and tables cleaned up after the test. */
    interface Kit {
        /** The healthy store under test. */
        Store store();

        /** The backend behind {@link #store()}, to open more stores over the same data. */
        StoreBackend backend();

        /** A created table, dropped after the test. */
        String newTable();

        /** A table name, not created, dropped after the test if it exists then. */
        String reserveTable();

        /** Drops {@code table} after the test if it exists then. */
        void dropAfterwards(String table);
    }

    /**
     * An invalid input: what to store beyond the seed (for a path whose input is what is stored), the call that must
     * be refused, text its message must contain, and how many items of the input are written before the refusal (0
     * but for a windowed load, whose earlier windows are written; -1 for a pass over what is stored, page by page,
     * whose earlier pages may be fixed, which the suite checks changes no record and makes no read wrong).
     */
    record Invalid(String label, Runnable prepare, Consumer<Store> call, String named, int written) {
        /** No preparation: the state before is the seed. */
        static final Runnable NOTHING = () -> { };

        Invalid(String label, Consumer<Store> call, String named) {
            this(label, NOTHING, call, named, 0);
        }

        Invalid(String label, Consumer<Store> call, String named, int written) {
            this(label, NOTHING, call, named, written);
        }
    }

    protected final Kit kit;

    BulkPath(Kit kit) {
        this.kit = kit;
    }

    /** Skips (with a JUnit assumption naming the capability) when the store lacks what the path needs. */
    void assume() {
    }

    /** Every table the path writes, emptied before each run. */
    abstract List<String> tables();

    /** Writes the state before the bulk call on the healthy store (the tables are empty). */
    abstract void seed();

    /** The positions of the input. */
    abstract int size();

    /** Runs the bulk call with its valid input on {@code on}. */
    abstract void run(Store on);

    /** Runs the bulk call with only the first {@code n} items of the input, on the healthy store. */
    void runPrefix(int n) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " writes nothing of a refused input");
    }

    /** The invalid inputs with their bad item at {@code position}, each refused before it writes. */
    abstract List<Invalid> invalid(int position);

    /** The primary records as stored now, by id (read around the technique where it has no plain read). */
    abstract Map<String, R> records();

    /** The records before the call, by id. */
    abstract Map<String, R> before();

    /** The records as the call means them: {@link #before()} with the first {@code n} items of the input applied. */
    abstract Map<String, R> intended(int n);

    /** What the technique's reads answer on a fresh store over the data, by lookup. */
    abstract Map<String, Set<String>> lookups(boolean repaired);

    /** What each lookup of {@link #lookups} must answer for {@code records}. */
    abstract Map<String, Set<String>> oracle(Map<String, R> records, boolean repaired);

    /**
     * True when reads after a crash, before any repair, answer exactly what the stored records say; false when a
     * read may lag the records until repair (documented for the path), so it is only checked to answer nothing
     * that is neither before nor meant, and to keep every answer it gave before the call that the call keeps.
     */
    boolean exactBeforeRepair() {
        return true;
    }

    /** True when the number of writes depends on how the store orders a scan, so it differs from table to table. */
    boolean scans() {
        return false;
    }

    /** Completes what a crashed call left: the technique's repair, or running the call again where that is the way. */
    abstract void repair();

    /** The technique's own check of its derived data after {@link #repair()}: empty when it finds no drift. */
    abstract Optional<String> drift();

    @Override
    public String toString() {
        return getClass().getSimpleName();
    }
}
