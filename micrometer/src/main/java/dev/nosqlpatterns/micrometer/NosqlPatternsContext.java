package dev.nosqlpatterns.micrometer;

import dev.nosqlpatterns.store.ObservedCall;
import dev.nosqlpatterns.store.model.OperationCost;
import io.micrometer.observation.Observation;
import java.util.Objects;
import java.util.Optional;

/**
 * The context of one nosqlpatterns observation: the call it observes and, once the call is over, what it
 * cost. Observation handlers and conventions of the application can read both, e.g. to add span attributes
 * of their own.
 */
public final class NosqlPatternsContext extends Observation.Context {
    private final ObservedCall call;
    private OperationCost cost;

    NosqlPatternsContext(ObservedCall call) {
        this.call = Objects.requireNonNull(call, "call must not be null");
    }

    /** The store call or technique call observed. */
    public ObservedCall call() {
        return call;
    }

    /** What the call cost; empty until it ends (for a technique call: the sum of its store calls). */
    public Optional<OperationCost> cost() {
        return Optional.ofNullable(cost);
    }

    void cost(OperationCost ended) {
        this.cost = ended;
    }
}
