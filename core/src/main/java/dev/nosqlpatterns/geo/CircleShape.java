package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.store.model.LatLon;

/**
 * A {@link Circle} as a cover shape on the geohash grid, with exact spherical distances from the centre
 * to a cell.
 *
 * <p>The distance from the centre to a point grows with the longitude difference for any fixed
 * latitude, so the nearest (farthest) point of a cell lies on its meridian edge nearest to (farthest
 * from) the centre's meridian, or on the centre's own meridian when the cell spans it. Along a meridian
 * the cosine of the distance is {@code C cos(lat - lat0)}, so its extremes lie at the edge's ends or at
 * {@code lat0} (nearest) and {@code lat0 + 180} (farthest). A cell is outside only when even its nearest
 * point is farther than the radius plus a margin far above rounding error.
 *
 * <p>Those exact distances take a dozen sines and cosines; most cells are decided without any: first by
 * the cap's latitude and longitude bounding box, then by bounds on the haversine of the distance
 * ({@link #bounded}); the exact distances decide only the few cells the bounds leave open.
 */
final class CircleShape implements CoverBuilder.Shape {
    /** Margin on the radius, in radians (about 0.6 mm), above any rounding error of the distances. */
    private static final double MARGIN = 1e-10;
    /** Radii this close to half the circumference cover the whole sphere. */
    private static final double WHOLE_SPHERE = Math.PI - 1e-4;
    /** Slack on the bounding box, in degrees, above the rounding error of its arcsine. */
    private static final double BOX_SLACK = 1e-9;
    /** 1/6 as a factor: a multiplication where a division would take several times as long. */
    private static final double SIXTH = 1.0 / 6;

    private final double lat;
    private final double lon;
    private final double phi;
    private final double sinPhi;
    private final double cosPhi;
    private final double angle;
    /** The haversine of the radius plus the margin: cells whose nearest point is above it are outside. */
    private final double outside;
    /** The haversine of the radius: cells whose farthest point is at most this are inside. */
    private final double inside;
    private final double absSinPhi;
    /** The cap's bounding box in degrees, a little wide; longitudes from lonLow to lonHigh may pass ±180. */
    private final double latLow;
    private final double latHigh;
    private final double lonLow;
    private final double lonHigh;
    private final boolean allLongitudes;
    private final boolean whole;
    private final double weight;
    private final CellArea area;

    CircleShape(Circle circle) {
        this.lat = circle.centre().latitude();
        this.lon = circle.centre().longitude();
        this.phi = Math.toRadians(lat);
        this.sinPhi = Math.sin(phi);
        this.cosPhi = Math.cos(phi);
        this.angle = circle.radiusMeters() / LatLon.EARTH_RADIUS_METERS;
        this.whole = angle + MARGIN >= WHOLE_SPHERE;
        this.outside = haversine(angle + MARGIN);
        this.inside = haversine(angle);
        this.weight = 4 * Math.PI * LatLon.EARTH_RADIUS_METERS * LatLon.EARTH_RADIUS_METERS * inside;
        this.absSinPhi = Math.abs(sinPhi);
        this.area = new CellArea(phi, sinPhi, cosPhi);
        double reach = Math.toDegrees(angle + MARGIN) + BOX_SLACK;
        this.latLow = lat - reach;
        this.latHigh = lat + reach;
        double sinAngle = Math.sin(Math.min(angle + MARGIN, Math.PI / 2));
        this.allLongitudes = latLow <= -90 || latHigh >= 90 || sinAngle >= cosPhi;
        double half = allLongitudes ? 180 : Math.toDegrees(Math.asin(sinAngle / cosPhi)) + BOX_SLACK;
        this.lonLow = lon - half;
        this.lonHigh = lon + half;
    }

    @Override
    public int relate(long x0, long x1, long y0, long y1) {
        if (whole) {
            return INSIDE;
        }
        double west = Axis.longitude(x0);
        double east = Axis.longitude(x1 + 1);
        double south = Axis.latitude(y0);
        double north = Axis.latitude(y1 + 1);
        if (north < latLow || south > latHigh || !allLongitudes && !overlapsLongitudes(west, east)) {
            return OUTSIDE;
        }
        if (south <= latLow && north >= latHigh
                && (allLongitudes ? west == -180.0 && east == 180.0 : holdsLongitudes(west, east))) {
            return PARTIAL;
        }
        int bounded = bounded(south, west, north, east);
        return bounded >= 0 ? bounded : exactly(south, west, north, east);
    }

    /** The relation by exact distances to the cell's nearest and farthest points. */
    int exactly(double south, double west, double north, double east) {
        if (nearest(south, west, north, east) > outside) {
            return OUTSIDE;
        }
        if (Math.toRadians(north - south) > 2 * angle) {
            return PARTIAL;
        }
        return farthest(south, west, north, east) <= inside ? INSIDE : PARTIAL;
    }

    @Override
    public double weight(long x0, long x1, long y0, long y1) {
        return area.of(Axis.latitude(y0), Axis.latitude(y1 + 1),
                Axis.longitude(x1 + 1) - Axis.longitude(x0));
    }

    @Override
    public double weight() {
        return weight;
    }

    @Override
    public long[] enclosingBox() {
        if (whole || allLongitudes || lonLow < -180.0 || lonHigh > 180.0) {
            return null;
        }
        return new long[] {Axis.LONGITUDE.quantize(lonLow), Axis.LONGITUDE.quantize(lonHigh),
            Axis.LATITUDE.quantize(latLow), Axis.LATITUDE.quantize(latHigh)};
    }

    /**
     * The relation when bounds without trigonometry decide it, else -1. The haversine of the distance to a
     * point is {@code hav(dLat) + cos(lat0) cos(lat) hav(dLon)}; bounding each term over the cell, with
     * {@code y - y^3/6 <= sin y <= y} and {@code |cos(lat) - cos(lat0)| <= |sin(lat0)| d + d^2/2} for a
     * latitude {@code d} away, bounds the nearest and farthest points of the cell from below and above.
     * The ends of the rounding error are far inside the radius's margin.
     */
    int bounded(double south, double west, double north, double east) {
        double s = Math.toRadians(south) - phi;
        double n = Math.toRadians(north) - phi;
        double nearLat = s > 0 ? s : n < 0 ? -n : 0;
        double farLat = Math.max(Math.abs(s), Math.abs(n));
        // the cell's longitudes less the centre's, shifted by 360 to meet or lie nearest to (-180, 180)
        double dw = west - lon;
        double de = east - lon;
        if (de < -180.0) {
            dw += 360.0;
            de += 360.0;
        } else if (dw > 180.0) {
            dw -= 360.0;
            de -= 360.0;
        }
        double nearLon = Math.toRadians(dw > 0 ? Math.min(dw, 360.0 - de) : de < 0 ? Math.min(-de, 360.0 + dw) : 0);
        double farLon = dw <= -180.0 || de >= 180.0 ? Math.PI : Math.toRadians(Math.max(-dw, de));
        double cosLow = Math.max(0, cosPhi - absSinPhi * farLat - farLat * farLat * 0.5);
        if (havLow(nearLat) + cosPhi * cosLow * havLow(nearLon) > outside) {
            return OUTSIDE;
        }
        double cosHigh = Math.min(1, cosPhi + absSinPhi * farLat);
        if (havHigh(farLat) + cosPhi * cosHigh * havHigh(farLon) <= inside) {
            return INSIDE;
        }
        double nearCosHigh = Math.min(1, cosPhi + absSinPhi * nearLat);
        boolean touches = havHigh(nearLat) + cosPhi * nearCosHigh * havHigh(nearLon) <= outside;
        boolean leaves = havLow(farLat) + cosPhi * cosLow * havLow(farLon) > inside;
        return touches && leaves ? PARTIAL : -1;
    }

    /** Whether the cell's longitudes meet the bounding box's, 360° apart or not. */
    private boolean overlapsLongitudes(double west, double east) {
        return (west <= lonHigh && east >= lonLow) || (west <= lonHigh - 360 && east >= lonLow - 360)
                || (west <= lonHigh + 360 && east >= lonLow + 360);
    }

    /** Whether the cell's longitudes hold all of the bounding box's, 360° apart or not. */
    private boolean holdsLongitudes(double west, double east) {
        return (west <= lonLow && east >= lonHigh) || (west <= lonLow - 360 && east >= lonHigh - 360)
                || (west <= lonLow + 360 && east >= lonHigh + 360);
    }

    /** A lower bound of {@code hav(x)} for x from 0 to pi. */
    private static double havLow(double x) {
        double y = x * 0.5;
        double s = y - y * y * y * SIXTH;
        return s * s;
    }

    /** An upper bound of {@code hav(x)}. */
    private static double havHigh(double x) {
        double y = x * 0.5;
        return y * y;
    }

    /** The haversine of the central angle from the centre to the nearest point of the cell. */
    private double nearest(double south, double west, double north, double east) {
        if (spans(lon, west, east)) {
            if (lat >= south && lat <= north) {
                return 0.0;
            }
            return haversine(Math.toRadians(lat > north ? lat - north : south - lat));
        }
        double offset = Math.toRadians(Math.min(lonOffset(lon, west), lonOffset(lon, east)));
        double cosOffset = Math.cos(offset);
        double h = haversine(offset);
        double best = Math.min(along(south, h), along(north, h));
        double lat0 = Math.toDegrees(Math.atan2(sinPhi, cosPhi * cosOffset));
        if (lat0 > south && lat0 < north) {
            best = Math.min(best, along(lat0, h));
        }
        return best;
    }

    /** The haversine of the central angle from the centre to the farthest point of the cell. */
    private double farthest(double south, double west, double north, double east) {
        double antipode = lon > 0 ? lon - 180.0 : lon + 180.0;
        double offset = Math.toRadians(spans(antipode, west, east) ? 180.0
                : Math.max(lonOffset(lon, west), lonOffset(lon, east)));
        double cosOffset = Math.cos(offset);
        double h = haversine(offset);
        double worst = Math.max(along(south, h), along(north, h));
        double lat0 = Math.toDegrees(Math.atan2(sinPhi, cosPhi * cosOffset));
        double far = lat0 > 0 ? lat0 - 180.0 : lat0 + 180.0;
        if (far > south && far < north) {
            worst = Math.max(worst, along(far, h));
        }
        return worst;
    }

    /**
     * The haversine of the central angle to the point at {@code latitude} whose longitude difference has
     * haversine {@code offsetHaversine}: the same sum whose arcsine is the central angle of
     * {@link LatLon#distanceMeters}.
     */
    private double along(double latitude, double offsetHaversine) {
        double p = Math.toRadians(latitude);
        double s = Math.sin((p - phi) * 0.5);
        return Math.min(1.0, s * s + cosPhi * Math.cos(p) * offsetHaversine);
    }

    /** sin^2(x / 2), increasing in x from 0 to pi. */
    private static double haversine(double x) {
        double s = Math.sin(Math.min(x, Math.PI) * 0.5);
        return s * s;
    }

    private static boolean spans(double longitude, double west, double east) {
        return (longitude >= west && longitude <= east)
                || (longitude + 360.0 >= west && longitude + 360.0 <= east)
                || (longitude - 360.0 >= west && longitude - 360.0 <= east);
    }

    /** The longitude difference in degrees, 0 to 180. */
    private static double lonOffset(double a, double b) {
        double d = Math.abs(a - b);
        return d > 180.0 ? 360.0 - d : d;
    }
}
