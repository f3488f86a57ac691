package dev.nosqlpatterns.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.api.Test;

/** The stored forms: sort keys keep UTF-8 order under both string orders, names escape, values round-trip. */
class CodecTest {
    private static final Random RANDOM = new Random(7);

    @Test
    void storedSortKeysOrderLikeUtf8UnderJavaAndUtf8Comparison() {
        for (int i = 0; i < 20_000; i++) {
            String a = randomKey();
            String b = randomKey();
            int expected = Integer.signum(Utf8Order.compare(a, b));
            String ea = SortKeys.encode(a);
            String eb = SortKeys.encode(b);
            assertEquals(expected, Integer.signum(ea.compareTo(eb)), () -> "UTF-16 order of " + dump(a) + " vs " + dump(b));
            assertEquals(expected, Integer.signum(Utf8Order.compare(ea, eb)), () -> "UTF-8 order of " + dump(a) + " vs " + dump(b));
            assertEquals(a, SortKeys.decode(ea));
            assertEquals(-1, Utf8Order.firstUnpairedSurrogate(ea));
            if (b.startsWith(a)) {
                assertTrue(eb.startsWith(ea), "prefixes stay prefixes");
            }
        }
    }

    @Test
    void asciiAndMostScriptsAreStoredAsThey() {
        for (String s : List.of("user|42", "<BASE>", "2024-05-01T10:00", "héllo", "日本語", "a\u0000b")) {
            assertEquals(s, SortKeys.encode(s));
        }
        assertNotEquals("\uE000", SortKeys.encode("\uE000"));
        assertEquals(2, SortKeys.encode("\uD83D\uDE00").length());
    }

    @Test
    void fieldNamesCannotBeOperatorsPathsOrMarkers() {
        for (String name : List.of("$set", "a.b", "%ss", "%", "%25", "x\u0000y", "_id", "plain", "$", "..", "%n", "%l")) {
            String field = FieldNames.escape(name);
            assertFalse(field.startsWith("$") || field.contains(".") || field.indexOf(0) >= 0, field);
            assertFalse(List.of(Values.STRING_SET, Values.NUMBER_SET, Values.LIST, Values.BIG_NUMBER).contains(field), field);
            assertEquals(name, FieldNames.unescape(field));
        }
        assertEquals("plain", FieldNames.escape("plain"));
        assertEquals("a%2Eb", FieldNames.escape("a.b"));
        assertEquals("a.%24set", FieldNames.path("$set"));
    }

    @Test
    void everyValueRoundTripsThroughBsonBytes() {
        Item item = Item.builder("p", "s")
                .put("str", "x").put("empty", "").put("int", -42)
                .put("big", new BigDecimal("123456789012345678901234567890.123456"))
                .put("huge", new BigDecimal("1E+7000")).put("tiny", new BigDecimal("-1E-30"))
                .put("bin", Value.of(new byte[] {0, (byte) 255})).put("yes", true).put("nil", Value.nullValue())
                .put("ss", Value.stringSet("b", "a")).put("ns", Value.numberSet(new BigDecimal("1E+40"), 2))
                .put("list", Value.list(Value.of(1), Value.stringSet("z"), Value.list(), Value.map(Map.of())))
                .put("map", Value.map(Map.of("$k", Value.of("v"), "a.b", Value.list(Value.of(true)))))
                .put("$weird.name", "ok")
                .build();
        BsonDocument doc = Documents.of(item);
        BsonDocument reread = new RawBsonDocument(doc, new BsonDocumentCodec()).decode(new BsonDocumentCodec());
        assertEquals(item, Documents.item(reread));
        assertEquals(new RawBsonDocument(doc, new BsonDocumentCodec()).getByteBuffer().remaining(), BsonSizes.document(doc));
        assertEquals(BsonSizes.fields(doc.getDocument(Documents.ATTRIBUTES)), doc.getInt64(Documents.SIZE).getValue());
    }

    @Test
    void equalValuesHaveEqualBsonAndSetsAreSorted() {
        assertEquals(Values.encode(Value.stringSet("a", "b")), Values.encode(Value.stringSet("b", "a")));
        assertEquals(Values.encode(Value.of(new BigDecimal("2.50"))), Values.encode(Value.of(new BigDecimal("2.5"))));
        assertEquals(Values.encode(Value.map(Map.of("x", Value.of(1), "y", Value.of(2)))),
                Values.encode(Value.map(Map.of("y", Value.of(2), "x", Value.of(1)))));
        assertNotEquals(Values.encode(Value.list(Value.of("a"))), Values.encode(Value.stringSet("a")));
    }

    @Test
    void anEmptiedSetReadsAsAbsentAndForeignNumbersAsNumbers() {
        BsonDocument doc = Documents.of(Item.of(Key.of("p", "s")));
        doc.getDocument(Documents.ATTRIBUTES).append("gone", BsonDocument.parse("{\"%ss\": []}"))
                .append("n", new BsonInt32(7));
        Item read = Documents.item(doc);
        assertFalse(read.has("gone"));
        assertEquals(Value.of(7), read.get("n").orElseThrow());
    }

    private static String randomKey() {
        StringBuilder sb = new StringBuilder();
        int length = RANDOM.nextInt(5);
        for (int i = 0; i < length; i++) {
            switch (RANDOM.nextInt(6)) {
                case 0 -> sb.append((char) ('a' + RANDOM.nextInt(3)));
                case 1 -> sb.append((char) (0xE000 + RANDOM.nextInt(0x2000)));
                case 2 -> sb.appendCodePoint(0x10000 + RANDOM.nextInt(0x100));
                case 3 -> sb.appendCodePoint(0x10FF00 + RANDOM.nextInt(0x100));
                case 4 -> sb.append((char) (0xFF00 + RANDOM.nextInt(0x100)));
                default -> sb.append((char) (0xD700 + RANDOM.nextInt(0xFF)));
            }
        }
        return sb.toString();
    }

    private static String dump(String s) {
        return s.codePoints().mapToObj(Integer::toHexString).toList().toString();
    }
}
