package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.nosqlpatterns.item.Item;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** Random records survive the trip to an item and back, keys included. */
class RecordMappingProperties {

    record Inner(String name, List<Instant> times) {
    }

    record Sample(String id, String text, long n, double d, BigDecimal amount, Instant at, Optional<String> note,
                  List<String> words, Set<String> tags, Set<Long> numbers, Map<String, Long> counts,
                  Optional<Inner> inner) {
    }

    static final EntityType<Sample> SAMPLES = EntityType.builder(Sample.class).table("samples")
            .partitionKey("s:{id}|{at}").sortKey("{n}#{text}").build();

    @Property(tries = 2_000)
    void recordsRoundTrip(@ForAll("samples") Sample sample) {
        Item item = SAMPLES.toItem(sample);
        assertEquals(sample, SAMPLES.fromItem(item));
        assertEquals(SAMPLES.keyOf(sample), item.key());
        assertEquals(item.key(), SAMPLES.key(SAMPLES.keyValues(item.key())));
    }

    @Provide
    Arbitrary<Sample> samples() {
        Arbitrary<String> text = strings();
        Arbitrary<BigDecimal> amounts = Combinators.combine(Arbitraries.bigIntegers()
                .between(BigInteger.TEN.pow(20).negate(), BigInteger.TEN.pow(20)), Arbitraries.integers().between(-10, 10))
                .as(BigDecimal::new).map(d -> d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros());
        Arbitrary<Instant> instants = Combinators.combine(
                Arbitraries.longs().between(TimeForms.MIN_INSTANT.getEpochSecond(), TimeForms.MAX_INSTANT.getEpochSecond()),
                Arbitraries.integers().between(0, 999_999_999)).as(Instant::ofEpochSecond);
        Arbitrary<Map<String, Long>> counts = Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(5),
                Arbitraries.longs()).ofMaxSize(3);
        Arbitrary<Optional<Inner>> inner = Combinators.combine(text, instants.list().ofMaxSize(3))
                .as(Inner::new).optional();
        Arbitrary<Sample> head = Combinators.combine(text, text, Arbitraries.longs(), Arbitraries.doubles(), amounts,
                instants, text.optional(), text.list().ofMaxSize(4))
                .as((id, t, n, d, a, at, note, words) -> new Sample(id, t, n, d, a, at, note, words, Set.of(), Set.of(),
                        Map.of(), Optional.empty()));
        return Combinators.combine(head, text.set().ofMaxSize(4), Arbitraries.longs().set().ofMaxSize(4), counts, inner)
                .as((s, tags, numbers, c, in) -> new Sample(s.id(), s.text(), s.n(), s.d(), s.amount(), s.at(), s.note(),
                        s.words(), tags, numbers, c, in));
    }

    private static Arbitrary<String> strings() {
        Arbitrary<Integer> cp = Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.integers().between(0x20, 0x7E)),
                Tuple.of(3, Arbitraries.of((int) '#', (int) '|', (int) '\\', (int) ':', 0)),
                Tuple.of(1, Arbitraries.integers().between(0x80, 0xD7FF)),
                Tuple.of(1, Arbitraries.integers().between(0x10000, Character.MAX_CODE_POINT)));
        return cp.list().ofMaxSize(8).map(list -> {
            StringBuilder out = new StringBuilder();
            list.forEach(out::appendCodePoint);
            return out.toString();
        });
    }
}
