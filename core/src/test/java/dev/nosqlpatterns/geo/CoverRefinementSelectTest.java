package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The selection that picks the range budget's gap threshold, against sorting, on both of its paths. */
class CoverRefinementSelectTest {
    @Test
    void theKthSmallestIsTheSortedArraysKthWithTiesAndForEverySize() {
        Random random = new Random(5);
        for (int n = 1; n <= 60; n++) {
            for (int trial = 0; trial < 40; trial++) {
                double[] values = new double[n + 3];
                for (int i = 0; i < n; i++) {
                    // few distinct values in half the trials: ties at the selected rank
                    values[i] = trial % 2 == 0 ? random.nextInt(4) : random.nextDouble() * 1e6;
                }
                double[] sorted = Arrays.copyOf(values, n);
                Arrays.sort(sorted);
                int k = random.nextInt(n);
                assertEquals(sorted[k], CoverRefinement.select(values.clone(), n, k),
                        "the " + k + "-th smallest of " + Arrays.toString(Arrays.copyOf(values, n)));
            }
        }
    }
}
