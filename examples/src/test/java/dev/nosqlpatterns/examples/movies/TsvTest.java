package dev.nosqlpatterns.examples.movies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TsvTest {
    @Test
    void readsTheShippedSampleWithMissingValuesAbsent() {
        List<Tsv.Row> titles = Tsv.read("title.basics.tsv");
        assertEquals(5, titles.size());
        assertEquals("The Lighthouse Keeper", titles.get(0).require("primaryTitle"));
        assertEquals(Optional.empty(), titles.get(0).get("endYear"));
        var e = assertThrows(IllegalArgumentException.class, () -> titles.get(0).require("endYear"));
        assertTrue(e.getMessage().contains("title.basics.tsv line 2") && e.getMessage().contains("endYear"), e.getMessage());
    }

    @Test
    void refusesARowWithTheWrongNumberOfFieldsNamingItsLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> Tsv.read("short-row.tsv"));
        assertTrue(e.getMessage().contains("line 4 has 2 fields"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> Tsv.read("missing.tsv"));
    }
}
