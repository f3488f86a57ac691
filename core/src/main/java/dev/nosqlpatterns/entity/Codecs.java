package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Value;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** Chooses the {@link Codec} of a declared component type, or says precisely why there is none. */
final class Codecs {

    /** What a component may be, for error messages. */
    static final String SUPPORTED = "supported are String, char, boolean, byte, short, int, long, float, double"
            + " (and their boxes), BigInteger, BigDecimal, enums, Instant, LocalDate, YearMonth, UUID, byte[],"
            + " Value, records, Optional<T>, List<T>, Set<T> of strings, enums, UUIDs, dates or numbers,"
            + " and Map<String, T>";

    private static final Set<Class<?>> NUMBERS = Set.of(Byte.class, Short.class, Integer.class, Long.class,
            Float.class, Double.class, BigInteger.class, BigDecimal.class);
    private static final Set<Class<?>> TEXT_FORMS = Set.of(Instant.class, LocalDate.class, YearMonth.class,
            UUID.class);

    private Codecs() {
    }

    /**
     * The codec of {@code type}; {@code where} names the component for messages, and {@code fresh} holds
     * the records being resolved with it.
     *
     * @throws IllegalArgumentException naming the component and the type when it cannot be stored
     */
    static Codec resolve(Type type, String where, Map<Class<?>, RecordCodec> fresh) {
        Codec codec = find(type, where, fresh);
        if (codec == null) {
            throw unsupported(where, type, SUPPORTED);
        }
        return codec;
    }

    private static Codec find(Type type, String where, Map<Class<?>, RecordCodec> fresh) {
        if (type instanceof Class<?> c) {
            return forClass(c, where, fresh);
        }
        if (type instanceof WildcardType w) {
            if (w.getLowerBounds().length > 0 || w.getUpperBounds().length != 1 || w.getUpperBounds()[0] == Object.class) {
                throw unsupported(where, type, "declare the element type (e.g. List<String>), not a wildcard");
            }
            return find(w.getUpperBounds()[0], where, fresh);
        }
        if (type instanceof TypeVariable<?> || type instanceof GenericArrayType) {
            throw unsupported(where, type, "type variables and generic arrays cannot be stored;"
                    + " declare a concrete type");
        }
        if (!(type instanceof ParameterizedType p)) {
            return null;
        }
        Type raw = p.getRawType();
        Type[] args = p.getActualTypeArguments();
        if (raw == Optional.class) {
            return new ContainerCodecs.Opt(resolve(args[0], where + " (Optional element)", fresh));
        }
        if (raw == List.class || raw == Collection.class) {
            return new ContainerCodecs.Lst(resolve(args[0], where + " (list element)", fresh));
        }
        if (raw == Set.class) {
            return setCodec(args[0], where, type);
        }
        if (raw == Map.class) {
            if (args[0] != String.class) {
                throw unsupported(where, type, "map keys must be String (they become attribute names)");
            }
            return new ContainerCodecs.Dict(resolve(args[1], where + " (map value)", fresh));
        }
        return null;
    }

    private static Codec forClass(Class<?> c, String where, Map<Class<?>, RecordCodec> fresh) {
        if (c == String.class) {
            return new Codec.Text();
        }
        if (c == char.class || c == Character.class) {
            return new Codec.Char(c.isPrimitive());
        }
        if (c == boolean.class || c == Boolean.class) {
            return new Codec.Bool(c.isPrimitive());
        }
        KeyForm form = KeyForm.of(c);
        if (form != null && NUMBERS.contains(form.type())) {
            return new Codec.Num(form.type(), c.isPrimitive());
        }
        if (c.isEnum() || TEXT_FORMS.contains(c)) {
            return new Codec.Form(KeyForm.of(c));
        }
        if (c == byte[].class) {
            return new Codec.Bytes();
        }
        if (c == Value.class) {
            return new Codec.Raw();
        }
        if (c.isRecord()) {
            return RecordCodec.resolve(c, fresh);
        }
        if (c == Optional.class || c == List.class || c == Set.class || c == Map.class || c == Collection.class) {
            throw unsupported(where, c, "a raw " + c.getSimpleName() + "; declare its type arguments, e.g. "
                    + c.getSimpleName() + (c == Map.class ? "<String, String>" : "<String>"));
        }
        return null;
    }

    private static Codec setCodec(Type element, String where, Type declared) {
        Type e = element instanceof WildcardType w && w.getUpperBounds().length == 1 ? w.getUpperBounds()[0] : element;
        if (e instanceof Class<?> c) {
            KeyForm form = KeyForm.of(c);
            if (form != null && NUMBERS.contains(form.type())) {
                return new ContainerCodecs.StringOrNumberSet(form, true);
            }
            if (form != null && (c == String.class || c.isEnum() || TEXT_FORMS.contains(c))) {
                return new ContainerCodecs.StringOrNumberSet(form, false);
            }
        }
        throw unsupported(where, declared, "a set holds strings, enums, UUIDs, Instants, LocalDates, YearMonths"
                + " or numbers (stored as a string or number set); use a List for other elements");
    }

    private static IllegalArgumentException unsupported(String where, Type type, String hint) {
        return new IllegalArgumentException(where + " has type " + type.getTypeName() + ", which cannot be stored: "
                + hint);
    }
}
