package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The runner's command line: a user's mistake gets one line and exit code 2, never a stack trace. */
class PatternBenchmarksCliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Map<String, String> environment, String... args) {
        return PatternBenchmarks.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), environment);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void answersNoArgumentsWithTheUsageAndExitCodeTwo() {
        assertEquals(2, run(Map.of()));
        assertTrue(err().startsWith("Usage:") && err().contains("--verbose") && err().contains("Exit codes"), err());
        assertEquals(2, run(Map.of(), "--verbose"));
    }

    @Test
    void printsTheUsageOnAskingForHelp() {
        assertEquals(0, run(Map.of(), "--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage:"));
        assertEquals("", err());
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                Arguments.of(new String[] {"--bogus"}, "'--bogus'"),
                Arguments.of(new String[] {"--stores", "memory,oracle"}, "'oracle'"),
                Arguments.of(new String[] {"--families", "graphs"}, "'graphs'"),
                Arguments.of(new String[] {"--repetitions", "many"}, "'many'"),
                Arguments.of(new String[] {"--mode", "slow"}, "'slow'"),
                Arguments.of(new String[] {"--latency", "2 parsecs"}, "'2 parsecs'"),
                Arguments.of(new String[] {"--stores"}, "--stores needs a value"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void answersABadArgumentWithOneLineAndExitCodeTwo(String[] args, String named) {
        assertEquals(2, run(Map.of(), args), err());
        assertOneLineNaming(named);
    }

    @Test
    void answersAMalformedConfiguredStoreWithOneLine() {
        assertEquals(2, run(Map.of("NOSQLPATTERNS_REDIS_URI", "redis://127.0.0.1:x"), "--stores", "redis"));
        assertOneLineNaming("NOSQLPATTERNS_REDIS_URI");
        assertTrue(err().contains("'127.0.0.1:x'"), err());
        err.reset();
        assertEquals(2, run(Map.of("NOSQLPATTERNS_MONGODB_URI", "mongodb://a b"), "--stores", "mongodb"));
        assertOneLineNaming("'mongodb://a b'");
    }

    @Test
    void anUnreachableServerFailsFastWithOneLine() throws IOException {
        String address = "127.0.0.1:" + closedPort();
        long started = System.nanoTime();
        assertEquals(2, run(Map.of("NOSQLPATTERNS_MONGODB_URI", "mongodb://" + address), "--stores", "mongodb"));
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        assertTrue(took.compareTo(Duration.ofSeconds(15)) < 0, "took " + took);
        assertOneLineNaming("could not reach MongoDB at " + address + " (NOSQLPATTERNS_MONGODB_URI) within 5 s");
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing ran");

        err.reset();
        assertEquals(2, run(Map.of("NOSQLPATTERNS_REDIS_URI", "redis://" + address), "--stores", "memory,redis"));
        assertOneLineNaming("could not reach Redis at " + address);
    }

    @Test
    void verbosePrintsTheStackTrace() {
        assertEquals(2, run(Map.of(), "--stores", "oracle", "--verbose"));
        assertTrue(err().startsWith("error: ") && err().contains("'oracle'"), err());
        assertTrue(err().contains("\tat "), "a stack trace with --verbose: " + err());
    }

    private void assertOneLineNaming(String named) {
        String text = err();
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
}
