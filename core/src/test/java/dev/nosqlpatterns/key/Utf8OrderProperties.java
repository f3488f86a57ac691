package dev.nosqlpatterns.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@link Utf8Order} agrees with the actual UTF-8 bytes of strings. */
class Utf8OrderProperties {

    @Property(tries = 10000)
    void compareIsUnsignedUtf8ByteOrder(@ForAll("stringPairs") List<String> pair) {
        String a = pair.get(0);
        String b = pair.get(1);
        int expected = Integer.signum(Arrays.compareUnsigned(
                a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)));
        assertEquals(expected, Integer.signum(Utf8Order.compare(a, b)));
        assertEquals(expected, Integer.signum(Utf8Order.COMPARATOR.compare(a, b)));
        assertEquals(Integer.signum(KeyArbitraries.compareCodePoints(a, b)), expected);
    }

    @Property(tries = 10000)
    void utf8LengthCountsTheEncodedBytes(@ForAll("strings") String s) {
        assertEquals(s.getBytes(StandardCharsets.UTF_8).length, Utf8Order.utf8Length(s));
    }

    @Property(tries = 10000)
    void firstUnpairedSurrogateFindsAnInsertedLoneSurrogate(@ForAll("strings") String s,
            @ForAll("surrogates") char lone, @ForAll("positions") int where) {
        assertEquals(-1, Utf8Order.firstUnpairedSurrogate(s));
        int[] cps = s.codePoints().toArray();
        int cut = where % (cps.length + 1);
        String head = new String(cps, 0, cut);
        String tail = new String(cps, cut, cps.length - cut);
        // A high surrogate directly before a low one would pair up; keep the lone one lone.
        boolean pairs = Character.isHighSurrogate(lone) ? !tail.isEmpty() && Character.isLowSurrogate(tail.charAt(0))
                : !head.isEmpty() && Character.isHighSurrogate(head.charAt(head.length() - 1));
        assertFalse(pairs, "well-formed halves never pair with a lone surrogate");
        assertEquals(head.length(), Utf8Order.firstUnpairedSurrogate(head + lone + tail));
    }

    /** [p, prefixUpperBound(p)) holds exactly the strings that start with p. */
    @Property(tries = 10000)
    void prefixUpperBoundClosesExactlyThePrefixRange(@ForAll("prefixAndCandidate") List<String> pc) {
        String prefix = pc.get(0);
        String candidate = pc.get(1);
        Optional<String> bound = Utf8Order.prefixUpperBound(prefix);
        boolean onlyMax = prefix.codePoints().allMatch(cp -> cp == Character.MAX_CODE_POINT);
        assertEquals(onlyMax, bound.isEmpty(), prefix);
        boolean inRange = Utf8Order.compare(prefix, candidate) <= 0
                && bound.map(u -> Utf8Order.compare(candidate, u) < 0).orElse(true);
        assertEquals(candidate.startsWith(prefix), inRange, () -> prefix + " / " + candidate + " / " + bound);
        bound.ifPresent(u -> {
            assertEquals(-1, Utf8Order.firstUnpairedSurrogate(u));
            assertTrue(Utf8Order.compare(prefix + candidate, u) < 0);
        });
    }

    @Provide
    Arbitrary<String> strings() {
        return KeyArbitraries.strings();
    }

    @Provide
    Arbitrary<List<String>> stringPairs() {
        return KeyArbitraries.pairs(KeyArbitraries.strings(), KeyArbitraries.stringTweaks(), KeyArbitraries::nearString);
    }

    @Provide
    Arbitrary<Character> surrogates() {
        return Arbitraries.chars().range(Character.MIN_SURROGATE, Character.MAX_SURROGATE);
    }

    @Provide
    Arbitrary<Integer> positions() {
        return Arbitraries.integers().between(0, 1000);
    }

    /**
     * A prefix (sometimes ending in U+10FFFF or U+D7FF) and a string that starts with it, nearly
     * does, or lies just beyond its range.
     */
    @Provide
    Arbitrary<List<String>> prefixAndCandidate() {
        Arbitrary<String> ends = Arbitraries.of("", "\uDBFF\uDFFF", "\uDBFF\uDFFF\uDBFF\uDFFF", "\uD7FF", "\uFFFF", "z");
        return Combinators.combine(KeyArbitraries.strings(), ends, KeyArbitraries.stringTweaks(),
                        Arbitraries.integers().between(0, 2))
                .as((s, end, tweak, mode) -> {
                    String prefix = s + end;
                    String upper = Utf8Order.prefixUpperBound(prefix).orElse(prefix);
                    String candidate = switch (mode) {
                        case 0 -> KeyArbitraries.nearString(prefix, tweak);
                        case 1 -> KeyArbitraries.nearString(upper, tweak);
                        default -> tweak.get2();
                    };
                    return List.of(prefix, candidate);
                });
    }
}
