package dev.nosqlpatterns.testkit.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.KeyQuery;
import dev.nosqlpatterns.store.spi.QueryResult;
import dev.nosqlpatterns.testkit.ForwardingBackend;
import dev.nosqlpatterns.tree.CycleException;
import dev.nosqlpatterns.tree.Position;
import dev.nosqlpatterns.tree.Tree;
import dev.nosqlpatterns.tree.TreeException;
import dev.nosqlpatterns.tree.TreeStrategy;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Moves and adds from several threads at once, each through its own tree handle, half of them
 * journaled, while another thread reads: every move that was not refused as a cycle takes effect, no node
 * is lost or duplicated, no cycle forms, whatever the interleaving, and no read shows a node twice; and a
 * read that sees part of a change for a moment reads again instead of calling the tree broken.
 */
public abstract class TreeConcurrencySuite extends TreeSuiteSupport {
    private static final int THREADS = 4;
    private static final int MOVES_PER_THREAD = 8;
    private static final int INITIAL = 24;
    private static final int READS = 40;

    @ParameterizedTest
    @EnumSource(TreeStrategy.class)
    void concurrentMovesNeverMakeACycleOrLoseANode(TreeStrategy strategy) throws Exception {
        String name = freshName();
        long seed = System.nanoTime();
        Tree<Category> setup = builder().open(strategy, name);
        Random random = new Random(seed);
        List<String> ids = new ArrayList<>(List.of("r"));
        setup.createRoot("r", Category.of("root"));
        for (int i = 1; i < INITIAL; i++) {
            String id = "n" + i;
            setup.addChild(ids.get(random.nextInt(ids.size())), id, Category.of(id));
            ids.add(id);
        }
        Set<String> added = ConcurrentHashMap.newKeySet();
        AtomicInteger moved = new AtomicInteger();
        AtomicInteger cycles = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS + 2);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Void>> done = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Tree<Category> mine = builder().maxAttempts(500).atomicWrites(t % 2 == 0).open(strategy, name);
                Random r = new Random(seed + t + 1);
                done.add(pool.submit(worker(start, () -> {
                    for (int i = 0; i < MOVES_PER_THREAD; i++) {
                        String node = ids.get(1 + r.nextInt(ids.size() - 1));
                        String target = ids.get(r.nextInt(ids.size()));
                        if (node.equals(target)) {
                            continue;
                        }
                        try {
                            mine.move(node, target, r.nextBoolean() ? Position.first() : Position.last());
                            moved.incrementAndGet();
                        } catch (CycleException refused) {
                            cycles.incrementAndGet();
                        }
                    }
                })));
            }
            Tree<Category> adder = builder().maxAttempts(500).open(strategy, name);
            Random r = new Random(seed - 1);
            done.add(pool.submit(worker(start, () -> {
                for (int i = 0; i < 6; i++) {
                    String id = "added" + i;
                    adder.addChild(ids.get(r.nextInt(ids.size())), id, Category.of(id));
                    added.add(id);
                }
            })));
            Tree<Category> reader = builder().maxAttempts(500).open(strategy, name);
            AtomicInteger writersLeft = new AtomicInteger(done.size());
            Future<Void> reads = pool.submit(worker(start, () -> {
                for (int i = 0; i < READS && writersLeft.get() > 0; i++) {
                    List<String> seen = ids(reader.subtree("r"));
                    assertEquals(seen.size(), new HashSet<>(seen).size(), "a read during moves shows no node twice");
                }
            }));
            start.countDown();
            for (Future<Void> f : done) {
                f.get(300, TimeUnit.SECONDS);
                writersLeft.decrementAndGet();
            }
            reads.get(300, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        List<String> all = ids(setup.subtree("r"));
        Set<String> expected = new HashSet<>(ids);
        expected.addAll(added);
        assertEquals(expected, new HashSet<>(all), "seed " + seed + ": every node exactly once, none lost");
        assertEquals(expected.size(), all.size(), "seed " + seed + ": no node twice");
        for (String id : all) {
            List<String> up = ids(setup.ancestors(id));
            assertTrue(!up.contains(id) && (id.equals("r") || up.get(up.size() - 1).equals("r")),
                    "seed " + seed + ": '" + id + "' climbs to the root without a cycle: " + up);
        }
        assertSound(setup, expected.size());
        assertTrue(moved.get() + cycles.get() > 0, "the threads made moves");
    }

    /**
     * A range read may show part of an atomic change before a get shows its header (DynamoDB's queries are
     * only read-committed against transactions): a subtree read that misses its head once tries again and
     * succeeds, while one that keeps missing it reports the tree broken, naming the node.
     */
    @ParameterizedTest
    @EnumSource(value = TreeStrategy.class, names = {"MATERIALIZED_PATHS", "NESTED_SETS"})
    void aRangeReadThatMissesANodeForAMomentIsReadAgain(TreeStrategy strategy) {
        String name = freshName();
        Tree<Category> t = builder().open(strategy, name);
        t.createRoot("r", Category.of("r"));
        t.addChild("r", "a", Category.of("a"));
        t.addChild("a", "a1", Category.of("a1"));
        assertEquals(List.of("a", "a1"), ids(builder(headMissing(1)).open(strategy, name).subtree("a")),
                "a read that missed the head once reads again");
        TreeException broken = assertThrows(TreeException.class,
                () -> builder(headMissing(Integer.MAX_VALUE)).open(strategy, name).subtree("a"));
        assertTrue(broken.getMessage().contains("'a'"), broken.getMessage());
    }

    /** The store under test, but the first item of each of the next {@code times} range reads is left out. */
    private Store headMissing(int times) {
        AtomicInteger left = new AtomicInteger(times);
        Store torn = Store.of(new ForwardingBackend(backend) {
            @Override
            public QueryResult query(KeyQuery query, CostMeter meter) {
                QueryResult r = delegate.query(query, meter);
                if (r.items().isEmpty() || left.getAndDecrement() <= 0) {
                    return r;
                }
                return new QueryResult(r.items().subList(1, r.items().size()), r.more() && r.items().size() > 1);
            }

            @Override
            public List<QueryResult> queryEach(List<KeyQuery> queries, CostMeter meter) {
                return queries.stream().map(q -> query(q, meter)).toList();
            }
        });
        torn.createTable(TableSpec.named(table()));
        return torn;
    }

    private static Callable<Void> worker(CountDownLatch start, Runnable body) {
        return () -> {
            start.await();
            body.run();
            return null;
        };
    }
}
