package dev.nosqlpatterns.benchmarks;

import java.util.Objects;

/**
 * What a technique's set-up occupies in the store by the store's own figure ({@link dev.nosqlpatterns.store.StoreMaintenance#footprint}),
 * next to the logical bytes it wrote: the growth of its tables' footprint across the set-up. Or why there
 * is no figure: the store cannot tell, or the cell is a write cell whose set-up loads nothing.
 *
 * @param bytes    the growth in bytes, or -1 when there is no figure
 * @param basis    what the figure is (the store's basis), or why there is none
 * @param accuracy how far the figure can be trusted; null when there is none
 */
public record StoredBytes(long bytes, String basis, dev.nosqlpatterns.store.model.Footprint.Accuracy accuracy) {
    public StoredBytes {
        Objects.requireNonNull(basis, "basis");
        if (bytes < -1) {
            throw new IllegalArgumentException("stored bytes must be at least -1, got " + bytes);
        }
        if ((bytes >= 0) != (accuracy != null)) {
            throw new IllegalArgumentException("a figure needs an accuracy and only a figure has one: " + bytes
                    + ", " + accuracy);
        }
    }

    /** No figure, and why. */
    static StoredBytes none(String why) {
        return new StoredBytes(-1, why, null);
    }

    boolean known() {
        return bytes >= 0;
    }

    /** The figure as the report shows it: the number with its accuracy, "not reported", or a dash. */
    String shown() {
        if (!known()) {
            return basis.equals(NOT_APPLICABLE) ? "–" : "not reported";
        }
        return Report.number(bytes) + switch (accuracy) {
            case EXACT -> "";
            case ESTIMATE -> " est.";
            case LAGGING -> " (may lag)";
        };
    }

    /** The reason of cells whose set-up loads no data of its own (write cells). */
    static final String NOT_APPLICABLE = "no data loaded by the set-up";
}
