package dev.nosqlpatterns.testkit.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.scan.ShadowTable;
import dev.nosqlpatterns.scan.ShadowVerification;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.testkit.Interleaving;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Shadow tables under live concurrent writers, with no crash: writer A is paused before each of its
 * store calls in turn while B runs a conflicting put or delete of the same item to completion, then A
 * resumes; and seeded random schedules of three writers over two items. After all finish, before any
 * repair, every shadow is the projection of its item as stored (absent when the item is) and verify
 * finds nothing. Stores with atomic writes write both at once; the kit's run without them (and stores
 * without multi-table atomic writes) prove the ordered protocol.
 */
public abstract class ShadowTableInterleavingSuite extends StoreSuite {
    private static final String BASE = "<BASE>";

    private record Tables(String posts, String copy) {
        List<String> all() {
            return List.of(posts, copy);
        }
    }

    private static ShadowTable open(Store on, Tables t) {
        return ShadowTable.of(on, t.posts(), t.copy(), ShadowTable.keeping("category"));
    }

    private static Item post(String id, String category) {
        return Item.builder("post|" + id, BASE).put("category", category).put("body", "b-" + category).build();
    }

    private static Consumer<ShadowTable> put(String id, String category) {
        return s -> s.put(post(id, category));
    }

    private static Consumer<ShadowTable> delete(String id) {
        return s -> s.delete(Key.of("post|" + id, BASE));
    }

    /** Empties both tables and writes post 1 in category "old" through the shadow table. */
    private Tables seed(Tables t) {
        for (String table : t.all()) {
            store.scanAll(Scan.of(table)).toList().forEach(i -> store.delete(table, i.key()));
        }
        put("1", "old").accept(open(store, t));
        return t;
    }

    private void pauseAtEveryStep(Consumer<ShadowTable> a, Consumer<ShadowTable> b) {
        pauseAtEveryStep(t -> { }, a, b);
    }

    /** As above, with the seeded tables changed by {@code drift} first (written around the shadow table). */
    private void pauseAtEveryStep(Consumer<Tables> drift, Consumer<ShadowTable> a, Consumer<ShadowTable> b) {
        Tables t = new Tables(newTable(), newTable());
        Interleaving.pauseAtEveryStep(backend, t.all(), () -> drift.accept(seed(t)), s -> a.accept(open(s, t)),
                s -> b.accept(open(s, t)), why -> assertConsistent(t, why));
    }

    private static final Key POST_1 = Key.of("post|1", BASE);
    private static final Consumer<ShadowTable> REPAIR = ShadowTable::repair;

    private Consumer<Tables> missingShadow() {
        return t -> store.delete(t.copy(), POST_1);
    }

    private Consumer<Tables> staleShadow() {
        return t -> store.put(t.copy(), Item.builder(POST_1).put("category", "stale").build());
    }

    private Consumer<Tables> leftOverShadow() {
        return t -> store.delete(t.posts(), POST_1);
    }

    /** Every shadow is the projection of its item as stored; verify agrees. */
    private void assertConsistent(Tables t, String schedule) {
        Map<String, String> expected = new TreeMap<>();
        store.scanAll(Scan.of(t.posts())).forEach(i -> expected.put(i.key().partition(), i.getString("category").orElse("-")));
        Map<String, String> actual = new TreeMap<>();
        store.scanAll(Scan.of(t.copy())).forEach(i -> {
            assertTrue(!i.has("body"), "a shadow holds only the projection (" + schedule + ")");
            actual.put(i.key().partition(), i.getString("category").orElse("-"));
        });
        assertEquals(expected, actual, "shadows against their items (" + schedule + ")");
        ShadowVerification drift = open(store, t).verify();
        assertTrue(drift.consistent(), "verify: " + drift + " (" + schedule + ")");
    }

    @Test
    void twoPutsOfOneItem() {
        pauseAtEveryStep(put("1", "a"), put("1", "b"));
    }

    @Test
    void aPutWhileTheItemIsDeleted() {
        pauseAtEveryStep(put("1", "a"), delete("1"));
    }

    @Test
    void aDeleteWhileTheItemIsPut() {
        pauseAtEveryStep(delete("1"), put("1", "b"));
    }

    @Test
    void aPutOfANewItemWhileItIsPutAgain() {
        pauseAtEveryStep(put("2", "a"), put("2", "b"));
    }

    @Test
    void aRepairWhileTheItemIsPut() {
        pauseAtEveryStep(missingShadow(), REPAIR, put("1", "new"));
    }

    @Test
    void aRepairWhileTheItemIsDeleted() {
        pauseAtEveryStep(staleShadow(), REPAIR, delete("1"));
    }

    @Test
    void aRepairOfALeftOverShadowWhileTheItemIsCreated() {
        pauseAtEveryStep(leftOverShadow(), REPAIR, put("1", "new"));
    }

    @Test
    void aPutWhileARepairRuns() {
        pauseAtEveryStep(staleShadow(), put("1", "new"), REPAIR);
    }

    /** Three writers, three puts or deletes each over two items, under seeded random schedules. */
    @Test
    void randomSchedules() {
        Tables t = new Tables(newTable(), newTable());
        Interleaving.randomSchedules(backend, t.all(), randomSchedules(1.0),
                () -> seed(t), random -> {
                    List<Consumer<Store>> writers = new ArrayList<>();
                    for (int w = 0; w < 3; w++) {
                        List<Consumer<ShadowTable>> ops = new ArrayList<>();
                        for (int o = 0; o < 3; o++) {
                            String id = String.valueOf(1 + random.nextInt(2));
                            ops.add(random.nextInt(3) == 0 ? delete(id) : put(id, "w" + w + "o" + o));
                        }
                        writers.add(s -> ops.forEach(op -> op.accept(open(s, t))));
                    }
                    return writers;
                }, why -> assertConsistent(t, why));
    }
}
