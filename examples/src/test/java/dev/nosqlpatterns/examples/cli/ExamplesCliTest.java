package dev.nosqlpatterns.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
        assertNotEquals(0, run("run", "nope"));
        assertTrue(err.toString().contains("no example named 'nope'"), err.toString());
        assertNotEquals(0, run("run", "news", "--store", "oracle"));
        assertNotEquals(0, run("explain", "news", "--limit", "0"));
    }

    @Test
    void answersMistakesWithOneLineAndExitCodeTwo() {
        assertEquals(2, run());
        assertTrue(err.toString().contains("Usage:"), err.toString());
        for (String[] mistake : new String[][] {{"run", "news", "--store", "oracle"},
                {"run", "news", "--store", "redis://127.0.0.1:1"}, {"run", "nope"}, {"explain", "news", "--limit", "x"},
                {"frobnicate"}}) {
            err.getBuffer().setLength(0);
            assertEquals(2, run(mistake), String.join(" ", mistake) + ": " + err);
            String text = err.toString();
            assertTrue(text.startsWith("error: "), text);
            assertTrue(text.lines().count() <= 2 && !text.contains("\tat "), "no stack trace: " + text);
        }
        err.getBuffer().setLength(0);
        assertEquals(2, run("run", "news", "--store", "oracle", "--verbose"));
        assertTrue(err.toString().contains("\tat "), "a stack trace with --verbose: " + err);
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
