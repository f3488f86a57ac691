package dev.nosqlpatterns.geo;

/**
 * The eight directions to the cells around a cell, with the step each takes in cell rows (north is
 * +1) and columns (east is +1).
 */
public enum Compass {
    NORTH(1, 0), NORTH_EAST(1, 1), EAST(0, 1), SOUTH_EAST(-1, 1),
    SOUTH(-1, 0), SOUTH_WEST(-1, -1), WEST(0, -1), NORTH_WEST(1, -1);

    private final int rows;
    private final int columns;

    Compass(int rows, int columns) {
        this.rows = rows;
        this.columns = columns;
    }

    /** Rows moved: +1 north, -1 south, 0 neither. */
    public int rows() {
        return rows;
    }

    /** Columns moved: +1 east, -1 west, 0 neither. */
    public int columns() {
        return columns;
    }
}
