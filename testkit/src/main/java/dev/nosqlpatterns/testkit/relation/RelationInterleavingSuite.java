package dev.nosqlpatterns.testkit.relation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.relation.AdjacencyList;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Many-to-many adjacency lists under live concurrent writers, with no crash: one writer is paused before
 * each of its store calls in turn while a second links or unlinks the same pair, or a pair sharing an
 * endpoint, then the first resumes; and seeded random schedules of several writers. After all finish,
 * before any repair, each link has both its items or neither, with the same attributes, both directions
 * read the same links, and {@link AdjacencyList#repair()} finds nothing to fix. Directed and symmetric
 * relations; stores with atomic writes write both sides at once, the kit's run without them proves the
 * ordered protocol.
 */
public abstract class RelationInterleavingSuite extends StoreSuite {
    private static final List<String> IDS = List.of("a", "b", "c");
    /** The layout of a link item's sort key: the relation name with its direction, then the other id. */
    private static final CompositeKeyCodec EDGE = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);

    private static AdjacencyList open(Store on, String table, boolean symmetric) {
        return symmetric ? AdjacencyList.symmetric(on, table, "rel") : AdjacencyList.directed(on, table, "rel");
    }

    private static Consumer<AdjacencyList> link(String from, String to, int weight) {
        return rel -> rel.link(from, to, Map.of("weight", Value.of(weight)));
    }

    private static Consumer<AdjacencyList> unlink(String from, String to) {
        return rel -> rel.unlink(from, to);
    }

    /** Empties {@code table} (created once per test: table creation is slow on some stores), then applies {@code setup}. */
    private String seed(String table, boolean symmetric, List<Consumer<AdjacencyList>> setup) {
        store.scanAll(Scan.of(table)).toList().forEach(i -> store.delete(table, i.key()));
        AdjacencyList rel = open(store, table, symmetric);
        setup.forEach(s -> s.accept(rel));
        return table;
    }

    private void pauseAtEveryStep(boolean symmetric, List<Consumer<AdjacencyList>> setup,
                                  Consumer<AdjacencyList> a, Consumer<AdjacencyList> b) {
        String table = seed(newTable(), symmetric, setup);
        int points = Interleaving.stepPoints(backend, List.of(table), s -> a.accept(open(s, table, symmetric)));
        assertTrue(points >= 2, "the operation calls the store");
        for (int p = 1; p <= points + 1; p++) {
            seed(table, symmetric, setup);
            Interleaving.Outcome outcome = Interleaving.run(backend, List.of(table), Interleaving.pauseFirstAt(p),
                    s -> a.accept(open(s, table, symmetric)), s -> b.accept(open(s, table, symmetric))).allowing();
            assertConsistent(table, symmetric, "A paused at step point " + p + " of " + points + ", calls:\n"
                    + outcome.describe());
        }
    }

    /**
     * The stored items pair up (forward with inverse, or the two sides of a symmetric link) with equal
     * attributes, every read answers the links the forward items hold, and repair fixes nothing. Reads the
     * raw items through the relation's key layout: partition, then the sort key (relation and direction, other id).
     */
    private void assertConsistent(String table, boolean symmetric, String schedule) {
        Map<String, Map<String, Value>> items = new TreeMap<>();
        store.scanAll(Scan.of(table)).forEach(i -> {
            List<Object> edge = EDGE.decode(i.key().sort());
            items.put(i.key().partition() + " " + edge.get(0) + " " + edge.get(1), i.attributes());
        });
        for (Map.Entry<String, Map<String, Value>> e : items.entrySet()) {
            String[] parts = e.getKey().split(" ");
            String partner = symmetric ? parts[2] + " rel> " + parts[0]
                    : parts[2] + (parts[1].equals("rel>") ? " rel< " : " rel> ") + parts[0];
            assertEquals(e.getValue(), items.get(partner), "item '" + e.getKey() + "' and its partner '" + partner
                    + "' among " + items.keySet() + " (" + schedule + ")");
        }
        AdjacencyList rel = open(store, table, symmetric);
        for (String id : IDS) {
            List<String> forward = IDS.stream().filter(o -> items.containsKey(id + " rel> " + o)).toList();
            assertEquals(forward, rel.targets(id), "targets of " + id + " among " + items.keySet() + " (" + schedule + ")");
            List<String> backward = IDS.stream().filter(o -> items.containsKey(o + " rel> " + id)).toList();
            assertEquals(backward, rel.sources(id), "sources of " + id + " among " + items.keySet() + " (" + schedule + ")");
        }
        assertEquals(0, rel.repair().disagreements(), "repair finds nothing to fix among " + items.keySet() + " (" + schedule + ")");
    }

    @ParameterizedTest(name = "symmetric={0}")
    @ValueSource(booleans = {false, true})
    void linkWhileUnlinked(boolean symmetric) {
        pauseAtEveryStep(symmetric, List.of(), link("a", "b", 1), unlink("a", "b"));
        pauseAtEveryStep(symmetric, List.of(link("a", "b", 0)), link("a", "b", 1), unlink("a", "b"));
    }

    @ParameterizedTest(name = "symmetric={0}")
    @ValueSource(booleans = {false, true})
    void unlinkWhileLinked(boolean symmetric) {
        pauseAtEveryStep(symmetric, List.of(link("a", "b", 0)), unlink("a", "b"), link("a", "b", 1));
        pauseAtEveryStep(symmetric, List.of(), unlink("a", "b"), link("a", "b", 1));
    }

    @ParameterizedTest(name = "symmetric={0}")
    @ValueSource(booleans = {false, true})
    void twoLinksOfOnePairWithDifferentAttributes(boolean symmetric) {
        pauseAtEveryStep(symmetric, List.of(), link("a", "b", 1), link("a", "b", 2));
        pauseAtEveryStep(symmetric, List.of(link("a", "b", 0)), link("a", "b", 1), link("a", "b", 2));
    }

    @ParameterizedTest(name = "symmetric={0}")
    @ValueSource(booleans = {false, true})
    void twoUnlinksOfOnePair(boolean symmetric) {
        pauseAtEveryStep(symmetric, List.of(link("a", "b", 0)), unlink("a", "b"), unlink("a", "b"));
    }

    /** In a symmetric relation, a-b and b-a are one link: linking one way races unlinking the other. */
    @ParameterizedTest(name = "symmetric={0}")
    @ValueSource(booleans = {false, true})
    void oppositeDirections(boolean symmetric) {
        pauseAtEveryStep(symmetric, List.of(link("b", "a", 0)), link("a", "b", 1), unlink("b", "a"));
        pauseAtEveryStep(symmetric, List.of(link("a", "b", 0)), unlink("a", "b"), link("b", "a", 1));
    }

    @ParameterizedTest(name = "symmetric={0}")
    @ValueSource(booleans = {false, true})
    void pairsSharingAnEndpoint(boolean symmetric) {
        pauseAtEveryStep(symmetric, List.of(link("a", "c", 0)), link("a", "b", 1), unlink("a", "c"));
        pauseAtEveryStep(symmetric, List.of(link("c", "b", 0)), link("a", "b", 1), unlink("c", "b"));
        pauseAtEveryStep(symmetric, List.of(), link("a", "b", 1), link("c", "b", 2));
    }

    /** Several writers linking and unlinking three ids under seeded random schedules; the invariants hold after each. */
    @ParameterizedTest(name = "symmetric={0}")
    @ValueSource(booleans = {false, true})
    void randomSchedules(boolean symmetric) {
        String table = newTable();
        randomSchedules(0.6).forEach(seed -> randomSchedule(seed(table, symmetric, List.of(link("a", "b", 0))), symmetric, seed));
    }

    private void randomSchedule(String table, boolean symmetric, long seed) {
        Random random = new Random(seed);
        List<Consumer<Store>> writers = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            List<Consumer<AdjacencyList>> ops = new ArrayList<>();
            for (int o = 0; o < 3; o++) {
                String from = IDS.get(random.nextInt(2));
                String to = IDS.get(1 + random.nextInt(2));
                ops.add(random.nextInt(3) == 0 ? unlink(from, to) : link(from, to, random.nextInt(3)));
            }
            writers.add(s -> {
                AdjacencyList rel = open(s, table, symmetric);
                for (Consumer<AdjacencyList> op : ops) {
                    try {
                        op.accept(rel);
                    } catch (ConcurrentUpdateException refused) {
                        // A write that gave up under contention is allowed; the invariants must hold all the same.
                    }
                }
            });
        }
        Interleaving.Outcome outcome = Interleaving.run(backend, List.of(table), Interleaving.random(seed), writers).allowing();
        assertConsistent(table, symmetric, "random schedule " + seed + ", calls:\n" + outcome.describe());
    }
}
