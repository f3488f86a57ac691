package dev.nosqlpatterns.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PathPatternTest {

    @Test
    void patternsMatchWholePathsFromTheRoot() {
        PathPattern shoes = PathPattern.parse("/Catalog/Apparel/*/Shoes");
        assertTrue(shoes.matches("/Catalog/Apparel/Men/Shoes"));
        assertFalse(shoes.matches("/Catalog/Apparel/Men/Shoes/Boots"));
        assertFalse(shoes.matches("/Catalog/Apparel/Shoes"));
        assertTrue(PathPattern.atOrUnder("Shoes").matches("/Catalog/Apparel/Men/Shoes"));
        assertTrue(PathPattern.atOrUnder("Shoes").matches("/Catalog/Apparel/Men/Shoes/Boots/Winter"));
        assertFalse(PathPattern.under("Shoes").matches("/Catalog/Apparel/Men/Shoes"));
        assertTrue(PathPattern.under("Shoes").matches("/Catalog/Apparel/Men/Shoes/Boots"));
        assertFalse(PathPattern.atOrUnder("Shoes").matches("/Catalog/Apparel/Men/Snowshoes"));
        assertTrue(PathPattern.parse("**").matches("/anything/at/all"));
        assertTrue(PathPattern.parse("/*").matches("/Catalog"));
        assertFalse(PathPattern.parse("/*").matches("/Catalog/Apparel"));
    }

    @Test
    void literalsAreNotRegularExpressions() {
        PathPattern dots = PathPattern.parse("/a.b/(c)");
        assertTrue(dots.matches("/a.b/(c)"));
        assertFalse(dots.matches("/axb/(c)"));
        assertEquals(List.of("a.b", "(c)"), dots.segments());
        assertEquals("/a.b/(c)", dots.toString());
        assertTrue(dots.regex().startsWith("^/") && dots.regex().endsWith("$"), dots.regex());
    }

    @Test
    void badPatternsAreRefusedWithTheirReason() {
        assertThrows(IllegalArgumentException.class, () -> PathPattern.parse(""));
        assertThrows(IllegalArgumentException.class, () -> PathPattern.parse("/"));
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> PathPattern.parse("/a//b"));
        assertTrue(empty.getMessage().contains("empty segment"), empty.getMessage());
        IllegalArgumentException control = assertThrows(IllegalArgumentException.class,
                () -> new PathPattern(List.of("a", "b\u0001")));
        assertTrue(control.getMessage().contains("segment 1"), control.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PathPattern.under("a/b"));
        assertThrows(IllegalArgumentException.class, () -> new PathPattern(List.of()));
        assertThrows(NullPointerException.class, () -> PathPattern.parse(null));
    }
}
