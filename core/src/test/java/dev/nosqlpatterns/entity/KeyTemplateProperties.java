package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** Round trip, injectivity and prefix properties of {@link KeyTemplate} over arbitrary templates and values. */
class KeyTemplateProperties {

    /** Characters with a role in templates or in the key codecs, and the edges of the code space. */
    private static final List<Integer> SPECIAL = List.of((int) ':', (int) '|', (int) '#', (int) '/', (int) '<',
            (int) '>', (int) '{', (int) '}', (int) '!', (int) '%', (int) '$', (int) '@', (int) ' ', 0, 0x7F, 0xE9,
            0xFFFF, 0x1F600, 0x10FFFF);

    @Property(tries = 10_000)
    void readInvertsRender(@ForAll("templates") KeyTemplate template, @ForAll("valueLists") List<String> raw) {
        Map<String, String> values = valuesFor(template, raw);
        String key = template.render(values);
        assertEquals(values, template.read(key));
        assertTrue(template.matches(key));
        assertTrue(key.startsWith(template.constantPrefix()));
        assertEquals(-1, Utf8Order.firstUnpairedSurrogate(key), key);
    }

    @Property(tries = 3_000)
    void differentValuesGiveDifferentKeys(@ForAll("templates") KeyTemplate template,
                                          @ForAll("valueLists") List<String> a, @ForAll("valueLists") List<String> b) {
        Map<String, String> x = valuesFor(template, a);
        Map<String, String> y = valuesFor(template, b);
        if (!x.equals(y)) {
            assertNotEquals(template.render(x), template.render(y));
        }
    }

    @Property(tries = 3_000)
    void prefixMatchesExactlyTheKeysWithThoseLeadingValues(@ForAll("templates") KeyTemplate template,
                                                           @ForAll("valueLists") List<String> a,
                                                           @ForAll("valueLists") List<String> b,
                                                           @ForAll("cuts") int cut) {
        List<String> names = template.placeholders();
        int k = names.isEmpty() ? 0 : cut % names.size();
        Map<String, String> x = valuesFor(template, a);
        // Half of the time the second tuple shares some leading values with the first.
        List<String> mixed = new ArrayList<>(b);
        for (int i = 0; i < Math.min(cut % 5, mixed.size()) && i < a.size(); i++) {
            mixed.set(i, a.get(i));
        }
        Map<String, String> y = valuesFor(template, mixed);
        Map<String, String> leading = new LinkedHashMap<>();
        boolean same = true;
        for (String n : names.subList(0, k)) {
            leading.put(n, x.get(n));
            same &= x.get(n).equals(y.get(n));
        }
        String prefix = template.prefix(leading);
        assertTrue(template.render(x).startsWith(prefix));
        assertEquals(same, template.render(y).startsWith(prefix), () -> prefix + " / " + y);
    }

    @Provide
    Arbitrary<Integer> cuts() {
        return Arbitraries.integers().between(0, 1000);
    }

    @Provide
    Arbitrary<KeyTemplate> templates() {
        Arbitrary<String> literal = literalCodePoints().list().ofMinSize(1).ofMaxSize(4).map(KeyTemplateProperties::text);
        Arbitrary<String> optionalLiteral = Arbitraries.oneOf(Arbitraries.just(""), literal);
        return Combinators.combine(optionalLiteral, literal.list().ofMaxSize(3), optionalLiteral,
                Arbitraries.integers().between(0, 4)).as((head, middles, tail, count) -> {
                    StringBuilder t = new StringBuilder(syntax(head));
                    int n = Math.min(count, middles.size() + 1);
                    for (int i = 0; i < n; i++) {
                        t.append("{v").append(i).append('}');
                        if (i < n - 1) {
                            t.append(syntax(middles.get(i)));
                        }
                    }
                    t.append(syntax(tail));
                    return t.length() == 0 ? "x" : t.toString();
                }).map(KeyTemplate::parse);
    }

    @Provide
    Arbitrary<List<String>> valueLists() {
        Arbitrary<Integer> cp = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.integers().between(0x20, 0x7E)),
                Tuple.of(4, Arbitraries.of(SPECIAL)),
                Tuple.of(2, Arbitraries.just((int) KeyTemplate.ESCAPE)),
                Tuple.of(1, Arbitraries.integers().between(0x80, 0xD7FF)),
                Tuple.of(1, Arbitraries.integers().between(0xE000, 0xFFFF)),
                Tuple.of(1, Arbitraries.integers().between(0x10000, Character.MAX_CODE_POINT)));
        return cp.list().ofMaxSize(8).map(KeyTemplateProperties::text).list().ofSize(4);
    }

    private static Arbitrary<Integer> literalCodePoints() {
        return Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.of(SPECIAL)),
                Tuple.of(3, Arbitraries.integers().between(0x20, 0x7E).filter(c -> c != KeyTemplate.ESCAPE)),
                Tuple.of(1, Arbitraries.integers().between(0x10000, Character.MAX_CODE_POINT)));
    }

    private static Map<String, String> valuesFor(KeyTemplate template, List<String> raw) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < template.placeholders().size(); i++) {
            values.put(template.placeholders().get(i), raw.get(i));
        }
        return values;
    }

    private static String syntax(String literal) {
        return literal.replace("{", "{{").replace("}", "}}");
    }

    private static String text(List<Integer> codePoints) {
        StringBuilder out = new StringBuilder();
        codePoints.forEach(out::appendCodePoint);
        return out.toString();
    }
}
