package dev.nosqlpatterns.cassandra.embedded;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The launcher's options; the node itself is exercised by every other test of the module. */
class EmbeddedCassandraTest {
    @Test
    void optionsAreCheckedAtOnce() {
        EmbeddedCassandra.Builder b = EmbeddedCassandra.builder();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.javaExecutable(Path.of("/no/such/java")))
                .getMessage().contains("/no/such/java"));
        assertThrows(IllegalArgumentException.class, () -> b.maxHeapMegabytes(128));
        assertThrows(IllegalArgumentException.class, () -> b.startupTimeout(Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> b.classPath(" "));
        assertThrows(NullPointerException.class, () -> b.javaExecutable(null));
    }

    @Test
    void aNodeWithoutCassandraOnItsClassPathFailsWithItsOutput() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> EmbeddedCassandra.builder()
                .classPath(System.getProperty("java.io.tmpdir")).startupTimeout(Duration.ofSeconds(30)).start());
        assertTrue(e.getMessage().contains("exited"), e.getMessage());
    }
}
