package dev.nosqlpatterns;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Code built on the library, as the project's own applications and integrations are, uses its API
 * alone: no source of theirs names the storage SPI ({@code dev.nosqlpatterns.store.spi}) or the shared
 * helpers ({@code dev.nosqlpatterns.internal}). The module descriptors enforce this where a module has
 * one; this test covers the modules that run on the class path (Spark, the benchmarks) as well. Read
 * from the sources of the sibling modules, imports and qualified names alike, comments left out.
 */
class ApplicationCodeUsesOnlyTheApiTest {
    /** The modules built on the library's API, relative to core's directory. */
    private static final List<String> APPLICATIONS = List.of(
            "examples", "examples-spring-boot", "benchmarks", "spark", "spring-boot-starter", "micrometer");
    private static final Pattern FORBIDDEN = Pattern.compile("\\bdev\\.nosqlpatterns\\.(?:internal|store\\.spi)\\b");
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    @Test
    void noApplicationSourceUsesTheSpiOrTheInternals() throws IOException {
        Map<String, Set<String>> offenders = new TreeMap<>();
        for (String module : APPLICATIONS) {
            Path sources = Path.of("..", module, "src", "main", "java");
            assertTrue(Files.isDirectory(sources), "the sources of " + module + " were found at " + sources.toAbsolutePath());
            int scanned = 0;
            try (Stream<Path> files = Files.walk(sources)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    scanned++;
                    Matcher m = FORBIDDEN.matcher(COMMENT.matcher(Files.readString(file)).replaceAll(" "));
                    while (m.find()) {
                        offenders.computeIfAbsent(module + "/" + sources.relativize(file), k -> new TreeSet<>()).add(m.group());
                    }
                }
            }
            assertTrue(scanned > 0, "no sources in " + sources.toAbsolutePath());
        }
        assertEquals(Map.of(), offenders, "application code that uses the SPI or the internals instead of the API");
    }
}
