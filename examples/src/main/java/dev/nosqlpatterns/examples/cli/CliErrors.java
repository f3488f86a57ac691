package dev.nosqlpatterns.examples.cli;

import dev.nosqlpatterns.internal.StoreAddresses;
import java.util.Optional;

/**
 * The command line's exit codes and the one-line messages of a user's mistakes: a store URI the
 * library refuses, a server that cannot be reached. Store URIs get short connect timeouts here, so an
 * unreachable server is told within seconds.
 */
final class CliErrors {
    /** The exit code of an unexpected failure, a bug: its stack trace is printed. */
    static final int INTERNAL_ERROR = 1;
    /** The exit code of a mistake the user can fix, told in one line. */
    static final int USER_ERROR = 2;
    /** Ends a mistake's line. */
    static final String DETAILS = "(--verbose for details)";

    private CliErrors() {
    }

    /** A mistake of the user's, told as its message alone: the line's text without "error: ". */
    static final class Mistake extends RuntimeException {
        Mistake(String line, Throwable cause) {
            super(line, cause);
        }
    }

    /** {@code uri} with a short connect timeout; see {@link StoreAddresses#withConnectTimeout}. */
    static String withConnectTimeout(String uri) {
        return StoreAddresses.withConnectTimeout(uri);
    }

    /** The line telling that the server of {@code uri} could not be reached. */
    static String unreachable(String uri) {
        return StoreAddresses.unreachable(uri, "") + " " + DETAILS;
    }

    /**
     * The mistake to report when {@code failure}, from opening or using the store at {@code uri} (null
     * for an embedded default the program started), is the server's being unreachable; empty otherwise.
     */
    static Optional<RuntimeException> unreachable(RuntimeException failure, String uri) {
        return uri != null && StoreAddresses.isUnreachable(failure)
                ? Optional.of(new Mistake(unreachable(uri), failure)) : Optional.empty();
    }

    /** The first line of {@code message}, stripped; "unknown error" when there is none. */
    static String firstLine(String message) {
        return message == null || message.isBlank() ? "unknown error" : message.strip().lines().findFirst().orElse("");
    }
}
