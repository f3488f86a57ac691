package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConformanceMatrixTest {
    @TempDir
    Path root;

    private void report(String module, String suite, String cases) throws IOException {
        Path dir = Files.createDirectories(root.resolve(module).resolve("target").resolve("surefire-reports"));
        Files.writeString(dir.resolve("TEST-dev.nosqlpatterns.testkit.StoreConformanceKit$" + suite + ".xml"),
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><testsuite name=\"x\">" + cases + "</testsuite>");
    }

    private static String pass(String name) {
        return "<testcase name=\"" + name + "\"/>";
    }

    private static String skip(String name, String why) {
        return "<testcase name=\"" + name + "\"><skipped type=\"org.opentest4j.TestAbortedException\"><![CDATA["
                + "org.opentest4j.TestAbortedException: Assumption failed: " + why + "\n\tat somewhere]]></skipped></testcase>";
    }

    @Test
    void eachSuiteAndStoreShowsPassesSkipsWithTheirReasonAndFailures() throws IOException {
        report("testkit", "NativeGeoQueries", skip("a", "the memory store does not support NATIVE_GEO") + skip("b",
                "the memory store does not support NATIVE_GEO"));
        report("redis-adapter", "NativeGeoQueries", pass("a") + pass("b"));
        report("lucene-adapter", "NativeGeoQueries", pass("a") + "<testcase name=\"b\"><failure message=\"x\"/></testcase>");
        report("dynamodb-adapter", "Items", pass("a") + skip("b", "no TTL | here"));
        Map<String, Map<String, ConformanceMatrix.Cell>> m = ConformanceMatrix.read(root);
        assertEquals("skipped: the memory store does not support NATIVE_GEO", m.get("NativeGeoQueries").get("memory").render());
        assertEquals("✓ 2", m.get("NativeGeoQueries").get("redis").render());
        assertEquals("✗ 1 failed, ✓ 1", m.get("NativeGeoQueries").get("lucene").render());
        assertEquals("✓ 1, 1 skipped: no TTL \\| here", m.get("Items").get("dynamodb").render());
        String table = ConformanceMatrix.markdown(m);
        assertTrue(table.startsWith("| suite | memory | dynamodb | cassandra | mongodb | redis | lucene |\n"), table);
        assertTrue(table.contains("| Items | not run | ✓ 1, 1 skipped: no TTL \\| here | not run |"), table);
    }

    @Test
    void theReadmeRegionIsReplacedAndAReadmeWithoutOneIsRefused() {
        String readme = "intro\n" + ConformanceMatrix.BEGIN + "\nold\n" + ConformanceMatrix.END + "\nrest\n";
        assertEquals("intro\n" + ConformanceMatrix.BEGIN + "\n| new |\n" + ConformanceMatrix.END + "\nrest\n",
                ConformanceMatrix.replace(readme, "| new |\n"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ConformanceMatrix.replace("no markers", "x"));
        assertTrue(e.getMessage().contains("conformance-matrix"), e.getMessage());
    }
}
