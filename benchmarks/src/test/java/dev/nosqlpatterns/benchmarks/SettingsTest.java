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
        assertTrue(s.families().contains("bulk"), "the bulk family runs by default, in part in quick mode");
        assertFalse(s.families().contains("tenancy"), "the tenancy family runs only when named");
        assertEquals(Path.of("reports"), s.outputDir());
        assertEquals(2, s.repetitions());
        assertEquals(s, Settings.parse("--mode", "quick"));
    }

    @Test
    void parsesEachModeWithItsDefaults() {
        Settings standard = Settings.parse("--mode", "standard");
        assertEquals(Settings.Mode.STANDARD, standard.mode());
        assertEquals(Settings.DEFAULT_FAMILIES, standard.families());
        assertEquals(3, standard.repetitions());
        Settings full = Settings.parse("--mode", "FULL");
        assertEquals(Settings.Mode.FULL, full.mode());
        assertEquals(Settings.DEFAULT_FAMILIES, full.families());
        assertEquals(5, full.repetitions());
        assertEquals(List.of("bulk"), Settings.parse("--families", "bulk").families());
        assertEquals(List.of("tenancy"), Settings.parse("--families", "tenancy").families());
        assertEquals(4, Settings.parse("--mode", "quick", "--repetitions", "4").repetitions());
        // the quick mode measures a part, more briefly, after a shorter warm-up of the embedded servers
        Settings.Mode quick = Settings.Mode.QUICK;
        assertTrue(quick.sampled && !Settings.Mode.STANDARD.sampled && !Settings.Mode.FULL.sampled);
        assertEquals(Settings.Mode.STANDARD.scale, quick.scale, "the same small data sets as the standard mode");
        assertTrue(quick.readWarmUp.compareTo(Settings.Mode.STANDARD.readWarmUp) < 0
                && quick.readRepetition.compareTo(Settings.Mode.STANDARD.readRepetition) < 0
                && quick.readWarmUpOps < Settings.Mode.STANDARD.readWarmUpOps);
        assertTrue(quick.serverWarmUpRounds < Settings.Mode.STANDARD.serverWarmUpRounds);
        assertEquals(StoreTargets.WARM_UP_ROUNDS, Settings.Mode.STANDARD.serverWarmUpRounds);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Settings.parse("--mode", "short"));
        assertTrue(e.getMessage().contains("quick, standard or full, got 'short'"), e.getMessage());
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
