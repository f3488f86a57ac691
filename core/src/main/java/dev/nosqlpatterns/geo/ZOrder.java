package dev.nosqlpatterns.geo;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A Morton (Z-order) code for any two bounded numeric dimensions, such as price and rating: each
 * dimension is cut into 2^32 equal steps and the step numbers are interleaved ({@link Morton}), x first.
 *
 * <p>Why: dimensionality reduction is not only for maps. Items keyed by {@link #toKey} sort so that a
 * rectangle of (x, y) values becomes a few key ranges ({@link #cover}), each one range query, instead of
 * a scan filtered on both values. A value on a step edge belongs to the step above it; the maximum
 * belongs to the last step. Immutable and thread-safe.
 */
public final class ZOrder {
    private final Axis x;
    private final Axis y;

    private ZOrder(Axis x, Axis y) {
        this.x = x;
        this.y = y;
    }

    /**
     * The code over {@code xMin..xMax} by {@code yMin..yMax}. Each range must be finite and wide enough
     * that its 2^32 steps are distinct doubles.
     */
    public static ZOrder of(double xMin, double xMax, double yMin, double yMax) {
        var problems = GeoChecks.problems();
        checkAxis(problems, "x", xMin, xMax);
        checkAxis(problems, "y", yMin, yMax);
        GeoChecks.report(() -> "Z-order over x [" + xMin + ", " + xMax + "] and y [" + yMin + ", " + yMax + "]", problems);
        return new ZOrder(new Axis(xMin, xMax), new Axis(yMin, yMax));
    }

    private static void checkAxis(List<String> problems, String name, double min, double max) {
        if (!Double.isFinite(min) || !Double.isFinite(max) || !Double.isFinite(max - min)) {
            problems.add(name + " bounds must be finite, got [" + min + ", " + max + "]");
        } else if (!(min < max)) {
            problems.add(name + " minimum " + min + " must be below its maximum " + max);
        } else if ((max - min) * 0x1p-32 < Math.ulp(Math.max(Math.abs(min), Math.abs(max)))) {
            problems.add(name + " range [" + min + ", " + max + "] is too narrow for 2^32 distinct steps at its"
                    + " magnitude; shift it towards 0");
        }
    }

    public double xMin() {
        return x.min;
    }

    public double xMax() {
        return x.max;
    }

    public double yMin() {
        return y.min;
    }

    public double yMax() {
        return y.max;
    }

    /** The 64-bit code of a point inside the bounds. */
    public long encode(double xValue, double yValue) {
        var problems = GeoChecks.problems();
        within(problems, "x", xValue, x);
        within(problems, "y", yValue, y);
        GeoChecks.report(() -> "point (" + xValue + ", " + yValue + ")", problems);
        return Morton.interleave((int) x.quantize(xValue), (int) y.quantize(yValue));
    }

    private static void within(List<String> problems, String name, double value, Axis axis) {
        if (!(value >= axis.min && value <= axis.max)) {
            problems.add(name + " must be a number from " + axis.min + " to " + axis.max + ", got " + value);
        }
    }

    /** The bounds of the cell of {@code bits} leading bits (0 to 64) that holds {@code code}. */
    public Rect cell(long code, int bits) {
        GeoChecks.range("cell bits", bits, 0, 64);
        long first = bits == 0 ? 0 : (code >>> (64 - bits)) << (64 - bits);
        long last = first | Morton.lowMask(bits);
        return new Rect(x.bound(Morton.x(first) & 0xFFFFFFFFL), x.bound((Morton.x(last) & 0xFFFFFFFFL) + 1),
                y.bound(Morton.y(first) & 0xFFFFFFFFL), y.bound((Morton.y(last) & 0xFFFFFFFFL) + 1));
    }

    /**
     * At most {@code options.maxRanges()} code ranges (more only when partitions force it) holding the
     * code of every point of {@code query}; the query is clipped to the bounds.
     */
    public List<CodeRange> cover(Rect query, CoverOptions options) {
        Objects.requireNonNull(query, "query rectangle must not be null");
        Objects.requireNonNull(options, "cover options must not be null");
        if (query.xHigh() < x.min || query.xLow() > x.max || query.yHigh() < y.min || query.yLow() > y.max) {
            return List.of();
        }
        long x0 = x.quantize(Math.max(query.xLow(), x.min));
        long x1 = x.quantize(Math.min(query.xHigh(), x.max));
        long y0 = y.quantize(Math.max(query.yLow(), y.min));
        long y1 = y.quantize(Math.min(query.yHigh(), y.max));
        return CoverBuilder.cover(new StepRectangle(x0, x1, y0, y1), options);
    }

    /** A cover with at most {@code maxRanges} ranges, no partitions, full 64-bit precision. */
    public List<CodeRange> cover(Rect query, int maxRanges) {
        return cover(query, new CoverOptions(maxRanges, 0, 64));
    }

    /** The code as 16 lower-case hex digits, whose string order is the codes' unsigned order. */
    public static String toKey(long code) {
        String hex = Long.toHexString(code);
        return "0".repeat(16 - hex.length()) + hex;
    }

    /** The code of a {@link #toKey} string. */
    public static long fromKey(String key) {
        Objects.requireNonNull(key, "key must not be null");
        if (key.length() != 16 || !key.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            throw new IllegalArgumentException("a Z-order key is 16 lower-case hex digits, got '" + key + "'");
        }
        return Long.parseUnsignedLong(key, 16);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ZOrder z && x.min == z.x.min && x.max == z.x.max && y.min == z.y.min && y.max == z.y.max;
    }

    @Override
    public int hashCode() {
        return Objects.hash(x.min, x.max, y.min, y.max);
    }

    @Override
    public String toString() {
        return "ZOrder[x " + x.min + ".." + x.max + ", y " + y.min + ".." + y.max + "]";
    }

    /**
     * A rectangle of (x, y) values, edges included.
     *
     * @param xLow  smallest x, at most {@code xHigh}
     * @param xHigh largest x
     * @param yLow  smallest y, at most {@code yHigh}
     * @param yHigh largest y
     */
    public record Rect(double xLow, double xHigh, double yLow, double yHigh) {
        /** Checks every bound at once. */
        public Rect {
            List<String> problems = new ArrayList<>();
            if (!Double.isFinite(xLow) || !Double.isFinite(xHigh) || !(xLow <= xHigh)) {
                problems.add("x bounds must be finite with low <= high, got [" + xLow + ", " + xHigh + "]");
            }
            if (!Double.isFinite(yLow) || !Double.isFinite(yHigh) || !(yLow <= yHigh)) {
                problems.add("y bounds must be finite with low <= high, got [" + yLow + ", " + yHigh + "]");
            }
            GeoChecks.report(() -> "rectangle", problems);
        }

        public boolean contains(double xValue, double yValue) {
            return xValue >= xLow && xValue <= xHigh && yValue >= yLow && yValue <= yHigh;
        }
    }

    /** A rectangle of whole steps, compared exactly by step number; weights count steps. */
    private record StepRectangle(long x0, long x1, long y0, long y1) implements CoverBuilder.Shape {
        @Override
        public int relate(long cx0, long cx1, long cy0, long cy1) {
            if (cx0 > x1 || cx1 < x0 || cy0 > y1 || cy1 < y0) {
                return OUTSIDE;
            }
            return cx0 >= x0 && cx1 <= x1 && cy0 >= y0 && cy1 <= y1 ? INSIDE : PARTIAL;
        }

        @Override
        public double weight(long cx0, long cx1, long cy0, long cy1) {
            return (double) (cx1 - cx0 + 1) * (double) (cy1 - cy0 + 1);
        }

        @Override
        public double weight() {
            return weight(x0, x1, y0, y1);
        }
    }
}
