package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Value;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Maps one record class to attribute maps and back, component by component; nested records become map
 * values. One instance per record class, built once and cached: see {@link #of(Class)}.
 */
final class RecordCodec extends Codec {

    private static final Map<Class<?>, RecordCodec> CACHE = new ConcurrentHashMap<>();
    private static final Object LOCK = new Object();

    private final Class<?> type;
    private List<Component> components;
    private Constructor<?> constructor;

    /** One record component with its accessor and codec. */
    record Component(String name, Class<?> rawType, Method accessor, Codec codec) {
    }

    private RecordCodec(Class<?> type) {
        this.type = type;
    }

    /**
     * The codec of a record class.
     *
     * @throws IllegalArgumentException naming the record, the component and the type when a component
     *                                  (or a component of a nested record) has a type that cannot be stored,
     *                                  or when the record's members are not accessible
     */
    static RecordCodec of(Class<?> type) {
        RecordCodec cached = CACHE.get(type);
        if (cached != null) {
            return cached;
        }
        synchronized (LOCK) {
            cached = CACHE.get(type);
            if (cached != null) {
                return cached;
            }
            Map<Class<?>, RecordCodec> fresh = new LinkedHashMap<>();
            RecordCodec codec = resolve(type, fresh);
            CACHE.putAll(fresh);
            return codec;
        }
    }

    /**
     * The codec of {@code type}, resolving it and the records it refers to into {@code fresh}; records
     * referring to each other (directly or not) share one instance, so recursive records work.
     */
    static RecordCodec resolve(Class<?> type, Map<Class<?>, RecordCodec> fresh) {
        RecordCodec known = CACHE.get(type);
        if (known == null) {
            known = fresh.get(type);
        }
        if (known != null) {
            return known;
        }
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type.getName() + " is not a record");
        }
        RecordCodec codec = new RecordCodec(type);
        fresh.put(type, codec);
        RecordComponent[] declared = type.getRecordComponents();
        List<Component> list = new ArrayList<>(declared.length);
        Class<?>[] parameterTypes = new Class<?>[declared.length];
        for (int i = 0; i < declared.length; i++) {
            RecordComponent rc = declared[i];
            String where = "component '" + rc.getName() + "' of record " + type.getName();
            Codec c = Codecs.resolve(rc.getGenericType(), where, fresh);
            Method accessor = rc.getAccessor();
            open(accessor, where);
            list.add(new Component(rc.getName(), rc.getType(), accessor, c));
            parameterTypes[i] = rc.getType();
        }
        try {
            codec.constructor = type.getDeclaredConstructor(parameterTypes);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("record " + type.getName() + " has no canonical constructor", e);
        }
        open(codec.constructor, "the canonical constructor of record " + type.getName());
        codec.components = List.copyOf(list);
        return codec;
    }

    private static void open(java.lang.reflect.AccessibleObject member, String where) {
        try {
            member.setAccessible(true);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(where + " is not accessible; open its package to this library: "
                    + e.getMessage(), e);
        }
    }

    Class<?> type() {
        return type;
    }

    List<Component> components() {
        return components;
    }

    /** The component named {@code name}, or null. */
    Component component(String name) {
        for (Component c : components) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** The value of one component of {@code record}. */
    Object get(Object record, Component component) {
        try {
            return component.accessor().invoke(record);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("accessor of " + component.name() + " is not accessible", e);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("the accessor of " + type.getSimpleName() + "." + component.name()
                    + " failed: " + e.getCause(), e.getCause());
        }
    }

    /** The attributes of {@code record}, leaving out the components named in {@code skip} and absent values. */
    Map<String, Value> encodeFields(Object record, String path, Set<String> skip) {
        Map<String, Value> out = new LinkedHashMap<>();
        for (Component c : components) {
            if (skip.contains(c.name())) {
                continue;
            }
            Object v = get(record, c);
            Value encoded = v == null ? null : c.codec().encode(v, path + "." + c.name());
            if (encoded != null) {
                out.put(c.name(), encoded);
            }
        }
        return out;
    }

    /**
     * A record built from attributes, taking the components named in {@code given} from there instead.
     *
     * @throws EntityMappingException when a value cannot be read or the constructor refuses the values
     */
    /** A copy of {@code record} with the components named in {@code replaced} given new values. */
    Object copyWith(Object record, Map<String, Object> replaced) {
        Object[] args = new Object[components.size()];
        for (int i = 0; i < args.length; i++) {
            Component c = components.get(i);
            args[i] = replaced.containsKey(c.name()) ? replaced.get(c.name()) : get(record, c);
        }
        try {
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("record " + type.getName() + " refused the values " + replaced + ": "
                    + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("record " + type.getName() + " cannot be copied: " + e, e);
        }
    }

    Object decodeFields(Map<String, Value> attributes, String path, Map<String, Object> given) {
        Object[] args = new Object[components.size()];
        for (int i = 0; i < args.length; i++) {
            Component c = components.get(i);
            args[i] = given.containsKey(c.name()) ? given.get(c.name())
                    : c.codec().decode(attributes.get(c.name()), path + "." + c.name());
        }
        try {
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            throw new EntityMappingException("record " + type.getName() + " refused the values read for " + path
                    + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            throw new EntityMappingException("record " + type.getName() + " cannot be built for " + path
                    + ": " + e, e);
        }
    }

    @Override
    Value encode(Object value, String path) {
        return Value.map(encodeFields(value, path, Set.of()));
    }

    @Override
    Object decodePresent(Value value, String path) {
        if (!(value instanceof Value.MapValue m)) {
            throw wrongType(path, value, "a MAP holding a " + type.getSimpleName());
        }
        return decodeFields(m.value(), path, Collections.emptyMap());
    }
}
