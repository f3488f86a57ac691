package dev.nosqlpatterns.benchmarks;

import dev.nosqlpatterns.internal.StoreAddresses;

/**
 * The runner's exit codes and the one-line messages of a user's mistakes: a store URI the library
 * refuses, a server that cannot be reached. Configured store URIs get short connect timeouts here, so
 * an unreachable server is told within seconds.
 */
final class CliErrors {
    /** The exit code of a failed cell, or of an unexpected failure (a bug), whose stack trace is printed. */
    static final int INTERNAL_ERROR = 1;
    /** The exit code of a mistake the user can fix, told in one line. */
    static final int USER_ERROR = 2;
    /** Ends a mistake's line. */
    static final String DETAILS = "(--verbose for details)";

    private CliErrors() {
    }

    /** A mistake of the user's; its message is the line to print after "error: ". */
    static final class Mistake extends RuntimeException {
        Mistake(String line, Throwable cause) {
            super(line, cause);
        }
    }

    /** {@code uri} with a short connect timeout; see {@link StoreAddresses#withConnectTimeout}. */
    static String withConnectTimeout(String uri) {
        return StoreAddresses.withConnectTimeout(uri);
    }

    /** The line telling that the server of {@code uri}, configured in {@code from}, could not be reached. */
    static String unreachable(String uri, String from) {
        return StoreAddresses.unreachable(uri, from) + " " + DETAILS;
    }

    /** Whether the server of {@code uri} accepts a TCP connection within its connect timeout. */
    static boolean answers(String uri) {
        return StoreAddresses.answers(uri);
    }

    /** Whether {@code failure} or one of its causes says the store could not be reached. */
    static boolean isUnreachable(Throwable failure) {
        return StoreAddresses.isUnreachable(failure);
    }

    /** The first line of {@code message}, stripped; "unknown error" when there is none. */
    static String firstLine(String message) {
        return message == null || message.isBlank() ? "unknown error" : message.strip().lines().findFirst().orElse("");
    }
}
