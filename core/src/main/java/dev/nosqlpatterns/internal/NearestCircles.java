package dev.nosqlpatterns.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The circles a k-nearest search widens through, for the geohash cells and for a store's own radius search
 * alike: the first as wide as the density near earlier searches says {@code k} points need (1 km before any),
 * each next one as wide as the density found so far suggests, until one holds {@code k} points or is the
 * whole sphere. Densities are remembered per key (an index, a geo set), at most {@value #KEYS} keys.
 */
public final class NearestCircles {
    /** The radius of the first circle when no density is known, in metres. */
    static final double FIRST_RADIUS = 1_000;
    /** Below this radius (1 m) a first circle is not made narrower, whatever the density. */
    static final double NARROWEST = 1;
    /** Most keys whose density is remembered; beyond, the memory starts again. */
    static final int KEYS = 10_000;

    private final double whole;
    private final Map<String, Double> densities = new ConcurrentHashMap<>();

    /** Circles up to {@code wholeSphereMeters}, the radius at which a circle holds the whole sphere. */
    public NearestCircles(double wholeSphereMeters) {
        if (!(wholeSphereMeters > FIRST_RADIUS)) {
            throw new IllegalArgumentException("the whole sphere's radius must exceed " + FIRST_RADIUS + " m, got "
                    + wholeSphereMeters);
        }
        this.whole = wholeSphereMeters;
    }

    /** The radius at which a circle holds the whole sphere: a search that reaches it ends. */
    public double whole() {
        return whole;
    }

    /**
     * The first radius of a search of {@code key} for {@code k} points: the circle that holds {@code k} at the
     * density the last search of {@code key} that found its points saw, with a quarter of the radius to spare.
     */
    public double first(String key, int k) {
        Double density = densities.get(key);
        if (density == null) {
            return FIRST_RADIUS;
        }
        double radius = 1.25 * Math.sqrt(k / (Math.PI * density));
        return Math.min(whole, Math.max(NARROWEST, radius));
    }

    /**
     * The next radius after {@code radius} held {@code found} of the {@code k} points wanted: as if the
     * density so far went on (area growing with the square of the radius), with a quarter to spare, but at
     * least 1.5 and at most 8 times wider; 8 times when nothing was found; never past the whole sphere.
     */
    public double next(double radius, int found, int k) {
        double factor = found == 0 ? 8 : Math.max(1.5, Math.min(8, 1.25 * Math.sqrt((double) k / found)));
        return Math.min(whole, radius * factor);
    }

    /** Forgets the density of {@code key}, whose points are gone: its next search starts from 1 km again. */
    public void forget(String key) {
        densities.remove(key);
    }

    /** Remembers for {@code key} the density of {@code k} points found within {@code kthDistance} metres. */
    public void found(String key, int k, double kthDistance) {
        double radius = Math.max(NARROWEST, kthDistance);
        if (densities.size() >= KEYS) {
            densities.clear();
        }
        densities.put(key, k / (Math.PI * radius * radius));
    }
}
