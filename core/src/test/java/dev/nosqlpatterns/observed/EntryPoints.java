package dev.nosqlpatterns.observed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.nosqlpatterns.store.CallObserver;
import dev.nosqlpatterns.store.ObservedCall;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.OperationCost;
import dev.nosqlpatterns.store.model.StoreException;
import dev.nosqlpatterns.tree.TreeException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.function.Executable;

/**
 * The public methods of one technique type, each called with an observer on the store: it checks that the call
 * is one technique call (no other one around it) of the expected name that ends as the method did, and at the
 * end that every public method of the type was called or is exempt for a stated reason. A public method added
 * to a technique without its technique call, or without a line here, fails the test of its technique.
 */
final class EntryPoints {
    /** Never technique calls: the methods every object has. */
    private static final Set<String> OBJECT_METHODS = Set.of("toString()", "equals(Object)", "hashCode()");

    private final Class<?> type;
    private final Seen seen = new Seen();
    private final Map<String, String> exempt = new TreeMap<>();
    private final Set<String> called = new TreeSet<>();

    /** Checks the public methods of {@code type}, observing {@code store}. */
    EntryPoints(Store store, Class<?> type) {
        this.type = type;
        store.observe(seen);
    }

    /** A public method that is no access pattern (an accessor, a factory, a pure function), and why. */
    EntryPoints exempt(String signature, String reason) {
        assertTrue(signatures().contains(signature), type.getSimpleName() + " has no public " + signature);
        assertFalse(reason.isBlank(), "an exemption states its reason");
        exempt.put(signature, reason);
        return this;
    }

    /** Calls {@code call}, which must be one successful technique call named {@code technique}. */
    <T> T succeeds(String signature, String technique, Supplier<T> call) {
        int from = begin(signature);
        T result = call.get();
        Call only = one(signature, from);
        assertEquals(technique, only.name, signature + " is observed under the name of its technique call");
        assertNull(only.failure, signature);
        return result;
    }

    /** {@link #succeeds(String, String, Supplier)} for a method that returns nothing. */
    void runs(String signature, String technique, Runnable call) {
        succeeds(signature, technique, () -> {
            call.run();
            return null;
        });
    }

    /** Calls {@code call}, which must throw {@code thrown} and be one technique call that ended with it. */
    <X extends Throwable> X fails(String signature, String technique, Class<X> thrown, Executable call) {
        int from = begin(signature);
        X failure = assertThrows(thrown, call, signature);
        Call only = one(signature, from);
        assertEquals(technique, only.name, signature + " is observed under the name of its technique call");
        assertSame(failure, only.failure, signature + " ends its technique call with what it threw");
        return failure;
    }

    /** As {@link #fails}, for a failure that is a conflict: the outcome a metrics binding counts as one. */
    <X extends Throwable> X conflicts(String signature, String technique, Class<X> thrown, Executable call) {
        X failure = fails(signature, technique, thrown, call);
        assertTrue(failure instanceof StoreException s ? s.isConflict()
                : failure instanceof TreeException t && t.isConflict(), failure + " is a conflict");
        return failure;
    }

    /** Fails unless every public method of the type was called through this checker or is exempt. */
    void assertEveryOneChecked() {
        Set<String> missing = new TreeSet<>(signatures());
        missing.removeAll(called);
        missing.removeAll(exempt.keySet());
        assertEquals(Set.of(), missing, "public methods of " + type.getName()
                + " neither checked as technique calls nor exempt with a reason");
    }

    private int begin(String signature) {
        assertTrue(signatures().contains(signature), type.getSimpleName() + " has no public " + signature);
        called.add(signature);
        return seen.calls.size();
    }

    private Call one(String signature, int from) {
        List<Call> outer = seen.calls.subList(from, seen.calls.size()).stream().filter(c -> c.depth == 0).toList();
        assertEquals(1, outer.size(), signature + " is one technique call, not " + outer);
        Call only = outer.get(0);
        assertTrue(only.ended, signature + " ended its technique call");
        assertNotNull(only.cost, signature);
        return only;
    }

    private static void assertNull(Throwable failure, String signature) {
        if (failure != null) {
            fail(signature + " ended its technique call with " + failure, failure);
        }
    }

    /** The public methods of the type (declared or inherited), as {@code name(SimpleType,...)}. */
    Set<String> signatures() {
        Set<String> out = new TreeSet<>();
        for (Method m : type.getMethods()) {
            if (m.isBridge() || m.isSynthetic() || m.getDeclaringClass() == Object.class) {
                continue;
            }
            String signature = signature(m);
            if (!OBJECT_METHODS.contains(signature) && !(Modifier.isStatic(m.getModifiers())
                    && m.getDeclaringClass() != type)) {
                out.add(signature);
            }
        }
        return out;
    }

    private static String signature(Method m) {
        return m.getName() + "(" + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(",")) + ")";
    }

    /** One technique call as the observer saw it. */
    private static final class Call {
        final String name;
        final int depth;
        boolean ended;
        OperationCost cost;
        Throwable failure;

        Call(String name, int depth) {
            this.name = name;
            this.depth = depth;
        }

        @Override
        public String toString() {
            return name + (failure == null ? "" : " (" + failure.getClass().getSimpleName() + ")");
        }
    }

    /** Records the technique calls and how deep each is nested; store calls are left out. */
    private static final class Seen implements CallObserver {
        final List<Call> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        private final ThreadLocal<int[]> depth = ThreadLocal.withInitial(() -> new int[1]);

        @Override
        public Handle start(ObservedCall call) {
            if (call.kind() != ObservedCall.Kind.TECHNIQUE) {
                return (cost, failure) -> { };
            }
            int[] open = depth.get();
            Call c = new Call(call.name(), open[0]++);
            calls.add(c);
            return (cost, failure) -> {
                open[0]--;
                c.ended = true;
                c.cost = cost;
                c.failure = failure;
            };
        }
    }
}
