package dev.nosqlpatterns.lucene;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.memory.MemoryStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random writes, reads and paged queries against the in-memory reference store: the answers must be the
 * same, whether the writes are still pending or already refreshed into the index.
 */
class ModelComparisonTest {
    private static final String[] PARTITIONS = {"a", "b", "a\u0000", "\uD83D\uDE00"};

    @Test
    void sameAnswersAsTheReference() {
        Random random = new Random(7);
        String t = "model" + System.nanoTime();
        try (Store lucene = Store.of(LuceneFixture.openBackend()); Store reference = MemoryStore.create()) {
            lucene.createTable(TableSpec.named(t));
            reference.createTable(TableSpec.named(t));
            for (int step = 0; step < 800; step++) {
                int op = random.nextInt(100);
                if (op < 55) {
                    Write w = randomWrite(random, t);
                    apply(lucene, w);
                    apply(reference, w);
                } else if (op < 65) {
                    List<Write> writes = new ArrayList<>();
                    for (int i = 0; i < 3; i++) {
                        Write w = randomWrite(random, t);
                        if (writes.stream().noneMatch(x -> x.key().equals(w.key()))) {
                            writes.add(w);
                        }
                    }
                    lucene.writeAtomically(writes);
                    reference.writeAtomically(writes);
                } else if (op < 75) {
                    Key k = randomKey(random);
                    assertEquals(reference.get(t, k), lucene.get(t, k), "get " + k + " at step " + step);
                } else if (op < 97) {
                    Query q = randomQuery(random, t);
                    assertEquals(pages(reference, q), pages(lucene, q), q + " at step " + step);
                } else {
                    assertEquals(reference.scanAll(Scan.of(t)).count(), lucene.scanAll(Scan.of(t)).count());
                }
            }
            lucene.dropTable(t);
        }
    }

    private static void apply(Store store, Write w) {
        if (w instanceof Write.Put p) {
            store.put(p);
        } else if (w instanceof Write.Delete d) {
            store.delete(d);
        } else {
            store.update((Write.Update) w);
        }
    }

    private static Write randomWrite(Random random, String t) {
        Key k = randomKey(random);
        return switch (random.nextInt(3)) {
            case 0 -> Write.put(t, Item.builder(k).put("v", random.nextInt(1000)).build());
            case 1 -> Write.delete(t, k);
            default -> Write.update(t, k, UpdateAction.add("n", 1));
        };
    }

    private static Key randomKey(Random random) {
        return Key.of(PARTITIONS[random.nextInt(PARTITIONS.length)], "s" + random.nextInt(40));
    }

    private static Query randomQuery(Random random, String t) {
        Query q = Query.in(t, PARTITIONS[random.nextInt(PARTITIONS.length)]).limit(1 + random.nextInt(12));
        q = switch (random.nextInt(4)) {
            case 0 -> q.where(SortKeyCondition.beginsWith("s" + random.nextInt(4)));
            case 1 -> q.where(SortKeyCondition.between("s1", "s3"));
            case 2 -> q.where(SortKeyCondition.greaterThan("s" + random.nextInt(40)));
            default -> q;
        };
        return random.nextBoolean() ? q.descending() : q;
    }

    private static List<List<Item>> pages(Store store, Query first) {
        List<List<Item>> out = new ArrayList<>();
        Query q = first;
        while (true) {
            Page page = store.query(q);
            out.add(page.items());
            if (page.next().isEmpty()) {
                return out;
            }
            q = first.after(page.next().get());
        }
    }
}
