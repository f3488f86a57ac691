package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What no store can hold exactly, found before anything is written: strings with an unpaired surrogate
 * (UTF-8, which every store speaks, cannot encode one; stores write '?' or U+FFFD instead) anywhere in a
 * value, and attribute names, top-level or nested, that are empty, longer than 255 UTF-8 bytes or not
 * encodable. One walk serves every write path: puts, update actions, conditions, batches, atomic writes.
 */
final class TextChecks {
    /** The longest attribute name, top-level or nested, in UTF-8 bytes. */
    static final int MAX_NAME_BYTES = 255;

    private TextChecks() {
    }

    /** Why {@code name} cannot be an attribute name, if it cannot. */
    static Optional<String> nameProblem(String name, String what) {
        return nameProblem(name, () -> what);
    }

    /** As {@link #nameProblem(String, String)}, the description built only for a problem (puts check every name). */
    static Optional<String> nameProblem(String name, Supplier<String> what) {
        if (name.isEmpty()) {
            return Optional.of(what.get() + " is empty");
        }
        Optional<String> text = textProblem(name, what);
        if (text.isPresent()) {
            return text;
        }
        int bytes = Utf8Order.utf8Length(name);
        if (bytes > MAX_NAME_BYTES) {
            return Optional.of(what.get() + " is " + bytes + " UTF-8 bytes, more than " + MAX_NAME_BYTES);
        }
        return Optional.empty();
    }

    /** Why {@code value} cannot be stored exactly, naming where in it the problem is, if it cannot. */
    static Optional<String> valueProblem(Value value, String path) {
        return valueProblem(value, () -> path);
    }

    /** As {@link #valueProblem(Value, String)}, the path built only for a problem (puts check every value). */
    static Optional<String> valueProblem(Value value, Supplier<String> path) {
        if (value instanceof Value.Str s) {
            return textProblem(s.value(), () -> "the string at " + path.get());
        }
        if (value instanceof Value.StrSet set) {
            for (String member : set.value()) {
                Optional<String> p = textProblem(member, () -> "a member of the string set at " + path.get());
                if (p.isPresent()) {
                    return p;
                }
            }
        }
        if (value instanceof Value.ListValue list) {
            for (int i = 0; i < list.value().size(); i++) {
                int at = i;
                Optional<String> p = valueProblem(list.value().get(i), () -> path.get() + "[" + at + "]");
                if (p.isPresent()) {
                    return p;
                }
            }
        }
        if (value instanceof Value.MapValue map) {
            for (Map.Entry<String, Value> e : map.value().entrySet()) {
                Optional<String> p = nameProblem(e.getKey(), () -> "the map key " + quote(e.getKey()) + " at " + path.get())
                        .or(() -> valueProblem(e.getValue(), () -> path.get() + "." + quote(e.getKey())));
                if (p.isPresent()) {
                    return p;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<String> textProblem(String text, Supplier<String> what) {
        int bad = Utf8Order.firstUnpairedSurrogate(text);
        if (bad < 0) {
            return Optional.empty();
        }
        return Optional.of(what.get() + " has an unpaired surrogate U+" + Integer.toHexString(text.charAt(bad)).toUpperCase()
                + " at index " + bad + ", which no store can hold (UTF-8 cannot encode it)");
    }

    /** A name for a message: cut at 40 characters, surrogates shown as '?'. */
    static String quote(String name) {
        return "'" + (name.length() > 40 ? name.substring(0, 40) + "..." : name).replaceAll("[\\uD800-\\uDFFF]", "?") + "'";
    }
}
