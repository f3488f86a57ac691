package dev.nosqlpatterns.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Ranks always fit between two others, keep byte order, and grow slowly. */
class RanksProperties {

    @Provide
    Arbitrary<String> ranks() {
        return Arbitraries.strings().withChars(Ranks.DIGITS.toCharArray()).ofMinLength(1).ofMaxLength(8)
                .filter(s -> !s.endsWith("0"));
    }

    @Property(tries = 5000)
    void betweenTwoRanksLiesStrictlyBetween(@ForAll("ranks") String a, @ForAll("ranks") String b) {
        Assume.that(!a.equals(b));
        String low = a.compareTo(b) < 0 ? a : b;
        String high = a.compareTo(b) < 0 ? b : a;
        String mid = Ranks.between(low, high);
        assertTrue(low.compareTo(mid) < 0 && mid.compareTo(high) < 0, low + " < " + mid + " < " + high);
        Ranks.check(mid);
    }

    @Property(tries = 2000)
    void openBoundsGoBelowAndAbove(@ForAll("ranks") String a) {
        String above = Ranks.between(a, null);
        String below = Ranks.between(null, a);
        assertTrue(a.compareTo(above) < 0, a + " < " + above);
        assertTrue(below.compareTo(a) < 0, below + " < " + a);
        Ranks.check(above);
        Ranks.check(below);
    }

    @Property(tries = 50)
    void randomInsertionsKeepTheListOrder(@ForAll long seed) {
        Random random = new Random(seed);
        List<String> list = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int at = random.nextInt(list.size() + 1);
            list.add(at, Ranks.between(at == 0 ? null : list.get(at - 1), at == list.size() ? null : list.get(at)));
        }
        for (int i = 1; i < list.size(); i++) {
            assertTrue(list.get(i - 1).compareTo(list.get(i)) < 0, list.get(i - 1) + " before " + list.get(i));
        }
    }

    @Example
    void appendsGrowByAboutOneCharacterPerThirtyRanks() {
        String last = Ranks.between(null, null);
        assertEquals(Ranks.FIRST, last);
        for (int i = 0; i < 300; i++) {
            String next = Ranks.between(last, null);
            assertTrue(last.compareTo(next) < 0);
            last = next;
        }
        assertTrue(last.length() <= 11, "300 appends: " + last);
    }

    @Example
    void prependsGrowAsSlowlyAsAppends() {
        String first = Ranks.FIRST;
        for (int i = 0; i < 300; i++) {
            String next = Ranks.between(null, first);
            assertTrue(next.compareTo(first) < 0);
            first = next;
        }
        assertTrue(first.length() <= 11, "300 prepends: " + first);
    }

    @Example
    void insertsAtOnePlaceGrowByAboutOneCharacterPerFive() {
        String low = Ranks.FIRST;
        String high = Ranks.between(low, null);
        for (int i = 0; i < 200; i++) {
            high = Ranks.between(low, high);
        }
        assertTrue(high.length() <= 45, "200 inserts right after one rank: " + high.length() + " characters");
    }

    @Example
    void badBoundsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Ranks.between("b", "a"));
        assertThrows(IllegalArgumentException.class, () -> Ranks.between("a", "a"));
        assertThrows(IllegalArgumentException.class, () -> Ranks.between("a0", null));
        assertThrows(IllegalArgumentException.class, () -> Ranks.between("a-", null));
        assertThrows(IllegalArgumentException.class, () -> Ranks.check(""));
    }
}
