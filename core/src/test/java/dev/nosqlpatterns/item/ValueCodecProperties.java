package dev.nosqlpatterns.item;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ValueCodecProperties {

    @Provide
    Arbitrary<Value> values() {
        return value(2);
    }

    private Arbitrary<Value> value(int depth) {
        Arbitrary<String> strings = Arbitraries.strings().withCharRange('\u0000', '\uD7FF')
                .withCharRange('\uE000', '\uFFFF').ofMaxLength(12);
        Arbitrary<BigDecimal> numbers = Arbitraries.bigIntegers().between(
                BigInteger.TEN.pow(38).negate(), BigInteger.TEN.pow(38))
                .flatMap(i -> Arbitraries.integers().between(-60, 60).map(scale -> new BigDecimal(i, scale)));
        Arbitrary<Value> scalars = Arbitraries.oneOf(
                strings.map(Value::of),
                numbers.map(Value::of),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(8).map(Value::of),
                Arbitraries.of(true, false).map(Value::of),
                Arbitraries.just(Value.nullValue()),
                strings.set().ofMinSize(1).ofMaxSize(4).map(Value::stringSet),
                numbers.set().ofMinSize(1).ofMaxSize(4).map(Value::numberSet));
        if (depth == 0) {
            return scalars;
        }
        Arbitrary<Value> inner = value(depth - 1);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, scalars),
                net.jqwik.api.Tuple.of(1, inner.list().ofMaxSize(3).map(Value::list)),
                net.jqwik.api.Tuple.of(1, Arbitraries.maps(strings.filter(s -> !s.isEmpty()), inner).ofMaxSize(3)
                        .map(Value::map)));
    }

    @Property(tries = 3_000)
    void decodeInvertsEncode(@ForAll("values") Value value) {
        assertEquals(value, ValueCodec.decode(ValueCodec.encode(value)));
    }

    @Property(tries = 1_000)
    void equalValuesHaveEqualBytes(@ForAll("values") Value value) {
        Value copy = ValueCodec.decode(ValueCodec.encode(value));
        assertArrayEquals(ValueCodec.encode(value), ValueCodec.encode(copy));
        if (value instanceof Value.Num n) {
            Value scaled = Value.of(n.value().setScale(n.value().scale() + 3));
            assertArrayEquals(ValueCodec.encode(value), ValueCodec.encode(scaled));
        }
        if (value instanceof Value.MapValue m) {
            Map<String, Value> reordered = new HashMap<>(m.value());
            assertArrayEquals(ValueCodec.encode(value), ValueCodec.encode(Value.map(reordered)));
        }
    }

    @Property(tries = 500)
    void differentValuesHaveDifferentBytes(@ForAll("values") Value a, @ForAll("values") Value b) {
        if (!a.equals(b)) {
            assertEquals(false, Arrays.equals(ValueCodec.encode(a), ValueCodec.encode(b)));
        }
    }
}
