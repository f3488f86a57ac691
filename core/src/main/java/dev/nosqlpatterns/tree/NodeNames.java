package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.Objects;

/** The rules for node ids, tree names and path labels, with messages that name the bad value. */
final class NodeNames {
    /** Longest id, label or tree name, in UTF-8 bytes. */
    static final int MAX_ID_BYTES = 128;
    /** The separator of readable materialized paths. */
    static final char SEPARATOR = '/';

    private NodeNames() {
    }

    /** Checks a node id or tree name; {@code what} names it in the message, e.g. "node id". */
    static String check(String what, String value) {
        Objects.requireNonNull(value, () -> what + " must not be null");
        String problem = problem(value);
        if (problem != null) {
            throw new IllegalArgumentException(what + " " + problem);
        }
        return value;
    }

    /** Why a path label is invalid, or null when it is valid. */
    static String labelProblem(String label) {
        if (label == null) {
            return "is null";
        }
        return problem(label);
    }

    private static String problem(String value) {
        String shown = "'" + (value.length() > 40 ? value.substring(0, 40) + "..." : value) + "'";
        if (value.isEmpty()) {
            return "is empty";
        }
        int bad = Utf8Order.firstUnpairedSurrogate(value);
        if (bad >= 0) {
            return shown + " has an unpaired surrogate at index " + bad;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == SEPARATOR) {
                return shown + " contains '/' at index " + i
                        + ", the path separator, which ids and path segments may not contain";
            }
            if (c < 0x20 || c == 0x7F) {
                return shown + " contains the control character U+" + String.format("%04X", (int) c)
                        + " at index " + i;
            }
        }
        int bytes = Utf8Order.utf8Length(value);
        if (bytes > MAX_ID_BYTES) {
            return shown + " is " + bytes + " UTF-8 bytes, more than " + MAX_ID_BYTES;
        }
        return null;
    }
}
