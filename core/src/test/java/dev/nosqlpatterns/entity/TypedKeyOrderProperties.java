package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Typed placeholders keep the order of their values in the key text, whatever follows them: a
 * separator and another typed placeholder, a separator and a string, or nothing. For each type, two
 * values (drawn so that they often share long prefixes of their text) and two ids give keys whose UTF-8
 * order must be the order of (value, id), and every key reads back to its entity.
 */
class TypedKeyOrderProperties {

    record Amount(String owner, BigDecimal amount, String id) { }

    record Big(String owner, BigInteger amount, String id) { }

    record Real(String owner, double amount, long seq) { }

    record Count(String owner, long count, String id) { }

    record Small(String owner, int count, String id) { }

    record Named(String owner, String name, String id) { }

    record Flag(String owner, boolean flag, String id) { }

    record Moment(String owner, Instant at, int seq) { }

    record Day(String owner, LocalDate day, String id) { }

    record Tagged(String owner, UUID tag, String id) { }

    enum Size { S, M, MM, L, XL }

    record Sized(String owner, Size size, String id) { }

    private static <T extends Record> EntityType<T> type(Class<T> c, String sort) {
        return EntityType.builder(c).table("t").partitionKey("o:{owner}").sortKey(sort).build();
    }

    private static final EntityType<Amount> AMOUNTS = type(Amount.class, "{amount}|{id}");
    private static final EntityType<Amount> AMOUNTS_LOW_SEPARATOR = type(Amount.class, "{amount} {id}");
    private static final EntityType<Big> BIGS = type(Big.class, "{amount}|{id}");
    private static final EntityType<Real> REALS = type(Real.class, "{amount}#{seq}");
    private static final EntityType<Count> COUNTS = type(Count.class, "{count}-{id}");
    private static final EntityType<Small> SMALLS = type(Small.class, "{count}|{id}");
    private static final EntityType<Named> NAMES = type(Named.class, "{name}|{id}");
    private static final EntityType<Named> NAMES_LOW_SEPARATOR = type(Named.class, "{name}!{id}");
    private static final EntityType<Named> NAMES_AT_END = type(Named.class, "{id}|{name}");
    private static final EntityType<Flag> FLAGS = type(Flag.class, "{flag}|{id}");
    private static final EntityType<Moment> MOMENTS = type(Moment.class, "{at}:{seq}");
    private static final EntityType<Day> DAYS = type(Day.class, "{day}-{id}");
    private static final EntityType<Tagged> TAGS = type(Tagged.class, "{tag}|{id}");
    private static final EntityType<Sized> SIZES = type(Sized.class, "{size}|{id}");

    /** Keys of {@code a} and {@code b} compare as (value, id) do, and both read back. */
    private static <T extends Record, V> void ordered(EntityType<T> type, T a, T b, V va, V vb, Comparator<V> order,
                                                     int idOrder) {
        Key ka = type.keyOf(a);
        Key kb = type.keyOf(b);
        int expected = Integer.signum(order.compare(va, vb) != 0 ? order.compare(va, vb) : idOrder);
        assertEquals(expected, Integer.signum(Utf8Order.compare(ka.sort(), kb.sort())),
                () -> va + " vs " + vb + " as " + ka.sort() + " vs " + kb.sort());
        assertEquals(a, type.fromItem(type.toItem(a)));
        assertEquals(b, type.fromItem(type.toItem(b)));
    }

    @Property(tries = 10000)
    void decimalsFollowedByASeparator(@ForAll("decimals") BigDecimal x, @ForAll("decimals") BigDecimal y,
                                      @ForAll("ids") String i, @ForAll("ids") String j) {
        for (EntityType<Amount> type : List.of(AMOUNTS, AMOUNTS_LOW_SEPARATOR)) {
            ordered(type, new Amount("o", canonical(x), i), new Amount("o", canonical(y), j), x, y,
                    BigDecimal::compareTo, Utf8Order.compare(i, j));
        }
    }

    @Property(tries = 10000)
    void bigIntegersFollowedByASeparator(@ForAll("bigIntegers") BigInteger x, @ForAll("bigIntegers") BigInteger y,
                                         @ForAll("ids") String i, @ForAll("ids") String j) {
        ordered(BIGS, new Big("o", x, i), new Big("o", y, j), x, y, BigInteger::compareTo, Utf8Order.compare(i, j));
    }

    @Property(tries = 10000)
    void doublesFollowedByAnotherTypedValue(@ForAll("doubles") double x, @ForAll("doubles") double y,
                                            @ForAll long i, @ForAll long j) {
        double a = x == 0 ? 0 : x;
        double b = y == 0 ? 0 : y;
        ordered(REALS, new Real("o", a, i), new Real("o", b, j), a, b, Double::compare, Long.compare(i, j));
    }

    @Property(tries = 10000)
    void longsFollowedByTheirOwnSignCharacter(@ForAll("longs") long x, @ForAll("longs") long y,
                                              @ForAll("ids") String i, @ForAll("ids") String j) {
        ordered(COUNTS, new Count("o", x, i), new Count("o", y, j), x, y, Long::compare, Utf8Order.compare(i, j));
    }

    @Property(tries = 10000)
    void intsFollowedByASeparator(@ForAll int x, @ForAll int y, @ForAll("ids") String i, @ForAll("ids") String j) {
        ordered(SMALLS, new Small("o", x, i), new Small("o", y, j), x, y, Integer::compare, Utf8Order.compare(i, j));
    }

    @Property(tries = 10000)
    void stringsFollowedBySeparatorsOrAtTheEnd(@ForAll("names") String x, @ForAll("names") String y,
                                               @ForAll("ids") String i, @ForAll("ids") String j) {
        for (EntityType<Named> type : List.of(NAMES, NAMES_LOW_SEPARATOR)) {
            ordered(type, new Named("o", x, i), new Named("o", y, j), x, y, Utf8Order.COMPARATOR, Utf8Order.compare(i, j));
        }
        if (i.equals(j)) {
            ordered(NAMES_AT_END, new Named("o", x, i), new Named("o", y, j), x, y, Utf8Order.COMPARATOR, 0);
        }
    }

    @Property(tries = 10000)
    void booleansEnumsUuidsAndTimesFollowedBySeparators(@ForAll boolean f, @ForAll boolean g, @ForAll Size s,
                                                        @ForAll Size t, @ForAll("uuids") UUID u, @ForAll("uuids") UUID v,
                                                        @ForAll("instants") Instant a, @ForAll("instants") Instant b,
                                                        @ForAll("ids") String i, @ForAll("ids") String j,
                                                        @ForAll int m, @ForAll int n) {
        int ids = Utf8Order.compare(i, j);
        ordered(FLAGS, new Flag("o", f, i), new Flag("o", g, j), f, g, Boolean::compare, ids);
        ordered(SIZES, new Sized("o", s, i), new Sized("o", t, j), s.name(), t.name(), Utf8Order.COMPARATOR, ids);
        ordered(TAGS, new Tagged("o", u, i), new Tagged("o", v, j), u.toString(), v.toString(), Utf8Order.COMPARATOR, ids);
        ordered(MOMENTS, new Moment("o", a, m), new Moment("o", b, n), a, b, Instant::compareTo, Integer.compare(m, n));
        LocalDate d = LocalDate.ofEpochDay(Math.floorMod(a.getEpochSecond() / 86_400, 2_000_000L));
        LocalDate e = LocalDate.ofEpochDay(Math.floorMod(b.getEpochSecond() / 86_400, 2_000_000L));
        ordered(DAYS, new Day("o", d, i), new Day("o", e, j), d, e, LocalDate::compareTo, ids);
    }

    private static BigDecimal canonical(BigDecimal x) {
        return x.signum() == 0 ? BigDecimal.ZERO : x.stripTrailingZeros();
    }

    @Provide
    Arbitrary<BigDecimal> decimals() {
        Arbitrary<BigDecimal> nearby = Arbitraries.of("-4.2", "-4", "0", "0.5", "0.55", "1", "3.99", "4", "4.2", "10",
                "40", "41", "100", "-0.5", "-0.55", "30", "39", "300", "1E+30", "1E-30", "-1E-30").map(BigDecimal::new);
        Arbitrary<BigDecimal> scaled = Arbitraries.bigIntegers().between(BigInteger.valueOf(-99_999), BigInteger.valueOf(99_999))
                .flatMap(u -> Arbitraries.integers().between(-40, 40).map(sc -> new BigDecimal(u, sc)));
        return Arbitraries.oneOf(nearby, scaled);
    }

    @Provide
    Arbitrary<BigInteger> bigIntegers() {
        return Arbitraries.oneOf(Arbitraries.of(3, 30, 39, 300, 399, -3, -30, -39, -300, 0).map(BigInteger::valueOf),
                Arbitraries.bigIntegers().between(BigInteger.TEN.pow(40).negate(), BigInteger.TEN.pow(40)));
    }

    @Provide
    Arbitrary<Double> doubles() {
        return Arbitraries.oneOf(Arbitraries.of(-4.2, -4.0, 0.0, 0.5, 0.55, 1.0, 3.99, 4.0, 4.2, 1e300, -1e-300),
                Arbitraries.doubles().between(-1e6, 1e6).ofScale(4));
    }

    @Provide
    Arbitrary<Long> longs() {
        return Arbitraries.oneOf(Arbitraries.of(Long.MIN_VALUE, -1L, 0L, 1L, Long.MAX_VALUE, -10L, 10L),
                Arbitraries.longs());
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.strings().withChars("ab|!#- \u0000~\\\u00e9")
                .ofMaxLength(5).filter(s -> Utf8Order.firstUnpairedSurrogate(s) < 0)
                .injectDuplicates(0.2);
    }

    @Provide
    Arbitrary<UUID> uuids() {
        return Arbitraries.longs().flatMap(m -> Arbitraries.longs().map(l -> new UUID(m, l)));
    }

    @Provide
    Arbitrary<String> ids() {
        return Arbitraries.strings().withChars("0129az").ofMinLength(1).ofMaxLength(3);
    }

    @Provide
    Arbitrary<Instant> instants() {
        return Arbitraries.longs().between(0, 253_402_300_799L)
                .flatMap(s -> Arbitraries.integers().between(0, 999_999_999).map(n -> Instant.ofEpochSecond(s, n)));
    }
}
