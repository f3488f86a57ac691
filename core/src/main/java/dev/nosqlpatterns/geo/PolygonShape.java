package dev.nosqlpatterns.geo;

import java.util.ArrayList;
import java.util.List;

/**
 * A {@link LatLonPolygon} as a cover shape on the geohash grid, and its exact point test. A cell is outside
 * when no ring meets it and its centre is outside, inside when no ring meets it and its centre is inside, and
 * partial otherwise; rings are tested at their longitudes and 360° either side, so cells across the
 * antimeridian are seen.
 */
final class PolygonShape implements CoverBuilder.Shape {
    private final Ring outer;
    private final List<Ring> holes;
    private final double weight;

    PolygonShape(LatLonPolygon polygon) {
        List<String> problems = new ArrayList<>();
        this.outer = Ring.of("the outer ring", polygon.outer(), problems);
        List<Ring> inner = new ArrayList<>();
        for (List<LatLon> hole : polygon.holes()) {
            inner.add(Ring.of("a hole", hole, problems));
        }
        this.holes = List.copyOf(inner);
        double area = outer.area();
        for (Ring h : holes) {
            area -= h.area();
        }
        this.weight = Math.max(area, 1e-6);
    }

    /** True when the point is inside the outer ring and not strictly inside a hole. */
    boolean contains(double lat, double lon) {
        if (outer.locate(lat, lon) < 0) {
            return false;
        }
        for (Ring h : holes) {
            if (h.locate(lat, lon) > 0) {
                return false;
            }
        }
        return true;
    }

    /** The point results are ordered from: the pole a polar ring encloses, else the middle of the outer ring's span. */
    LatLon centre() {
        if (outer.pole != 0) {
            return LatLon.of(outer.pole, 0);
        }
        return LatLon.of((outer.minY + outer.maxY) / 2, Ring.normal((outer.minX + outer.maxX) / 2));
    }

    /** The smallest box holding the polygon, for searches that can only read boxes. */
    LatLonBox bounds() {
        if (outer.pole != 0 || outer.maxX - outer.minX >= 360) {
            return outer.pole > 0 ? LatLonBox.of(outer.minY, -180, 90, 180) : LatLonBox.of(-90, -180, outer.maxY, 180);
        }
        return LatLonBox.of(outer.minY, Ring.normal(outer.minX), outer.maxY, Ring.normal(outer.maxX));
    }

    @Override
    public int relate(long x0, long x1, long y0, long y1) {
        double s = Axis.LATITUDE.bound(y0);
        double n = Axis.LATITUDE.bound(y1 + 1);
        double w = Axis.LONGITUDE.bound(x0);
        double e = Axis.LONGITUDE.bound(x1 + 1);
        if (outer.crosses(w, e, s, n)) {
            return PARTIAL;
        }
        for (Ring h : holes) {
            if (h.crosses(w, e, s, n)) {
                return PARTIAL;
            }
        }
        return contains((s + n) / 2, (w + e) / 2) ? INSIDE : OUTSIDE;
    }

    @Override
    public double weight(long x0, long x1, long y0, long y1) {
        return LatLonBox.sphereArea(Axis.LATITUDE.bound(y0), Axis.LATITUDE.bound(y1 + 1),
                Axis.LONGITUDE.bound(x1 + 1) - Axis.LONGITUDE.bound(x0));
    }

    @Override
    public double weight() {
        return weight;
    }
}
