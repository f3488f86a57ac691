package dev.nosqlpatterns.key;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;

/** Generators and reference comparisons shared by the property tests of this package. */
final class KeyArbitraries {

    static final long MIN_SECOND = Instant.MIN.getEpochSecond();
    static final long MAX_SECOND = Instant.MAX.getEpochSecond();
    /** 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, where the readable TIMESTAMP form ends. */
    static final long YEAR_0 = -62_167_219_200L;
    static final long YEAR_10000 = 253_402_300_800L;

    /** Characters with a role in some encoding of this package, and the edges of the code space. */
    private static final int[] SPECIAL = {
        0x00, 0x01, 0x1F, ' ', '!', '"', '?', '@', '^', '_', '`', '~', '%', ':', '/', '|', '<', '=', '>',
        '.', '-', 'T', 'F', 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF,
    };

    private KeyArbitraries() {
    }

    /** Any code point except surrogates, weighted towards ASCII and separator characters. */
    static Arbitrary<Integer> codePoints() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().between(0x20, 0x7E)),
                Tuple.of(4, Arbitraries.of(Arrays.stream(SPECIAL).boxed().toList())),
                Tuple.of(1, Arbitraries.integers().between(0x00, 0x1F)),
                Tuple.of(1, Arbitraries.integers().between(0x80, 0xD7FF)),
                Tuple.of(2, Arbitraries.integers().between(0xE000, 0xFFFF)),
                Tuple.of(2, Arbitraries.integers().between(0x10000, Character.MAX_CODE_POINT)));
    }

    /** Well-formed strings over all of Unicode, including supplementary characters. */
    static Arbitrary<String> unicodeStrings() {
        return codePoints().list().ofMaxSize(12).map(KeyArbitraries::fromCodePoints);
    }

    /** Short strings over a tiny alphabet, so that equal and prefix-related strings are common. */
    static Arbitrary<String> tinyStrings() {
        return Arbitraries.of("a", "b", "!", " ", "\u0000", "\uE000", "\uD83D\uDE00", "\uDBFF\uDFFF")
                .list().ofMaxSize(3).map(parts -> String.join("", parts));
    }

    static Arbitrary<String> strings() {
        return Arbitraries.frequencyOf(Tuple.of(3, unicodeStrings()), Tuple.of(2, tinyStrings()));
    }

    static Arbitrary<Long> longs() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.longs()),
                Tuple.of(2, Arbitraries.longs().between(-3, 3)),
                Tuple.of(1, Arbitraries.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1,
                        Long.MAX_VALUE, 0L, -1L, 1L)));
    }

    /** Decimals of both signs, from one digit to 60, with scales up to the int extremes. */
    static Arbitrary<BigDecimal> decimals() {
        BigInteger big = BigInteger.TEN.pow(60);
        Arbitrary<BigInteger> unscaled = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.bigIntegers().between(big.negate(), big)),
                Tuple.of(3, Arbitraries.bigIntegers().between(BigInteger.valueOf(-1000), BigInteger.valueOf(1000))),
                Tuple.of(1, Arbitraries.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(),
                        BigInteger.TEN, BigInteger.valueOf(-100), BigInteger.valueOf(999), big)));
        Arbitrary<Integer> scale = Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.integers().between(-20, 20)),
                Tuple.of(2, Arbitraries.integers().between(-1_000_000_000, 1_000_000_000)),
                // Scales this close to MIN_VALUE still leave room to strip up to 60 trailing zeros.
                Tuple.of(1, Arbitraries.of(Integer.MAX_VALUE, Integer.MAX_VALUE - 1, Integer.MIN_VALUE + 61)));
        return Combinators.combine(unscaled, scale).as(BigDecimal::new);
    }

    /** Tweaks for {@link #nearDecimal}: a kind of change and an amount. */
    static Arbitrary<Tuple2<Integer, Integer>> decimalTweaks() {
        return Combinators.combine(Arbitraries.integers().between(0, 3), Arbitraries.integers().between(-5, 5))
                .as(Tuple::of);
    }

    /** {@code d} with more trailing zeros, plus a little, plus a little in the next digit, or negated. */
    static BigDecimal nearDecimal(BigDecimal d, Tuple2<Integer, Integer> tweak) {
        int amount = tweak.get2();
        if (d.scale() > Integer.MAX_VALUE - 10) {
            return tweak.get1() % 2 == 0 ? d.negate() : d.add(d.ulp());
        }
        return switch (tweak.get1()) {
            case 0 -> d.setScale(d.scale() + Math.abs(amount));
            case 1 -> d.add(BigDecimal.valueOf(amount, d.scale()));
            case 2 -> d.add(BigDecimal.valueOf(amount, d.scale() + 1));
            default -> d.negate();
        };
    }

    static Arbitrary<Instant> instants() {
        Arbitrary<Long> seconds = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.longs().between(MIN_SECOND, MAX_SECOND)),
                Tuple.of(4, Arbitraries.longs().between(YEAR_0, YEAR_10000 - 1)),
                Tuple.of(2, Arbitraries.longs().between(-2_000_000_000L, 4_000_000_000L)),
                Tuple.of(2, Arbitraries.of(MIN_SECOND, MIN_SECOND + 1, YEAR_0 - 1, YEAR_0, -1L, 0L,
                        YEAR_10000 - 1, YEAR_10000, MAX_SECOND - 1, MAX_SECOND)));
        Arbitrary<Integer> nanos = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.just(0)),
                Tuple.of(2, Arbitraries.integers().between(0, 999).map(n -> n * 1_000_000)),
                Tuple.of(2, Arbitraries.integers().between(0, 999_999).map(n -> n * 1_000)),
                Tuple.of(3, Arbitraries.integers().between(0, 999_999_999)),
                Tuple.of(1, Arbitraries.of(1, 999_999_999)));
        return Combinators.combine(seconds, nanos).as(Instant::ofEpochSecond);
    }

    /** Tweaks for {@link #nearInstant}: a kind of change and an amount. */
    static Arbitrary<Tuple2<Integer, Long>> instantTweaks() {
        return Combinators.combine(Arbitraries.integers().between(0, 1),
                Arbitraries.longs().between(-2_000_000_000L, 2_000_000_000L)).as(Tuple::of);
    }

    /** {@code t} moved by up to two seconds, or with a different nanosecond, within range. */
    static Instant nearInstant(Instant t, Tuple2<Integer, Long> tweak) {
        long amount = tweak.get2();
        return tweak.get1() == 0 ? clampedPlusNanos(t, amount)
                : t.with(ChronoField.NANO_OF_SECOND, Math.abs(amount) % 1_000_000_000L);
    }

    private static Instant clampedPlusNanos(Instant t, long nanos) {
        if (nanos < 0 && t.getEpochSecond() <= MIN_SECOND + 3) {
            return Instant.MIN;
        }
        if (nanos > 0 && t.getEpochSecond() >= MAX_SECOND - 3) {
            return Instant.MAX;
        }
        return t.plusNanos(nanos);
    }

    /**
     * Pairs (a, b) where b is independent of a, derived from a by {@code near} and a random tweak,
     * or a itself, so that equal and neighbouring values are common.
     */
    static <T, U> Arbitrary<List<T>> pairs(Arbitrary<T> values, Arbitrary<U> tweaks, BiFunction<T, U, T> near) {
        return Combinators.combine(values, values, tweaks, Arbitraries.integers().between(0, 5))
                .as((a, b, tweak, mode) -> List.of(a, mode < 2 ? b : mode < 5 ? near.apply(a, tweak) : a));
    }

    /** Tweaks for {@link #nearString}: where to cut and what to append. */
    static Arbitrary<Tuple2<Integer, String>> stringTweaks() {
        return Combinators.combine(Arbitraries.integers().between(0, 14), strings()).as(Tuple::of);
    }

    /** The first {@code tweak.get1()} code points of {@code s} (all if fewer) plus {@code tweak.get2()}. */
    static String nearString(String s, Tuple2<Integer, String> tweak) {
        int cut = s.offsetByCodePoints(0, Math.min(tweak.get1(), s.codePointCount(0, s.length())));
        return s.substring(0, cut) + tweak.get2();
    }

    static String fromCodePoints(List<Integer> codePoints) {
        StringBuilder out = new StringBuilder();
        codePoints.forEach(out::appendCodePoint);
        return out.toString();
    }

    /** Compares strings by code point, independently of {@link Utf8Order}. */
    static int compareCodePoints(String a, String b) {
        return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
    }

    /** The reference order of segment values: the order a composite key must reproduce. */
    static int compareValues(Object a, Object b) {
        if (a instanceof String s) {
            return compareCodePoints(s, (String) b);
        }
        if (a instanceof Long l) {
            return Long.compare(l, (Long) b);
        }
        if (a instanceof BigDecimal d) {
            return d.compareTo((BigDecimal) b);
        }
        if (a instanceof Instant t) {
            return t.compareTo((Instant) b);
        }
        return Boolean.compare((Boolean) a, (Boolean) b);
    }

    /** Lexicographic order of equally long tuples under {@link #compareValues}. */
    static int compareTuples(List<?> a, List<?> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** The first {@code n} elements of {@code list} followed by the rest of {@code other}. */
    static List<Object> splice(List<?> list, int n, List<?> other) {
        List<Object> out = new ArrayList<>(list.subList(0, n));
        out.addAll(other.subList(n, other.size()));
        return out;
    }
}
