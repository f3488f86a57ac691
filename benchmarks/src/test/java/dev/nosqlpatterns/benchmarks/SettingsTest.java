package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsTest {
    @Test
    void defaultsToAQuickRunOnEveryStore() {
        Settings s = Settings.parse();
        assertEquals(Settings.Mode.QUICK, s.mode());
        assertEquals(Settings.ALL_STORES, s.stores());
        assertEquals(Settings.DEFAULT_FAMILIES, s.families());
        assertEquals(Settings.ALL_FAMILIES.size() - 1, s.families().size());
        assertFalse(s.families().contains("bulk"), "the bulk family runs only when named");
        assertEquals(Path.of("reports"), s.outputDir());
        assertEquals(3, s.repetitions());
    }

    @Test
    void parsesEveryOption() {
        Settings s = Settings.parse("--mode", "full", "--stores", "memory,redis", "--families", "trees,time-ranges", "--repetitions", "7", "--out", "x");
        assertEquals(Settings.Mode.FULL, s.mode());
        assertEquals(List.of("memory", "redis"), s.stores());
        assertEquals(List.of("trees", "time-ranges"), s.families());
        assertTrue(s.runs("time ranges") && !s.runs("geo"));
        assertEquals(7, s.repetitions());
        assertEquals(Path.of("x"), s.outputDir());
        assertEquals(java.time.Duration.ZERO, s.latency(), "loopback speed unless asked");
        assertEquals(java.time.Duration.ofMillis(2), Settings.parse("--latency", "2ms").latency());
        assertEquals(java.time.Duration.ofNanos(500_000), Settings.parse("--latency", "0.5ms").latency());
        assertEquals(java.time.Duration.ofNanos(250_000), Settings.parse("--latency", "250us").latency());
    }

    @Test
    void reportsEveryProblemAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Settings.parse("--mode", "slow", "--repetitions", "many", "--bogus", "--latency", "2 parsecs"));
        assertTrue(e.getMessage().contains("'slow'") && e.getMessage().contains("'many'") && e.getMessage().contains("'--bogus'")
                && e.getMessage().contains("'2 parsecs'"), e.getMessage());
        IllegalArgumentException stores = assertThrows(IllegalArgumentException.class, () -> Settings.parse("--stores", "memory,oracle"));
        assertTrue(stores.getMessage().contains("unknown store 'oracle'"), stores.getMessage());
        IllegalArgumentException families = assertThrows(IllegalArgumentException.class,
                () -> Settings.parse("--families", "trees,graphs"));
        assertTrue(families.getMessage().contains("unknown family 'graphs'"), families.getMessage());
    }
}
