package dev.nosqlpatterns.testkit.key;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.store.model.Direction;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Typed key-template placeholders keep the order of their values on the store, whatever follows them
 * in the template: entities saved in one partition come back from a query in value order in both
 * directions, a range between two values' keys holds exactly the values between them, and a prefix of
 * leading values selects exactly the entities with those values (never "ab" for "a"). The values are the
 * cases that once sorted wrongly (0.55 before 0.5, 39 before 30) and a seeded random sample.
 */
public abstract class TypedKeyOrderSuite extends StoreSuite {
    private static final Random RANDOM = new Random(20261124);

    /** An amount of money. */
    public record Amount(String owner, BigDecimal amount, String id) { }

    /** A large integer count. */
    public record Big(String owner, BigInteger v, String id) { }

    /** A measurement with a sequence number. */
    public record Reading(String owner, double x, long seq) { }

    /** A signed counter, before a separator that is also its sign. */
    public record Counter(String owner, long n, String id) { }

    /** A name before a separator. */
    public record Named(String owner, String name, String id) { }

    /** A moment before a separator that also occurs inside it. */
    public record Moment(String owner, Instant at, int seq) { }

    private static <T extends Record> Function<String, EntityType<T>> type(Class<T> c, String sortTemplate) {
        return table -> EntityType.builder(c).table(table).partitionKey("o:{owner}").sortKey(sortTemplate).build();
    }

    private <T extends Record, V> void holdsOrder(Function<String, EntityType<T>> type, List<V> values,
                                                  Function<V, T> entity, Comparator<V> order) {
        String table = newTable();
        EntityType<T> bound = type.apply(table);
        EntityRepository repo = EntityRepository.of(store, bound);
        EntityRepository.Batch batch = repo.batch();
        List<T> expected = new ArrayList<>();
        for (V v : values) {
            T e = entity.apply(v);
            batch.save(bound, e);
            expected.add(e);
        }
        batch.write();
        List<V> sorted = new ArrayList<>(values);
        sorted.sort(order);
        List<T> ascending = sorted.stream().map(entity).toList();
        Map<String, String> owner = Map.of("owner", "o");
        assertEquals(ascending, repo.query(bound, owner).toList(), "ascending query of " + bound.name());
        List<T> descending = new ArrayList<>(ascending);
        java.util.Collections.reverse(descending);
        assertEquals(descending, repo.query(bound, owner, Map.of(), Direction.DESCENDING).toList(),
                "descending query of " + bound.name());
        for (int r = 0; r < 3; r++) {
            int lo = RANDOM.nextInt(sorted.size());
            int hi = lo + RANDOM.nextInt(sorted.size() - lo);
            String from = bound.keyOf(entity.apply(sorted.get(lo))).sort();
            String to = bound.keyOf(entity.apply(sorted.get(hi))).sort();
            List<T> between = store.queryAll(Query.in(table, bound.keyOf(ascending.get(0)).partition())
                    .where(SortKeyCondition.between(from, to)).limit(100)).map(bound::fromItem).toList();
            assertEquals(ascending.subList(lo, hi + 1), between, "between " + sorted.get(lo) + " and " + sorted.get(hi));
        }
    }

    private static List<BigDecimal> decimals() {
        List<BigDecimal> out = new ArrayList<>();
        for (String s : new String[] {"-4.2", "-4", "0", "0.5", "0.55", "1", "3.99", "4", "4.2", "10", "40", "41", "100",
                "-0.5", "-0.55", "30", "39", "300", "1E+30", "1E-30"}) {
            out.add(new BigDecimal(s).stripTrailingZeros());
        }
        while (out.size() < 60) {
            BigDecimal d = new BigDecimal(BigInteger.valueOf(RANDOM.nextInt(20001) - 10000), RANDOM.nextInt(9) - 3);
            BigDecimal c = d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
            if (out.stream().noneMatch(x -> x.compareTo(c) == 0)) {
                out.add(c);
            }
        }
        return out;
    }

    @Test
    void decimalsBeforeASeparator() {
        holdsOrder(type(Amount.class, "{amount}|{id}"),
                decimals(), a -> new Amount("o", a, "id"), BigDecimal::compareTo);
    }

    @Test
    void bigIntegersBeforeASeparator() {
        List<BigInteger> values = new ArrayList<>(List.of(30, 39, 3, 300, 399, -3, -30, -39, 0).stream()
                .map(BigInteger::valueOf).toList());
        while (values.size() < 50) {
            BigInteger b = BigInteger.valueOf(RANDOM.nextLong() >> RANDOM.nextInt(60));
            if (!values.contains(b)) {
                values.add(b);
            }
        }
        holdsOrder(type(Big.class, "{v}|{id}"),
                values, v -> new Big("o", v, "id"), BigInteger::compareTo);
    }

    @Test
    void doublesBeforeAnotherTypedValue() {
        List<Double> values = new ArrayList<>(List.of(-4.2, -4.0, 0.0, 0.5, 0.55, 1.0, 3.99, 4.0, 4.2, 1e300, -1e-300));
        while (values.size() < 50) {
            double d = Math.round((RANDOM.nextDouble() - 0.5) * 1e6) / 1e3;
            if (!values.contains(d)) {
                values.add(d);
            }
        }
        holdsOrder(type(Reading.class, "{x}#{seq}"),
                values, x -> new Reading("o", x, 7), Double::compare);
    }

    @Test
    void longsBeforeTheirOwnSignCharacter() {
        List<Long> values = new ArrayList<>(List.of(Long.MIN_VALUE, -10L, -1L, 0L, 1L, 10L, Long.MAX_VALUE));
        while (values.size() < 40) {
            long n = RANDOM.nextLong() >> RANDOM.nextInt(63);
            if (!values.contains(n)) {
                values.add(n);
            }
        }
        holdsOrder(type(Counter.class, "{n}-{id}"),
                values, n -> new Counter("o", n, "id"), Long::compare);
    }

    @Test
    void stringsBeforeASeparatorInCodePointOrder() {
        List<String> values = new ArrayList<>(List.of("a", "ab", "ab!", "ab|", "abc", "a b", "", "|", "!", "~", "a\u00e9",
                "a\uD83D\uDE00", "\uE000"));
        String alphabet = "ab|!~ #";
        while (values.size() < 50) {
            StringBuilder s = new StringBuilder();
            for (int i = RANDOM.nextInt(5); i > 0; i--) {
                s.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
            }
            if (!values.contains(s.toString())) {
                values.add(s.toString());
            }
        }
        Function<String, EntityType<Named>> type = type(Named.class, "{name}|{id}");
        holdsOrder(type, values, n -> new Named("o", n, "id"), dev.nosqlpatterns.key.Utf8Order.COMPARATOR);
        String table = newTable();
        EntityType<Named> bound = type.apply(table);
        EntityRepository repo = EntityRepository.of(store, bound);
        for (String n : List.of("a", "ab", "abc", "ab|")) {
            repo.save(new Named("o", n, "1"));
            repo.save(new Named("o", n, "2"));
        }
        assertEquals(List.of(new Named("o", "ab", "1"), new Named("o", "ab", "2")),
                repo.query(bound, Map.of("owner", "o"), Map.of("name", "ab"), Direction.ASCENDING).toList(),
                "a prefix of leading values selects exactly that value");
    }

    @Test
    void instantsBeforeASeparatorTheyContain() {
        List<Instant> values = new ArrayList<>();
        while (values.size() < 40) {
            Instant t = Instant.ofEpochSecond(RANDOM.nextInt(2_000_000_000), RANDOM.nextInt(1_000_000_000));
            values.add(t);
        }
        holdsOrder(type(Moment.class, "{at}:{seq}"),
                values.stream().distinct().toList(), t -> new Moment("o", t, 1), Instant::compareTo);
    }
}
