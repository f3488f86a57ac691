package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.nosqlpatterns.key.Utf8Order;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.junit.jupiter.api.Test;

/** The key forms of typed placeholders: exact round trips, and text order equal to value order. */
class KeyFormProperties {

    private static final long MIN_SECOND = TimeForms.MIN_INSTANT.getEpochSecond();
    private static final long MAX_SECOND = TimeForms.MAX_INSTANT.getEpochSecond();

    @Property(tries = 2_000)
    void longsKeepTheirOrder(@ForAll("longs") long a, @ForAll("longs") long b) {
        checkOrder(KeyForm.of(long.class), a, b, Long.compare(a, b));
    }

    @Property(tries = 2_000)
    void intsKeepTheirOrder(@ForAll int a, @ForAll int b) {
        checkOrder(KeyForm.of(Integer.class), a, b, Integer.compare(a, b));
    }

    @Property(tries = 500)
    void shortsAndBytesKeepTheirOrder(@ForAll short a, @ForAll short b, @ForAll byte c, @ForAll byte d) {
        checkOrder(KeyForm.of(short.class), a, b, Short.compare(a, b));
        checkOrder(KeyForm.of(byte.class), c, d, Byte.compare(c, d));
    }

    @Property(tries = 2_000)
    void decimalsKeepTheirOrder(@ForAll("decimals") BigDecimal a, @ForAll("decimals") BigDecimal b) {
        KeyForm form = KeyForm.of(BigDecimal.class);
        int expected = a.compareTo(b);
        assertEquals(Integer.signum(expected), Integer.signum(Utf8Order.compare(form.write(a), form.write(b))));
        assertEquals(0, a.compareTo((BigDecimal) form.read(form.write(a))));
    }

    @Property(tries = 2_000)
    void doublesKeepTheirOrder(@ForAll("doubles") double a, @ForAll("doubles") double b) {
        // -0.0 and 0.0 are one number to a store.
        checkOrder(KeyForm.of(double.class), a + 0.0, b + 0.0, Double.compare(a + 0.0, b + 0.0));
    }

    @Property(tries = 2_000)
    void bigIntegersKeepTheirOrder(@ForAll BigInteger a, @ForAll BigInteger b) {
        checkOrder(KeyForm.of(BigInteger.class), a, b, a.compareTo(b));
    }

    @Property(tries = 2_000)
    void instantsKeepTheirOrder(@ForAll("instants") Instant a, @ForAll("instants") Instant b) {
        checkOrder(KeyForm.of(Instant.class), a, b, a.compareTo(b));
    }

    @Property(tries = 1_000)
    void datesAndMonthsKeepTheirOrder(@ForAll("instants") Instant a, @ForAll("instants") Instant b) {
        LocalDate x = LocalDate.ofEpochDay(Math.floorDiv(a.getEpochSecond(), 86_400));
        LocalDate y = LocalDate.ofEpochDay(Math.floorDiv(b.getEpochSecond(), 86_400));
        checkOrder(KeyForm.of(LocalDate.class), x, y, x.compareTo(y));
        checkOrder(KeyForm.of(YearMonth.class), YearMonth.from(x), YearMonth.from(y),
                YearMonth.from(x).compareTo(YearMonth.from(y)));
    }

    private static void checkOrder(KeyForm form, Object a, Object b, int expected) {
        String x = form.write(a);
        String y = form.write(b);
        assertEquals(Integer.signum(expected), Integer.signum(Utf8Order.compare(x, y)), () -> x + " vs " + y);
        assertEquals(a, form.read(x));
        assertEquals(b, form.read(y));
    }

    @Test
    void nonCanonicalOrMalformedTextIsRefused() {
        for (String bad : List.of("1001", "-0000000000000000000", "00000000000000000001", "+000000000000000001",
                "-99999999999999999999")) {
            assertThrows(IllegalArgumentException.class, () -> KeyForm.of(long.class).read(bad), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> KeyForm.of(int.class).read("9999999999"));
        assertThrows(IllegalArgumentException.class, () -> KeyForm.of(Instant.class).read("2012-01-01T00:00:00Z"));
        assertThrows(IllegalArgumentException.class, () -> KeyForm.of(Instant.class).read("2012-02-30T00:00:00.000000000Z"));
        assertThrows(IllegalArgumentException.class, () -> KeyForm.of(java.util.UUID.class).read("1-1-1-1-1"));
        assertThrows(IllegalArgumentException.class, () -> KeyForm.of(boolean.class).read("TRUE"));
        assertThrows(IllegalArgumentException.class, () -> KeyForm.of(BigDecimal.class).read(">a1420"));
        assertEquals("-0776627963145224192", KeyForm.of(long.class).write(Long.MIN_VALUE));
        assertEquals("-9999999999999999999", KeyForm.of(long.class).write(-1L));
        assertEquals("0000000000000000000", KeyForm.of(long.class).write(0L));
    }

    @Provide
    Arbitrary<Long> longs() {
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.longs()), Tuple.of(2, Arbitraries.longs().between(-20, 20)),
                Tuple.of(1, Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, -1L, 0L, 1L)));
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        return Combinators.combine(Arbitraries.bigIntegers().between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30)),
                Arbitraries.integers().between(-40, 40)).as(BigDecimal::new);
    }

    @Provide
    Arbitrary<Double> doubles() {
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.doubles()),
                Tuple.of(2, Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite)),
                Tuple.of(1, Arbitraries.of(0.0, -0.0, Double.MIN_VALUE, -Double.MAX_VALUE, Double.MAX_VALUE, 0.1, 1e-300)));
    }

    @Provide
    Arbitrary<Instant> instants() {
        Arbitrary<Long> seconds = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.longs().between(MIN_SECOND, MAX_SECOND)),
                Tuple.of(2, Arbitraries.longs().between(-100, 100)),
                Tuple.of(1, Arbitraries.of(MIN_SECOND, MAX_SECOND, 0L)));
        return Combinators.combine(seconds, Arbitraries.integers().between(0, 999_999_999)).as(Instant::ofEpochSecond);
    }
}
