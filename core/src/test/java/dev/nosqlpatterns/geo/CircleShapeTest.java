package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The circle's relation by bounds without trigonometry never contradicts the exact distances: a cell it
 * calls outside holds no point of the circle, one it calls inside lies within it, one it calls partial
 * is neither; over random circles (tiny to half the Earth, at the poles and the antimeridian) and cells
 * of every size around them.
 */
class CircleShapeTest {
    @Test
    void boundsAgreeWithExactDistances() {
        SplittableRandom random = new SplittableRandom(17);
        int decided = 0;
        for (int c = 0; c < 2_000; c++) {
            double lat = c % 10 == 0 ? (random.nextBoolean() ? 90 : -90) * random.nextDouble(0.99, 1) : random.nextDouble(-90, 90);
            double lon = c % 7 == 0 ? (random.nextBoolean() ? 180 : -180) : random.nextDouble(-180, 180);
            double radius = Math.pow(10, random.nextDouble(-1, 7.3));
            CircleShape shape = new CircleShape(Circle.of(lat, lon, radius));
            for (int k = 0; k < 200; k++) {
                int bits = random.nextInt(1, 61);
                long code = GeoHash.encode(clamp(lat + random.nextDouble(-3, 3) * Math.toDegrees(radius / 6.371e6), 90),
                        wrap(lon + random.nextDouble(-3, 3) * Math.toDegrees(radius / 6.371e6)));
                GeoCell cell = GeoCell.containing(code, bits);
                LatLonBox b = cell.bounds();
                int fast = shape.bounded(b.south(), b.west(), b.north(), b.east());
                if (fast < 0) {
                    continue;
                }
                decided++;
                int exact = shape.exactly(b.south(), b.west(), b.north(), b.east());
                if (fast == CoverBuilder.Shape.PARTIAL) {
                    assertEquals(CoverBuilder.Shape.PARTIAL, exact, () -> shape + " " + cell);
                } else {
                    assertEquals(exact, fast, () -> "circle (" + lat + ", " + lon + ") r " + radius + ", cell " + b);
                }
            }
        }
        assertTrue(decided > 200_000, "cells the bounds decided: " + decided);
    }

    @Test
    void enclosingBoxHoldsEveryPointOfTheCircle() {
        SplittableRandom random = new SplittableRandom(29);
        int boxes = 0;
        for (int c = 0; c < 2_000; c++) {
            double lat = random.nextDouble(-89.9, 89.9);
            double lon = c % 5 == 0 ? (random.nextBoolean() ? 180 : -180) * random.nextDouble(0.999, 1) : random.nextDouble(-180, 180);
            double radius = Math.pow(10, random.nextDouble(-1, 6.5));
            CircleShape shape = new CircleShape(Circle.of(lat, lon, radius));
            long[] box = shape.enclosingBox();
            if (box == null) {
                continue;
            }
            boxes++;
            double phi = Math.toRadians(lat);
            double delta = radius / LatLon.EARTH_RADIUS_METERS * (1 - 1e-9);
            for (int k = 0; k < 100; k++) {
                // a point on the circle (just inside), by bearing, or anywhere inside it
                double d = k % 2 == 0 ? delta : delta * Math.sqrt(random.nextDouble());
                double bearing = random.nextDouble(0, 2 * Math.PI);
                double lat2 = Math.asin(Math.sin(phi) * Math.cos(d) + Math.cos(phi) * Math.sin(d) * Math.cos(bearing));
                double lon2 = Math.toRadians(lon) + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(phi),
                        Math.cos(d) - Math.sin(phi) * Math.sin(lat2));
                long code = GeoHash.encode(Math.toDegrees(lat2), wrap(Math.toDegrees(lon2)));
                long x = Morton.x(code) & 0xFFFFFFFFL;
                long y = Morton.y(code) & 0xFFFFFFFFL;
                String where = "circle (" + lat + ", " + lon + ") r " + radius + ", point " + Math.toDegrees(lat2)
                        + ", " + Math.toDegrees(lon2);
                assertTrue(x >= box[0] && x <= box[1] && y >= box[2] && y <= box[3], where);
            }
        }
        assertTrue(boxes > 1_000, "circles with a box: " + boxes);
    }

    private static double clamp(double v, double limit) {
        return Math.max(-limit, Math.min(limit, v));
    }

    private static double wrap(double lon) {
        double w = ((lon + 180) % 360 + 360) % 360 - 180;
        return w == -180 && lon > 0 ? 180 : w;
    }
}
