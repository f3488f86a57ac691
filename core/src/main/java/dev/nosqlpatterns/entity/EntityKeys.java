package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.item.Key;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The keys of one entity type: typed key values to partition and sort keys through the templates and the
 * {@link KeyForm}s of the components they name, and back, with messages that name the entity type.
 */
final class EntityKeys {

    private final String name;
    private final String recordName;
    private final KeyTemplate partition;
    private final KeyTemplate sort;
    private final Map<String, KeyForm> forms;
    private final Map<KeyTemplate, Map<String, KeyForm>> formsIn = new LinkedHashMap<>();
    private final Map<KeyTemplate, Map<String, KeyForm.TokenEnd>> tokensIn = new LinkedHashMap<>();

    EntityKeys(String name, String recordName, KeyTemplate partition, KeyTemplate sort, Map<String, KeyForm> forms) {
        this.name = name;
        this.recordName = recordName;
        this.partition = partition;
        this.sort = sort;
        this.forms = Collections.unmodifiableMap(new LinkedHashMap<>(forms));
        for (KeyTemplate t : List.of(partition, sort)) {
            Map<String, KeyForm> inT = new LinkedHashMap<>();
            Map<String, KeyForm.TokenEnd> tokens = new LinkedHashMap<>();
            for (String p : t.placeholders()) {
                KeyForm f = t.followedByText(p) ? forms.get(p).terminated() : forms.get(p);
                inT.put(p, f);
                if (f.end() != null) {
                    tokens.put(p, f.end());
                } else {
                    // The last placeholder: nothing follows, so it runs to the end of the key, unescaped.
                    tokens.put(p, (key, from) -> key.length());
                }
            }
            formsIn.put(t, inT);
            tokensIn.put(t, tokens);
        }
    }

    /** The component types of the placeholders, by name. */
    Map<String, Class<?>> types() {
        Map<String, Class<?>> types = new LinkedHashMap<>();
        forms.forEach((n, f) -> types.put(n, f.type()));
        return types;
    }

    /** The key for values of every placeholder, already of the components' types. */
    Key key(Map<String, Object> values) {
        return new Key(render(partition, values), render(sort, values));
    }

    /** The sort prefix for values of leading sort placeholders, already of the components' types. */
    String sortPrefix(Map<String, Object> values) {
        Map<String, String> texts = new LinkedHashMap<>();
        values.forEach((n, v) -> texts.put(n, write(n, v, sort)));
        return sort.prefix(texts, tokensIn.get(sort));
    }

    /** True when both templates match the key's text (values are not decoded). */
    boolean matches(Key key) {
        return partition.matches(key.partition(), tokensIn.get(partition)) && sort.matches(key.sort(), tokensIn.get(sort));
    }

    /**
     * The typed values a key holds.
     *
     * @throws EntityMappingException when it is not a key of this type
     */
    Map<String, Object> read(Key key) {
        Map<String, Object> values = new LinkedHashMap<>();
        readInto(partition, key.partition(), key, values);
        readInto(sort, key.sort(), key, values);
        return values;
    }

    private void readInto(KeyTemplate template, String text, Key key, Map<String, Object> values) {
        Map<String, String> texts;
        try {
            texts = template.read(text, tokensIn.get(template));
        } catch (IllegalArgumentException e) {
            throw new EntityMappingException("the key " + key + " is not a key of entity type '" + name + "': "
                    + e.getMessage(), e);
        }
        texts.forEach((placeholder, s) -> {
            Object value;
            try {
                value = formsIn.get(template).get(placeholder).read(s);
            } catch (IllegalArgumentException e) {
                throw new EntityMappingException("the key " + key + " of entity type '" + name + "' holds {"
                        + placeholder + "} = \"" + s + "\", which is not a " + forms.get(placeholder).type().getSimpleName()
                        + ": " + e.getMessage(), e);
            }
            Object earlier = values.putIfAbsent(placeholder, value);
            if (earlier != null && !earlier.equals(value)) {
                throw new EntityMappingException("the key " + key + " of entity type '" + name + "' holds {"
                        + placeholder + "} twice with different values: " + earlier + " and " + value);
            }
        });
    }

    /** Caller-given values converted to the components' types; every problem is reported in one exception. */
    Map<String, Object> accept(Map<String, ?> given) {
        Map<String, Object> out = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        given.forEach((n, v) -> {
            KeyForm form = forms.get(n);
            if (form == null) {
                problems.add("{" + n + "} is not a key placeholder of '" + name + "' " + forms.keySet());
            } else if (v == null) {
                problems.add("{" + n + "} is null");
            } else {
                try {
                    out.put(n, form.accept(v));
                } catch (IllegalArgumentException e) {
                    problems.add("{" + n + "} " + e.getMessage());
                }
            }
        });
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("key values for entity type '" + name + "': " + String.join("; ", problems));
        }
        return out;
    }

    /** One template rendered from typed values, each written in its component's key form. */
    String render(KeyTemplate template, Map<String, Object> values) {
        Map<String, String> texts = new LinkedHashMap<>();
        for (String placeholder : template.placeholders()) {
            Object v = values.get(placeholder);
            if (v == null) {
                throw new IllegalArgumentException("key component '" + placeholder + "' of entity type '" + name
                        + "' is null");
            }
            texts.put(placeholder, write(placeholder, v, template));
        }
        return template.render(texts, tokensIn.get(template));
    }

    private String write(String placeholder, Object value, KeyTemplate template) {
        try {
            return formsIn.get(template).get(placeholder).write(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(recordName + "." + placeholder + " (in key template \""
                    + template + "\" of entity type '" + name + "') cannot be written: " + e.getMessage(), e);
        }
    }

    /** Fails, naming the missing and unknown names, unless {@code given} are exactly {@code expected}. */
    void checkNames(Set<String> given, Set<String> expected, String what) {
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(given);
        Set<String> unknown = new TreeSet<>(given);
        unknown.removeAll(expected);
        if (!missing.isEmpty() || !unknown.isEmpty()) {
            throw new IllegalArgumentException(what + " of entity type '" + name + "' takes values for " + expected
                    + (missing.isEmpty() ? "" : "; missing " + missing) + (unknown.isEmpty() ? "" : "; unknown " + unknown));
        }
    }
}
