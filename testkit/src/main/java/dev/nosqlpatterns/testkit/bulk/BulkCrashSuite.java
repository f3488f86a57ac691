package dev.nosqlpatterns.testkit.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.FaultInjectingBackend;
import dev.nosqlpatterns.testkit.KitTables;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every bulk path of the library ({@link BulkPaths}), walked the same way. A crash at every write step, before
 * the write reaches the store and after it took effect: a fresh store over the same data reads no wrong answer,
 * every primary record holds what it held before or what the call meant, and after the technique's repair (or
 * running the call again, where that is how it completes) its own check finds no drift and every read is exact.
 * The steps are counted on a clean run; a path whose writes depend on the order of a scan (which differs from
 * table to table on some stores) is crashed at increasing steps until a run ends without reaching the step. And an
 * invalid item at every position of the input: the call is refused as bad input, naming the item, with nothing
 * written (the whole contents of the path's tables unchanged), but for a windowed load, whose earlier windows are
 * written whole.
 */
public abstract class BulkCrashSuite extends StoreSuite {
    /** The tables of the test's path as its seed left them. */
    private SortedMap<String, Item> seeded;

    private BulkPath<?> open(BulkPaths which) {
        BulkPath<?> path = which.open(new BulkPath.Kit() {
            @Override
            public Store store() {
                return store;
            }

            @Override
            public StoreBackend backend() {
                return backend;
            }

            @Override
            public String newTable() {
                return BulkCrashSuite.this.newTable();
            }

            @Override
            public String reserveTable() {
                return BulkCrashSuite.this.reserveTable();
            }

            @Override
            public void dropAfterwards(String table) {
                BulkCrashSuite.this.dropAfterwards(table);
            }
        });
        path.assume();
        return path;
    }

    /** The state before the call: seeded on the first call, then put back as the seed left it (fewer calls). */
    private void reset(BulkPath<?> path) {
        if (seeded == null) {
            KitTables.empty(store, path.tables());
            path.seed();
            seeded = KitTables.snapshot(store, path.tables());
        } else {
            KitTables.restore(store, path.tables(), seeded);
        }
    }

    /** A store over {@code faulty} with the path's tables declared, as a second process would open it. */
    private Store over(FaultInjectingBackend faulty, BulkPath<?> path) {
        Store s = Store.of(faulty);
        for (String table : path.tables()) {
            if (store.hasTable(table)) {
                s.createTable(TableSpec.named(table));
            }
        }
        return s;
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BulkPaths.class)
    void aCrashAtEveryWriteLeavesNothingRepairCannotComplete(BulkPaths which) {
        BulkPath<?> path = open(which);
        int steps = -1;
        if (!path.scans()) {
            reset(path);
            FaultInjectingBackend counter = new FaultInjectingBackend(backend);
            try (Store counting = over(counter, path)) {
                path.run(counting);
                steps = counter.writes();
            }
            assertTrue(steps >= 1, path + " writes");
            System.out.printf("bulk path on %s: %s takes %d writes%n", store.kind(), path, steps);
            check(path, path + " without a crash", null);
        }
        int n = 1;
        for (boolean reached = true; reached; n++) {
            if (steps >= 0 && n > steps) {
                break;
            }
            assertTrue(n <= 300, path + " ends within 300 writes");
            reached = false;
            for (FaultInjectingBackend.When when : FaultInjectingBackend.When.values()) {
                String at = path + ": crash " + when + " write " + n + (steps >= 0 ? " of " + steps : "");
                reset(path);
                Map<String, Set<String>> answered = path.exactBeforeRepair() ? Map.of() : path.lookups(false);
                FaultInjectingBackend dying = new FaultInjectingBackend(backend).failWrite(n, when);
                RuntimeException thrown = null;
                try (Store crashing = over(dying, path)) {
                    try {
                        path.run(crashing);
                    } catch (RuntimeException e) {
                        thrown = e;
                    }
                    boolean crashed = dying.crashed();
                    if (thrown != null && !crashed) {
                        throw new AssertionError(at + ": failed without a crash", thrown);
                    }
                    if (crashed && thrown == null) {
                        fail(at + ": the call returned normally although one of its writes failed");
                    }
                    if (steps >= 0) {
                        assertTrue(crashed, at + ": a clean run took " + steps + " writes, this one fewer");
                    }
                    reached |= crashed;
                }
                check(path, at + ", before repair", answered);
                path.repair();
                check(path, at + ", after repair", null);
            }
        }
        assertTrue(steps >= 0 || n > 2, path + ": crashed at " + (n - 2) + " steps");
        if (steps < 0) {
            System.out.printf("bulk path on %s: %s crashed at %d writes%n", store.kind(), path, n - 2);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(BulkPaths.class)
    void anInvalidItemAtEveryPositionIsRefusedBeforeAnythingIsWritten(BulkPaths which) {
        BulkPath<?> path = open(which);
        int variants = 0;
        boolean fresh = false;
        SortedMap<String, Item> before = new java.util.TreeMap<>();
        for (int position = 0; position < path.size(); position++) {
            for (BulkPath.Invalid bad : path.invalid(position)) {
                variants++;
                String at = path + ": " + bad.label() + " at position " + position;
                if (!fresh) {
                    // The state before the call, made again only after a call that wrote (or a prepared item).
                    reset(path);
                    bad.prepare().run();
                    before = KitTables.snapshot(store, path.tables());
                }
                fresh = bad.written() == 0 && bad.prepare() == BulkPath.Invalid.NOTHING;
                Map<String, ?> records = bad.written() < 0 ? path.records() : Map.of();
                Map<String, Set<String>> answered = bad.written() < 0 ? path.lookups(false) : Map.of();
                RuntimeException refused = assertThrows(RuntimeException.class, () -> bad.call().accept(store), at);
                assertFalse(refused instanceof StoreUnavailableException, at + ": refused as bad input, not " + refused);
                String messages = messages(refused);
                assertTrue(messages.contains(bad.named()), at + ": the message names " + bad.named() + ": " + messages);
                if (bad.written() == 0) {
                    assertEquals(before, KitTables.snapshot(store, path.tables()), at + ": nothing written");
                } else if (bad.written() < 0) {
                    checkNothingWrong(path, at, records, answered);
                } else {
                    checkWritten(path, at, bad.written());
                }
            }
        }
        assertTrue(variants >= path.size(), path + ": an invalid item at every position");
    }

    private static String messages(Throwable e) {
        StringBuilder out = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            out.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append(" / ");
        }
        return out.toString();
    }

    /**
     * Every record holds what it held before or what the call meant; the reads answer what the records say, or,
     * before repair on a path whose reads may lag, nothing neither before nor meant and every answer of
     * {@code answered} (the reads before the call) that the call keeps; after repair the technique finds no drift.
     *
     * @param answered null once repaired
     */
    private static <R> void check(BulkPath<R> path, String at, Map<String, Set<String>> answered) {
        boolean repaired = answered == null;
        Map<String, R> stored = path.records();
        Map<String, R> before = path.before();
        Map<String, R> meant = path.intended(path.size());
        Set<String> ids = new TreeSet<>(stored.keySet());
        ids.addAll(before.keySet());
        ids.addAll(meant.keySet());
        for (String id : ids) {
            R now = stored.get(id);
            assertTrue(Objects.equals(now, before.get(id)) || Objects.equals(now, meant.get(id)), at + ": '" + id
                    + "' holds " + now + ", neither what it held before (" + before.get(id) + ") nor what the call"
                    + " meant (" + meant.get(id) + ")");
        }
        Map<String, Set<String>> found = path.lookups(repaired);
        if (repaired || path.exactBeforeRepair()) {
            assertEquals(path.oracle(stored, repaired), found, at + ": the reads answer what the records say");
        } else {
            Map<String, Set<String>> was = path.oracle(before, false);
            Map<String, Set<String>> will = path.oracle(meant, false);
            found.forEach((lookup, answer) -> {
                Set<String> either = new HashSet<>(was.getOrDefault(lookup, Set.of()));
                either.addAll(will.getOrDefault(lookup, Set.of()));
                Set<String> kept = new HashSet<>(answered.getOrDefault(lookup, Set.of()));
                kept.retainAll(will.getOrDefault(lookup, Set.of()));
                assertTrue(either.containsAll(answer) && answer.containsAll(kept), at + ": " + lookup + " answers "
                        + answer + ", not between " + was.get(lookup) + " before and " + will.get(lookup)
                        + " meant, keeping " + kept);
            });
        }
        if (repaired) {
            Optional<String> drift = path.drift();
            assertTrue(drift.isEmpty(), () -> at + ": " + drift.get());
        }
    }

    /**
     * A refused pass over what is stored, page by page: the records are as they were, and each read answers
     * nothing the records do not say and all it answered before that they still say (the pages before the bad item
     * may have been fixed).
     */
    private static <R> void checkNothingWrong(BulkPath<R> path, String at, Map<String, ?> records,
                                              Map<String, Set<String>> answered) {
        Map<String, R> stored = path.records();
        assertEquals(records, stored, at + ": the stored records are as they were");
        Map<String, Set<String>> truth = path.oracle(stored, false);
        path.lookups(false).forEach((lookup, answer) -> {
            Set<String> kept = new HashSet<>(answered.getOrDefault(lookup, Set.of()));
            kept.retainAll(truth.getOrDefault(lookup, Set.of()));
            assertTrue(truth.getOrDefault(lookup, Set.of()).containsAll(answer) && answer.containsAll(kept), at + ": "
                    + lookup + " answers " + answer + ", the records say " + truth.get(lookup) + ", it answered "
                    + answered.get(lookup) + " before");
        });
    }

    /** A refused windowed load: exactly the windows before the bad item are written, with exact derived data. */
    private static <R> void checkWritten(BulkPath<R> path, String at, int written) {
        Map<String, R> stored = path.records();
        assertEquals(path.intended(written), stored, at + ": the windows before the bad item, nothing of its own");
        assertEquals(path.oracle(stored, true), path.lookups(true), at + ": the reads answer what the records say");
        Optional<String> drift = path.drift();
        assertTrue(drift.isEmpty(), () -> at + ": " + drift.get());
    }
}
