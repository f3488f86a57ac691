package dev.nosqlpatterns.geo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.HashSet;
import java.util.Set;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * No point inside a shape is ever missed by its cover: brute force over more than 100,000 points, most
 * of them on or near the edge of random circles and boxes, with the centres, radii and edges that break
 * covers (poles, the antimeridian, (0, 0), cell edges, zero and half-the-Earth radii) mixed in.
 */
class CoverCompletenessTest {
    private static final int SHAPES = 4_000;
    private static final int POINTS_PER_SHAPE = 30;

    private final Random random = new Random(20240611L);
    private long checked;
    private long inside;

    @Test
    void noPointInsideACircleOrBoxIsMissed() {
        for (int i = 0; i < SHAPES; i++) {
            CoverOptions options = options();
            if (i % 2 == 0) {
                Circle circle = circle(i);
                checkCircle(circle, large(circle.areaSquareMeters(), options));
            } else {
                LatLonBox box = box(i);
                checkBox(box, large(box.areaSquareMeters(), options));
            }
        }
        assertTrue(checked >= 100_000, "points checked: " + checked);
        assertTrue(inside >= 50_000, "points inside their shape: " + inside);
    }

    private CoverOptions options() {
        int maxBits = random.nextInt(4) == 0 ? 20 + random.nextInt(45) : 60;
        int partitionBits = Math.min(maxBits, new int[] {0, 0, 5, 10, 15}[random.nextInt(5)]);
        return new CoverOptions(1 + random.nextInt(16), partitionBits, maxBits);
    }

    /** Shapes wider than 1000 km get at most 1024 partitions, to keep the test quick. */
    private static CoverOptions large(double area, CoverOptions options) {
        return area > 1e12 && options.partitionBits() > 10 ? options.withPartitionBits(10) : options;
    }

    private Circle circle(int i) {
        LatLon centre = switch (i % 14) {
            case 0 -> LatLon.of(0, 0);
            case 2 -> LatLon.of(90, lon());
            case 4 -> LatLon.of(-90, lon());
            case 6 -> LatLon.of(lat(), random.nextBoolean() ? 180 : -180);
            case 8 -> LatLon.of(random.nextBoolean() ? 89.9999 : -89.9999, lon());
            case 10 -> LatLon.of(edge(90), edge(180));
            default -> LatLon.of(lat(), lon());
        };
        double radius = switch (i % 22) {
            case 0 -> 0;
            case 2 -> 20_015_000 * random.nextDouble();
            case 4 -> Math.PI * LatLon.EARTH_RADIUS_METERS + random.nextDouble() * 1000;
            default -> 0.01 * Math.pow(10, random.nextDouble() * 9);
        };
        return new Circle(centre, radius);
    }

    private LatLonBox box(int i) {
        return switch (i % 15) {
            case 1 -> LatLonBox.of(-90, -180, 90, 180);
            case 3 -> {
                double s = lat();
                double w = lon();
                yield LatLonBox.of(s, w, s, w);
            }
            case 5 -> LatLonBox.of(lat() * 0.1, 170 + random.nextDouble() * 10, 10, -180 + random.nextDouble() * 10);
            case 7 -> LatLonBox.of(edge(90) * 0.5, -180, 89.5, edge(180) * 0.5 + 90);
            case 9 -> LatLonBox.of(80 + random.nextDouble() * 10, lon() - 1e-6, 90, 180);
            case 11 -> {
                double s = edge(90);
                double w = edge(180);
                yield LatLonBox.of(s, w, Math.min(90, s + 1e-7), Math.min(180, w + 1e-7));
            }
            default -> {
                double a = lat();
                double b = Math.max(-90, Math.min(90, a + (random.nextDouble() - 0.3) * Math.pow(10, random.nextInt(5) - 3)));
                double w = lon();
                double e = w + random.nextDouble() * Math.pow(10, random.nextInt(5) - 2);
                yield LatLonBox.of(Math.min(a, b), w, Math.max(a, b), e > 180 ? e - 360 : e);
            }
        };
    }

    private void checkCircle(Circle circle, CoverOptions options) {
        GeoCover cover = GeoCover.of(circle, options);
        checkShape(cover, options, circle.toString());
        double angle = Math.min(Math.PI, circle.radiusMeters() / LatLon.EARTH_RADIUS_METERS);
        for (int p = 0; p < POINTS_PER_SHAPE; p++) {
            double fraction = switch (p % 3) {
                case 0 -> 1.0;
                case 1 -> 1.0 - 1e-9 * random.nextDouble();
                default -> random.nextDouble() * 1.02;
            };
            LatLon point = destination(circle.centre(), random.nextDouble() * 2 * Math.PI, angle * fraction);
            if (p == 0) {
                point = circle.centre();
            }
            check(cover, circle.contains(point), point, circle.toString());
        }
    }

    private void checkBox(LatLonBox box, CoverOptions options) {
        GeoCover cover = GeoCover.of(box, options);
        checkShape(cover, options, box.toString());
        for (int p = 0; p < POINTS_PER_SHAPE; p++) {
            double lat = switch (p % 4) {
                case 0 -> box.south();
                case 1 -> box.north();
                default -> box.south() + (box.north() - box.south()) * random.nextDouble();
            };
            double lon = switch (p % 5) {
                case 0 -> box.west();
                case 1 -> box.east();
                default -> box.west() + box.widthDegrees() * random.nextDouble();
            };
            if (lon > 180) {
                lon -= 360;
            }
            if (p % 7 == 0 && Math.abs(lon) == 180) {
                lon = -lon;
            }
            if (p % 11 == 0) {
                lat = Math.max(-90, Math.min(90, lat + (random.nextDouble() - 0.5) * 1e-6));
            }
            LatLon point = LatLon.of(lat, lon);
            check(cover, box.contains(point), point, box.toString());
        }
    }

    private void check(GeoCover cover, boolean contained, LatLon point, String shape) {
        checked++;
        if (contained) {
            inside++;
            assertTrue(cover.contains(point.latitude(), point.longitude()),
                    () -> "the cover of " + shape + " misses " + point + ": " + cover.ranges());
        }
    }

    /** Ranges are ascending, disjoint, whole cells at the precision, one partition each, and few. */
    private static void checkShape(GeoCover cover, CoverOptions options, String shape) {
        Set<Long> partitions = new HashSet<>();
        long previousLast = 0;
        for (int i = 0; i < cover.ranges().size(); i++) {
            CodeRange r = cover.ranges().get(i);
            if (i > 0) {
                assertTrue(Long.compareUnsigned(r.first(), previousLast) > 0, shape);
            }
            previousLast = r.last();
            long low = Morton.lowMask(options.maxBits());
            assertEquals(0, r.first() & low, shape);
            assertEquals(low, r.last() & low, shape);
            long partition = CoverBuilder.partition(r.first(), options.partitionBits());
            assertEquals(partition, CoverBuilder.partition(r.last(), options.partitionBits()), shape);
            partitions.add(partition);
        }
        assertTrue(cover.ranges().size() <= Math.max(options.maxRanges(), partitions.size()),
                () -> shape + ": " + cover.ranges().size() + " ranges for " + options);
    }

    private double lat() {
        return Math.toDegrees(Math.asin(2 * random.nextDouble() - 1));
    }

    private double lon() {
        return 360 * random.nextDouble() - 180;
    }

    /** A cell edge at a random level, or a double next to one. */
    private double edge(double half) {
        int level = 1 + random.nextInt(30);
        double v = -half + 2 * half * random.nextInt((1 << Math.min(level, 30)) + 1) / (double) (1 << Math.min(level, 30));
        return switch (random.nextInt(3)) {
            case 0 -> Math.max(-half, Math.nextDown(v));
            case 1 -> Math.min(half, Math.nextUp(v));
            default -> v;
        };
    }

    /** The point {@code angle} radians from {@code from} along the initial bearing {@code bearing}. */
    static LatLon destination(LatLon from, double bearing, double angle) {
        double phi = Math.toRadians(from.latitude());
        double lambda = Math.toRadians(from.longitude());
        double sinPhi2 = Math.sin(phi) * Math.cos(angle) + Math.cos(phi) * Math.sin(angle) * Math.cos(bearing);
        double phi2 = Math.asin(Math.max(-1, Math.min(1, sinPhi2)));
        double lambda2 = lambda + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(phi),
                Math.cos(angle) - Math.sin(phi) * sinPhi2);
        double lon = Math.toDegrees(lambda2);
        lon = ((lon + 180) % 360 + 360) % 360 - 180;
        return LatLon.of(Math.max(-90, Math.min(90, Math.toDegrees(phi2))), Math.max(-180, Math.min(180, lon)));
    }
}
