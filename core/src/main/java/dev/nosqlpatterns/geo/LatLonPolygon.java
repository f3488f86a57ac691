package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.LatLon;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A polygon to search in: an outer ring and optional holes, each a closed ring of {@link LatLon}
 * vertices (the first repeated at the end). Immutable; {@link #of} checks every ring at once and names
 * each bad value: open rings, fewer than 3 distinct points, edges that cross or touch (within a ring or
 * between rings), holes outside the outer ring or inside another hole, edges spanning exactly 180
 * degrees of longitude, and more than {@value #MAX_VERTICES} vertices.
 *
 * <p><b>Semantics.</b> Edges are straight lines on the longitude-latitude plane (the plate carrée
 * map), each going the shorter way round in longitude, so a polygon may cross the antimeridian. Points
 * on an edge are inside, up to rounding, and -180 and 180 name one meridian. An outer ring whose edges
 * go once all the way round in longitude encloses a pole: of the two regions it bounds, the smaller
 * (on the sphere), so a ring around latitude 80 encloses the north pole. Holes may not enclose a pole.
 *
 * <p><b>Against great-circle edges</b> (as MongoDB and S2 draw them): an edge is a map line, not the
 * shortest path. They agree on meridians and the equator; elsewhere the great circle bows towards the
 * pole by about {@code L² tan(latitude) / (8 R)} for an edge of length {@code L} along a parallel: 2 m
 * for a 10 km edge at latitude 45, 200 m for 100 km, 20 km for 1000 km. Add vertices where that
 * matters. Within these semantics, {@link #contains} is exact: the geo index returns exactly the points
 * it says are inside, on every strategy.
 */
public final class LatLonPolygon {
    /** The most vertices, over all rings, one polygon may have. */
    public static final int MAX_VERTICES = 4096;

    private final List<LatLon> outer;
    private final List<List<LatLon>> holes;
    private final PlanarRing outerRing;
    private final List<PlanarRing> holeRings;
    /** 90 or -90 when the outer ring encloses that pole, else 0. */
    private final double pole;
    private final LatLon centre;
    private final LatLonBox bounds;
    private final double area;

    private LatLonPolygon(List<LatLon> outer, List<List<LatLon>> holes, PolygonRings.Checked checked) {
        this.outer = outer;
        this.holes = holes;
        this.outerRing = checked.outer();
        this.holeRings = checked.holes();
        this.pole = checked.pole();
        double a = Math.abs(outerRing.sinIntegral());
        for (PlanarRing h : holeRings) {
            a -= Math.abs(h.sinIntegral());
        }
        this.area = Math.max(0, a) * LatLon.EARTH_RADIUS_METERS * LatLon.EARTH_RADIUS_METERS;
        this.centre = pole != 0 ? new LatLon(pole, 0) : PolygonRings.centroid(outerRing);
        this.bounds = bounds(outerRing, pole);
    }

    /** A polygon without holes; see the class comment for what is refused. */
    public static LatLonPolygon of(List<LatLon> outer) {
        return of(outer, List.of());
    }

    /**
     * A polygon with holes, every ring closed (first vertex repeated at the end).
     *
     * @throws IllegalArgumentException naming every bad ring and value, when any is bad
     */
    public static LatLonPolygon of(List<LatLon> outer, List<List<LatLon>> holes) {
        Objects.requireNonNull(holes, "holes must not be null (use an empty list)");
        List<List<LatLon>> rings = new ArrayList<>(1 + holes.size());
        rings.add(outer);
        rings.addAll(holes);
        return ofRings(rings);
    }

    /** A polygon from its rings, the outer first, then the holes. */
    public static LatLonPolygon ofRings(List<List<LatLon>> rings) {
        Objects.requireNonNull(rings, "rings must not be null");
        List<String> problems = new ArrayList<>();
        PolygonRings.Checked checked = PolygonRings.check(rings, problems);
        GeoChecks.report(() -> "polygon", problems);
        List<List<LatLon>> holes = new ArrayList<>();
        for (int i = 1; i < rings.size(); i++) {
            holes.add(List.copyOf(rings.get(i)));
        }
        return new LatLonPolygon(List.copyOf(rings.get(0)), List.copyOf(holes), checked);
    }

    /** The outer ring as given, closed. */
    public List<LatLon> outer() {
        return outer;
    }

    /** The holes as given, each closed. */
    public List<List<LatLon>> holes() {
        return holes;
    }

    /** Every ring, the outer first. */
    public List<List<LatLon>> rings() {
        List<List<LatLon>> all = new ArrayList<>(1 + holes.size());
        all.add(outer);
        all.addAll(holes);
        return List.copyOf(all);
    }

    /** The pole the outer ring winds around, if any. */
    public Optional<LatLon> enclosedPole() {
        return pole == 0 ? Optional.empty() : Optional.of(new LatLon(pole, 0));
    }

    /**
     * The point searches rank by (nearest first): the enclosed pole, or else the centroid of the outer
     * ring drawn on the longitude-latitude plane (holes ignored), which may lie outside a concave polygon.
     */
    public LatLon centre() {
        return centre;
    }

    /** The smallest latitude-longitude box holding the polygon (west > east across the antimeridian). */
    public LatLonBox bounds() {
        return bounds;
    }

    /** The area on the sphere of {@link LatLon#EARTH_RADIUS_METERS}, holes taken out, in square metres. */
    public double areaSquareMeters() {
        return area;
    }

    /** True when the point lies inside or on an edge, and in no hole; coordinates are checked. */
    public boolean contains(double latitude, double longitude) {
        GeoChecks.latitude("latitude", latitude);
        GeoChecks.longitude("longitude", longitude);
        return containsUnchecked(latitude, longitude);
    }

    public boolean contains(LatLon point) {
        return containsUnchecked(point.latitude(), point.longitude());
    }

    boolean containsUnchecked(double latitude, double longitude) {
        if (latitude < outerRing.minY || latitude > outerRing.maxY) {
            return false;
        }
        long first = (long) Math.ceil((outerRing.minX - longitude) / 360.0);
        long last = (long) Math.floor((outerRing.maxX - longitude) / 360.0);
        for (long k = first; k <= last; k++) {
            if (insidePlanar(longitude + 360.0 * k, latitude)) {
                return true;
            }
        }
        return false;
    }

    /** Inside on the plane: in the outer ring (edges included) and strictly in no hole. */
    boolean insidePlanar(double x, double y) {
        if (outerRing.locate(x, y) < 0) {
            return false;
        }
        for (PlanarRing h : holeRings) {
            if (h.locate(x, y) > 0) {
                return false;
            }
        }
        return true;
    }

    /** True when an edge of some ring meets the closed rectangle of the plane. */
    boolean edgeMeets(double x0, double x1, double y0, double y1) {
        if (outerRing.crosses(x0, x1, y0, y1)) {
            return true;
        }
        for (PlanarRing h : holeRings) {
            if (h.crosses(x0, x1, y0, y1)) {
                return true;
            }
        }
        return false;
    }

    PlanarRing outerRing() {
        return outerRing;
    }

    private static LatLonBox bounds(PlanarRing ring, double pole) {
        if (pole != 0 || ring.maxX - ring.minX >= 360) {
            return new LatLonBox(ring.minY, -180, ring.maxY, 180);
        }
        double west = ring.minX - 360 * Math.floor((ring.minX + 180) / 360);
        double east = ring.maxX - 360 * Math.ceil((ring.maxX - 180) / 360);
        return new LatLonBox(ring.minY, west, ring.maxY, east);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LatLonPolygon p && p.outer.equals(outer) && p.holes.equals(holes);
    }

    @Override
    public int hashCode() {
        return outer.hashCode() * 31 + holes.hashCode();
    }

    @Override
    public String toString() {
        return "LatLonPolygon" + outer + (holes.isEmpty() ? "" : " holes " + holes);
    }
}
