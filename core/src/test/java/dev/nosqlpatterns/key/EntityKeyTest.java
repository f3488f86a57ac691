package dev.nosqlpatterns.key;

import static dev.nosqlpatterns.key.CompositeKeyCodecTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Examples of {@link EntityKey} text forms in the single-table style, and of its error messages. */
class EntityKeyTest {

    @Test
    void readsLikeTheSingleTableSeed() {
        assertEquals("REGN|NZ", EntityKey.of("REGN", "NZ").encode());
        assertEquals("DETL|tt0111161", EntityKey.of("DETL", "tt0111161").toString());
        assertEquals("RTNG", EntityKey.of("RTNG").encode());
        assertEquals(new EntityKey("RTNG", List.of()), EntityKey.parse("RTNG"));
        assertEquals(EntityKey.of("RTNG", ""), EntityKey.parse("RTNG|"));
        assertEquals(EntityKey.of("CAST", "nm0000209", "actor"), EntityKey.parse("CAST|nm0000209|actor"));
    }

    @Test
    void escapesTheSeparatorAndTheEscapeCharacter() {
        EntityKey key = EntityKey.of("NOTE", "a|b", "100%", "x\u007Fy", "é/😀:");
        assertEquals("NOTE|a%7Cb|100%25|x%7Fy|é/😀:", key.encode());
        assertEquals(key, EntityKey.parse(key.encode()));
    }

    @Test
    void typePrefixDoesNotMatchLongerTypes() {
        assertEquals("REG|", EntityKey.prefixOf("REG"));
        assertFalse(EntityKey.of("REGN", "NZ").encode().startsWith(EntityKey.prefixOf("REG")));
        assertTrue(EntityKey.of("REGN", "NZ").encode().startsWith(EntityKey.prefixOf("REGN")));
        assertEquals("REGN|NZ|", EntityKey.of("REGN", "NZ").childPrefix());
        assertFalse(EntityKey.of("REGN", "NZL", "x").encode().startsWith(EntityKey.of("REGN", "NZ").childPrefix()));
    }

    @Test
    void rejectsBadTypesAndParts() {
        assertMessage(IllegalArgumentException.class,
                "entity type \"RE|GN\" has '|' (U+007C) at index 2; it must be an ASCII letter followed by"
                        + " ASCII letters, digits, '_', '-' or '.'",
                () -> EntityKey.of("RE|GN", "NZ"));
        assertMessage(IllegalArgumentException.class,
                "entity type \"R\u00C9G\" has U+00C9 at index 1; it must be an ASCII letter followed by"
                        + " ASCII letters, digits, '_', '-' or '.'",
                () -> EntityKey.prefixOf("R\u00C9G"));
        assertMessage(NullPointerException.class, "parts[0] is null", () -> EntityKey.of("REGN", (String) null));
        assertMessage(NullPointerException.class, "parts is null", () -> new EntityKey("REGN", null));
        assertMessage(IllegalArgumentException.class,
                "parts[0] \"\\uDC00x\" has an unpaired surrogate U+DC00 at index 0",
                () -> EntityKey.of("REGN", "\uDC00x"));
    }

    @Test
    void rejectsMalformedText() {
        assertMessage(IllegalArgumentException.class, "entity key \"\": entity type is empty; it must start with"
                + " an ASCII letter", () -> EntityKey.parse(""));
        assertMessage(IllegalArgumentException.class, "entity key \"|NZ\": entity type is empty; it must start with"
                + " an ASCII letter", () -> EntityKey.parse("|NZ"));
        assertMessage(IllegalArgumentException.class,
                "entity key \"REGN|N%Z\" has a malformed escape at index 6: '%' must be followed by two"
                        + " upper-case hex digits, found \"%Z\"",
                () -> EntityKey.parse("REGN|N%Z"));
        assertMessage(IllegalArgumentException.class,
                "entity key \"REGN|%3A\" has a needless escape \"%3A\" at index 5; write ':' (U+003A) unescaped",
                () -> EntityKey.parse("REGN|%3A"));
        assertMessage(IllegalArgumentException.class,
                "entity key \"REGN|a\\u0009b\" has an unescaped U+0009 at index 6",
                () -> EntityKey.parse("REGN|a\tb"));
    }
}
