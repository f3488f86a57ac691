package dev.nosqlpatterns.item;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A typed attribute value: the value model every store maps onto its own types.
 *
 * <p>The types are those DynamoDB defines, since every other store here can represent them: strings,
 * exact numbers, binary, booleans, null, string sets, number sets, lists and maps. Values are immutable;
 * numbers compare numerically ({@code 1.0} equals {@code 1}); sets are never empty (a set that loses its
 * last member disappears, as in DynamoDB).
 */
public sealed interface Value {

    /** The type tag of this value. */
    Type type();

    /** Size in bytes as DynamoDB counts it, used to check a store's item limit before a write. */
    int sizeInBytes();

    /** The type tags of {@link Value}. */
    enum Type { STRING, NUMBER, BINARY, BOOLEAN, NULL, STRING_SET, NUMBER_SET, LIST, MAP }

    static Str of(String value) {
        return new Str(value);
    }

    static Num of(long value) {
        return new Num(BigDecimal.valueOf(value));
    }

    static Num of(BigDecimal value) {
        return new Num(value);
    }

    static Num of(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("a number value must be finite, got " + value);
        }
        return new Num(BigDecimal.valueOf(value));
    }

    static Bool of(boolean value) {
        return value ? Bool.TRUE : Bool.FALSE;
    }

    static Bin of(byte[] value) {
        return new Bin(value);
    }

    static Null nullValue() {
        return Null.INSTANCE;
    }

    static StrSet stringSet(Collection<String> members) {
        return new StrSet(Set.copyOf(members));
    }

    static StrSet stringSet(String... members) {
        return stringSet(Arrays.asList(members));
    }

    static NumSet numberSet(Collection<? extends Number> members) {
        return new NumSet(members.stream().map(Value::toBigDecimal).collect(Collectors.toSet()));
    }

    static NumSet numberSet(Number... members) {
        return numberSet(Arrays.asList(members));
    }

    static ListValue list(List<? extends Value> elements) {
        return new ListValue(List.copyOf(elements));
    }

    static ListValue list(Value... elements) {
        return list(Arrays.asList(elements));
    }

    static MapValue map(Map<String, ? extends Value> entries) {
        return new MapValue(Map.copyOf(entries));
    }

    private static BigDecimal toBigDecimal(Number n) {
        Objects.requireNonNull(n, "number set member");
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (n instanceof Double || n instanceof Float) {
            double d = n.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("a number value must be finite, got " + d);
            }
            return BigDecimal.valueOf(d);
        }
        return BigDecimal.valueOf(n.longValue());
    }

    /** A string. */
    record Str(String value) implements Value {
        public Str {
            Objects.requireNonNull(value, "string value");
        }

        @Override
        public Type type() {
            return Type.STRING;
        }

        @Override
        public int sizeInBytes() {
            return Sizes.utf8(value);
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }

    /**
     * An exact number; held normalized, so numerically equal numbers are equal values. Portable numbers
     * have at most 38 significant digits and a magnitude from 1E-130 to 1E+125 (DynamoDB's range, which
     * refuses others at write time).
     */
    record Num(BigDecimal value) implements Value {
        public Num {
            Objects.requireNonNull(value, "number value");
            value = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
        }

        @Override
        public Type type() {
            return Type.NUMBER;
        }

        @Override
        public int sizeInBytes() {
            return Sizes.number(value);
        }

        /** The value as a long; fails when it has a fraction or is out of range. */
        public long longValue() {
            return value.longValueExact();
        }

        @Override
        public String toString() {
            return value.toPlainString().length() <= 40 ? value.toPlainString() : value.toString();
        }
    }

    /** Binary data; the array is copied in and out. */
    record Bin(byte[] value) implements Value {
        public Bin {
            value = Objects.requireNonNull(value, "binary value").clone();
        }

        @Override
        public byte[] value() {
            return value.clone();
        }

        @Override
        public Type type() {
            return Type.BINARY;
        }

        @Override
        public int sizeInBytes() {
            return value.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bin b && Arrays.equals(value, b.value);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(value);
        }

        @Override
        public String toString() {
            return "b64:" + Base64.getEncoder().encodeToString(value);
        }
    }

    /** A boolean. */
    record Bool(boolean value) implements Value {
        static final Bool TRUE = new Bool(true);
        static final Bool FALSE = new Bool(false);

        @Override
        public Type type() {
            return Type.BOOLEAN;
        }

        @Override
        public int sizeInBytes() {
            return 1;
        }

        @Override
        public String toString() {
            return Boolean.toString(value);
        }
    }

    /** The explicit null value (an attribute that is present and null). */
    record Null() implements Value {
        static final Null INSTANCE = new Null();

        @Override
        public Type type() {
            return Type.NULL;
        }

        @Override
        public int sizeInBytes() {
            return 1;
        }

        @Override
        public String toString() {
            return "null";
        }
    }

    /** A non-empty set of strings. */
    record StrSet(Set<String> value) implements Value {
        public StrSet {
            value = Set.copyOf(value);
            if (value.isEmpty()) {
                throw new IllegalArgumentException("a string set must not be empty; remove the attribute instead");
            }
        }

        @Override
        public Type type() {
            return Type.STRING_SET;
        }

        @Override
        public int sizeInBytes() {
            return value.stream().mapToInt(Sizes::utf8).sum();
        }

        @Override
        public String toString() {
            return value.stream().sorted().map(s -> '"' + s + '"').collect(Collectors.joining(", ", "<<", ">>"));
        }
    }

    /** A non-empty set of exact numbers, normalized like {@link Num}. */
    record NumSet(Set<BigDecimal> value) implements Value {
        public NumSet {
            value = value.stream().map(d -> new Num(d).value()).collect(Collectors.toUnmodifiableSet());
            if (value.isEmpty()) {
                throw new IllegalArgumentException("a number set must not be empty; remove the attribute instead");
            }
        }

        @Override
        public Type type() {
            return Type.NUMBER_SET;
        }

        @Override
        public int sizeInBytes() {
            return value.stream().mapToInt(Sizes::number).sum();
        }

        @Override
        public String toString() {
            return new TreeSet<>(value).stream().map(BigDecimal::toPlainString)
                    .collect(Collectors.joining(", ", "<<", ">>"));
        }
    }

    /** An ordered list of values of any types. */
    record ListValue(List<Value> value) implements Value {
        public ListValue {
            value = List.copyOf(value);
        }

        @Override
        public Type type() {
            return Type.LIST;
        }

        @Override
        public int sizeInBytes() {
            return Sizes.CONTAINER_OVERHEAD + value.stream().mapToInt(v -> v.sizeInBytes() + 1).sum();
        }

        @Override
        public String toString() {
            return value.toString();
        }
    }

    /** A map from attribute names to values of any types. */
    record MapValue(Map<String, Value> value) implements Value {
        public MapValue {
            value = Collections.unmodifiableMap(new LinkedHashMap<>(new TreeMap<>(value)));
            value.keySet().forEach(Names::check);
        }

        @Override
        public Type type() {
            return Type.MAP;
        }

        @Override
        public int sizeInBytes() {
            return Sizes.CONTAINER_OVERHEAD + value.entrySet().stream()
                    .mapToInt(e -> Sizes.utf8(e.getKey()) + e.getValue().sizeInBytes() + 1).sum();
        }

        @Override
        public String toString() {
            return value.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(", ", "{", "}"));
        }
    }
}
