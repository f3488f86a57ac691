package dev.nosqlpatterns.geo;

/**
 * The ring between two circles of one centre, as a cover shape: the cells a nearest search has not read
 * yet when it widens its circle. A cell is outside when the inner circle holds it whole (the cover of the
 * inner circle, read before, held every point of it) or the outer circle misses it; inside when the outer
 * circle holds it and the inner one misses it.
 */
final class AnnulusShape implements CoverBuilder.Shape {
    private final CircleShape outer;
    private final CircleShape inner;
    private final double weight;

    AnnulusShape(Circle outer, Circle inner) {
        this.outer = new CircleShape(outer);
        this.inner = new CircleShape(inner);
        this.weight = Math.max(outer.areaSquareMeters() - inner.areaSquareMeters(), outer.areaSquareMeters() * 1e-6);
    }

    @Override
    public int relate(long x0, long x1, long y0, long y1) {
        int o = outer.relate(x0, x1, y0, y1);
        if (o == OUTSIDE || inner.relate(x0, x1, y0, y1) == INSIDE) {
            return OUTSIDE;
        }
        return o == INSIDE && inner.relate(x0, x1, y0, y1) == OUTSIDE ? INSIDE : PARTIAL;
    }

    @Override
    public double weight(long x0, long x1, long y0, long y1) {
        return outer.weight(x0, x1, y0, y1);
    }

    @Override
    public double weight() {
        return weight;
    }

    /** The outer circle's box: the ring lies within it. */
    @Override
    public long[] enclosingBox() {
        return outer.enclosingBox();
    }
}
