package dev.nosqlpatterns.benchmarks;

import java.util.List;
import java.util.Objects;

/**
 * What an access pattern returned, reduced to the identifiers of the items in the order that matters
 * (sorted first when the pattern promises no order), so that a technique's answer can be compared with
 * the oracle's before it is timed.
 *
 * @param ids     the identifiers, in order
 * @param ordered whether order is part of the answer (a time range newest first) or not (an index lookup)
 */
public record Answer(List<String> ids, boolean ordered) {
    public Answer {
        Objects.requireNonNull(ids, "ids must not be null");
        ids = ordered ? List.copyOf(ids) : ids.stream().sorted().toList();
    }

    /** An answer whose order is significant. */
    public static Answer inOrder(List<String> ids) {
        return new Answer(ids, true);
    }

    /** An answer compared as a set of identifiers (duplicates still count). */
    public static Answer anyOrder(List<String> ids) {
        return new Answer(ids, false);
    }

    /** Items the pattern returned, the denominator of read amplification. */
    public int size() {
        return ids.size();
    }

    /**
     * Throws {@link WrongAnswerException} unless this answer equals {@code expected}; the message names the
     * first difference so a wrong technique is easy to diagnose.
     */
    public void mustEqual(Answer expected, String what) {
        if (equals(expected)) {
            return;
        }
        int n = Math.min(ids.size(), expected.ids.size());
        int at = 0;
        while (at < n && ids.get(at).equals(expected.ids.get(at))) {
            at++;
        }
        String detail = at < n
                ? "at position " + at + " got '" + ids.get(at) + "' but expected '" + expected.ids.get(at) + "'"
                : "got " + ids.size() + " items but expected " + expected.ids.size();
        throw new WrongAnswerException(what + ": wrong answer, " + detail);
    }
}
