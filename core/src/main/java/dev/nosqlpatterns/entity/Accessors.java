package dev.nosqlpatterns.entity;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The component accessors of any record class by name, looked up once per class, for key-holder records. */
final class Accessors {

    private static final ClassValue<Map<String, Method>> BY_CLASS = new ClassValue<>() {
        @Override
        protected Map<String, Method> computeValue(Class<?> type) {
            Map<String, Method> out = new LinkedHashMap<>();
            for (RecordComponent rc : type.getRecordComponents()) {
                Method m = rc.getAccessor();
                try {
                    m.setAccessible(true);
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("component '" + rc.getName() + "' of record " + type.getName()
                            + " is not accessible; open its package to this library: " + e.getMessage(), e);
                }
                out.put(rc.getName(), m);
            }
            return Collections.unmodifiableMap(out);
        }
    };

    private Accessors() {
    }

    /** The accessors of a record class's components, by component name. */
    static Map<String, Method> of(Class<?> recordClass) {
        return BY_CLASS.get(recordClass);
    }

    static Object invoke(Method accessor, Object record) {
        try {
            return accessor.invoke(record);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(accessor + " is not accessible", e);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(accessor + " failed: " + e.getCause(), e.getCause());
        }
    }
}
