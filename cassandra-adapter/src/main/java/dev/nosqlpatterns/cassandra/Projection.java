package dev.nosqlpatterns.cassandra;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Locale;
import java.util.Set;

/**
 * A typed column that mirrors one attribute, so that Cassandra can index it. The attribute map stays the
 * source of truth; the column holds a copy written in the same mutation, or null when the item lacks the
 * attribute or holds it with another type than declared.
 *
 * @param attribute the attribute name
 * @param column    the column name: only lower-case letters, digits and underscores, safe in CQL text
 * @param type      the declared type, or null for an undeclared index attribute (held as canonical text)
 */
record Projection(String attribute, String column, Value.Type type) {

    static Projection of(String attribute, Value.Type type) {
        return new Projection(attribute, columnName(attribute), type);
    }

    /** The CQL type of the column. */
    String cqlType() {
        if (type == null) {
            return "text";
        }
        return switch (type) {
            case STRING -> "text";
            case NUMBER -> "decimal";
            case BOOLEAN -> "boolean";
            case STRING_SET -> "set<text>";
            case NUMBER_SET -> "set<decimal>";
            default -> "blob";
        };
    }

    /** The value to bind for {@code item}: a driver-mapped Java object, or null. */
    Object columnValue(Item item) {
        Value v = item.attributes().get(attribute);
        return v == null ? null : columnValue(v);
    }

    /** The column value standing for {@code v}, or null when {@code v} has another type than declared. */
    Object columnValue(Value v) {
        if (type == null) {
            return canonicalText(v);
        }
        if (v.type() != type) {
            return null;
        }
        return switch (type) {
            case STRING -> ((Value.Str) v).value();
            case NUMBER -> ((Value.Num) v).value();
            case BOOLEAN -> ((Value.Bool) v).value();
            case STRING_SET -> Set.copyOf(((Value.StrSet) v).value());
            case NUMBER_SET -> Set.copyOf(((Value.NumSet) v).value());
            case BINARY -> ByteBuffer.wrap(((Value.Bin) v).value());
            default -> ByteBuffer.wrap(ValueCodec.encode(v));
        };
    }

    /** Any value as text that is equal exactly when the values are equal. */
    static String canonicalText(Value v) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(ValueCodec.encode(v));
    }

    /** {@code a_<readable part>_<hash>}: distinct attributes get distinct columns, whatever their characters. */
    static String columnName(String attribute) {
        StringBuilder readable = new StringBuilder();
        for (char c : attribute.toLowerCase(Locale.ROOT).toCharArray()) {
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
                readable.append(c);
            }
            if (readable.length() == 24) {
                break;
            }
        }
        return "a_" + readable + "_" + hash(attribute);
    }

    /** 32-bit FNV-1a of the UTF-8 bytes, as 8 hex digits. */
    static String hash(String s) {
        int h = 0x811c9dc5;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x01000193;
        }
        return String.format("%08x", h);
    }
}
