package dev.nosqlpatterns.index;

import java.util.Objects;
import java.util.Optional;

/** One page of a verify or repair: what it found (or fixed), and where to resume, if anything is left. */
public record RepairStep(IndexVerification drift, Optional<RepairCursor> next) {
    public RepairStep {
        Objects.requireNonNull(drift, "drift");
        Objects.requireNonNull(next, "next");
    }
}
