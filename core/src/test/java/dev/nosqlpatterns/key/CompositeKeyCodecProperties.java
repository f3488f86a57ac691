package dev.nosqlpatterns.key;

import static dev.nosqlpatterns.key.SegmentType.BOOLEAN;
import static dev.nosqlpatterns.key.SegmentType.DECIMAL;
import static dev.nosqlpatterns.key.SegmentType.LONG;
import static dev.nosqlpatterns.key.SegmentType.STRING;
import static dev.nosqlpatterns.key.SegmentType.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** Round trip, order and prefix properties of {@link CompositeKeyCodec} for every segment type. */
class CompositeKeyCodecProperties {

    private static final CompositeKeyCodec STRINGS = CompositeKeyCodec.of(STRING, STRING);
    private static final CompositeKeyCodec MIXED =
            CompositeKeyCodec.of(STRING, LONG, DECIMAL, TIMESTAMP, BOOLEAN, STRING);

    // --- round trips ------------------------------------------------------------------------

    @Property(tries = 10000)
    void stringsRoundTrip(@ForAll("strings") String a, @ForAll("strings") String b) {
        String key = STRINGS.encode(a, b);
        assertEquals(List.of(a, b), STRINGS.decode(key));
        assertWellFormed(key);
    }

    @Property(tries = 10000)
    void longsRoundTrip(@ForAll("longs") long value) {
        CompositeKeyCodec codec = CompositeKeyCodec.of(LONG);
        String key = codec.encode(value);
        assertEquals(List.of(value), codec.decode(key));
        assertEquals(17, key.length());
    }

    @Property(tries = 10000)
    void decimalsRoundTripToTheirCanonicalForm(@ForAll("decimals") BigDecimal value) {
        CompositeKeyCodec codec = CompositeKeyCodec.of(DECIMAL);
        String key = codec.encode(value);
        BigDecimal decoded = (BigDecimal) codec.decode(key).get(0);
        assertEquals(0, decoded.compareTo(value), () -> decoded + " != " + value);
        assertEquals(value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros(), decoded);
        assertWellFormed(key);
    }

    @Property(tries = 10000)
    void numericallyEqualDecimalsEncodeIdentically(@ForAll("decimals") BigDecimal value,
            @ForAll("extraScale") int extraScale) {
        CompositeKeyCodec codec = CompositeKeyCodec.of(DECIMAL);
        BigDecimal longer = value.scale() > Integer.MAX_VALUE - extraScale
                ? value : value.setScale(value.scale() + extraScale);
        assertEquals(codec.encode(value), codec.encode(longer));
    }

    @Property(tries = 10000)
    void instantsRoundTrip(@ForAll("instants") Instant value) {
        CompositeKeyCodec codec = CompositeKeyCodec.of(TIMESTAMP);
        String key = codec.encode(value);
        assertEquals(List.of(value), codec.decode(key));
        assertWellFormed(key);
    }

    @Property(tries = 10000)
    void mixedTuplesRoundTrip(@ForAll("mixedTuples") List<Object> tuple) {
        String key = MIXED.encode(tuple);
        List<Object> decoded = MIXED.decode(key);
        assertEquals(0, KeyArbitraries.compareTuples(tuple, decoded), () -> decoded + " != " + tuple);
        assertEquals(key, MIXED.encode(decoded));
        assertWellFormed(key);
    }

    // --- order ------------------------------------------------------------------------------

    @Property(tries = 10000)
    void stringOrderIsCodePointOrder(@ForAll("stringPairs") List<String> pair, @ForAll("strings") String next) {
        assertSameOrder(STRINGS, List.of(pair.get(0), next), List.of(pair.get(1), next));
    }

    @Property(tries = 10000)
    void longOrderIsNumericOrder(@ForAll("longPairs") List<Long> pair) {
        assertSameOrder(CompositeKeyCodec.of(LONG, BOOLEAN), List.of(pair.get(0), true), List.of(pair.get(1), false));
    }

    @Property(tries = 10000)
    void decimalOrderIsNumericOrder(@ForAll("decimalPairs") List<BigDecimal> pair) {
        assertSameOrder(CompositeKeyCodec.of(DECIMAL, STRING), List.of(pair.get(0), "b"), List.of(pair.get(1), "a"));
    }

    @Property(tries = 10000)
    void instantOrderIsChronological(@ForAll("instantPairs") List<Instant> pair) {
        assertSameOrder(CompositeKeyCodec.of(TIMESTAMP, LONG), List.of(pair.get(0), 1L), List.of(pair.get(1), 0L));
    }

    @Property(tries = 10000)
    void mixedOrderIsTupleOrder(@ForAll("mixedPairs") List<List<Object>> pair) {
        assertSameOrder(MIXED, pair.get(0), pair.get(1));
    }

    // --- prefixes ---------------------------------------------------------------------------

    @Property(tries = 10000)
    void prefixMatchesExactlyTheKeysWithThoseLeadingValues(@ForAll("mixedPairs") List<List<Object>> pair,
            @ForAll("prefixLength") int length) {
        List<Object> leading = pair.get(0).subList(0, length);
        List<Object> other = pair.get(1);
        String prefix = MIXED.prefix(leading);
        String key = MIXED.encode(other);
        boolean sameLeading = KeyArbitraries.compareTuples(leading, other.subList(0, length)) == 0;
        assertEquals(sameLeading, key.startsWith(prefix), () -> "prefix " + prefix + " key " + key);
        assertEquals(MIXED.encode(pair.get(0)), MIXED.prefix(pair.get(0)));
    }

    @Property(tries = 10000)
    void decodeAcceptsOnlyCanonicalKeys(@ForAll("mixedTuples") List<Object> tuple,
            @ForAll("edits") List<Integer> edit) {
        String key = MIXED.encode(tuple);
        int at = Math.min(edit.get(0), key.length());
        String damaged = switch (edit.get(1)) {
            case 0 -> key.substring(0, at) + key.substring(Math.min(at + 1, key.length()));
            case 1 -> key.substring(0, at) + Character.toString(edit.get(2)) + key.substring(at);
            default -> key.substring(0, at) + Character.toString(edit.get(2))
                    + key.substring(Math.min(at + 1, key.length()));
        };
        List<Object> decoded;
        try {
            decoded = MIXED.decode(damaged);
        } catch (IllegalArgumentException expected) {
            assertTrue(expected.getMessage().startsWith("malformed key "), expected::getMessage);
            return;
        }
        assertEquals(damaged, MIXED.encode(decoded));
    }

    // --- helpers and generators -------------------------------------------------------------

    private static void assertSameOrder(CompositeKeyCodec codec, List<?> a, List<?> b) {
        String ka = codec.encode(a);
        String kb = codec.encode(b);
        int expected = Integer.signum(KeyArbitraries.compareTuples(a, b));
        assertEquals(expected, Integer.signum(Utf8Order.COMPARATOR.compare(ka, kb)),
                () -> a + " vs " + b + " encoded " + ka + " vs " + kb);
    }

    private static void assertWellFormed(String key) {
        assertEquals(-1, key.indexOf('\u0000'), key);
        assertEquals(-1, Utf8Order.firstUnpairedSurrogate(key), key);
    }

    @Provide
    Arbitrary<String> strings() {
        return KeyArbitraries.strings();
    }

    @Provide
    Arbitrary<Long> longs() {
        return KeyArbitraries.longs();
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        return KeyArbitraries.decimals();
    }

    @Provide
    Arbitrary<Integer> extraScale() {
        return Arbitraries.integers().between(0, 40);
    }

    @Provide
    Arbitrary<Instant> instants() {
        return KeyArbitraries.instants();
    }

    @Provide
    Arbitrary<List<String>> stringPairs() {
        return KeyArbitraries.pairs(KeyArbitraries.strings(), KeyArbitraries.stringTweaks(), KeyArbitraries::nearString);
    }

    @Provide
    Arbitrary<List<Long>> longPairs() {
        return KeyArbitraries.pairs(KeyArbitraries.longs(), Arbitraries.longs().between(-2, 2), Long::sum);
    }

    @Provide
    Arbitrary<List<BigDecimal>> decimalPairs() {
        return KeyArbitraries.pairs(KeyArbitraries.decimals(), KeyArbitraries.decimalTweaks(), KeyArbitraries::nearDecimal);
    }

    @Provide
    Arbitrary<List<Instant>> instantPairs() {
        return KeyArbitraries.pairs(KeyArbitraries.instants(), KeyArbitraries.instantTweaks(), KeyArbitraries::nearInstant);
    }

    @Provide
    Arbitrary<List<Object>> mixedTuples() {
        return Combinators.combine(KeyArbitraries.strings(), KeyArbitraries.longs(), KeyArbitraries.decimals(),
                        KeyArbitraries.instants(), Arbitraries.of(false, true), KeyArbitraries.strings())
                .as(List::<Object>of);
    }

    /** Two tuples that agree on a random number of leading segments and then differ freely. */
    @Provide
    Arbitrary<List<List<Object>>> mixedPairs() {
        return Combinators.combine(mixedTuples(), mixedTuples(), Arbitraries.integers().between(0, MIXED.arity()))
                .as((a, b, shared) -> List.of(a, KeyArbitraries.splice(a, shared, b)));
    }

    @Provide
    Arbitrary<Integer> prefixLength() {
        return Arbitraries.integers().between(0, MIXED.arity());
    }

    /** Position, kind (delete, insert, replace) and character of one edit to a key. */
    @Provide
    Arbitrary<List<Integer>> edits() {
        return Combinators.combine(Arbitraries.integers().between(0, 120), Arbitraries.integers().between(0, 2),
                        Arbitraries.frequencyOf(
                                Tuple.of(3, Arbitraries.of((int) '!', (int) '~', (int) '.', (int) '0',
                                        (int) '9', (int) 'A', (int) 'F', (int) 'a', (int) 'Z', (int) '<', (int) '>')),
                                Tuple.of(1, KeyArbitraries.codePoints())))
                .as(List::of);
    }
}
