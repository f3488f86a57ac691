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
 * <p>Every form keeps the natural order of values, whatever text follows it in a template, because every
 * form a template can be followed by is self-delimiting: integers are fixed-width decimals (byte 3,
 * short 5, int 10, long 19 digits; a negative value is '-' followed by the value plus 10^width, so that
 * it sorts below every non-negative one); BigInteger, BigDecimal, double and float use the DECIMAL token
 * of {@link CompositeKeyCodec} with its end mark '!', which sorts below every digit, so 0.5 sorts before
 * 0.55 and 30 before 300; instants and dates use the fixed widths of {@link TimeForms}; booleans are
 * {@code false} and {@code true}; UUIDs are their 36-character text. Strings and enum names are written
 * as they are at the end of a template, and as the STRING token of {@link CompositeKeyCodec} when
 * literal text follows them ({@link #terminated()}), so they sort by their text (code points), shorter
 * first. A key template never escapes inside a self-delimiting token.
 */
final class KeyForm {

    private static final CompositeKeyCodec DECIMAL = CompositeKeyCodec.of(SegmentType.DECIMAL);
    private static final CompositeKeyCodec STRING = CompositeKeyCodec.of(SegmentType.STRING);
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
    private final TokenEnd end;

    private KeyForm(Class<?> type, Function<Object, String> writer, Function<String, Object> reader,
                    Function<Object, Object> acceptor, TokenEnd end) {
        this.type = type;
        this.writer = writer;
        this.reader = reader;
        this.acceptor = acceptor;
        this.end = end;
    }

    /**
     * Where a token of this form that starts at {@code from} in a key ends, or -1 when none does: every
     * form but plain strings and enum names is self-delimiting, so a key template reads it without
     * looking for the literal text that follows, and never needs to escape inside it.
     */
    @FunctionalInterface
    interface TokenEnd {
        int end(String key, int from);
    }

    /** How to find the end of this form's token in a key, or null for text that only a stop character ends. */
    TokenEnd end() {
        return end;
    }

    /**
     * This form when literal text follows it in a template: strings and enum names become the
     * order-preserving, self-delimiting STRING token of {@link CompositeKeyCodec} (ending in "!!", with
     * characters up to '!' escaped), so that "ab" sorts before "ab!" and "abc" whatever separator
     * follows; every other form is self-delimiting already.
     */
    KeyForm terminated() {
        if (end != null) {
            return this;
        }
        Function<Object, String> text = writer;
        Function<String, Object> value = reader;
        return new KeyForm(type, v -> STRING.encode(text.apply(v)), s -> value.apply((String) STRING.decode(s).get(0)),
                acceptor, KeyForm::stringTokenEnd);
    }

    private static int stringTokenEnd(String key, int from) {
        for (int i = from; i < key.length(); i++) {
            if (key.charAt(i) == '!') {
                if (i + 1 >= key.length()) {
                    return -1;
                }
                if (key.charAt(i + 1) == '!') {
                    return i + 2;
                }
                i++;
            }
        }
        return -1;
    }

    private static TokenEnd fixed(int width) {
        return (key, from) -> from + width <= key.length() ? from + width : -1;
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
        TokenEnd end;
        if (t == String.class) {
            writer = v -> (String) v;
            reader = s -> s;
            end = null;
        } else if (t == UUID.class) {
            writer = Object::toString;
            reader = UUID::fromString;
            end = fixed(36);
        } else if (t == Instant.class) {
            writer = v -> TimeForms.instant((Instant) v);
            reader = TimeForms::parseInstant;
            end = fixed(TimeForms.INSTANT_WIDTH);
        } else if (t == LocalDate.class) {
            writer = v -> TimeForms.date((LocalDate) v);
            reader = TimeForms::parseDate;
            end = fixed(TimeForms.DATE_WIDTH);
        } else if (t == YearMonth.class) {
            writer = v -> TimeForms.month((YearMonth) v);
            reader = TimeForms::parseMonth;
            end = fixed(TimeForms.MONTH_WIDTH);
        } else {
            writer = Object::toString;
            reader = s -> switch (s) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("\"" + s + "\" is not a boolean (true or false)");
            };
            end = (key, from) -> key.startsWith("true", from) ? from + 4 : key.startsWith("false", from) ? from + 5 : -1;
        }
        return new KeyForm(t, writer, reader, v -> t.isInstance(v) ? v : null, end);
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
        }, v -> t.isInstance(v) ? v : null, null);
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
        TokenEnd end = (key, from) -> {
            int to = from + (key.startsWith("-", from) ? width + 1 : width);
            return to <= key.length() ? to : -1;
        };
        return new KeyForm(t, writer, reader, acceptor, end);
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
        Function<Object, String> writer = v -> DECIMAL.encode(Numbers.toBigDecimal(v));
        Function<String, Object> reader = s -> Numbers.fromBigDecimal((BigDecimal) DECIMAL.decode(s).get(0), t);
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
        return new KeyForm(t, writer, reader, acceptor, KeyForm::decimalTokenEnd);
    }

    /** The end of a DECIMAL token: its sign tag, its length-prefixed exponent, its digits and its end marks. */
    private static int decimalTokenEnd(String key, int from) {
        if (from >= key.length()) {
            return -1;
        }
        char tag = key.charAt(from);
        if (tag == '=') {
            return key.startsWith("!", from + 1) ? from + 2 : -1;
        }
        if ((tag != '<' && tag != '>') || from + 1 >= key.length()) {
            return -1;
        }
        char lead = key.charAt(from + 1);
        int length = lead >= 'a' && lead <= 'j' ? lead - 'a' + 1 : lead <= 'Z' && lead >= 'Q' ? 'Z' - lead + 1 : -1;
        if (length < 0) {
            return -1;
        }
        int i = from + 2 + length;
        while (i < key.length() && key.charAt(i) >= '0' && key.charAt(i) <= '9') {
            i++;
        }
        String marks = tag == '<' ? "~!" : "!";
        return key.startsWith(marks, i) ? i + marks.length() : -1;
    }
}
