package dev.nosqlpatterns.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.denormalize.CopyVerification;
import dev.nosqlpatterns.geo.GeoVerification;
import dev.nosqlpatterns.index.IndexVerification;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.search.SearchVerification;
import dev.nosqlpatterns.tree.TreeVerification;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every technique's check result reads the same way through {@link Verification}. */
class VerificationTest {
    @Test
    void everyResultCountsWhatItExaminedAndWhatDisagreed() {
        Key k = Key.of("p", "s");
        List<Verification> found = List.of(
                new IndexVerification(10, 9, 1, 2, 0, List.of(k), List.of(k, k), List.of()),
                new CopyVerification(6, 1, List.of(k)),
                new TreeVerification(7, true, 2, List.of("node 'a' points to a missing parent")),
                new GeoVerification(5, 4, 1, 0, 1, 0, false),
                new SearchVerification(3, 0, 2, 1, 0, 0, 0),
                Verification.of(12, Map.of("link pairs whose sides disagreed", 3L)));
        assertEquals(List.of(19L, 6L, 7L, 9L, 3L, 12L), found.stream().map(Verification::examined).toList());
        assertEquals(List.of(3L, 1L, 4L, 2L, 3L, 3L), found.stream().map(Verification::disagreements).toList());
        assertEquals(List.of(2, 1, 3, 2, 2, 1), found.stream().map(v -> v.findings().size()).toList(),
                "one line per kind found");
        assertTrue(found.stream().noneMatch(Verification::consistent));
        assertTrue(found.get(0).findings().get(0).startsWith("1 base items without their index entry"),
                found.get(0).findings().toString());
    }

    @Test
    void aCleanResultIsConsistentAndSaysNothing() {
        List<Verification> clean = List.of(new IndexVerification(3, 3, 0, 0, 0, List.of(), List.of(), List.of()),
                new CopyVerification(2, 0, List.of()), new TreeVerification(4, false, 0, List.of()), new GeoVerification(2, 2, 0, 0, 0, 0, true),
                new SearchVerification(5, 0, 0, 0, 0, 0, 0), Verification.of(8, Map.of("one-sided links", 0L)));
        for (Verification v : clean) {
            assertTrue(v.consistent(), v.toString());
            assertEquals(List.of(), v.findings(), v.toString());
        }
        assertTrue(((IndexVerification) clean.get(0)).consistent() && ((TreeVerification) clean.get(2)).consistent()
                && ((GeoVerification) clean.get(3)).consistent() && ((SearchVerification) clean.get(4)).consistent());
        assertFalse(new TreeVerification(1, false, 1, List.of()).consistent(), "a stray journal item is a finding");
    }

    @Test
    void countsRefuseNegativeFiguresAndKeepTheirOrder() {
        assertThrows(IllegalArgumentException.class, () -> Verification.of(-1, Map.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Verification.of(1, Map.of("stale", -2L)));
        assertTrue(e.getMessage().contains("stale=-2"), e.getMessage());
        Map<String, Long> kinds = new LinkedHashMap<>();
        kinds.put("missing", 2L);
        kinds.put("stale", 1L);
        assertEquals(List.of("2 missing", "1 stale"), Verification.of(5, kinds).findings());
    }
}
