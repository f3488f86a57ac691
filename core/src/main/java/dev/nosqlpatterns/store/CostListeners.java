package dev.nosqlpatterns.store;

/** A {@link CostListener} as a {@link CallObserver}: it hears of each store call's cost when the call ends. */
final class CostListeners {
    private static final CallObserver.Handle IGNORED = (cost, failure) -> { };

    private CostListeners() {
    }

    static CallObserver observer(CostListener listener) {
        CallObserver.Handle handle = (cost, failure) -> listener.onCost(cost);
        return call -> call.kind() == ObservedCall.Kind.STORE ? handle : IGNORED;
    }
}
