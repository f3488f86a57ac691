package dev.nosqlpatterns.geo;

/**
 * A {@link LatLonBox} as a cover shape on the geohash grid. A box across the antimeridian is two
 * longitude intervals; an edge on -180 or 180 also touches the cells on the other side of it, since
 * both name one meridian. Every comparison is exact: cell edges are exact in binary.
 */
final class BoxShape implements CoverBuilder.Shape {
    private final double south;
    private final double north;
    private final double[] lows;
    private final double[] highs;
    private final double weight;
    private final CellArea area;

    BoxShape(LatLonBox box) {
        this.south = box.south();
        this.north = box.north();
        if (box.crossesAntimeridian()) {
            lows = new double[] {box.west(), -180.0};
            highs = new double[] {180.0, box.east()};
        } else {
            double extraLow = box.east() == 180.0 ? -180.0 : box.west() == -180.0 ? 180.0 : Double.NaN;
            lows = Double.isNaN(extraLow) ? new double[] {box.west()} : new double[] {box.west(), extraLow};
            highs = Double.isNaN(extraLow) ? new double[] {box.east()} : new double[] {box.east(), extraLow};
        }
        this.weight = box.areaSquareMeters();
        this.area = new CellArea((south + north) * 0.5);
    }

    @Override
    public int relate(long x0, long x1, long y0, long y1) {
        double s = Axis.latitude(y0);
        double n = Axis.latitude(y1 + 1);
        if (s > north || n < south) {
            return OUTSIDE;
        }
        double w = Axis.longitude(x0);
        double e = Axis.longitude(x1 + 1);
        int relation = OUTSIDE;
        for (int i = 0; i < lows.length; i++) {
            if (w <= highs[i] && e >= lows[i]) {
                if (w >= lows[i] && e <= highs[i] && s >= south && n <= north) {
                    return INSIDE;
                }
                relation = PARTIAL;
            }
        }
        return relation;
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
}
