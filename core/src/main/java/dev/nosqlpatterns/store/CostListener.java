package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.model.OperationCost;
/**
 * Receives the cost of every store call, after it completes or fails. Called on the calling thread;
 * keep it fast and thread-safe.
 */
@FunctionalInterface
public interface CostListener {
    void onCost(OperationCost cost);
}
