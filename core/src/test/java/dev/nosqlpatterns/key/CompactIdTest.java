package dev.nosqlpatterns.key;

import static dev.nosqlpatterns.key.CompositeKeyCodecTest.assertMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Examples of {@link CompactId} text forms and of its error messages. */
class CompactIdTest {

    @Test
    void readsLikeAPath() {
        CompactId article = CompactId.of("article", "neumann", "theory_of_automata");
        assertEquals("article:neumann/theory_of_automata", article.encode());
        assertEquals("article:neumann/theory_of_automata", article.toString());
        assertEquals(article, CompactId.parse("article:neumann/theory_of_automata"));
        assertEquals("author:neumann", CompactId.of("author", "neumann").encode());
    }

    @Test
    void escapesSeparatorsAndTheEscapeCharacter() {
        CompactId id = CompactId.of("url", "http://x.org/a%20b", "", "tab\there\u0000");
        assertEquals("url:http%3A%2F%2Fx.org%2Fa%2520b//tab%09here%00", id.encode());
        assertEquals(id, CompactId.parse(id.encode()));
        assertEquals("emoji:\uD83D\uDE00 ok", CompactId.of("emoji", "\uD83D\uDE00 ok").encode());
    }

    @Test
    void prefixesListChildrenAndSchemes() {
        CompactId neumann = CompactId.of("article", "neumann");
        assertEquals("article:neumann/", neumann.childPrefix());
        assertTrue(neumann.child("theory").encode().startsWith(neumann.childPrefix()));
        assertFalse(CompactId.of("article", "neumann2", "x").encode().startsWith(neumann.childPrefix()));
        assertFalse(neumann.encode().startsWith(neumann.childPrefix()));
        assertEquals("art:", CompactId.schemePrefix("art"));
        assertFalse(neumann.encode().startsWith(CompactId.schemePrefix("art")));
    }

    @Test
    void segmentsAreCopiedAndUnmodifiable() {
        List<String> segments = new ArrayList<>(List.of("a"));
        CompactId id = new CompactId("s", segments);
        segments.add("b");
        assertEquals(List.of("a"), id.segments());
        assertThrows(UnsupportedOperationException.class, () -> id.segments().add("c"));
    }

    @Test
    void rejectsBadSchemesAndSegments() {
        assertMessage(IllegalArgumentException.class,
                "scheme \"my scheme\" has ' ' (U+0020) at index 2; it must be an ASCII letter followed by"
                        + " ASCII letters, digits, '_', '-' or '.'",
                () -> CompactId.of("my scheme", "x"));
        assertMessage(IllegalArgumentException.class,
                "scheme \"1st\" has '1' (U+0031) at index 0; it must be an ASCII letter followed by"
                        + " ASCII letters, digits, '_', '-' or '.'",
                () -> CompactId.of("1st", "x"));
        assertMessage(IllegalArgumentException.class, "scheme is empty; it must start with an ASCII letter",
                () -> CompactId.of("", "x"));
        assertMessage(NullPointerException.class, "scheme is null", () -> CompactId.of(null, "x"));
        assertMessage(NullPointerException.class, "segments[1] is null", () -> CompactId.of("s", "a", null));
        assertMessage(IllegalArgumentException.class, "compact id with scheme \"s\" needs at least one segment",
                () -> CompactId.of("s"));
        assertMessage(IllegalArgumentException.class,
                "segments[0] \"\\uDBFF\" has an unpaired surrogate U+DBFF at index 0",
                () -> CompactId.of("s", "\uDBFF"));
    }

    @Test
    void rejectsMalformedText() {
        assertMessage(IllegalArgumentException.class, "compact id \"author\" has no ':' after its scheme",
                () -> CompactId.parse("author"));
        assertMessage(IllegalArgumentException.class,
                "compact id \"a b:c\": scheme \"a b\" has ' ' (U+0020) at index 1; it must be an ASCII letter"
                        + " followed by ASCII letters, digits, '_', '-' or '.'",
                () -> CompactId.parse("a b:c"));
        assertMessage(IllegalArgumentException.class,
                "compact id \"a:b%2\" has a malformed escape at index 3: '%' must be followed by two"
                        + " upper-case hex digits, found \"%2\"",
                () -> CompactId.parse("a:b%2"));
        assertMessage(IllegalArgumentException.class,
                "compact id \"a:b%2f\" has a malformed escape at index 3: '%' must be followed by two"
                        + " upper-case hex digits, found \"%2f\"",
                () -> CompactId.parse("a:b%2f"));
        assertMessage(IllegalArgumentException.class,
                "compact id \"a:%41\" has a needless escape \"%41\" at index 2; write 'A' (U+0041) unescaped",
                () -> CompactId.parse("a:%41"));
        assertMessage(IllegalArgumentException.class, "compact id \"a:b:c\" has an unescaped ':' (U+003A) at index 3",
                () -> CompactId.parse("a:b:c"));
        assertMessage(IllegalArgumentException.class,
                "compact id \"a:\\u0000\" has an unescaped U+0000 at index 2", () -> CompactId.parse("a:\u0000"));
        assertMessage(IllegalArgumentException.class,
                "compact id \"a:x\\uD800\" has an unpaired surrogate U+D800 at index 3",
                () -> CompactId.parse("a:x\uD800"));
        assertEquals(CompactId.of("a", ""), CompactId.parse("a:"));
    }
}
