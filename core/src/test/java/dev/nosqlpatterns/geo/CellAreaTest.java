package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The series for cell areas near a reference latitude agree with the exact formula to 1e-12 relative, or
 * to the exact formula's own rounding (R^2 x width x 1e-15) where its difference of sines loses digits.
 */
class CellAreaTest {
    @Test
    void seriesAgreeWithTheExactArea() {
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < 100_000; i++) {
            double reference = random.nextDouble(-89, 89);
            CellArea area = new CellArea(reference);
            double height = Math.pow(10, random.nextDouble(-7, 1));
            double south = Math.max(-90, Math.min(90 - height, reference + random.nextDouble(-8, 8)));
            double width = Math.pow(10, random.nextDouble(-7, 2.5));
            double exact = LatLonBox.sphereArea(south, south + height, width);
            assertEquals(exact, area.of(south, south + height, width), Math.abs(exact) * 1e-12 + 4.1e13 * Math.toRadians(width) * 1e-15,
                    () -> "reference " + reference + ", south " + south + ", height " + height);
        }
    }
}
