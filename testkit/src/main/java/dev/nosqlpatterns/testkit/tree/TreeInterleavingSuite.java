package dev.nosqlpatterns.testkit.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeVerification;
import dev.nosqlpatterns.tree.TreeException;
import dev.nosqlpatterns.tree.TreeNode;
import dev.nosqlpatterns.tree.TreeStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Trees under live concurrent writers, with no crash: writer A is paused before each of its store calls in
 * turn while B runs a conflicting operation (move, delete, insert) to completion, then A resumes; and
 * seeded random schedules of several writers. After all finish, before any repair, the tree equals the
 * result of some serial order of the operations that succeeded, subtree reads, children and ancestors agree
 * with it, no node is lost, duplicated or caught in a cycle, and verify reports nothing. Leases are short,
 * so a paused writer is taken over and resumes as a zombie, the case fencing exists for.
 */
public abstract class TreeInterleavingSuite extends TreeSuiteSupport {
    private static final List<String> IDS = List.of("r", "a", "a1", "b", "b1", "c", "x");

    /**
     * A lease far shorter than a paused writer's pause: the other writer completes the paused one's change
     * and goes on, and the paused one, when it resumes, must not undo what was written since.
     */
    private static final Duration LEASE = Duration.ofMillis(20);

    /** True when changes go through the fenced journal even where the store has atomic writes. */
    private boolean journalOnly;

    private Tree<Category> open(Store on, TreeStrategy strategy, String name) {
        return builder(on).maxAttempts(200).lease(LEASE).atomicWrites(!journalOnly).open(strategy, name);
    }

    /** r{a{a1}, b{b1}, c}. */
    private String fresh(TreeStrategy strategy) {
        String name = freshName();
        Tree<Category> t = open(store, strategy, name);
        t.createRoot("r", Category.of("r"));
        for (String[] e : new String[][] {{"r", "a"}, {"a", "a1"}, {"r", "b"}, {"b", "b1"}, {"r", "c"}}) {
            t.addChild(e[0], e[1], Category.of(e[1]));
        }
        return name;
    }

    private static Consumer<Tree<Category>> refusable(Consumer<Tree<Category>> op) {
        return t -> {
            try {
                op.accept(t);
            } catch (TreeException | ConcurrentUpdateException refused) {
                // A refused operation is an allowed outcome; the tree must stay sound all the same.
            }
        };
    }

    /** The shapes a serial order of A and B (or either alone, or neither) leaves. */
    private Set<List<String>> serialShapes(TreeStrategy strategy, Consumer<Tree<Category>> a,
                                           Consumer<Tree<Category>> b) {
        Set<List<String>> out = new LinkedHashSet<>();
        for (List<Consumer<Tree<Category>>> order : List.of(List.of(a, b), List.of(b, a), List.of(a), List.of(b),
                List.<Consumer<Tree<Category>>>of())) {
            Tree<Category> t = open(store, strategy, fresh(strategy));
            order.forEach(op -> refusable(op).accept(t));
            out.add(shape(t));
        }
        return out;
    }

    private void pauseAtEveryStep(TreeStrategy strategy, Consumer<Tree<Category>> a, Consumer<Tree<Category>> b) {
        Set<List<String>> serial = serialShapes(strategy, a, b);
        String counted = fresh(strategy);
        int points = Interleaving.stepPoints(backend, List.of(table()),
                s -> refusable(a).accept(open(s, strategy, counted)));
        assertTrue(points >= 2, "the operation calls the store");
        for (int p = 1; p <= points + 1; p++) {
            String name = fresh(strategy);
            Interleaving.Outcome outcome = Interleaving.run(backend, List.of(table()), Interleaving.pauseFirstAt(p),
                    s -> a.accept(open(s, strategy, name)), s -> b.accept(open(s, strategy, name)))
                    .allowing(TreeException.class, ConcurrentUpdateException.class);
            String why = strategy + ", A paused at step point " + p + " of " + points + ", calls:\n" + outcome.describe();
            Tree<Category> t = open(store, strategy, name);
            assertConsistent(t, why);
            assertTrue(serial.contains(shape(t)), () -> "tree " + shape(t) + " is no serial outcome " + serial
                    + " (" + why + ")");
        }
    }

    /** Reads agree with one another and with the nodes present; verify finds nothing. */
    private void assertConsistent(Tree<Category> t, String why) {
        List<TreeNode<Category>> all = t.root().map(r -> t.subtree(r.id())).orElse(List.of());
        Map<String, String> parent = new HashMap<>();
        for (TreeNode<Category> n : all) {
            assertTrue(parent.put(n.id(), n.parent().orElse("")) == null, "node " + n.id() + " read twice (" + why + ")");
        }
        for (String id : IDS) {
            assertEquals(parent.containsKey(id), t.get(id).isPresent(), "node " + id + " present iff reachable (" + why + ")");
        }
        for (TreeNode<Category> n : all) {
            List<String> chain = new ArrayList<>();
            for (String p = parent.get(n.id()); !p.isEmpty(); p = parent.get(p)) {
                assertTrue(chain.size() <= IDS.size() && parent.containsKey(p), "cycle or dangling parent at " + n.id()
                        + " (" + why + ")");
                chain.add(0, p);
            }
            List<String> up = ids(t.ancestors(n.id()));
            assertEquals(Set.copyOf(chain), Set.copyOf(up), "ancestors of " + n.id() + " (" + why + ")");
            assertEquals(chain.size(), up.size(), "ancestors of " + n.id() + " (" + why + ")");
            List<String> kids = all.stream().filter(c -> c.parent().orElse("").equals(n.id())).map(TreeNode::id).toList();
            assertEquals(Set.copyOf(kids), Set.copyOf(ids(t.children(n.id()))), "children of " + n.id() + " (" + why + ")");
            assertEquals(kids.size(), t.children(n.id()).size(), "children of " + n.id() + " (" + why + ")");
            assertEquals(ids(t.subtree(n.id())).size(), (int) t.countDescendants(n.id()) + 1,
                    "count below " + n.id() + " (" + why + ")");
        }
        TreeVerification check = t.verify();
        assertTrue(check.problems().isEmpty() && !check.pendingChange(), () -> "verify: " + check + " (" + why + ")");
        assertEquals(all.size(), check.nodes(), () -> "verify: " + check + " (" + why + ")");
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void twoMovesOfOneSubtree(TreeStrategy s) {
        pauseAtEveryStep(s, t -> t.move("a", "b", Position.last()), t -> t.move("a", "c", Position.last()));
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void crossedMovesMakeNoCycle(TreeStrategy s) {
        pauseAtEveryStep(s, t -> t.move("a", "b", Position.last()), t -> t.move("b", "a", Position.last()));
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void moveWhileMovedNodeDeleted(TreeStrategy s) {
        pauseAtEveryStep(s, t -> t.move("a", "c", Position.last()), t -> t.deleteSubtree("a"));
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void deleteWhileMoved(TreeStrategy s) {
        pauseAtEveryStep(s, t -> t.deleteSubtree("a"), t -> t.move("a", "c", Position.last()));
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void moveWhileTargetDeleted(TreeStrategy s) {
        pauseAtEveryStep(s, t -> t.move("a", "c", Position.last()), t -> t.delete("c"));
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void insertUnderMovedNode(TreeStrategy s) {
        pauseAtEveryStep(s, t -> t.move("a", "b", Position.first()), t -> t.addChild("a", "x", Category.of("x")));
    }

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void insertUnderDeletedNode(TreeStrategy s) {
        pauseAtEveryStep(s, t -> t.deleteSubtree("a"), t -> t.addChild("a", "x", Category.of("x")));
    }

    /** Three writers, two operations each, under seeded random schedules. */
    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void randomSchedules(TreeStrategy strategy) {
        randomSchedules(0.3).forEach(seed -> {
            Random random = new Random(seed);
            String name = fresh(strategy);
            List<Consumer<Store>> writers = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                List<Consumer<Tree<Category>>> ops = new ArrayList<>();
                for (int o = 0; o < 2; o++) {
                    String node = IDS.get(1 + random.nextInt(IDS.size() - 2));
                    String target = IDS.get(random.nextInt(IDS.size() - 1));
                    int kind = random.nextInt(6);
                    String fresh = "x" + w + o;
                    ops.add(kind == 0 ? t -> t.deleteSubtree(node)
                            : kind == 1 ? t -> t.addChild(target, fresh, Category.of(fresh))
                            : t -> t.move(node, target, Position.last()));
                }
                writers.add(s -> {
                    Tree<Category> t = open(s, strategy, name);
                    ops.forEach(op -> refusable(op).accept(t));
                });
            }
            Interleaving.Outcome outcome = Interleaving.run(backend, List.of(table()), Interleaving.random(seed), writers)
                    .allowing();
            assertConsistent(open(store, strategy, name), strategy + ", random schedule " + seed + ", calls:\n"
                    + outcome.describe());
        });
    }

    /**
     * Through the fenced journal on every store: A adds a node and is paused past its lease, B completes
     * A's change and deletes the node, and A resumes. The node's tombstone stops A from re-creating it.
     */
    @ParameterizedTest
    @EnumSource(value = TreeStrategy.class, names = "AGGREGATE", mode = EnumSource.Mode.EXCLUDE)
    void resumedWriterCannotRecreateADeletedNode(TreeStrategy s) {
        journalOnly = true;
        pauseAtEveryStep(s, t -> t.addChild("a", "x", Category.of("x")), t -> t.delete("x"));
    }

    /** A deleted node leaves a tombstone that reads skip, that a new node of the same id replaces. */
    @ParameterizedTest
    @EnumSource(value = TreeStrategy.class, names = "AGGREGATE", mode = EnumSource.Mode.EXCLUDE)
    void tombstonesStayUntilTheirGraceRunsOut(TreeStrategy s) {
        journalOnly = true;
        String name = fresh(s);
        Tree<Category> t = open(store, s, name);
        t.deleteSubtree("a");
        assertTrue(tombstones() >= 2, "deleting a subtree through the journal leaves tombstones");
        assertEquals(List.of("r<:r", "b<r:b", "b1<b:b1", "c<r:c"), shape(t));
        assertTrue(t.get("a1").isEmpty() && t.children("r").size() == 2, "a and a1 are gone");
        long left = tombstones();
        t.repair();
        assertEquals(left, tombstones(), "repair keeps tombstones younger than the grace");
        t.addChild("c", "a", Category.of("a2"));
        assertEquals(List.of("r<:r", "b<r:b", "b1<b:b1", "c<r:c", "a<c:a2"), shape(t));
        assertSound(t, 5);
    }

    /** Once the grace has run out, repair removes every tombstone and the tree reads the same. */
    @ParameterizedTest
    @EnumSource(value = TreeStrategy.class, names = "AGGREGATE", mode = EnumSource.Mode.EXCLUDE)
    void repairRemovesExpiredTombstones(TreeStrategy s) {
        journalOnly = true;
        String name = fresh(s);
        Tree<Category> t = builder().lease(Duration.ZERO).tombstoneGrace(Duration.ZERO).atomicWrites(false)
                .open(s, name);
        t.deleteSubtree("b");
        t.delete("c");
        assertTrue(tombstones() > 0, "deletes through the journal leave tombstones");
        List<String> before = shape(t);
        t.repair();
        assertEquals(0, tombstones(), "repair removes tombstones past their grace");
        assertEquals(before, shape(t));
        assertSound(t, 3);
    }

    private long tombstones() {
        return store.scanAll(Scan.of(table())).filter(i -> i.attributes().containsKey("gone")).count();
    }
}
