package dev.nosqlpatterns.key;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;

/**
 * The type of one segment of a {@link CompositeKeyCodec} key, which fixes both the Java values
 * the segment accepts and how they are written so that UTF-8 byte order is value order.
 *
 * <p>Every segment is written as a token followed by the separator '!'; every token uses only
 * characters above '!' except where noted, never U+0000, and never a prefix of another token of
 * the same type, which is what makes {@link CompositeKeyCodec#prefix} exact.
 */
public enum SegmentType {

    /**
     * A {@link String} without unpaired surrogates, ordered by code point. Characters above '!'
     * are kept; U+0000..'!' become '!' + (c + 0x3F) (a space becomes {@code !_}); the string is
     * closed by {@code !!}, which includes the separator. {@code "Los Angeles"} is
     * {@code Los!_Angeles!!}.
     */
    STRING {
        @Override
        Object normalise(Object value, int segment) {
            if (value instanceof String s) {
                return Checks.noUnpairedSurrogate(() -> subject(segment) + " value " + Checks.quote(s), s);
            }
            throw wrongType(value, segment, "a String");
        }

        @Override
        void write(Object value, StringBuilder out) {
            StringTokens.write((String) value, out);
        }

        @Override
        Object read(KeyReader in) {
            return StringTokens.read(in);
        }

        @Override
        boolean readsCanonicalOnly() {
            return true;
        }
    },

    /**
     * A signed 64-bit integer ({@link Long}, or an {@link Integer}, {@link Short} or {@link Byte},
     * decoded as {@code Long}), ordered numerically: the value with its sign bit flipped as 16
     * upper-case hex digits. 42 is {@code 800000000000002A!}, -1 is {@code 7FFFFFFFFFFFFFFF!}.
     */
    LONG {
        @Override
        Object normalise(Object value, int segment) {
            if (value instanceof Long || value instanceof Integer || value instanceof Short
                    || value instanceof Byte) {
                return ((Number) value).longValue();
            }
            throw wrongType(value, segment, "a Long, Integer, Short or Byte");
        }

        @Override
        void write(Object value, StringBuilder out) {
            NumberTokens.writeLong((Long) value, out);
            out.append(SEPARATOR);
        }

        @Override
        Object read(KeyReader in) {
            long value = NumberTokens.readLong(in);
            in.expect(SEPARATOR, "the segment separator");
            return value;
        }
    },

    /**
     * An arbitrary-precision decimal ({@link BigDecimal}, or a {@link BigInteger}, {@link Long},
     * {@link Integer}, {@link Short} or {@link Byte}), ordered numerically. Numerically equal
     * values such as 1.0 and 1.00 are written identically and decode to the same
     * {@code BigDecimal}: {@link BigDecimal#ZERO} or the value with trailing zeros stripped.
     * Written as a sign tag ({@code <}, {@code =}, {@code >}), a length-prefixed decimal exponent
     * and the significant digits (complemented and closed by {@code ~} for negatives): 42 is
     * {@code >a142!}, 0.5 is {@code >Z85!}, 0 is {@code =!}, -42 is {@code <Z857~!}. The only
     * values rejected are those whose stripped form does not exist because its scale would fall
     * below {@link Integer#MIN_VALUE} (magnitudes beyond 10^2147483647).
     */
    DECIMAL {
        @Override
        Object normalise(Object value, int segment) {
            BigDecimal decimal;
            if (value instanceof BigDecimal d) {
                decimal = d;
            } else if (value instanceof BigInteger i) {
                decimal = new BigDecimal(i);
            } else if (value instanceof Long || value instanceof Integer || value instanceof Short
                    || value instanceof Byte) {
                decimal = BigDecimal.valueOf(((Number) value).longValue());
            } else {
                throw wrongType(value, segment, "a BigDecimal, BigInteger, Long, Integer, Short or Byte");
            }
            try {
                return NumberTokens.canonical(decimal);
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException(subject(segment) + " value with unscaled value of "
                        + decimal.precision() + " digits and scale " + decimal.scale()
                        + " cannot be normalised: stripping its trailing zeros overflows the scale", e);
            }
        }

        @Override
        void write(Object value, StringBuilder out) {
            NumberTokens.writeDecimal((BigDecimal) value, out);
            out.append(SEPARATOR);
        }

        @Override
        Object read(KeyReader in) {
            BigDecimal value = NumberTokens.readDecimal(in);
            in.expect(SEPARATOR, "the segment separator");
            return NumberTokens.canonical(value);
        }
    },

    /**
     * An {@link Instant} anywhere in {@code Instant.MIN..Instant.MAX}, to the nanosecond, ordered
     * chronologically. Years 0000..9999 are written as UTC {@code yyyy-MM-ddTHH:mm:ss}, other
     * instants as {@code -} or {@code ~} and 14 hex digits of seconds since {@code Instant.MIN};
     * a nonzero fraction follows as '.' and 3, 6 or 9 digits.
     * {@code 2024-01-15T10:30:00.250Z} is {@code 2024-01-15T10:30:00.250!}.
     */
    TIMESTAMP {
        @Override
        Object normalise(Object value, int segment) {
            if (value instanceof Instant) {
                return value;
            }
            throw wrongType(value, segment, "an Instant");
        }

        @Override
        void write(Object value, StringBuilder out) {
            InstantTokens.write((Instant) value, out);
            out.append(SEPARATOR);
        }

        @Override
        Object read(KeyReader in) {
            Instant value = InstantTokens.read(in);
            in.expect(SEPARATOR, "the segment separator");
            return value;
        }
    },

    /** A {@link Boolean}, false before true: {@code F!} or {@code T!}. */
    BOOLEAN {
        @Override
        Object normalise(Object value, int segment) {
            if (value instanceof Boolean) {
                return value;
            }
            throw wrongType(value, segment, "a Boolean");
        }

        @Override
        void write(Object value, StringBuilder out) {
            out.append((Boolean) value ? 'T' : 'F').append(SEPARATOR);
        }

        @Override
        Object read(KeyReader in) {
            int at = in.position();
            char c = in.next("a BOOLEAN 'F' or 'T'");
            if (c != 'F' && c != 'T') {
                throw in.error(at, "expected a BOOLEAN 'F' or 'T' but found " + Checks.describe(c));
            }
            in.expect(SEPARATOR, "the segment separator");
            return c == 'T';
        }
    };

    /** Written after every segment; STRING segments end with an escape '!' and then this. */
    static final char SEPARATOR = '!';

    /**
     * Checks that {@code value} (not null) suits this type and returns the canonical value it
     * encodes and decodes as.
     */
    abstract Object normalise(Object value, int segment);

    /** Appends the token and separator of a value returned by {@link #normalise}. */
    abstract void write(Object value, StringBuilder out);

    /** Reads one token and its separator; the result may not be canonical if the key is not. */
    abstract Object read(KeyReader in);

    /**
     * Whether {@link #read} accepts only the token {@link #write} gives for the value it returns, so a
     * decoded segment needs no writing again to prove it canonical: true for strings, whose every character
     * up to the escape is escaped one way and whose reader refuses any other spelling.
     */
    boolean readsCanonicalOnly() {
        return false;
    }

    String subject(int segment) {
        return "segment " + segment + " (" + this + ")";
    }

    IllegalArgumentException wrongType(Object value, int segment, String expected) {
        return new IllegalArgumentException(subject(segment) + " expects " + expected + " but got "
                + value.getClass().getName() + " " + Checks.describeValue(value));
    }
}
