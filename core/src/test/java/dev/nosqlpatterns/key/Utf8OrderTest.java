package dev.nosqlpatterns.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Examples of where {@link Utf8Order} departs from {@link String#compareTo}. */
class Utf8OrderTest {

    @Test
    void supplementaryCharactersSortAfterTheTopOfTheBmp() {
        assertTrue(Utf8Order.compare("\uFFFF", "\uD800\uDC00") < 0);
        assertTrue("\uFFFF".compareTo("\uD800\uDC00") > 0);
        assertTrue(Utf8Order.compare("\uD7FF", "\uD800\uDC00") < 0);
        assertEquals(0, Utf8Order.compare("a\uD83D\uDE00", "a\uD83D\uDE00"));
        assertTrue(Utf8Order.compare("ab", "abc") < 0);
    }

    @Test
    void countsUtf8Bytes() {
        assertEquals(0, Utf8Order.utf8Length(""));
        assertEquals(1 + 2 + 3 + 4, Utf8Order.utf8Length("a\u00E9\u20AC\uD83D\uDE00"));
    }

    @Test
    void findsUnpairedSurrogates() {
        assertEquals(-1, Utf8Order.firstUnpairedSurrogate("a\uD83D\uDE00b"));
        assertEquals(1, Utf8Order.firstUnpairedSurrogate("a\uD83Db"));
        assertEquals(0, Utf8Order.firstUnpairedSurrogate("\uDE00\uD83D"));
        assertEquals(2, Utf8Order.firstUnpairedSurrogate("ab\uD83D"));
    }

    @Test
    void prefixUpperBoundSkipsSurrogatesAndDropsTheMaximum() {
        assertEquals(Optional.of("ab"), Utf8Order.prefixUpperBound("aa"));
        assertEquals(Optional.of("a\uE000"), Utf8Order.prefixUpperBound("a\uD7FF"));
        assertEquals(Optional.of("a\uD800\uDC00"), Utf8Order.prefixUpperBound("a\uFFFF"));
        assertEquals(Optional.of("b"), Utf8Order.prefixUpperBound("a\uDBFF\uDFFF\uDBFF\uDFFF"));
        assertEquals(Optional.empty(), Utf8Order.prefixUpperBound("\uDBFF\uDFFF"));
        assertEquals(Optional.empty(), Utf8Order.prefixUpperBound(""));
    }
}
