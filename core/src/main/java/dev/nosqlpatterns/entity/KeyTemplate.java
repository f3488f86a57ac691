package dev.nosqlpatterns.entity;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A pattern of literal text and named placeholders, such as {@code author:{author}},
 * {@code {provider}|{month}} or {@code <LIKES>#{topic}}, that builds a partition or sort key from
 * values and reads the values back out of a key.
 *
 * <p>Why: single-table designs put meaning into key text (entity-type prefixes, composite parts
 * joined by separators), and hand-written concatenation breaks as soon as a value contains the
 * separator. A template escapes such values, so {@link #read} inverts {@link #render} for every
 * well-formed string.
 *
 * <p>Syntax: a placeholder is {@code {name}} with a Java identifier as name; <code>{{</code> and
 * <code>}}</code> stand for literal braces. Two placeholders must be separated by literal text, a name
 * may appear once, and literal text may not contain the escape character {@value #ESCAPE}.
 *
 * <p>Escaping: the <em>stop characters</em> of a template are the first code point of every literal
 * that follows a placeholder, plus {@value #ESCAPE}. In a rendered value each stop character is
 * written as {@value #ESCAPE} followed by it; nothing else is escaped, so {@code author:{author}}
 * renders {@code neumann} as {@code author:neumann}, and {@code {provider}|{month}} renders the
 * provider {@code a|b} as {@code a\|b|2012-01}. Every key has exactly one spelling: {@link #read}
 * refuses needless escapes. Escaping keeps the order of values only where no stop character occurs;
 * keys sort by their text (UTF-8 bytes), not by the values' natural order.
 *
 * <p>Instances are immutable and thread-safe; equal when their text is equal.
 */
public final class KeyTemplate {

    /** The character that escapes stop characters inside rendered values. */
    public static final char ESCAPE = '\\';

    private final String text;
    private final List<String> literals;
    private final List<String> names;
    private final boolean startsWithPlaceholder;
    private final Set<Integer> stops;

    private KeyTemplate(String text, List<String> literals, List<String> names, boolean startsWithPlaceholder) {
        this.text = text;
        this.literals = literals;
        this.names = names;
        this.startsWithPlaceholder = startsWithPlaceholder;
        Set<Integer> stop = new TreeSet<>();
        stop.add((int) ESCAPE);
        for (int i = 0; i < names.size(); i++) {
            String after = literalAfter(i);
            if (!after.isEmpty()) {
                stop.add(after.codePointAt(0));
            }
        }
        this.stops = Collections.unmodifiableSet(stop);
    }

    /**
     * Parses a template.
     *
     * @throws IllegalArgumentException naming the template and what is wrong where: an empty template,
     *                                  an unclosed or stray brace, a bad or repeated name, two adjacent
     *                                  placeholders, an escape character or an unpaired surrogate
     */
    public static KeyTemplate parse(String template) {
        Objects.requireNonNull(template, "key template is null");
        String what = "key template \"" + template + "\"";
        if (template.isEmpty()) {
            throw new IllegalArgumentException("a key template must not be empty");
        }
        int bad = Utf8Order.firstUnpairedSurrogate(template);
        if (bad >= 0) {
            throw new IllegalArgumentException(what + " has an unpaired surrogate at index " + bad);
        }
        List<String> literals = new ArrayList<>();
        List<String> names = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        boolean startsWithPlaceholder = false;
        int i = 0;
        while (i < template.length()) {
            char c = template.charAt(i);
            if (c == '{' && i + 1 < template.length() && template.charAt(i + 1) == '{') {
                literal.append('{');
                i += 2;
            } else if (c == '}' && i + 1 < template.length() && template.charAt(i + 1) == '}') {
                literal.append('}');
                i += 2;
            } else if (c == '}') {
                throw new IllegalArgumentException(what + " has a stray '}' at index " + i
                        + "; write \"}}\" for a literal brace");
            } else if (c == ESCAPE) {
                throw new IllegalArgumentException(what + " has the escape character '" + ESCAPE
                        + "' at index " + i + "; literal text may not contain it");
            } else if (c == '{') {
                int close = template.indexOf('}', i + 1);
                if (close < 0) {
                    throw new IllegalArgumentException(what + " has an unclosed '{' at index " + i);
                }
                String name = template.substring(i + 1, close);
                checkName(what, name, i);
                if (names.contains(name)) {
                    throw new IllegalArgumentException(what + " names {" + name + "} twice");
                }
                if (!names.isEmpty() && literal.length() == 0) {
                    throw new IllegalArgumentException(what + " has placeholders {" + names.get(names.size() - 1)
                            + "} and {" + name + "} next to each other; separate them with literal text");
                }
                if (names.isEmpty() && literal.length() == 0) {
                    startsWithPlaceholder = true;
                }
                if (!names.isEmpty() || literal.length() > 0) {
                    literals.add(literal.toString());
                }
                literal.setLength(0);
                names.add(name);
                i = close + 1;
            } else {
                literal.append(c);
                i++;
            }
        }
        literals.add(literal.toString());
        return new KeyTemplate(template, List.copyOf(literals), List.copyOf(names), startsWithPlaceholder);
    }

    private static void checkName(String what, String name, int at) {
        boolean ok = !name.isEmpty() && Character.isJavaIdentifierStart(name.codePointAt(0))
                && name.codePoints().allMatch(Character::isJavaIdentifierPart);
        if (!ok) {
            throw new IllegalArgumentException(what + " has a placeholder {" + name + "} at index " + at
                    + " whose name is not a Java identifier");
        }
    }

    /** The template as written. */
    public String text() {
        return text;
    }

    /** The placeholder names in the order they appear. */
    public List<String> placeholders() {
        return names;
    }

    /** True when the template has no placeholder, so it renders one fixed key. */
    public boolean isConstant() {
        return names.isEmpty();
    }

    /**
     * The literal text before the first placeholder ({@code <LIKES>#} for {@code <LIKES>#{topic}}), or
     * the whole key of a constant template: every rendered key starts with it.
     */
    public String constantPrefix() {
        return startsWithPlaceholder ? "" : literals.get(0);
    }

    /** The code points escaped inside values: see the class description. */
    public Set<Integer> stopCharacters() {
        return stops;
    }

    /**
     * The key for one value per placeholder.
     *
     * @throws IllegalArgumentException when a placeholder has no value, a name is unknown, or a value
     *                                  has an unpaired surrogate
     */
    public String render(Map<String, String> values) {
        Objects.requireNonNull(values, "values are null");
        checkNames(values.keySet(), names.size());
        return write(values, names.size(), Map.of());
    }

    /**
     * As {@link #render}, but the values of the placeholders in {@code tokens} are self-delimiting tokens
     * written as they are, never escaped, so that escapes cannot disturb their order.
     */
    String render(Map<String, String> values, Map<String, KeyForm.TokenEnd> tokens) {
        checkNames(values.keySet(), names.size());
        return write(values, names.size(), tokens);
    }

    /** As {@link #prefix}, with the values of the placeholders in {@code tokens} written as they are. */
    String prefix(Map<String, String> leadingValues, Map<String, KeyForm.TokenEnd> tokens) {
        checkLeading(leadingValues);
        return write(leadingValues, leadingValues.size(), tokens);
    }

    /** As {@link #read}, finding the end of the placeholders in {@code tokens} by their token, not by a stop character. */
    Map<String, String> read(String key, Map<String, KeyForm.TokenEnd> tokens) {
        Objects.requireNonNull(key, "key is null");
        StringBuilder problem = new StringBuilder();
        Map<String, String> values = tryRead(key, problem, tokens);
        if (values == null) {
            throw new IllegalArgumentException("key \"" + key + "\" does not match " + describe() + ": " + problem);
        }
        return values;
    }

    /** As {@link #matches}, with the placeholders in {@code tokens} read by their token. */
    boolean matches(String key, Map<String, KeyForm.TokenEnd> tokens) {
        return tryRead(Objects.requireNonNull(key, "key is null"), null, tokens) != null;
    }

    /** True when literal text follows the placeholder {@code name}. */
    boolean followedByText(String name) {
        int i = names.indexOf(name);
        return i >= 0 && !literalAfter(i).isEmpty();
    }

    /**
     * A string P such that a rendered key starts with P exactly when its first {@code k} values equal
     * the given ones, where {@code k = leadingValues.size()} is less than the number of placeholders;
     * P ends with the literal text after the k-th placeholder. With no values P is
     * {@link #constantPrefix()}; with all of them P is the rendered key.
     *
     * @throws IllegalArgumentException unless the names are exactly the first {@code k} placeholders,
     *                                  or when a value is malformed
     */
    public String prefix(Map<String, String> leadingValues) {
        checkLeading(leadingValues);
        return write(leadingValues, leadingValues.size(), Map.of());
    }

    private void checkLeading(Map<String, String> leadingValues) {
        Objects.requireNonNull(leadingValues, "leading values are null");
        int k = leadingValues.size();
        if (k > names.size() || !leadingValues.keySet().equals(new LinkedHashSet<>(names.subList(0, k)))) {
            throw new IllegalArgumentException(describe() + ": a prefix takes values for a leading run of "
                    + names + ", got " + new TreeSet<>(leadingValues.keySet()));
        }
    }

    private String write(Map<String, String> values, int count, Map<String, KeyForm.TokenEnd> tokens) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        int literal = 0;
        if (!startsWithPlaceholder) {
            out.append(literals.get(literal++));
        }
        for (int i = 0; i < count; i++) {
            String name = names.get(i);
            String value = Objects.requireNonNull(values.get(name), () -> describe() + ": value of {" + name + "} is null");
            int bad = Utf8Order.firstUnpairedSurrogate(value);
            if (bad >= 0) {
                throw new IllegalArgumentException(describe() + ": value of {" + name
                        + "} has an unpaired surrogate at index " + bad);
            }
            if (tokens.containsKey(name)) {
                out.append(value);
            } else {
                escape(value, out);
            }
            out.append(literals.get(literal++));
        }
        return out.toString();
    }

    private void escape(String value, StringBuilder out) {
        for (int i = 0; i < value.length(); ) {
            int cp = value.codePointAt(i);
            if (stops.contains(cp)) {
                out.append(ESCAPE);
            }
            out.appendCodePoint(cp);
            i += Character.charCount(cp);
        }
    }

    /** True when {@code key} is a key this template renders. */
    public boolean matches(String key) {
        return tryRead(Objects.requireNonNull(key, "key is null"), null, Map.of()) != null;
    }

    /**
     * The values a key was rendered from, by placeholder name in template order.
     *
     * @throws IllegalArgumentException naming the key, the template and the index where the key departs
     *                                  from the template or has a malformed escape
     */
    public Map<String, String> read(String key) {
        Objects.requireNonNull(key, "key is null");
        StringBuilder problem = new StringBuilder();
        Map<String, String> values = tryRead(key, problem, Map.of());
        if (values == null) {
            throw new IllegalArgumentException("key \"" + key + "\" does not match " + describe() + ": " + problem);
        }
        return values;
    }

    private Map<String, String> tryRead(String key, StringBuilder problem, Map<String, KeyForm.TokenEnd> tokens) {
        Map<String, String> values = new LinkedHashMap<>();
        int pos = 0;
        int literal = 0;
        if (!startsWithPlaceholder) {
            pos = expectLiteral(key, pos, literals.get(literal++), problem);
            if (pos < 0) {
                return null;
            }
        }
        for (String name : names) {
            KeyForm.TokenEnd token = tokens.get(name);
            if (token != null) {
                int end = token.end(key, pos);
                if (end < 0) {
                    return fail(problem, "no well-formed value of {" + name + "} at index " + pos);
                }
                values.put(name, key.substring(pos, end));
                pos = expectLiteral(key, end, literals.get(literal++), problem);
                if (pos < 0) {
                    return null;
                }
                continue;
            }
            StringBuilder value = new StringBuilder();
            while (pos < key.length()) {
                int cp = key.codePointAt(pos);
                if (cp == ESCAPE) {
                    if (pos + 1 >= key.length()) {
                        return fail(problem, "the escape character at index " + pos + " ends the key");
                    }
                    int escaped = key.codePointAt(pos + 1);
                    if (!stops.contains(escaped)) {
                        return fail(problem, "needless escape of '" + new String(Character.toChars(escaped))
                                + "' at index " + pos);
                    }
                    value.appendCodePoint(escaped);
                    pos += 1 + Character.charCount(escaped);
                } else if (stops.contains(cp)) {
                    break;
                } else {
                    value.appendCodePoint(cp);
                    pos += Character.charCount(cp);
                }
            }
            values.put(name, value.toString());
            pos = expectLiteral(key, pos, literals.get(literal++), problem);
            if (pos < 0) {
                return null;
            }
        }
        if (pos != key.length()) {
            return fail(problem, "unexpected text \"" + key.substring(pos) + "\" at index " + pos);
        }
        return Collections.unmodifiableMap(values);
    }

    private static int expectLiteral(String key, int pos, String literal, StringBuilder problem) {
        if (!key.startsWith(literal, pos)) {
            fail(problem, "expected \"" + literal + "\" at index " + pos);
            return -1;
        }
        return pos + literal.length();
    }

    private static Map<String, String> fail(StringBuilder problem, String message) {
        if (problem != null) {
            problem.append(message);
        }
        return null;
    }

    private void checkNames(Set<String> given, int expected) {
        Set<String> missing = new TreeSet<>(names.subList(0, expected));
        missing.removeAll(given);
        Set<String> unknown = new TreeSet<>(given);
        names.forEach(unknown::remove);
        if (!missing.isEmpty() || !unknown.isEmpty()) {
            throw new IllegalArgumentException(describe() + " takes values for " + names
                    + (missing.isEmpty() ? "" : "; missing " + missing)
                    + (unknown.isEmpty() ? "" : "; unknown " + unknown));
        }
    }

    private String literalAfter(int placeholder) {
        int index = startsWithPlaceholder ? placeholder : placeholder + 1;
        return literals.get(index);
    }

    private String describe() {
        return "key template \"" + text + "\"";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyTemplate t && t.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    /** The template as written. */
    @Override
    public String toString() {
        return text;
    }
}
