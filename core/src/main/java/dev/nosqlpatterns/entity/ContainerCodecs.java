package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Codecs of {@code Optional}, {@code List}, {@code Set} and {@code Map} components. */
final class ContainerCodecs {

    private ContainerCodecs() {
    }

    /** {@code Optional<T>}: empty is an absent attribute. */
    static final class Opt extends Codec {
        private final Codec inner;

        Opt(Codec inner) {
            this.inner = inner;
        }

        @Override
        Value encode(Object value, String path) {
            Optional<?> o = (Optional<?>) value;
            return o.isEmpty() ? null : inner.encode(o.get(), path);
        }

        @Override
        Object decodePresent(Value value, String path) {
            return Optional.ofNullable(inner.decodePresent(value, path));
        }

        @Override
        Object missing(String path) {
            return Optional.empty();
        }
    }

    /** {@code List<T>}: a list value; null elements are null values. The list read is unmodifiable. */
    static final class Lst extends Codec {
        private final Codec element;

        Lst(Codec element) {
            this.element = element;
        }

        @Override
        Value encode(Object value, String path) {
            Collection<?> list = (Collection<?>) value;
            List<Value> out = new ArrayList<>(list.size());
            int i = 0;
            for (Object e : list) {
                Value v = e == null ? null : element.encode(e, path + "[" + i + "]");
                out.add(v == null ? Value.nullValue() : v);
                i++;
            }
            return Value.list(out);
        }

        @Override
        Object decodePresent(Value value, String path) {
            if (!(value instanceof Value.ListValue l)) {
                throw wrongType(path, value, "a LIST");
            }
            List<Object> out = new ArrayList<>(l.value().size());
            for (int i = 0; i < l.value().size(); i++) {
                out.add(element.decode(l.value().get(i), path + "[" + i + "]"));
            }
            return Collections.unmodifiableList(out);
        }
    }

    /**
     * {@code Set<T>} of strings, enums or numbers: a string set or number set; an empty set is an absent
     * attribute. The set read is unmodifiable and iterates in value order.
     */
    static final class StringOrNumberSet extends Codec {
        private final KeyForm form;
        private final boolean numeric;

        StringOrNumberSet(KeyForm form, boolean numeric) {
            this.form = form;
            this.numeric = numeric;
        }

        @Override
        Value encode(Object value, String path) {
            Set<?> set = (Set<?>) value;
            if (set.isEmpty()) {
                return null;
            }
            List<Object> members = new ArrayList<>(set.size());
            for (Object m : set) {
                if (m == null) {
                    throw new IllegalArgumentException(path + " cannot be written: a set must not contain null");
                }
                try {
                    members.add(numeric ? Numbers.toBigDecimal(m) : form.write(m));
                } catch (IllegalArgumentException e) {
                    throw unwritable(path, m, e);
                }
            }
            return numeric ? Value.numberSet(members.stream().map(BigDecimal.class::cast).toList())
                    : Value.stringSet(members.stream().map(String.class::cast).toList());
        }

        @Override
        Object decodePresent(Value value, String path) {
            List<Object> out = new ArrayList<>();
            try {
                if (numeric && value instanceof Value.NumSet n) {
                    for (BigDecimal d : n.value().stream().sorted().toList()) {
                        out.add(Numbers.fromBigDecimal(d, form.type()));
                    }
                } else if (!numeric && value instanceof Value.StrSet s) {
                    for (String m : s.value().stream().sorted(Utf8Order.COMPARATOR).toList()) {
                        out.add(form.read(m));
                    }
                } else {
                    throw wrongType(path, value, numeric ? "a NUMBER_SET" : "a STRING_SET");
                }
            } catch (IllegalArgumentException e) {
                throw unreadable(path, value, e);
            }
            return Collections.unmodifiableSet(new LinkedHashSet<>(out));
        }

        @Override
        Object missing(String path) {
            return Set.of();
        }
    }

    /** {@code Map<String, T>}: a map value; keys must be valid attribute names, null values are null values. */
    static final class Dict extends Codec {
        private final Codec values;

        Dict(Codec values) {
            this.values = values;
        }

        @Override
        Value encode(Object value, String path) {
            Map<?, ?> map = (Map<?, ?>) value;
            Map<String, Value> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw new IllegalArgumentException(path + " cannot be written: a map key is " + e.getKey());
                }
                Value v = e.getValue() == null ? null : values.encode(e.getValue(), path + "[\"" + key + "\"]");
                out.put(key, v == null ? Value.nullValue() : v);
            }
            try {
                return Value.map(out);
            } catch (IllegalArgumentException e) {
                throw unwritable(path, value, e);
            }
        }

        @Override
        Object decodePresent(Value value, String path) {
            if (!(value instanceof Value.MapValue m)) {
                throw wrongType(path, value, "a MAP");
            }
            Map<String, Object> out = new LinkedHashMap<>();
            m.value().forEach((k, v) -> out.put(k, values.decode(v, path + "[\"" + k + "\"]")));
            return Collections.unmodifiableMap(out);
        }
    }
}
