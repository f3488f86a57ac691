package dev.nosqlpatterns.key;

import static dev.nosqlpatterns.key.SegmentType.BOOLEAN;
import static dev.nosqlpatterns.key.SegmentType.DECIMAL;
import static dev.nosqlpatterns.key.SegmentType.LONG;
import static dev.nosqlpatterns.key.SegmentType.STRING;
import static dev.nosqlpatterns.key.SegmentType.TIMESTAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Examples of {@link CompositeKeyCodec} encodings and of its error messages. */
class CompositeKeyCodecTest {

    private static final CompositeKeyCodec CITY = CompositeKeyCodec.of(STRING, STRING, LONG);

    @Test
    void encodesReadably() {
        assertEquals("CA!!Los!_Angeles!!800000000000002A!", CITY.encode("CA", "Los Angeles", 42L));
        assertEquals(List.of("CA", "Los Angeles", 42L), CITY.decode("CA!!Los!_Angeles!!800000000000002A!"));
    }

    @Test
    void escapesEverythingUpToTheSeparator() {
        CompositeKeyCodec codec = CompositeKeyCodec.of(STRING);
        assertEquals("a!?b!`!`!_!^!!", codec.encode("a\u0000b!! \u001F"));
        assertEquals("?`~|%!!", codec.encode("?`~|%"));
        assertEquals("!!", codec.encode(""));
        assertEquals(List.of("a\u0000b!! \u001F"), codec.decode("a!?b!`!`!_!^!!"));
    }

    /**
     * Strings are decoded without writing them again (the reader is strict), so every spelling the reader
     * accepts must be the one the writer gives: tried on every text of up to five characters over the
     * characters that matter (escape, the ends of the escaped range, a control character, surrogates).
     */
    @Test
    void everyStringTheDecoderAcceptsIsCanonical() {
        char[] alphabet = {'!', '?', '`', 'a', '\u0001', '\uD83D', '\uDE00', '\u00E9'};
        CompositeKeyCodec codec = CompositeKeyCodec.of(STRING, STRING);
        int accepted = 0;
        int[] digits = new int[6];
        for (int length = 0; length <= 5; length++) {
            Arrays.fill(digits, 0);
            while (true) {
                StringBuilder token = new StringBuilder();
                for (int i = 0; i < length; i++) {
                    token.append(alphabet[digits[i]]);
                }
                String key = token + "!!x!!";
                List<Object> decoded;
                try {
                    decoded = codec.decode(key);
                } catch (IllegalArgumentException refused) {
                    decoded = null;
                }
                if (decoded != null) {
                    accepted++;
                    assertEquals(key, codec.encode(decoded.toArray()), "decoded " + decoded + " from " + key);
                }
                int d = 0;
                while (d < length && ++digits[d] == alphabet.length) {
                    digits[d++] = 0;
                }
                if (d == length) {
                    break;
                }
            }
        }
        assertTrue(accepted > 1000, "only " + accepted + " texts were accepted");
    }

    @Test
    void writesEachTypeAsDocumented() {
        assertEquals("0000000000000000!", CompositeKeyCodec.of(LONG).encode(Long.MIN_VALUE));
        assertEquals("7FFFFFFFFFFFFFFF!", CompositeKeyCodec.of(LONG).encode(-1L));
        assertEquals("FFFFFFFFFFFFFFFF!", CompositeKeyCodec.of(LONG).encode(Long.MAX_VALUE));
        CompositeKeyCodec decimal = CompositeKeyCodec.of(DECIMAL);
        assertEquals(">a142!", decimal.encode(new BigDecimal("42")));
        assertEquals(">Z85!", decimal.encode(new BigDecimal("0.5")));
        assertEquals("=!", decimal.encode(new BigDecimal("0E-7")));
        assertEquals("<Z857~!", decimal.encode(new BigDecimal("-42")));
        assertEquals(">b121!", decimal.encode(new BigDecimal("1E+12")));
        CompositeKeyCodec time = CompositeKeyCodec.of(TIMESTAMP);
        assertEquals("2024-01-15T10:30:00.250!", time.encode(Instant.parse("2024-01-15T10:30:00.250Z")));
        assertEquals("1970-01-01T00:00:00.000000001!", time.encode(Instant.ofEpochSecond(0, 1)));
        assertEquals("0000-01-01T00:00:00!", time.encode(Instant.parse("0000-01-01T00:00:00Z")));
        assertEquals("-00000000000000!", time.encode(Instant.MIN));
        assertEquals("~E039C2E63164FF.999999999!", time.encode(Instant.MAX));
        assertEquals("F!T!", CompositeKeyCodec.of(BOOLEAN, BOOLEAN).encode(false, true));
    }

    @Test
    void numericallyEqualDecimalsShareOneEncodingAndDecodeStripped() {
        CompositeKeyCodec codec = CompositeKeyCodec.of(DECIMAL);
        assertEquals(codec.encode(new BigDecimal("1.0")), codec.encode(new BigDecimal("1.00")));
        assertEquals(codec.encode(new BigDecimal("100")), codec.encode(new BigDecimal("1E+2")));
        assertEquals(codec.encode(7), codec.encode(BigInteger.valueOf(7)));
        assertEquals(List.of(new BigDecimal("1.5")), codec.decode(codec.encode(new BigDecimal("1.500"))));
        assertEquals(List.of(BigDecimal.ZERO), codec.decode(codec.encode(new BigDecimal("0.000"))));
    }

    @Test
    void acceptsSmallerIntegersForLong() {
        CompositeKeyCodec codec = CompositeKeyCodec.of(LONG);
        assertEquals(codec.encode(5L), codec.encode(5));
        assertEquals(List.of(5L), codec.decode(codec.encode((short) 5)));
    }

    @Test
    void sortsSupplementaryCharactersAfterTheTopOfTheBmp() {
        CompositeKeyCodec codec = CompositeKeyCodec.of(STRING, LONG);
        String privateUse = codec.encode("\uE000", 1L);
        String emoji = codec.encode("\uD83D\uDE00", 0L);
        assertTrue(Utf8Order.compare(privateUse, emoji) < 0);
        assertTrue(privateUse.compareTo(emoji) > 0, "UTF-16 order differs, which is why it is not used");
    }

    @Test
    void prefixSelectsWholeSegmentsOnly() {
        String prefix = CITY.prefix("CA");
        assertEquals("CA!!", prefix);
        assertTrue(CITY.encode("CA", "Fresno", 1L).startsWith(prefix));
        assertFalse(CITY.encode("CAL", "x", 1L).startsWith(prefix));
        assertFalse(CITY.encode("CA ", "x", 1L).startsWith(prefix));
        assertEquals("", CITY.prefix());
        assertEquals(CITY.encode("CA", "LA", 3L), CITY.prefix("CA", "LA", 3L));
        String end = Utf8Order.prefixUpperBound(prefix).orElseThrow();
        assertTrue(Utf8Order.compare(CITY.encode("CA", "\uDBFF\uDFFF", Long.MAX_VALUE), end) < 0);
    }

    @Test
    void rejectsBadCodecDefinitions() {
        assertMessage(IllegalArgumentException.class, "a composite key needs at least one segment type",
                () -> CompositeKeyCodec.of());
        assertMessage(NullPointerException.class, "segment type 1 is null in [STRING, null]",
                () -> CompositeKeyCodec.of(STRING, null));
        assertMessage(NullPointerException.class, "segment types are null",
                () -> CompositeKeyCodec.of((SegmentType[]) null));
    }

    @Test
    void rejectsBadValuesNamingTheSegment() {
        assertMessage(IllegalArgumentException.class,
                "expected 3 values [STRING, STRING, LONG] but got 2: [\"CA\", \"LA\"]",
                () -> CITY.encode("CA", "LA"));
        assertMessage(IllegalArgumentException.class,
                "segment 2 (LONG) expects a Long, Integer, Short or Byte but got java.lang.String \"42\"",
                () -> CITY.encode("CA", "LA", "42"));
        assertMessage(NullPointerException.class, "segment 1 (STRING) value is null",
                () -> CITY.encode("CA", null, 1L));
        assertMessage(IllegalArgumentException.class,
                "segment 0 (STRING) value \"a\\uD800\" has an unpaired surrogate U+D800 at index 1",
                () -> CITY.encode("a\uD800", "b", 1L));
        assertMessage(IllegalArgumentException.class,
                "segment 0 (DECIMAL) expects a BigDecimal, BigInteger, Long, Integer, Short or Byte"
                        + " but got java.lang.Double 1.5",
                () -> CompositeKeyCodec.of(DECIMAL).encode(1.5));
        assertMessage(IllegalArgumentException.class,
                "segment 0 (TIMESTAMP) expects an Instant but got java.lang.Long 7",
                () -> CompositeKeyCodec.of(TIMESTAMP).encode(7L));
        assertMessage(IllegalArgumentException.class,
                "a prefix takes at most 3 values [STRING, STRING, LONG] but got 4: [\"a\", \"b\", 1, 2]",
                () -> CITY.prefix("a", "b", 1L, 2L));
        assertMessage(NullPointerException.class, "values are null", () -> CITY.encode((List<?>) null));
    }

    @Test
    void rejectsDecimalsWithoutANormalisedForm() {
        BigDecimal huge = new BigDecimal(BigInteger.valueOf(1000), Integer.MIN_VALUE + 1);
        assertMessage(IllegalArgumentException.class,
                "segment 0 (DECIMAL) value with unscaled value of 4 digits and scale -2147483647 cannot be"
                        + " normalised: stripping its trailing zeros overflows the scale",
                () -> CompositeKeyCodec.of(DECIMAL).encode(huge));
        BigDecimal fine = new BigDecimal(BigInteger.valueOf(1234), Integer.MIN_VALUE);
        assertEquals(List.of(fine), CompositeKeyCodec.of(DECIMAL).decode(CompositeKeyCodec.of(DECIMAL).encode(fine)));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", value = {
        "CA!!LA!! => segment 2 (LONG) at offset 8: the key ends where an upper-case hex digit of a 16-digit LONG was expected",
        "CA!!LA!!800000000000002a! => segment 2 (LONG) at offset 23: expected an upper-case hex digit of a 16-digit LONG but found 'a' (U+0061)",
        "CA!!LA!!800000000000002A => segment 2 (LONG) at offset 24: the key ends where the segment separator '!' was expected",
        "CA!!LA!!800000000000002A!x => at offset 25: unexpected text after the last of 3 segments: \"x\"",
        "C!xA!!LA!!800000000000002A! => segment 0 (STRING) at offset 1: invalid escape '!' followed by 'x' (U+0078); expected '!' or a character from '?' to '`'",
        "C A!!LA!!800000000000002A! => segment 0 (STRING) at offset 1: unescaped ' ' (U+0020) in a string",
        "CA! => segment 0 (STRING) at offset 3: the key ends where the character after the escape '!' was expected",
    })
    void rejectsMalformedKeysNamingSegmentAndOffset(String key, String detail) {
        assertMessage(IllegalArgumentException.class, "malformed key \"" + key + "\": " + detail,
                () -> CITY.decode(key));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", value = {
        ">a1420! => segment 0 (DECIMAL) at offset 3: DECIMAL digits 420 must not start or end with 0",
        ">b0142! => segment 0 (DECIMAL) at offset 0: not in canonical form: 42 is written \">a142!\", not \">b0142!\"",
        ">k12345678901! => segment 0 (DECIMAL) at offset 1: expected a DECIMAL exponent length letter 'a'..'j' or 'Q'..'Z' but found 'k' (U+006B)",
        "?a1! => segment 0 (DECIMAL) at offset 0: expected a DECIMAL sign tag '<', '=' or '>' but found '?' (U+003F)",
        "<Z857! => segment 0 (DECIMAL) at offset 5: expected the end mark of a negative DECIMAL '~' but found '!' (U+0021)",
        ">j99999999991! => segment 0 (DECIMAL) at offset 1: DECIMAL exponent 9999999999 is out of range for 1 digit(s)",
    })
    void rejectsMalformedDecimals(String key, String detail) {
        assertMessage(IllegalArgumentException.class, "malformed key \"" + key + "\": " + detail,
                () -> CompositeKeyCodec.of(DECIMAL).decode(key));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " => ", value = {
        "2024-02-30T00:00:00! => segment 0 (TIMESTAMP) at offset 0: invalid TIMESTAMP \"2024-02-30T00:00:00\": Invalid date 'FEBRUARY 30'",
        "2024-01-15 10:30:00! => segment 0 (TIMESTAMP) at offset 10: expected a TIMESTAMP of the form yyyy-MM-ddTHH:mm:ss but found ' ' (U+0020)",
        "2024-01-15T10:30:00.25! => segment 0 (TIMESTAMP) at offset 19: a TIMESTAMP fraction has 3, 6 or 9 digits, not 2",
        "2024-01-15T10:30:00.250000! => segment 0 (TIMESTAMP) at offset 0: not in canonical form: 2024-01-15T10:30:00.250Z is written \"2024-01-15T10:30:00.250!\", not \"2024-01-15T10:30:00.250000!\"",
        "~00000000000000! => segment 0 (TIMESTAMP) at offset 0: not in canonical form: -1000000000-01-01T00:00:00Z is written \"-00000000000000!\", not \"~00000000000000!\"",
        "~FFFFFFFFFFFFFF! => segment 0 (TIMESTAMP) at offset 0: TIMESTAMP seconds FFFFFFFFFFFFFF lie beyond Instant.MAX",
    })
    void rejectsMalformedTimestamps(String key, String detail) {
        assertMessage(IllegalArgumentException.class, "malformed key \"" + key + "\": " + detail,
                () -> CompositeKeyCodec.of(TIMESTAMP).decode(key));
    }

    @Test
    void rejectsAnUnpairedSurrogateInAKey() {
        assertMessage(IllegalArgumentException.class,
                "malformed key \"a\\uDC00!!\": segment 0 (STRING) at offset 1: unpaired surrogate U+DC00",
                () -> CompositeKeyCodec.of(STRING).decode("a\uDC00!!"));
        assertMessage(IllegalArgumentException.class,
                "malformed key \"x!!Y!\": segment 1 (BOOLEAN) at offset 3: expected a BOOLEAN 'F' or 'T' but found 'Y' (U+0059)",
                () -> CompositeKeyCodec.of(STRING, BOOLEAN).decode("x!!Y!"));
    }

    @Test
    void decodedListsAreUnmodifiableAndCodecsAreValues() {
        List<Object> values = CITY.decode(CITY.encode("a", "b", 1L));
        assertThrows(UnsupportedOperationException.class, () -> values.add("c"));
        assertEquals(CITY, new CompositeKeyCodec(Arrays.asList(STRING, STRING, LONG)));
        assertEquals(3, CITY.arity());
    }

    static void assertMessage(Class<? extends RuntimeException> type, String message, Runnable call) {
        RuntimeException thrown = assertThrows(type, call::run);
        assertEquals(message, thrown.getMessage());
    }
}
