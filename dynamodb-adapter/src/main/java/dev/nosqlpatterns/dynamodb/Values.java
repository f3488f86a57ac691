package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Converts between the library's {@link Value}s and DynamoDB attribute values. The value model was taken
 * from DynamoDB, so every value maps one to one, except binary sets, which only exist in tables written by
 * other programs and read back as lists of binaries.
 */
final class Values {
    private Values() {
    }

    /** The attribute value of {@code v}; fails with IllegalArgumentException on strings DynamoDB cannot hold. */
    static AttributeValue of(Value v) {
        if (v instanceof Value.Str s) {
            return AttributeValue.fromS(checked(s.value()));
        } else if (v instanceof Value.Num n) {
            return AttributeValue.fromN(text(n.value()));
        } else if (v instanceof Value.Bin b) {
            return AttributeValue.fromB(SdkBytes.fromByteArrayUnsafe(b.value()));
        } else if (v instanceof Value.Bool b) {
            return AttributeValue.fromBool(b.value());
        } else if (v instanceof Value.Null) {
            return AttributeValue.fromNul(true);
        } else if (v instanceof Value.StrSet s) {
            return AttributeValue.fromSs(s.value().stream().map(Values::checked).toList());
        } else if (v instanceof Value.NumSet s) {
            return AttributeValue.fromNs(s.value().stream().map(Values::text).toList());
        } else if (v instanceof Value.ListValue l) {
            List<AttributeValue> out = new ArrayList<>(l.value().size());
            l.value().forEach(e -> out.add(of(e)));
            return AttributeValue.fromL(out);
        } else if (v instanceof Value.MapValue m) {
            Map<String, AttributeValue> out = new LinkedHashMap<>();
            m.value().forEach((k, e) -> out.put(k, of(e)));
            return AttributeValue.fromM(out);
        }
        throw new IllegalArgumentException("unknown value type " + v.type());
    }

    /** The value held by {@code a}. */
    static Value from(AttributeValue a) {
        return switch (a.type()) {
            case S -> Value.of(a.s());
            case N -> Value.of(new BigDecimal(a.n()));
            case B -> Value.of(a.b().asByteArray());
            case BOOL -> Value.of(a.bool());
            case NUL -> Value.nullValue();
            case SS -> Value.stringSet(a.ss());
            case NS -> Value.numberSet(a.ns().stream().map(BigDecimal::new).toList());
            case BS -> Value.list(a.bs().stream().map(b -> Value.of(b.asByteArray())).toList());
            case L -> Value.list(a.l().stream().map(Values::from).toList());
            case M -> {
                Map<String, Value> entries = new LinkedHashMap<>();
                a.m().forEach((k, e) -> entries.put(k, from(e)));
                yield Value.map(entries);
            }
            default -> throw new IllegalStateException("DynamoDB returned an attribute of a type this SDK does not know: " + a);
        };
    }

    /** The canonical text of a number: numerically equal numbers give equal texts. */
    static String text(BigDecimal n) {
        BigDecimal normalized = n.signum() == 0 ? BigDecimal.ZERO : n.stripTrailingZeros();
        String plain = normalized.toPlainString();
        return plain.length() <= 40 ? plain : normalized.toString();
    }

    private static String checked(String s) {
        int bad = Utf8Order.firstUnpairedSurrogate(s);
        if (bad >= 0) {
            throw new IllegalArgumentException("a string value has an unpaired surrogate at index " + bad
                    + ", which DynamoDB cannot store as UTF-8");
        }
        return s;
    }
}
