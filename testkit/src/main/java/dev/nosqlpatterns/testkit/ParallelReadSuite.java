package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.CostTally;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Independent reads served together ({@link Store#queryEach}, {@link Store#queryEachAll}) answer exactly
 * what the same reads made one after another answer: the same items, in the same order, with cursors that
 * resume at the same place, whatever the partitions, ranges, directions and limits; every query is checked
 * before anything is read; and the wait reported ({@link OperationCost#criticalPath()}) is never longer
 * than the reads' one after another.
 */
public abstract class ParallelReadSuite extends StoreSuite {
    private static final int PARTITIONS = 5;
    private static final int ITEMS = 40;

    /** Five partitions of forty items, and a sixth partition asked for but never written. */
    private String fill() {
        String table = newTable();
        List<Write> writes = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            for (int i = 0; i < ITEMS; i++) {
                writes.add(Write.put(table, Item.builder(Key.of("p" + p, String.format("k%03d", i * 3 + p)))
                        .put("n", (long) i).put("tag", "é€" + p).build()));
            }
        }
        for (int i = 0; i < writes.size(); i += 25) {
            store.writeBatch(writes.subList(i, Math.min(writes.size(), i + 25)));
        }
        return table;
    }

    private static Query randomQuery(Random random, String table) {
        Query q = Query.in(table, "p" + random.nextInt(PARTITIONS + 1));
        q = switch (random.nextInt(5)) {
            case 0 -> q;
            case 1 -> q.where(SortKeyCondition.beginsWith("k0" + random.nextInt(10)));
            case 2 -> q.where(SortKeyCondition.between("k0" + random.nextInt(5), "k0" + (5 + random.nextInt(5))));
            case 3 -> q.where(SortKeyCondition.greaterThan(String.format("k%03d", random.nextInt(120))));
            default -> q.where(SortKeyCondition.lessOrEqual(String.format("k%03d", random.nextInt(120))));
        };
        q = q.limit(1 + random.nextInt(random.nextBoolean() ? 5 : 60));
        return random.nextBoolean() ? q.descending() : q;
    }

    private static List<Query> randomQueries(Random random, String table) {
        List<Query> out = new ArrayList<>();
        int n = 1 + random.nextInt(9);
        for (int i = 0; i < n; i++) {
            out.add(randomQuery(random, table));
        }
        return out;
    }

    @Test
    void eachAnswerIsThePageItsQueryAloneReturns() {
        String table = fill();
        Random random = new Random(17);
        for (int round = 0; round < 25; round++) {
            List<Query> queries = randomQueries(random, table);
            List<Page> together = store.queryEach(queries);
            assertEquals(queries.size(), together.size(), "one answer per query");
            for (int i = 0; i < queries.size(); i++) {
                Query q = queries.get(i);
                Page alone = store.query(q);
                String why = "query " + i + " of round " + round + ": " + q;
                assertEquals(alone.items(), together.get(i).items(), why);
                assertEquals(alone.hasNext(), together.get(i).hasNext(), why);
                if (alone.hasNext()) {
                    assertEquals(store.query(q.after(alone.next().get())).items(),
                            store.query(q.after(together.get(i).next().get())).items(), "the cursor resumes, " + why);
                }
            }
        }
    }

    @Test
    void everyPageOfEachQueryEqualsReadingItToTheEnd() {
        String table = fill();
        Random random = new Random(29);
        for (int round = 0; round < 10; round++) {
            List<Query> queries = randomQueries(random, table);
            List<List<Item>> together = store.queryEachAll(queries);
            for (int i = 0; i < queries.size(); i++) {
                assertEquals(store.queryAll(queries.get(i)).toList(), together.get(i), "query " + queries.get(i));
            }
        }
    }

    @Test
    void queriesMayResumeFromCursorsAndSpanTables() {
        String first = fill();
        String second = fill();
        Query a = Query.in(first, "p1").limit(7);
        Page firstPage = store.query(a);
        List<Query> queries = List.of(a.after(firstPage.next().orElseThrow()), Query.in(second, "p2").descending(),
                Query.in(first, "p4").where(SortKeyCondition.beginsWith("k1")));
        CostTally tally = new CostTally();
        List<OperationCost> costs = new ArrayList<>();
        List<Page> pages = store.measure(cost -> {
            tally.onCost(cost);
            costs.add(cost);
        }, () -> store.queryEach(queries));
        for (int i = 0; i < queries.size(); i++) {
            assertEquals(store.query(queries.get(i)).items(), pages.get(i).items(), "query " + queries.get(i));
        }
        assertEquals(1, costs.size(), "one call");
        assertEquals("*", costs.get(0).table(), "the call spans two tables");
        CostTally alone = new CostTally();
        store.measure(alone, () -> {
            queries.forEach(store::query);
        });
        assertEquals(alone.itemsRead(), tally.itemsRead(), "the items read one query after another");
    }

    @Test
    void everyQueryIsCheckedBeforeAnythingIsRead() {
        String table = fill();
        Query undeclared = Query.in("never_declared_" + table, "p1");
        Class<? extends RuntimeException> alone = assertThrows(RuntimeException.class, () -> store.query(undeclared))
                .getClass();
        List<OperationCost> costs = new ArrayList<>();
        store.measure(costs::add, () -> {
            RuntimeException e = assertThrows(RuntimeException.class,
                    () -> store.queryEach(List.of(Query.in(table, "p0"), undeclared)));
            assertEquals(alone, e.getClass(), e.toString());
            assertTrue(e.getMessage().contains("never_declared_" + table), "names the table: " + e.getMessage());
        });
        assertEquals(List.of(), costs, "nothing was sent to the store");
        Query other = Query.in(table, "p2");
        Page page = store.query(Query.in(table, "p1").limit(3));
        Class<? extends RuntimeException> misuse = assertThrows(RuntimeException.class,
                () -> store.query(other.after(page.next().orElseThrow()))).getClass();
        assertEquals(misuse, assertThrows(RuntimeException.class,
                () -> store.queryEach(List.of(other.after(page.next().orElseThrow())))).getClass(),
                "a cursor is bound to its query here as well");
        assertEquals(List.of(), store.queryEach(List.of()));
    }

    @Test
    void theWaitIsNeverLongerThanReadingOneAfterAnother() {
        String table = fill();
        List<Query> queries = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            queries.add(Query.in(table, "p" + p).limit(ITEMS));
        }
        CostTally alone = new CostTally();
        store.measure(alone, () -> {
            queries.forEach(store::query);
        });
        CostTally together = new CostTally();
        store.measure(together, () -> {
            store.queryEach(queries);
        });
        assertEquals(alone.itemsRead(), together.itemsRead(), "the same items");
        assertTrue(together.criticalPath() <= together.roundTrips(), together.toString());
        assertTrue(together.criticalPath() <= alone.criticalPath(), "together " + together + ", alone " + alone);
        assertTrue(together.roundTrips() <= alone.roundTrips(), "together " + together + ", alone " + alone);
        assertEquals(alone.roundTrips(), alone.criticalPath(), "reads one after another wait for each: " + alone);
    }

    @Test
    void aFailureFailsTheWholeCall() {
        String table = fill();
        Store crashing = crashingStore(1, FaultInjectingBackend.When.BEFORE);
        assertThrows(FaultInjectingBackend.SimulatedCrash.class,
                () -> crashing.put(table, Item.builder(Key.of("p0", "z")).build()));
        assertThrows(FaultInjectingBackend.SimulatedCrash.class,
                () -> crashing.queryEach(List.of(Query.in(table, "p0"), Query.in(table, "p1"))));
        assertEquals(ITEMS, store.queryAll(Query.in(table, "p0")).count(), "nothing was written");
    }
}
