package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The score ranges of a Redis geo set (a sorted set scored by 52-bit geohashes) that hold every point of
 * an area, so that ZRANGEBYSCORE over them finds the candidates that GEOSEARCH would, without its
 * shortcuts near the poles and the antimeridian.
 *
 * <p>Redis scores a point by interleaving 26 bits of latitude (linear over ±85.05112878, even bits) and
 * 26 of longitude (linear over ±180, odd bits). A cell of level {@code s} (s bits of each) is one
 * contiguous score range. The area's latitude and longitude bounds are covered by the cells of the
 * finest level that needs at most {@link #MAX_CELLS} of them, plus one cell on every side, so that
 * rounding in Redis's encoding cannot put a point beyond the ranges; ranges are then merged.
 */
final class GeoScoreRanges {
    static final double LATITUDE_RANGE = 85.05112878;
    private static final int BITS = 26;
    private static final int MAX_CELLS = 48;

    private GeoScoreRanges() {
    }

    /** A score range, {@code min} included, {@code max} excluded. */
    record Range(long min, long max) {
    }

    /**
     * Ranges holding every point with latitude in {@code [south, north]} and longitude in one of the
     * {@code [west, east]} intervals given as pairs (each with west &lt;= east); latitudes are clamped to
     * what Redis hashes.
     */
    static List<Range> cover(double south, double north, double... westEastPairs) {
        double s = Math.max(-LATITUDE_RANGE, south);
        double n = Math.min(LATITUDE_RANGE, north);
        if (s > n) {
            return List.of();
        }
        for (int level = BITS; level >= 1; level--) {
            long size = 1L << level;
            long i0 = Math.max(0, latIndex(s, level) - 1);
            long i1 = Math.min(size - 1, latIndex(n, level) + 1);
            TreeSet<Long> columns = new TreeSet<>();
            for (int k = 0; k + 1 < westEastPairs.length; k += 2) {
                long j0 = lonIndex(westEastPairs[k], level) - 1;
                long j1 = lonIndex(westEastPairs[k + 1], level) + 1;
                if (j1 - j0 + 1 >= size) {
                    j0 = 0;
                    j1 = size - 1;
                }
                for (long j = j0; j <= j1 && columns.size() <= MAX_CELLS; j++) {
                    columns.add(Math.floorMod(j, size));
                }
            }
            if (level > 1 && (i1 - i0 + 1) * columns.size() > MAX_CELLS) {
                continue;
            }
            List<Range> cells = new ArrayList<>();
            int shift = 2 * (BITS - level);
            for (long i = i0; i <= i1; i++) {
                for (long j : columns) {
                    long code = interleave(i, j);
                    cells.add(new Range(code << shift, (code + 1) << shift));
                }
            }
            return merged(cells);
        }
        throw new AssertionError("level 1 always fits");
    }

    private static long latIndex(double latitude, int level) {
        double offset = (latitude + LATITUDE_RANGE) / (2 * LATITUDE_RANGE);
        return Math.min((1L << level) - 1, Math.max(0, (long) Math.floor(offset * (1L << level))));
    }

    private static long lonIndex(double longitude, int level) {
        double offset = (longitude + 180) / 360;
        return Math.min((1L << level) - 1, Math.max(0, (long) Math.floor(offset * (1L << level))));
    }

    /** Latitude bits in the even positions, longitude bits in the odd ones, as Redis does. */
    private static long interleave(long lat, long lon) {
        long code = 0;
        for (int b = 0; b < BITS; b++) {
            code |= ((lat >>> b) & 1L) << (2 * b);
            code |= ((lon >>> b) & 1L) << (2 * b + 1);
        }
        return code;
    }

    private static List<Range> merged(List<Range> cells) {
        cells.sort((a, b) -> Long.compare(a.min(), b.min()));
        List<Range> out = new ArrayList<>();
        for (Range r : cells) {
            Range last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && r.min() <= last.max()) {
                out.set(out.size() - 1, new Range(last.min(), Math.max(last.max(), r.max())));
            } else {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * The latitude and longitude bounds of a circle of {@code radiusMeters} on the sphere of
     * {@link LatLon#EARTH_RADIUS_METERS}, slightly widened: {south, north, west, east, ...} with one or
     * two longitude intervals (split at the antimeridian), or all longitudes when the cap holds a pole.
     */
    static double[] circleBounds(double latitude, double longitude, double radiusMeters) {
        double angle = Math.toDegrees(radiusMeters / LatLon.EARTH_RADIUS_METERS) * (1 + 1e-9) + 1e-7;
        double south = latitude - angle;
        double north = latitude + angle;
        if (south <= -90 || north >= 90 || angle >= 90) {
            return new double[] {Math.max(-90, south), Math.min(90, north), -180, 180};
        }
        double sinHalfWidth = Math.sin(Math.toRadians(angle)) / Math.cos(Math.toRadians(latitude));
        if (sinHalfWidth >= 1) {
            return new double[] {south, north, -180, 180};
        }
        double half = Math.toDegrees(Math.asin(sinHalfWidth)) * (1 + 1e-9) + 1e-7;
        return withLongitudes(south, north, longitude - half, longitude + half);
    }

    /** Bounds {south, north, west, east, ...} with the longitude interval split at the antimeridian. */
    static double[] withLongitudes(double south, double north, double west, double east) {
        if (east - west >= 360) {
            return new double[] {south, north, -180, 180};
        }
        if (west < -180) {
            return new double[] {south, north, west + 360, 180, -180, east};
        }
        if (east > 180) {
            return new double[] {south, north, west, 180, -180, east - 360};
        }
        if (west > east) {
            return new double[] {south, north, west, 180, -180, east};
        }
        return new double[] {south, north, west, east};
    }
}
