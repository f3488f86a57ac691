package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.UpdateAction;
import java.math.BigDecimal;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Atomic updates: set, remove, add to numbers, add and remove set members; upsert; the item afterwards. */
public abstract class UpdateSuite extends StoreSuite {
    private final Key key = Key.of("p", "s");

    @Test
    void updateCreatesAnAbsentItemAndReturnsIt() {
        String t = newTable();
        Item after = store.update(t, key, UpdateAction.set("name", Value.of("ada")));
        assertEquals(item("p", "s", "name", "ada"), after);
        assertEquals(after, store.get(t, key).orElseThrow());
    }

    @Test
    void setAndRemoveKeepOtherAttributes() {
        String t = newTable();
        store.put(t, item("p", "s", "a", "1", "b", "2", "c", "3"));
        Item after = store.update(t, key, UpdateAction.set("a", Value.of(10)), UpdateAction.remove("b"),
                UpdateAction.remove("absent"));
        assertEquals(item("p", "s", "a", 10, "c", "3"), after);
        assertEquals(after, store.get(t, key).orElseThrow());
    }

    @Test
    void addCountsFromZeroAndIsExact() {
        String t = newTable();
        assertEquals(5L, store.update(t, key, UpdateAction.add("n", 5)).getLong("n").orElseThrow());
        assertEquals(-2L, store.update(t, key, UpdateAction.add("n", -7)).getLong("n").orElseThrow());
        Item after = store.update(t, key, UpdateAction.add("d", new BigDecimal("0.1")));
        after = store.update(t, key, UpdateAction.add("d", new BigDecimal("0.2")));
        assertEquals(new BigDecimal("0.3"), after.getNumber("d").orElseThrow());
        assertEquals(new BigDecimal("0.3"), store.get(t, key).orElseThrow().getNumber("d").orElseThrow());
    }

    @Test
    void addHandlesLargeNumbers() {
        String t = newTable();
        store.update(t, key, UpdateAction.add("n", new BigDecimal("99999999999999999999999999999999999")));
        Item after = store.update(t, key, UpdateAction.add("n", 1));
        assertEquals(Value.of(new BigDecimal("100000000000000000000000000000000000")), after.get("n").orElseThrow());
        assertEquals(0, new BigDecimal("1E+35").compareTo(store.get(t, key).orElseThrow().getNumber("n").orElseThrow()));
    }

    @Test
    void addToSetCreatesAndMerges() {
        String t = newTable();
        store.update(t, key, UpdateAction.addToSet("tags", Value.stringSet("a", "b")));
        Item after = store.update(t, key, UpdateAction.addToSet("tags", Value.stringSet("b", "c")));
        assertEquals(Set.of("a", "b", "c"), after.getStringSet("tags"));
        assertEquals(Set.of("a", "b", "c"), store.get(t, key).orElseThrow().getStringSet("tags"));
    }

    @Test
    void removeFromSetDropsMembersAndTheEmptiedSet() {
        String t = newTable();
        store.put(t, item("p", "s", "tags", Value.stringSet("a", "b", "c")));
        assertEquals(Set.of("c"), store.update(t, key, UpdateAction.removeFromSet("tags", Value.stringSet("a", "b", "x")))
                .getStringSet("tags"));
        Item after = store.update(t, key, UpdateAction.removeFromSet("tags", Value.stringSet("c")));
        assertFalse(after.has("tags"), "an emptied set is removed: " + after);
        assertFalse(store.get(t, key).orElseThrow().has("tags"));
        assertFalse(store.update(t, key, UpdateAction.removeFromSet("never", Value.stringSet("z"))).has("never"));
    }

    @Test
    void numberSetsMergeNumerically() {
        String t = newTable();
        store.update(t, key, UpdateAction.addToSet("ns", Value.numberSet(1, 2)));
        Item after = store.update(t, key, UpdateAction.addToSet("ns", Value.numberSet(new BigDecimal("2.0"), 3)));
        assertEquals(Value.numberSet(1, 2, 3), after.get("ns").orElseThrow());
        after = store.update(t, key, UpdateAction.removeFromSet("ns", Value.numberSet(new BigDecimal("1.00"))));
        assertEquals(Value.numberSet(2, 3), store.get(t, key).orElseThrow().get("ns").orElseThrow());
    }

    @Test
    void manyActionsApplyTogether() {
        String t = newTable();
        store.put(t, item("p", "s", "gone", "x", "count", 1));
        Item after = store.update(t, key, UpdateAction.add("count", 2), UpdateAction.remove("gone"),
                UpdateAction.set("m", Value.map(java.util.Map.of("k", Value.list(Value.of(1))))),
                UpdateAction.addToSet("tags", Value.stringSet("t")));
        Item expected = Item.builder(key).put("count", 3).put("m", Value.map(java.util.Map.of("k", Value.list(Value.of(1)))))
                .put("tags", Value.stringSet("t")).build();
        assertEquals(expected, after);
        assertEquals(expected, store.get(t, key).orElseThrow());
    }

    @Test
    void addOnANonNumberIsRefusedAndChangesNothing() {
        String t = newTable();
        store.put(t, item("p", "s", "name", "ada", "n", 1));
        assertThrows(InvalidRequestException.class,
                () -> store.update(t, key, UpdateAction.add("n", 1), UpdateAction.add("name", 1)));
        assertEquals(item("p", "s", "name", "ada", "n", 1), store.get(t, key).orElseThrow());
    }

    @Test
    void addToASetOfAnotherTypeIsRefused() {
        String t = newTable();
        store.put(t, item("p", "s", "tags", Value.stringSet("a")));
        assertThrows(InvalidRequestException.class,
                () -> store.update(t, key, UpdateAction.addToSet("tags", Value.numberSet(1))));
        assertEquals(Set.of("a"), store.get(t, key).orElseThrow().getStringSet("tags"));
    }

    @Test
    void oneAttributeTwiceInOneUpdateIsRefusedBeforeAnyWrite() {
        String t = newTable();
        assertThrows(IllegalArgumentException.class,
                () -> store.update(t, key, UpdateAction.add("n", 1), UpdateAction.remove("n")));
        assertFalse(store.get(t, key).isPresent());
    }
}
