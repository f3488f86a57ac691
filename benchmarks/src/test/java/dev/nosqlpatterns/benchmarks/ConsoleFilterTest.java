package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The console filter drops ANTLR's version notices, whole lines only, and passes everything else. */
class ConsoleFilterTest {
    @Test
    void dropsTheAntlrVersionNoticesAndNothingElse() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = ConsoleFilter.wrap(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        err.println("before");
        // as ANTLR's RuntimeMetaData prints them, a format at a time
        err.format("ANTLR Tool version %s used for code generation does not match the current runtime version %s%n",
                "4.10.1", "4.13.1");
        err.format("ANTLR Runtime version %s used for parser compilation does not match the current runtime version %s%n",
                "4.10.1", "4.13.1");
        err.println("ANTLR Tool version 4.10.1 used for code generation does not match: something else");
        err.println("error: a real one, ANTLR Tool version 4.10.1 used for code generation does not match the current"
                + " runtime version 4.13.1");
        err.print("a prompt without its end of line");
        err.flush();
        assertEquals("before\nANTLR Tool version 4.10.1 used for code generation does not match: something else\n"
                + "error: a real one, ANTLR Tool version 4.10.1 used for code generation does not match the current"
                + " runtime version 4.13.1\na prompt without its end of line",
                bytes.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
    }

    @Test
    void aCellWithoutStoreCallsSaysSoInsteadOfNaN() {
        CellResult.Costs none = new CellResult.Costs(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, false, 1, -1);
        assertEquals("no store calls in this JVM", PatternBenchmarks.roundTrips(none));
        CellResult.Costs some = new CellResult.Costs(8, 1, 1.5, Double.NaN, 100, 1, false, 1, -1);
        assertEquals("8.0 round trips/op, 1.0 in sequence", PatternBenchmarks.roundTrips(some));
    }
}
