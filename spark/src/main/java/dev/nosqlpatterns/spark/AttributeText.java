package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.math.BigDecimal;
import java.util.Base64;

/**
 * The text form of an attribute in the {@code attrs} column ({@code map<string,string>}): a type letter, a
 * colon, then the value, so that every value reads back exactly as it was written.
 *
 * <ul>
 *   <li>{@code S:text}: a string;</li>
 *   <li>{@code N:12.50}: a number, in plain decimal notation;</li>
 *   <li>{@code T:} and {@code F:}: true and false; {@code Z:}: null;</li>
 *   <li>{@code B:base64}: binary;</li>
 *   <li>{@code V:base64}: any other value (sets, lists, maps) as the bytes of the storage SPI's {@code ValueCodec}.</li>
 * </ul>
 */
public final class AttributeText {
    private AttributeText() {
    }

    /** The text form of a value. */
    public static String encode(Value value) {
        if (value instanceof Value.Str s) {
            return "S:" + s.value();
        }
        if (value instanceof Value.Num n) {
            return "N:" + n.value().toPlainString();
        }
        if (value instanceof Value.Bool b) {
            return b.value() ? "T:" : "F:";
        }
        if (value instanceof Value.Null) {
            return "Z:";
        }
        if (value instanceof Value.Bin b) {
            return "B:" + Base64.getEncoder().encodeToString(b.value());
        }
        return "V:" + Base64.getEncoder().encodeToString(ValueCodec.encode(value));
    }

    /** The value of a text form; throws {@link IllegalArgumentException} for a text that no value gives. */
    public static Value decode(String text) {
        if (text == null || text.length() < 2 || text.charAt(1) != ':') {
            throw new IllegalArgumentException("attribute text '" + text
                    + "' is not of the form T:value (S: string, N: number, T:/F: boolean, Z: null, B: binary, V: encoded)");
        }
        String body = text.substring(2);
        return switch (text.charAt(0)) {
            case 'S' -> Value.of(body);
            case 'N' -> Value.of(new BigDecimal(body));
            case 'T' -> Value.of(true);
            case 'F' -> Value.of(false);
            case 'Z' -> Value.nullValue();
            case 'B' -> Value.of(Base64.getDecoder().decode(body));
            case 'V' -> ValueCodec.decode(Base64.getDecoder().decode(body));
            default -> throw new IllegalArgumentException("attribute text '" + text + "' has an unknown type letter");
        };
    }
}
