package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The quick mode, the default run, measures a part of each family's workloads but keeps every technique of
 * each workload it keeps, and every technique compared with another: the comparison stays side by side. The bulk family, whose quick form needs a store
 * address, is checked in {@link BulkFamilyTest}.
 */
class QuickModeTest {
    @Test
    void everyWorkloadKeptKeepsAllItsTechniques() {
        try (Store store = Store.of(new MemoryBackend())) {
            for (Family family : PatternBenchmarks.FAMILIES) {
                if (family instanceof BulkFamily) {
                    continue;
                }
                Map<String, Set<String>> quick = techniques(family.candidates(store, new Family.Tables("quick"),
                        Settings.Mode.QUICK));
                Map<String, Set<String>> standard = techniques(family.candidates(store, new Family.Tables("standard"),
                        Settings.Mode.STANDARD));
                family.close();
                assertTrue(!quick.isEmpty(), family.name() + " has quick workloads");
                for (Map.Entry<String, Set<String>> e : quick.entrySet()) {
                    assertEquals(standard.get(e.getKey()), e.getValue(), family.name() + " / " + e.getKey());
                }
                // on the memory store the overhead family has no hand-written code to compare with, in either mode
                assertEquals(standard.values().stream().anyMatch(t -> t.size() > 1),
                        quick.values().stream().anyMatch(t -> t.size() > 1), family.name() + " compares techniques");
                Set<String> allQuick = new TreeSet<>();
                quick.values().forEach(allQuick::addAll);
                Set<String> allStandard = new TreeSet<>();
                standard.values().forEach(allStandard::addAll);
                if (family instanceof MigrationFamily) {
                    // the re-key, one technique compared with none, is left out: its scans are slow on DynamoDB Local
                    allStandard.remove(MigrationFamily.JOB);
                }
                assertEquals(allStandard, allQuick, family.name() + ": every technique is still compared");
            }
        }
    }

    @Test
    void theGeoFamilyKeepsASmallAndALargeCircleABoxAndTheNearest() {
        try (Store store = Store.of(new MemoryBackend())) {
            List<String> workloads = new GeoFamily().candidates(store, new Family.Tables("geoquick"), Settings.Mode.QUICK)
                    .stream().map(Family.Candidate::workload).distinct().toList();
            assertEquals(List.of("within 1 km (2000 points)", "within 10 km (2000 points)", "box of 0.1° × 0.1° (2000 points)",
                    GeoFamily.NEAREST_K + " nearest (2000 points)"), workloads.subList(0, 4));
            assertTrue(workloads.stream().skip(4).allMatch(w -> w.startsWith("cover of a ")
                    && w.contains("(1,200 shapes;")), "the coverers on a quarter of the shapes: " + workloads);
        }
    }

    /** The techniques of each workload, by the workload's name with its numbers as {@code #}. */
    private static Map<String, Set<String>> techniques(List<Family.Candidate> candidates) {
        Map<String, Set<String>> out = new LinkedHashMap<>();
        for (Family.Candidate c : candidates) {
            // a workload named with its sizes (the migration's credits, the coverers' shapes) is the same at another
            Set<String> techniques = out.computeIfAbsent(c.workload().replaceAll("[0-9][0-9,.]*", "#"), w -> new TreeSet<>());
            techniques.add(c.technique());
            c.rival().ifPresent(techniques::add);
        }
        return out;
    }
}
