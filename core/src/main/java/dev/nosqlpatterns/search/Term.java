package dev.nosqlpatterns.search;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.Objects;

/**
 * One searchable fact about a document, such as {@code site=news.example} or {@code category=Bloggers}:
 * the key of one posting list in the inverted index and one group in a direct-index report.
 *
 * @param field the attribute the value belongs to: 1 to 64 ASCII letters, digits, '_', '-' or '.'
 * @param value the value: 1 to {@value #MAX_VALUE_BYTES} UTF-8 bytes, without unpaired surrogates
 */
public record Term(String field, String value) {
    /** The longest value, in UTF-8 bytes, so that a term always fits a partition key. */
    public static final int MAX_VALUE_BYTES = 512;

    public Term {
        checkField(field);
        checkValue(field, value);
    }

    public static Term of(String field, String value) {
        return new Term(field, value);
    }

    /** Checks a field name, with a message that says what is allowed. */
    static String checkField(String field) {
        Objects.requireNonNull(field, "field must not be null");
        if (!isFieldName(field)) {
            throw new IllegalArgumentException("field '" + field
                    + "' is invalid: use 1 to 64 ASCII letters, digits, '_', '-' or '.'");
        }
        return field;
    }

    /** Matches {@code [A-Za-z0-9_.-]{1,64}}, without a regular expression: terms are made per document. */
    private static boolean isFieldName(String field) {
        if (field.isEmpty() || field.length() > 64) {
            return false;
        }
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'
                    || c == '.' || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static void checkValue(String field, String value) {
        Objects.requireNonNull(value, () -> "value of field '" + field + "' must not be null");
        if (value.isEmpty()) {
            throw new IllegalArgumentException("value of field '" + field + "' must not be empty");
        }
        int bad = Utf8Order.firstUnpairedSurrogate(value);
        if (bad >= 0) {
            throw new IllegalArgumentException("value of field '" + field + "' has an unpaired surrogate at index " + bad);
        }
        int bytes = Utf8Order.utf8Length(value);
        if (bytes > MAX_VALUE_BYTES) {
            throw new IllegalArgumentException("value of field '" + field + "' is " + bytes
                    + " UTF-8 bytes, more than " + MAX_VALUE_BYTES);
        }
    }

    @Override
    public String toString() {
        return field + "=" + value;
    }
}
