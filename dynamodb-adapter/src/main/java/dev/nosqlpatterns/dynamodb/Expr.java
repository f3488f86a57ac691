package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds DynamoDB expressions in which every attribute name is a {@code #n} placeholder and every value
 * a {@code :v} placeholder, so no user data ever becomes expression text.
 */
final class Expr {
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, String> placeholders = new HashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    /** The placeholder of a stored attribute name. */
    String name(String stored) {
        return placeholders.computeIfAbsent(stored, n -> {
            String p = "#n" + names.size();
            names.put(p, n);
            return p;
        });
    }

    /** A new placeholder for a value. */
    String value(AttributeValue v) {
        String p = ":v" + values.size();
        values.put(p, v);
        return p;
    }

    String value(String s) {
        return value(AttributeValue.fromS(s));
    }

    /** The names map, or null when empty (DynamoDB refuses empty maps). */
    Map<String, String> names() {
        return names.isEmpty() ? null : names;
    }

    Map<String, AttributeValue> values() {
        return values.isEmpty() ? null : values;
    }

    /** The condition expression of {@code c}, or null for no condition. */
    String condition(Condition c, Layout layout) {
        if (c instanceof Condition.Absent) {
            return "attribute_not_exists(" + name(layout.pk()) + ")";
        }
        if (c instanceof Condition.Exists) {
            return "attribute_exists(" + name(layout.pk()) + ")";
        }
        if (c instanceof Condition.AttributeEquals e) {
            return name(layout.attribute(e.name())) + " = " + value(Values.of(e.value()));
        }
        return null;
    }

    /** A condition that always holds, for condition checks that have none. */
    String always(Layout layout) {
        String pk = name(layout.pk());
        return "attribute_exists(" + pk + ") OR attribute_not_exists(" + pk + ")";
    }

    /**
     * The part of a key condition on the sort attribute {@code stored}, or null when the condition selects
     * every sort key; {@code encode} maps a bound to its stored form.
     */
    String sortKey(String stored, SortKeyCondition c, UnaryOperator<String> encode) {
        if (c instanceof SortKeyCondition.All
                || c instanceof SortKeyCondition.BeginsWith b && b.prefix().isEmpty() && encode.apply("").isEmpty()) {
            return null;
        }
        String n = name(stored);
        if (c instanceof SortKeyCondition.EqualTo e) {
            return n + " = " + value(encode.apply(e.value()));
        }
        if (c instanceof SortKeyCondition.BeginsWith b) {
            return "begins_with(" + n + ", " + value(encode.apply(b.prefix())) + ")";
        }
        if (c instanceof SortKeyCondition.Between b) {
            return n + " BETWEEN " + value(encode.apply(b.low())) + " AND " + value(encode.apply(b.high()));
        }
        if (c instanceof SortKeyCondition.Compare cmp) {
            String op = switch (cmp.operator()) {
                case GT -> " > ";
                case GE -> " >= ";
                case LT -> " < ";
                case LE -> " <= ";
            };
            return n + op + value(encode.apply(cmp.value()));
        }
        return null;
    }

    static String and(String a, String b) {
        if (a == null) {
            return b;
        }
        return b == null ? a : "(" + a + ") AND (" + b + ")";
    }
}
