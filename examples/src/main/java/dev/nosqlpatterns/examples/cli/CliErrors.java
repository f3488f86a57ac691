package dev.nosqlpatterns.examples.cli;

import dev.nosqlpatterns.store.StoreAddresses;
import java.util.Optional;

/**
 * The exit codes and one-line messages of the project's command-line programs (the examples' command
 * line and the benchmark runner): a mistake the user can fix (a bad argument, a store URI the library
 * refuses, a server that cannot be reached) is told in one line, an unexpected failure with its stack
 * trace. The store-specific parts (connect timeouts, the unreachable sentence) come from
 * {@link StoreAddresses}.
 */
public final class CliErrors {
    /**
     * The exit code of an unexpected failure, a bug, whose stack trace is printed; the benchmark runner
     * also exits with it when a cell failed.
     */
    public static final int INTERNAL_ERROR = 1;
    /** The exit code of a mistake the user can fix, told in one line. */
    public static final int USER_ERROR = 2;
    /** Ends a mistake's line. */
    public static final String DETAILS = "(--verbose for details)";

    private CliErrors() {
    }

    /** A mistake of the user's; its message is the line to print after "error: ". */
    public static final class Mistake extends RuntimeException {
        /** A mistake told by {@code line}, caused by {@code cause} (printed only under --verbose). */
        public Mistake(String line, Throwable cause) {
            super(line, cause);
        }
    }

    /**
     * The line telling that the server of {@code uri} could not be reached; {@code from} names where the
     * URI came from, e.g. {@code " (NOSQLPATTERNS_REDIS_URI)"}, or is empty.
     */
    public static String unreachable(String uri, String from) {
        return StoreAddresses.unreachable(uri, from) + " " + DETAILS;
    }

    /**
     * The mistake to report when {@code failure}, from opening or using the store at {@code uri} (null
     * for an embedded default the program started), is the server's being unreachable; empty otherwise.
     */
    public static Optional<RuntimeException> unreachable(RuntimeException failure, String uri) {
        return uri != null && StoreAddresses.isUnreachable(failure)
                ? Optional.of(new Mistake(unreachable(uri, ""), failure)) : Optional.empty();
    }

    /** The first line of {@code message}, stripped; "unknown error" when there is none. */
    public static String firstLine(String message) {
        return message == null || message.isBlank() ? "unknown error" : message.strip().lines().findFirst().orElse("");
    }
}
