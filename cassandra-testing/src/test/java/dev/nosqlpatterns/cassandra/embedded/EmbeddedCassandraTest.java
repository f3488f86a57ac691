package dev.nosqlpatterns.cassandra.embedded;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
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
        assertTrue(assertThrows(IllegalArgumentException.class, () -> b.tombstoneFailureThreshold(0)).getMessage()
                .contains("got 0"));
    }

    @Test
    void theTombstoneThresholdsAreWrittenOnlyWhenGiven(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        NodeFiles.write(dir, "127.0.0.1", "127.0.0.1", 7000, 9042, true,
                new NodeLaunch(java, 512, Duration.ofSeconds(1), "cp", false, false, 0));
        assertFalse(Files.readString(dir.resolve("cassandra.yaml")).contains("tombstone"));
        NodeFiles.write(dir, "127.0.0.1", "127.0.0.1", 7000, 9042, true,
                new NodeLaunch(java, 512, Duration.ofSeconds(1), "cp", false, false, 1000));
        String yaml = Files.readString(dir.resolve("cassandra.yaml"));
        assertTrue(yaml.contains("tombstone_failure_threshold: 1000\n") && yaml.contains("tombstone_warn_threshold: 500\n"),
                yaml);
    }

    @Test
    void theQuickCompilerIsTheDefaultAndTheOptimizingOneIsAChoice() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        NodeLaunch quick = new NodeLaunch(java, 512, Duration.ofSeconds(1), "cp", false, false, 0);
        NodeLaunch optimizing = new NodeLaunch(java, 512, Duration.ofSeconds(1), "cp", false, true, 0);
        Path dir = Path.of("node");
        assertTrue(NodeFiles.jvmOptions(dir, quick, false).contains("-XX:TieredStopAtLevel=1"));
        assertFalse(NodeFiles.jvmOptions(dir, optimizing, false).stream().anyMatch(o -> o.contains("Tiered")));
        assertTrue(NodeFiles.jvmOptions(dir, optimizing, false).contains("-Xmx512m"));
    }

    @Test
    void aNodeWithoutCassandraOnItsClassPathFailsWithItsOutput() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> EmbeddedCassandra.builder()
                .classPath(System.getProperty("java.io.tmpdir")).startupTimeout(Duration.ofSeconds(30)).start());
        assertTrue(e.getMessage().contains("exited"), e.getMessage());
    }
}
