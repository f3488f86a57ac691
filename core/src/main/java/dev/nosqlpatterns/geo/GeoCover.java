package dev.nosqlpatterns.geo;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A few ranges of geohash codes that together hold every point of a circle, a box or a polygon: what a store
 * range-scans to find the points in the shape, before an exact filter drops those outside it.
 *
 * <p>Why: reading a centre cell and its 8 neighbours reads 4 to 6.5 times the points inside a circle.
 * A cover is built from cells of mixed sizes (large ones inside the shape, small ones along its edge),
 * joined into runs of consecutive codes, and then the cheapest gaps between runs are closed until at
 * most {@link CoverOptions#maxRanges()} remain; the result reads little more than the shape's own
 * area (see {@code CoverBuilder}). Covers are correct across the antimeridian, around the poles and at
 * (0, 0): every point the shape contains ({@link Circle#contains}, {@link LatLonBox#contains},
 * {@link LatLonPolygon#contains}) has its
 * 64-bit code in a range.
 *
 * <p>Cells are equal in degrees, so near a pole they are long and thin on the ground, and the cells
 * along a parallel lie far apart in code order. A circle there that spans tens of degrees of longitude
 * (within about a degree of a pole, or around it) then needs many ranges to be read tightly: with 8 it
 * reads hundreds to thousands of times its area. Still complete; ask for more ranges, or use a
 * store's native geo search, for polar data.
 *
 * @param ranges disjoint ranges in ascending (unsigned) order, each inside one partition; empty only
 *               when nothing could match
 */
public record GeoCover(List<CodeRange> ranges) {

    /** Copies the ranges. */
    public GeoCover {
        ranges = List.copyOf(ranges);
    }

    /** A cover of a circle with {@link CoverOptions#DEFAULT}. */
    public static GeoCover of(Circle circle) {
        return of(circle, CoverOptions.DEFAULT);
    }

    public static GeoCover of(Circle circle, CoverOptions options) {
        Objects.requireNonNull(circle, "circle must not be null");
        Objects.requireNonNull(options, "cover options must not be null");
        return new GeoCover(CoverBuilder.cover(new CircleShape(circle), options));
    }

    /** A cover of a box with {@link CoverOptions#DEFAULT}. */
    public static GeoCover of(LatLonBox box) {
        return of(box, CoverOptions.DEFAULT);
    }

    public static GeoCover of(LatLonBox box, CoverOptions options) {
        Objects.requireNonNull(box, "box must not be null");
        Objects.requireNonNull(options, "cover options must not be null");
        return new GeoCover(CoverBuilder.cover(new BoxShape(box), options));
    }

    /** A cover of a polygon with {@link CoverOptions#DEFAULT}. */
    public static GeoCover of(LatLonPolygon polygon) {
        return of(polygon, CoverOptions.DEFAULT);
    }

    public static GeoCover of(LatLonPolygon polygon, CoverOptions options) {
        Objects.requireNonNull(polygon, "polygon must not be null");
        Objects.requireNonNull(options, "cover options must not be null");
        return new GeoCover(CoverBuilder.cover(new PolygonShape(polygon), options));
    }

    /** True when a 64-bit geohash code lies in one of the ranges. */
    public boolean contains(long code) {
        int low = 0;
        int high = ranges.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            CodeRange r = ranges.get(mid);
            if (Long.compareUnsigned(code, r.first()) < 0) {
                high = mid - 1;
            } else if (Long.compareUnsigned(code, r.last()) > 0) {
                low = mid + 1;
            } else {
                return true;
            }
        }
        return false;
    }

    /** True when the point's geohash lies in one of the ranges. */
    public boolean contains(double latitude, double longitude) {
        return contains(GeoHash.encode(latitude, longitude));
    }

    /** The ranges cut into the fewest whole cells, in code order: the mixed precisions of the cover. */
    public List<GeoCell> cells() {
        List<GeoCell> out = new ArrayList<>();
        for (CodeRange r : ranges) {
            CoverBuilder.forEachCell(r.first(), r.last(), (first, bits) -> out.add(GeoCell.containing(first, bits)));
        }
        return out;
    }

    /** The area the ranges span on the sphere, in square metres: what a read of the cover scans. */
    public double areaSquareMeters() {
        double sum = 0;
        for (GeoCell cell : cells()) {
            LatLonBox b = cell.bounds();
            sum += LatLonBox.sphereArea(b.south(), b.north(), b.east() - b.west());
        }
        return sum;
    }
}
