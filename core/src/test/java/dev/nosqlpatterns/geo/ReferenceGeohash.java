package dev.nosqlpatterns.geo;

/**
 * The published geohash algorithm, one bit at a time, as the reference the fast codec must match bit
 * for bit: bisect longitude and latitude in turn, a value at or above the midpoint taking the upper half.
 */
final class ReferenceGeohash {
    static final String ALPHABET = "0123456789bcdefghjkmnpqrstuvwxyz";

    private ReferenceGeohash() {
    }

    static long bits(double latitude, double longitude, int bits) {
        double lonLow = -180;
        double lonHigh = 180;
        double latLow = -90;
        double latHigh = 90;
        long out = 0;
        for (int i = 0; i < bits; i++) {
            boolean upper;
            if (i % 2 == 0) {
                double mid = (lonLow + lonHigh) / 2;
                upper = longitude >= mid;
                if (upper) {
                    lonLow = mid;
                } else {
                    lonHigh = mid;
                }
            } else {
                double mid = (latLow + latHigh) / 2;
                upper = latitude >= mid;
                if (upper) {
                    latLow = mid;
                } else {
                    latHigh = mid;
                }
            }
            out = (out << 1) | (upper ? 1 : 0);
        }
        return out;
    }

    static String base32(double latitude, double longitude, int chars) {
        long bits = bits(latitude, longitude, 5 * chars);
        StringBuilder sb = new StringBuilder();
        for (int i = chars - 1; i >= 0; i--) {
            sb.append(ALPHABET.charAt((int) (bits >>> (5 * i)) & 31));
        }
        return sb.toString();
    }
}
