package dev.nosqlpatterns.geo;

import static dev.nosqlpatterns.geo.GeoHashTest.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ZOrderTest {
    private final ZOrder priceAndRating = ZOrder.of(0, 10_000, 0, 5);

    @Test
    void codesInterleaveTheStepsOfBothDimensions() {
        assertEquals(0L, priceAndRating.encode(0, 0));
        assertEquals(-1L, priceAndRating.encode(10_000, 5));
        assertEquals(0x8000000000000000L, priceAndRating.encode(5_000, 0));
        assertEquals(0x4000000000000000L, priceAndRating.encode(0, 2.5));
        ZOrder.Rect cell = priceAndRating.cell(priceAndRating.encode(1234.5, 3.7), 64);
        assertTrue(cell.contains(1234.5, 3.7), cell::toString);
        assertEquals(new ZOrder.Rect(0, 10_000, 0, 5), priceAndRating.cell(12345L, 0));
        assertEquals(new ZOrder.Rect(5_000, 10_000, 0, 5), priceAndRating.cell(-1L, 1));
    }

    @Test
    void keysSortLikeCodes() {
        assertEquals("0000000000000000", ZOrder.toKey(0));
        assertEquals("ffffffffffffffff", ZOrder.toKey(-1));
        assertEquals(0x8000000000000000L, ZOrder.fromKey("8000000000000000"));
        Random random = new Random(3);
        for (int i = 0; i < 1000; i++) {
            long a = random.nextLong();
            long b = random.nextLong();
            assertEquals(Integer.signum(Long.compareUnsigned(a, b)), Integer.signum(ZOrder.toKey(a).compareTo(ZOrder.toKey(b))));
            assertEquals(a, ZOrder.fromKey(ZOrder.toKey(a)));
        }
    }

    @Test
    void coversHoldEveryPointOfTheRectangle() {
        Random random = new Random(5);
        ZOrder z = ZOrder.of(-50, 150, 1e-3, 2e-3);
        long checked = 0;
        for (int i = 0; i < 500; i++) {
            double x0 = -60 + random.nextDouble() * 220;
            double y0 = 0.0009 + random.nextDouble() * 0.0012;
            ZOrder.Rect query = new ZOrder.Rect(x0, x0 + random.nextDouble() * Math.pow(10, random.nextInt(4) - 1),
                    y0, y0 + random.nextDouble() * Math.pow(10, -random.nextInt(8) - 3));
            int maxRanges = 1 + random.nextInt(10);
            List<CodeRange> cover = z.cover(query, maxRanges);
            assertTrue(cover.size() <= maxRanges);
            for (int p = 0; p < 40; p++) {
                double x = p % 4 == 0 ? query.xLow() : p % 4 == 1 ? query.xHigh()
                        : query.xLow() + random.nextDouble() * (query.xHigh() - query.xLow());
                double y = p % 3 == 0 ? query.yLow() : p % 3 == 1 ? query.yHigh()
                        : query.yLow() + random.nextDouble() * (query.yHigh() - query.yLow());
                if (x < z.xMin() || x > z.xMax() || y < z.yMin() || y > z.yMax()) {
                    continue;
                }
                long code = z.encode(x, y);
                checked++;
                assertTrue(cover.stream().anyMatch(r -> r.contains(code)),
                        () -> "cover of " + query + " misses (" + x + ", " + y + "): " + cover);
            }
        }
        assertTrue(checked > 10_000, "checked " + checked);
    }

    @Test
    void rejectsBadBoundsAndPoints() {
        rejects(() -> ZOrder.of(1, 1, 0, Double.NaN), "x minimum 1.0 must be below its maximum 1.0", "y bounds", "NaN");
        rejects(() -> ZOrder.of(1e20, 1e20 + 1e6, 0, 1), "too narrow");
        rejects(() -> priceAndRating.encode(-1, 6), "x must be a number from 0.0 to 10000.0, got -1.0",
                "y must be a number from 0.0 to 5.0, got 6.0");
        rejects(() -> priceAndRating.encode(Double.NaN, 1), "NaN");
        rejects(() -> new ZOrder.Rect(2, 1, 0, Double.POSITIVE_INFINITY), "x bounds", "y bounds");
        rejects(() -> priceAndRating.cell(0, 65), "65");
        rejects(() -> ZOrder.fromKey("123"), "16 lower-case hex digits");
        assertEquals(List.of(), priceAndRating.cover(new ZOrder.Rect(20_000, 30_000, 0, 1), 8));
    }
}
