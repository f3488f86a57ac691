package dev.nosqlpatterns.geo;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** Argument checks shared by the geo types; each message names the argument and the bad value. */
final class GeoChecks {
    private GeoChecks() {
    }

    static double latitude(String what, double value) {
        if (!(value >= -90.0 && value <= 90.0)) {
            throw new IllegalArgumentException(what + " must be a finite number of degrees from -90 to 90, got "
                    + value);
        }
        return value;
    }

    static double longitude(String what, double value) {
        if (!(value >= -180.0 && value <= 180.0)) {
            throw new IllegalArgumentException(what + " must be a finite number of degrees from -180 to 180, got "
                    + value);
        }
        return value;
    }

    /** Collects a problem with a latitude, or none. */
    static void latitude(List<String> problems, String what, double value) {
        if (!(value >= -90.0 && value <= 90.0)) {
            problems.add(what + " must be a finite number of degrees from -90 to 90, got " + value);
        }
    }

    /** Collects a problem with a longitude, or none. */
    static void longitude(List<String> problems, String what, double value) {
        if (!(value >= -180.0 && value <= 180.0)) {
            problems.add(what + " must be a finite number of degrees from -180 to 180, got " + value);
        }
    }

    static double radius(double meters) {
        if (!(meters >= 0.0) || Double.isInfinite(meters)) {
            throw new IllegalArgumentException("radius must be a finite number of metres >= 0, got " + meters);
        }
        return meters;
    }

    static int range(String what, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(what + " must be from " + min + " to " + max + ", got " + value);
        }
        return value;
    }

    /**
     * Throws one exception listing every collected problem, if any. The subject is built only then: the
     * checks run for every point read and written, most often with nothing to report.
     */
    static void report(Supplier<String> subject, List<String> problems) {
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(subject.get() + ": " + String.join("; ", problems));
        }
    }

    static List<String> problems() {
        return new ArrayList<>(2);
    }
}
