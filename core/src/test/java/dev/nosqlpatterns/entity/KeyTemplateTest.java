package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyTemplateTest {

    @Test
    void rendersAndReadsTheSeedShapes() {
        KeyTemplate author = KeyTemplate.parse("author:{author}");
        assertEquals("author:neumann", author.render(Map.of("author", "neumann")));
        assertEquals(Map.of("author", "neumann"), author.read("author:neumann"));
        assertEquals("author:", author.constantPrefix());

        KeyTemplate month = KeyTemplate.parse("{provider}|{month}");
        assertEquals("$ESPN|2012-01", month.render(Map.of("provider", "$ESPN", "month", "2012-01")));
        assertEquals(List.of("provider", "month"), month.placeholders());
        assertEquals("", month.constantPrefix());

        KeyTemplate likes = KeyTemplate.parse("<LIKES>#{topic}");
        assertEquals("<LIKES>#", likes.constantPrefix());
        assertEquals("<LIKES>##sports", likes.render(Map.of("topic", "#sports")));
        assertEquals(Map.of("topic", "#sports"), likes.read("<LIKES>##sports"));

        KeyTemplate base = KeyTemplate.parse("<BASE>");
        assertTrue(base.isConstant());
        assertEquals("<BASE>", base.render(Map.of()));
        assertEquals(Map.of(), base.read("<BASE>"));
        assertFalse(base.matches("<BASE>x"));
    }

    @Test
    void escapesOnlyTheStopCharactersAndTheEscape() {
        KeyTemplate t = KeyTemplate.parse("article:{author}/{slug}");
        assertEquals(Set.of((int) '/', (int) '\\'), t.stopCharacters());
        Map<String, String> values = Map.of("author", "a/b:c\\d", "slug", "x/y");
        String key = t.render(values);
        assertEquals("article:a\\/b:c\\\\d/x\\/y", key);
        assertEquals(values, t.read(key));
    }

    @Test
    void aValueMayBeEmptyOrHoldTheWholeTemplate() {
        KeyTemplate t = KeyTemplate.parse("{a}|{b}");
        Map<String, String> values = Map.of("a", "", "b", "{a}|{b}");
        assertEquals("|{a}\\|{b}", t.render(values));
        assertEquals(values, t.read(t.render(values)));
    }

    @Test
    void literalBracesAreDoubled() {
        KeyTemplate t = KeyTemplate.parse("{{x}}:{x}");
        assertEquals("{x}:1", t.render(Map.of("x", "1")));
        assertEquals("{x}:", t.constantPrefix());
    }

    @Test
    void readRefusesKeysThatDepartFromTheTemplate() {
        KeyTemplate t = KeyTemplate.parse("{provider}|{month}");
        assertFalse(t.matches("ESPN"));
        assertFalse(t.matches("ESPN|2012|01"));
        assertFalse(t.matches("ESPN\\x|01"), "needless escape");
        assertFalse(t.matches("ESPN\\"), "dangling escape");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.read("a|b|c"));
        assertTrue(e.getMessage().contains("\"a|b|c\"") && e.getMessage().contains("index 3"), e.getMessage());
        assertFalse(KeyTemplate.parse("author:{a}").matches("writer:x"));
    }

    @Test
    void prefixSelectsExactlyTheLeadingValues() {
        KeyTemplate t = KeyTemplate.parse("{state}:{city}:{user}");
        Map<String, String> ca = new LinkedHashMap<>();
        ca.put("state", "CA");
        assertEquals("CA:", t.prefix(ca));
        ca.put("city", "San Francisco");
        assertEquals("CA:San Francisco:", t.prefix(ca));
        assertFalse(t.render(Map.of("state", "CAL", "city", "x", "user", "u")).startsWith(t.prefix(Map.of("state", "CA"))));
        assertEquals("", t.prefix(Map.of()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> t.prefix(Map.of("city", "x")));
        assertTrue(e.getMessage().contains("leading run"), e.getMessage());
    }

    @Test
    void renderNamesMissingAndUnknownValues() {
        KeyTemplate t = KeyTemplate.parse("{a}|{b}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> t.render(Map.of("a", "1", "c", "3")));
        assertTrue(e.getMessage().contains("missing [b]") && e.getMessage().contains("unknown [c]"), e.getMessage());
        IllegalArgumentException surrogate = assertThrows(IllegalArgumentException.class,
                () -> t.render(Map.of("a", "x\uD800", "b", "")));
        assertTrue(surrogate.getMessage().contains("unpaired surrogate at index 1"), surrogate.getMessage());
    }

    @Test
    void badTemplatesAreRefusedWithTheReason() {
        assertBad("", "must not be empty");
        assertBad("author:{author", "unclosed '{' at index 7");
        assertBad("author}", "stray '}' at index 6");
        assertBad("a:{}", "not a Java identifier");
        assertBad("a:{1x}", "not a Java identifier");
        assertBad("{a}{b}", "next to each other");
        assertBad("{a}|{a}", "names {a} twice");
        assertBad("a\\b:{x}", "escape character");
        assertBad("a\uDC00{x}", "unpaired surrogate at index 1");
    }

    private static void assertBad(String template, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KeyTemplate.parse(template));
        assertTrue(e.getMessage().contains(expected), () -> template + ": " + e.getMessage());
    }

    @Test
    void equalityFollowsTheText() {
        assertEquals(KeyTemplate.parse("a:{b}"), KeyTemplate.parse("a:{b}"));
        assertEquals("a:{b}", KeyTemplate.parse("a:{b}").toString());
        assertFalse(KeyTemplate.parse("a:{b}").equals(KeyTemplate.parse("a:{c}")));
    }
}
