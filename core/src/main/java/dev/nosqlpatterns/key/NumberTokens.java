package dev.nosqlpatterns.key;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * The order-preserving forms of LONG and DECIMAL segments (without the trailing separator).
 *
 * <p>LONG: the value with its sign bit flipped, as 16 upper-case hex digits, so that unsigned
 * (and hence textual) order is signed order.
 *
 * <p>DECIMAL: a nonzero value is {@code ±d1.d2...dn × 10^e} with {@code d1 != 0} and
 * {@code dn != 0}. Zero is {@code =}. A positive value is {@code >}, the exponent e, then the
 * digits d1..dn. A negative value is {@code <}, the exponent -e, the nines' complement of the
 * digits, then {@code ~}. An exponent x >= 0 is a letter 'a'..'j' giving its digit count (1..10)
 * followed by its decimal digits; an exponent x < 0 is a letter 'Z'..'Q' giving the digit count
 * of -x (1..10) followed by the nines' complement of those digits. For example 42 is
 * {@code >a142}, 0.5 is {@code >Z85}, -42 is {@code <Z857~}. Tags order sign classes, then the
 * exponent decides (inverted for negatives), then the digits; the separator '!' that follows
 * sorts below every digit and '~' above every digit, so a shorter mantissa sorts first for
 * positives and last for negatives.
 */
final class NumberTokens {

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    private static final int MAX_EXPONENT_DIGITS = 10;

    private NumberTokens() {
    }

    static void writeLong(long value, StringBuilder out) {
        long flipped = value ^ Long.MIN_VALUE;
        for (int shift = 60; shift >= 0; shift -= 4) {
            out.append(HEX[(int) (flipped >>> shift) & 0xF]);
        }
    }

    static long readLong(KeyReader in) {
        String hex = in.take(16, "an upper-case hex digit of a 16-digit LONG", KeyReader::isUpperHex);
        return Long.parseUnsignedLong(hex, 16) ^ Long.MIN_VALUE;
    }

    /**
     * The one representative of {@code value}'s numeric value that encodings decode to: zero is
     * {@link BigDecimal#ZERO}, anything else has its trailing zeros stripped.
     *
     * @throws ArithmeticException when stripping the zeros would push the scale below
     *                             {@link Integer#MIN_VALUE} (magnitudes beyond 10^2147483647)
     */
    static BigDecimal canonical(BigDecimal value) {
        return value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
    }

    /** Writes a value returned by {@link #canonical}. */
    static void writeDecimal(BigDecimal value, StringBuilder out) {
        int sign = value.signum();
        if (sign == 0) {
            out.append('=');
            return;
        }
        String digits = value.unscaledValue().abs().toString();
        long exponent = digits.length() - (long) value.scale() - 1;
        if (sign > 0) {
            out.append('>');
            writeExponent(exponent, out);
            out.append(digits);
        } else {
            out.append('<');
            writeExponent(-exponent, out);
            appendComplement(digits, 0, digits.length(), out);
            out.append('~');
        }
    }

    private static void writeExponent(long exponent, StringBuilder out) {
        if (exponent >= 0) {
            String digits = Long.toString(exponent);
            out.append((char) ('a' + digits.length() - 1)).append(digits);
        } else {
            String digits = Long.toString(-exponent);
            out.append((char) ('Z' - (digits.length() - 1)));
            appendComplement(digits, 0, digits.length(), out);
        }
    }

    private static void appendComplement(CharSequence digits, int from, int to, StringBuilder out) {
        for (int i = from; i < to; i++) {
            out.append((char) ('9' - digits.charAt(i) + '0'));
        }
    }

    static BigDecimal readDecimal(KeyReader in) {
        int at = in.position();
        char tag = in.next("a DECIMAL sign tag '<', '=' or '>'");
        if (tag == '=') {
            return BigDecimal.ZERO;
        }
        if (tag != '<' && tag != '>') {
            throw in.error(at, "expected a DECIMAL sign tag '<', '=' or '>' but found " + Checks.describe(tag));
        }
        boolean negative = tag == '<';
        int exponentAt = in.position();
        long exponent = readExponent(in);
        int digitsAt = in.position();
        StringBuilder digits = new StringBuilder();
        while (!in.atEnd() && KeyReader.isDigit(in.peek("a digit"))) {
            digits.append(in.next("a digit"));
        }
        if (digits.length() == 0) {
            throw in.error("expected the digits of a DECIMAL but found "
                    + (in.atEnd() ? "the end of the key" : Checks.describe(in.peek("a digit"))));
        }
        if (negative) {
            in.expect('~', "the end mark of a negative DECIMAL");
            exponent = -exponent;
            StringBuilder plain = new StringBuilder(digits.length());
            appendComplement(digits, 0, digits.length(), plain);
            digits = plain;
        }
        if (digits.charAt(0) == '0' || digits.charAt(digits.length() - 1) == '0') {
            throw in.error(digitsAt, "DECIMAL digits " + digits + " must not start or end with 0");
        }
        long scale = digits.length() - exponent - 1;
        if (scale < Integer.MIN_VALUE || scale > Integer.MAX_VALUE) {
            throw in.error(exponentAt, "DECIMAL exponent " + exponent + " is out of range for "
                    + digits.length() + " digit(s)");
        }
        BigInteger unscaled = new BigInteger(digits.toString());
        return new BigDecimal(negative ? unscaled.negate() : unscaled, (int) scale);
    }

    private static long readExponent(KeyReader in) {
        int at = in.position();
        char lead = in.next("a DECIMAL exponent length letter");
        boolean negative;
        int length;
        if (lead >= 'a' && lead < 'a' + MAX_EXPONENT_DIGITS) {
            negative = false;
            length = lead - 'a' + 1;
        } else if (lead <= 'Z' && lead > 'Z' - MAX_EXPONENT_DIGITS) {
            negative = true;
            length = 'Z' - lead + 1;
        } else {
            throw in.error(at, "expected a DECIMAL exponent length letter 'a'..'j' or 'Q'..'Z' but found "
                    + Checks.describe(lead));
        }
        String digits = in.take(length, "a digit of the DECIMAL exponent", KeyReader::isDigit);
        if (!negative) {
            return Long.parseLong(digits);
        }
        StringBuilder plain = new StringBuilder(length);
        appendComplement(digits, 0, length, plain);
        return -Long.parseLong(plain.toString());
    }
}
