package dev.nosqlpatterns.geo;

/**
 * A {@link LatLonPolygon} as a cover shape on the geohash grid: a cell is outside when no ring's edge
 * meets it (widened by a margin far above rounding) and its centre is outside, inside when no edge meets
 * it and its centre is inside, else partial. The polygon lives on the unwrapped longitude plane, so each
 * cell is tried at every shift of 360 degrees that reaches the polygon (across the antimeridian, and
 * around a pole).
 */
final class PolygonShape implements CoverBuilder.Shape {
    /** Degrees a cell is widened by before edges are tested against it. */
    private static final double MARGIN = 1e-9;

    private final LatLonPolygon polygon;
    private final PlanarRing outer;
    private final double weight;

    PolygonShape(LatLonPolygon polygon) {
        this.polygon = polygon;
        this.outer = polygon.outerRing();
        this.weight = polygon.areaSquareMeters();
    }

    @Override
    public int relate(long x0, long x1, long y0, long y1) {
        double south = Axis.LATITUDE.bound(y0) - MARGIN;
        double north = Axis.LATITUDE.bound(y1 + 1) + MARGIN;
        if (north < outer.minY || south > outer.maxY) {
            return OUTSIDE;
        }
        double west = Axis.LONGITUDE.bound(x0) - MARGIN;
        double east = Axis.LONGITUDE.bound(x1 + 1) + MARGIN;
        long first = (long) Math.floor((outer.minX - east) / 360.0);
        long last = (long) Math.ceil((outer.maxX - west) / 360.0);
        int relation = OUTSIDE;
        for (long k = first; k <= last; k++) {
            double w = west + 360.0 * k;
            double e = east + 360.0 * k;
            if (e < outer.minX || w > outer.maxX) {
                continue;
            }
            if (polygon.edgeMeets(w, e, south, north)) {
                relation = PARTIAL;
            } else if (polygon.insidePlanar((w + e) * 0.5, (south + north) * 0.5)) {
                return INSIDE;
            }
        }
        return relation;
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

    /**
     * The outer ring's bounding box, widened by the margin: every point of the polygon lies in it. None
     * for a ring across the antimeridian (its box reaches past 180) or closed through a pole: the cells
     * around those lie at both ends of the grid.
     */
    @Override
    public long[] enclosingBox() {
        double west = outer.minX - MARGIN;
        double east = outer.maxX + MARGIN;
        double south = outer.minY - MARGIN;
        double north = outer.maxY + MARGIN;
        if (west < -180.0 || east > 180.0 || south < -90.0 || north > 90.0) {
            return null;
        }
        return new long[] {Axis.LONGITUDE.quantize(west), Axis.LONGITUDE.quantize(east),
            Axis.LATITUDE.quantize(south), Axis.LATITUDE.quantize(north)};
    }
}
