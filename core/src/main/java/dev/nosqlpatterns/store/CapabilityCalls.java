package dev.nosqlpatterns.store;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Collection;
import java.util.Map;

/**
 * The calls of a store's own capabilities: which ones {@link Store} offers through methods of its own, and, for
 * the others (an adapter's special queries), a stand-in that refuses null arguments and reports each call's cost
 * to the store's listeners, so that no capability is reached around the store's metering.
 */
final class CapabilityCalls {
    private static final Map<Class<?>, String> KNOWN = Map.of(
            dev.nosqlpatterns.store.capability.NativeSecondaryIndexes.class, "queryIndex(IndexQuery)",
            dev.nosqlpatterns.store.capability.NativeGeo.class, "nativeGeo()",
            dev.nosqlpatterns.store.capability.TextSearch.class, "textSearch()",
            dev.nosqlpatterns.store.capability.NestedDocuments.class, "nestedDocuments()",
            dev.nosqlpatterns.store.capability.StorageFootprint.class, "footprint(table)",
            dev.nosqlpatterns.store.capability.LinkedReads.class, "follow(LinkedRead)");

    private CapabilityCalls() {
    }

    static boolean isKnown(Class<?> type) {
        return KNOWN.containsKey(type) || type == dev.nosqlpatterns.store.spi.StoreBackend.class;
    }

    static String methodFor(Class<?> type) {
        return KNOWN.getOrDefault(type, "none: the backend is never handed out");
    }

    /** {@code capability} behind a stand-in of {@code type} whose every call is checked and metered on {@code store}. */
    static <T> T metered(Store store, Class<T> type, T capability) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> type.getSimpleName() + " of the " + store.kind() + " store";
                };
            }
            Object[] given = args == null ? new Object[0] : args;
            for (int i = 0; i < given.length; i++) {
                if (given[i] == null) {
                    throw new IllegalArgumentException("argument " + (i + 1) + " of " + type.getSimpleName() + "."
                            + method.getName() + " is null");
                }
            }
            Store.Call call = store.call(type.getSimpleName() + "." + method.getName(), table(given));
            try {
                call.meter.roundTrip();
                Object result = invoke(method, capability, given);
                call.counted(count(result), 0, 0, 0);
                call.ok();
                return result;
            } catch (Throwable e) {
                call.failed(e);
                throw e;
            } finally {
                call.close();
            }
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** The first string argument, which names the table or index for the capabilities there are. */
    private static String table(Object[] args) {
        for (Object a : args) {
            if (a instanceof String s) {
                return s;
            }
        }
        return "";
    }

    private static long count(Object result) {
        if (result instanceof Collection<?> c) {
            return c.size();
        }
        if (result instanceof Map<?, ?> m) {
            return m.size();
        }
        return 0;
    }
}
