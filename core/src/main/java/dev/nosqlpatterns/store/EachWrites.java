package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@link Store#writeEach}: independent conditional writes checked together before any is sent, then sent in one
 * backend call; those refused because an expired item that is still stored failed their condition are sent
 * again once the leftovers are removed, as a single write's refusal is ({@link ExpiredItems}).
 */
final class EachWrites {
    private EachWrites() {
    }

    /** The writes, every one checked: puts and deletes only, each of a distinct item. */
    static List<Write> checked(List<? extends Write> writes, Validation check) {
        if (writes == null) {
            throw new NullPointerException("writes must not be null");
        }
        List<Write> list = new ArrayList<>(writes.size());
        Set<ItemRef> seen = new HashSet<>();
        for (int i = 0; i < writes.size(); i++) {
            Write w = writes.get(i);
            if (w == null) {
                throw new NullPointerException("write " + i + " of writeEach is null");
            }
            if (!(w instanceof Write.Put) && !(w instanceof Write.Delete)) {
                throw new InvalidRequestException(w.table(), w.key(), "writeEach takes only puts and deletes, got "
                        + w.getClass().getSimpleName() + " at position " + i + "; use update() or writeAtomically()");
            }
            check.write(w);
            if (!seen.add(new ItemRef(w.table(), w.key()))) {
                throw new InvalidRequestException(w.table(), w.key(), "writeEach writes each item once, and position "
                        + i + " writes an item an earlier write of the call writes; send them in separate calls");
            }
            list.add(w);
        }
        return list;
    }

    /** Sends the writes; refusals caused by expired leftovers are judged again without them. */
    static List<Boolean> apply(StoreBackend backend, List<Write> writes, Clock clock, CostMeter meter) {
        List<Boolean> applied = new ArrayList<>(backend.writeEach(writes, meter));
        if (applied.size() != writes.size()) {
            throw new IllegalStateException("the " + backend.kind() + " backend answered " + applied.size()
                    + " outcomes for " + writes.size() + " writes");
        }
        List<Integer> refused = new ArrayList<>();
        for (int i = 0; i < writes.size(); i++) {
            if (!applied.get(i) && !(writes.get(i).condition() instanceof Condition.None)) {
                refused.add(i);
            }
        }
        if (refused.isEmpty()) {
            return applied;
        }
        List<ItemRef> conditioned = refused.stream().map(i -> new ItemRef(writes.get(i).table(), writes.get(i).key()))
                .toList();
        if (ExpiredItems.removeLeftovers(backend, conditioned, clock.millis(), meter) == 0) {
            return applied;
        }
        List<Boolean> again = backend.writeEach(refused.stream().map(writes::get).toList(), meter);
        for (int j = 0; j < refused.size(); j++) {
            applied.set(refused.get(j), again.get(j));
        }
        return applied;
    }
}
