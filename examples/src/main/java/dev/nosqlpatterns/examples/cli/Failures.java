package dev.nosqlpatterns.examples.cli;

import java.util.ArrayList;
import java.util.List;

/** Turns a failure into the one line a user reads: what went wrong, from the outermost to the root cause. */
final class Failures {
    private Failures() {
    }

    /**
     * The distinct messages of {@code failure} and its causes, joined by ": ", with the type of any
     * exception that has no message; e.g. "cannot open redis://127.0.0.1:1: Connection refused".
     */
    static String oneLine(Throwable failure) {
        List<String> parts = new ArrayList<>();
        for (Throwable t = failure; t != null && parts.size() < 4; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName()
                    : t.getMessage().strip().lines().findFirst().orElse("");
            if (parts.stream().noneMatch(p -> p.contains(message))) {
                parts.add(message);
            }
        }
        return String.join(": ", parts);
    }
}
