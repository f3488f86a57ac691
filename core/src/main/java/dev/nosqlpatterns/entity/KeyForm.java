package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * How a record component of one type is written as the text of a key placeholder, and read back.
 *
 * <p>Forms keep the natural order of values where they can: integers are fixed-width decimals
 * (byte 3, short 5, int 10, long 19 digits; a negative value is '-' followed by the value plus
 * 10^width, so that it sorts below every non-negative one), BigInteger, BigDecimal, double and float
 * use the DECIMAL token of {@link CompositeKeyCodec} without its trailing separator, instants and
 * dates use {@link TimeForms}, booleans are {@code false} and {@code true}. Strings, enum names and
 * UUIDs are written as they are, so they sort by their text.
 */
final class KeyForm {

    private static final CompositeKeyCodec DECIMAL = CompositeKeyCodec.of(SegmentType.DECIMAL);
    private static final Map<Class<?>, Class<?>> BOXES = Map.of(boolean.class, Boolean.class, byte.class, Byte.class,
            short.class, Short.class, int.class, Integer.class, long.class, Long.class, float.class, Float.class,
            double.class, Double.class);

    /** The types a placeholder can hold, for error messages. */
    static final String SUPPORTED = "String, boolean, an enum, byte, short, int, long, BigInteger, BigDecimal,"
            + " float, double, Instant, LocalDate, YearMonth or UUID";

    private final Class<?> type;
    private final Function<Object, String> writer;
    private final Function<String, Object> reader;
    private final Function<Object, Object> acceptor;

    private KeyForm(Class<?> type, Function<Object, String> writer, Function<String, Object> reader,
                    Function<Object, Object> acceptor) {
        this.type = type;
        this.writer = writer;
        this.reader = reader;
        this.acceptor = acceptor;
    }

    /** The form for components of {@code declared}, or null when keys cannot hold that type. */
    static KeyForm of(Class<?> declared) {
        Class<?> t = BOXES.getOrDefault(declared, declared);
        if (t == String.class || t == UUID.class || t == Instant.class || t == LocalDate.class
                || t == YearMonth.class || t == Boolean.class) {
            return simple(t);
        }
        if (t.isEnum()) {
            return enumForm(t);
        }
        if (t == Byte.class) {
            return integral(t, 3, Byte.MIN_VALUE, Byte.MAX_VALUE);
        }
        if (t == Short.class) {
            return integral(t, 5, Short.MIN_VALUE, Short.MAX_VALUE);
        }
        if (t == Integer.class) {
            return integral(t, 10, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
        if (t == Long.class) {
            return integral(t, 19, Long.MIN_VALUE, Long.MAX_VALUE);
        }
        if (t == BigInteger.class || t == BigDecimal.class || t == Double.class || t == Float.class) {
            return decimal(t);
        }
        return null;
    }

    /** The (boxed) type of the component. */
    Class<?> type() {
        return type;
    }

    /** The text of a value of {@link #type()}. */
    String write(Object value) {
        return writer.apply(value);
    }

    /** The value written as {@code text}; throws IllegalArgumentException unless it is exactly such a text. */
    Object read(String text) {
        Object value = reader.apply(text);
        if (!writer.apply(value).equals(text)) {
            throw new IllegalArgumentException("\"" + text + "\" is not in canonical form; it reads as " + value
                    + ", which is written \"" + writer.apply(value) + "\"");
        }
        return value;
    }

    /** A value given by a caller, converted to {@link #type()}; throws IllegalArgumentException when it cannot be. */
    Object accept(Object value) {
        Object converted = acceptor.apply(value);
        if (converted == null) {
            throw new IllegalArgumentException("expects " + type.getSimpleName() + " but got "
                    + value.getClass().getName() + " " + value);
        }
        return converted;
    }

    private static KeyForm simple(Class<?> t) {
        Function<Object, String> writer;
        Function<String, Object> reader;
        if (t == String.class) {
            writer = v -> (String) v;
            reader = s -> s;
        } else if (t == UUID.class) {
            writer = Object::toString;
            reader = UUID::fromString;
        } else if (t == Instant.class) {
            writer = v -> TimeForms.instant((Instant) v);
            reader = TimeForms::parseInstant;
        } else if (t == LocalDate.class) {
            writer = v -> TimeForms.date((LocalDate) v);
            reader = TimeForms::parseDate;
        } else if (t == YearMonth.class) {
            writer = v -> TimeForms.month((YearMonth) v);
            reader = TimeForms::parseMonth;
        } else {
            writer = Object::toString;
            reader = s -> switch (s) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("\"" + s + "\" is not a boolean (true or false)");
            };
        }
        return new KeyForm(t, writer, reader, v -> t.isInstance(v) ? v : null);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static KeyForm enumForm(Class<?> t) {
        Class<? extends Enum> e = (Class<? extends Enum>) t;
        return new KeyForm(t, v -> ((Enum<?>) v).name(), s -> {
            try {
                return Enum.valueOf(e, s);
            } catch (IllegalArgumentException x) {
                throw new IllegalArgumentException("\"" + s + "\" is not a constant of " + t.getName(), x);
            }
        }, v -> t.isInstance(v) ? v : null);
    }

    private static KeyForm integral(Class<?> t, int width, long min, long max) {
        BigInteger offset = BigInteger.TEN.pow(width);
        Function<Object, String> writer = v -> {
            long n = ((Number) v).longValue();
            BigInteger shown = n < 0 ? BigInteger.valueOf(n).add(offset) : BigInteger.valueOf(n);
            String digits = shown.toString();
            return (n < 0 ? "-" : "") + "0".repeat(width - digits.length()) + digits;
        };
        Function<String, Object> reader = s -> {
            boolean negative = s.startsWith("-");
            String digits = negative ? s.substring(1) : s;
            if (digits.length() != width || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
                throw new IllegalArgumentException("\"" + s + "\" is not a " + t.getSimpleName() + " of " + width
                        + " digits, optionally after '-'");
            }
            BigInteger n = negative ? new BigInteger(digits).subtract(offset) : new BigInteger(digits);
            if (n.compareTo(BigInteger.valueOf(min)) < 0 || n.compareTo(BigInteger.valueOf(max)) > 0) {
                throw new IllegalArgumentException("\"" + s + "\" is out of the range of " + t.getSimpleName());
            }
            return box(t, n.longValue());
        };
        Function<Object, Object> acceptor = v -> {
            if (!(v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte)) {
                return null;
            }
            long n = ((Number) v).longValue();
            if (n < min || n > max) {
                throw new IllegalArgumentException(v + " is out of the range of " + t.getSimpleName());
            }
            return box(t, n);
        };
        return new KeyForm(t, writer, reader, acceptor);
    }

    private static Object box(Class<?> t, long n) {
        if (t == Byte.class) {
            return (byte) n;
        }
        if (t == Short.class) {
            return (short) n;
        }
        return t == Integer.class ? (Object) (int) n : (Object) n;
    }

    private static KeyForm decimal(Class<?> t) {
        Function<Object, String> writer = v -> {
            String token = DECIMAL.encode(Numbers.toBigDecimal(v));
            return token.substring(0, token.length() - 1);
        };
        Function<String, Object> reader = s -> Numbers.fromBigDecimal((BigDecimal) DECIMAL.decode(s + "!").get(0), t);
        Function<Object, Object> acceptor = v -> {
            boolean integral = v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
            if (t == BigDecimal.class && (v instanceof BigDecimal || v instanceof BigInteger || integral)) {
                return Numbers.toBigDecimal(v);
            }
            if (t == BigInteger.class && (v instanceof BigInteger || integral)) {
                return v instanceof BigInteger ? v : BigInteger.valueOf(((Number) v).longValue());
            }
            if (t == Double.class && (v instanceof Double || v instanceof Float || integral)) {
                return Numbers.finite(((Number) v).doubleValue());
            }
            if (t == Float.class && v instanceof Float f) {
                return Numbers.finite(f);
            }
            return null;
        };
        return new KeyForm(t, writer, reader, acceptor);
    }
}
