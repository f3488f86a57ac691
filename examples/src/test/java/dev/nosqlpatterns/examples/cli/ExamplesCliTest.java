package dev.nosqlpatterns.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ExamplesCliTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return ExamplesCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), Map.of());
    }

    @Test
    void listsEveryExample() {
        assertEquals(0, run("list"));
        for (var example : Examples.all()) {
            assertTrue(out.toString().contains(example.name() + " "), out.toString());
        }
    }

    @Test
    void runsAnExampleAndPrintsEachAccessPatternWithItsCost() {
        assertEquals(0, run("run", "news", "--store", "memory"), err.toString());
        String text = out.toString();
        assertTrue(text.contains("round trips"), text);
        assertTrue(text.contains("feed of @Bob, Q1 2012"), text);
        assertTrue(text.matches("(?s).*feed of @Bob, Q1 2012\\s+4\\s+\\d+\\s+\\d+.*"), text);
    }

    @Test
    void runsEveryExampleOnTheInMemoryStore() {
        for (var example : Examples.all()) {
            assertEquals(0, run("run", example.name()), err.toString());
            assertTrue(out.toString().contains(example.summary()), out.toString());
        }
        System.out.println(out); // the report, kept in the test's output file for reading
    }

    @Test
    void explainPrintsThePhysicalItems() {
        assertEquals(0, run("explain", "library", "--store", "memory:"), err.toString());
        String text = out.toString();
        assertTrue(text.contains("== table ex_library_library"), text);
        assertTrue(text.contains("keyword:automata"), text);
        assertTrue(text.contains("article:neumann/theory_of_automata"), text);
    }

    @Test
    void refusesUnknownExamplesStoresAndLimits() {
        assertEquals(2, run("run", "nope"));
        assertTrue(err.toString().contains("no example named 'nope'"), err.toString());
        assertEquals(2, run("run", "news", "--store", "oracle"));
        assertEquals(2, run("explain", "news", "--limit", "0"));
    }

    @Test
    void answersNoArgumentsWithTheUsageAndExitCodeTwo() {
        assertEquals(2, run());
        assertTrue(err.toString().contains("Usage:") && err.toString().contains("Exit codes:"), err.toString());
        assertFalse(err.toString().contains("\tat "), err.toString());
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of(new String[] {"frobnicate"}, "'frobnicate'"),
                Arguments.of(new String[] {"run", "news", "--bogus"}, "'--bogus'"),
                Arguments.of(new String[] {"run", "nope"}, "'nope'"),
                Arguments.of(new String[] {"run", "news", "--store", "oracle"}, "'oracle'"),
                Arguments.of(new String[] {"run", "news", "--store", "mongodb://a b"}, "'mongodb://a b'"),
                Arguments.of(new String[] {"run", "news", "--store", "redis://127.0.0.1:x"}, "'127.0.0.1:x'"),
                Arguments.of(new String[] {"run", "news", "--store", "cassandra://127.0.0.1:1"}, "names no keyspace"),
                Arguments.of(new String[] {"run", "news", "--store", "foo://x"}, "'foo'"),
                Arguments.of(new String[] {"explain", "news", "--limit", "x"}, "'x'"),
                Arguments.of(new String[] {"explain", "news", "--limit", "0"}, "got 0"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void answersAMistakeWithOneLineAndExitCodeTwo(String[] args, String named) {
        assertEquals(2, run(args), err.toString());
        assertOneLineNaming(named);
    }

    @Test
    void anUnreachableServerFailsFastWithOneLine() throws IOException {
        String address = "127.0.0.1:" + closedPort();
        long started = System.nanoTime();
        assertEquals(2, run("run", "news", "--store", "mongodb://" + address));
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(took.compareTo(Duration.ofSeconds(15)) < 0, "took " + took);
        assertOneLineNaming("could not reach MongoDB at " + address + " within 5 s");

        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "news", "--store", "redis://" + address));
        assertOneLineNaming("could not reach Redis at " + address + " within 5 s");

        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "news", "--store", "dynamodb://" + address));
        assertOneLineNaming("could not reach DynamoDB at " + address + " within 2 s");

        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "news", "--store", "cassandra://" + address + "/news"));
        assertOneLineNaming("could not reach Cassandra at " + address + " within 5 s");
    }

    @Test
    void anUnreachableConfiguredServerIsAMistakeToo() throws IOException {
        String address = "127.0.0.1:" + closedPort();
        int code = ExamplesCli.execute(new String[] {"run", "news", "--store", "redis"}, new PrintWriter(out, true),
                new PrintWriter(err, true), Map.of("NOSQLPATTERNS_REDIS_URI", "redis://" + address));
        assertEquals(2, code);
        assertOneLineNaming("could not reach Redis at " + address);
    }

    @Test
    void verbosePrintsTheStackTrace() {
        assertEquals(2, run("run", "news", "--store", "oracle", "--verbose"));
        assertTrue(err.toString().startsWith("error: "), err.toString());
        assertTrue(err.toString().contains("\tat "), "a stack trace with --verbose: " + err);
    }

    private void assertOneLineNaming(String named) {
        String text = err.toString();
        assertEquals(1, text.lines().count(), "one line: " + text);
        assertTrue(text.startsWith("error: ") && text.contains(named), text);
        assertFalse(text.contains("\tat ") || text.contains("Exception"), "no stack trace: " + text);
    }

    /** A loopback port nothing listens on. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return socket.getLocalPort();
        }
    }

    @Test
    void storeOpenerPrefersTheConfiguredAddressAndChecksNames() {
        try (var store = StoreOpener.open("redis", Map.of("NOSQLPATTERNS_REDIS_URI", "memory:"))) {
            assertEquals("memory", store.kind());
        }
        assertThrows(IllegalArgumentException.class, () -> StoreOpener.open("oracle", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> StoreOpener.open(" ", Map.of()));
    }
}
