package dev.nosqlpatterns.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Round trip and prefix properties of {@link CompactId}. */
class CompactIdProperties {

    @Property(tries = 10000)
    void parseInvertsEncode(@ForAll("ids") CompactId id) {
        String text = id.encode();
        assertEquals(id, CompactId.parse(text));
        assertEquals(text, id.toString());
        assertEquals(id.segments().size(), text.chars().filter(c -> c == '/').count() + 1);
        assertEquals(text.indexOf(':'), text.lastIndexOf(':'), text);
        assertFalse(text.contains("\u0000"), text);
    }

    @Property(tries = 10000)
    void childPrefixMatchesExactlyTheDescendants(@ForAll("relatedIds") List<CompactId> pair) {
        CompactId parent = pair.get(0);
        CompactId other = pair.get(1);
        List<String> own = parent.segments();
        List<String> theirs = other.segments();
        boolean descendant = other.scheme().equals(parent.scheme()) && theirs.size() > own.size()
                && theirs.subList(0, own.size()).equals(own);
        assertEquals(descendant, other.encode().startsWith(parent.childPrefix()), () -> parent + " / " + other);
        assertEquals(parent.encode() + "/", parent.childPrefix());
    }

    @Property(tries = 10000)
    void schemePrefixMatchesExactlyThatScheme(@ForAll("schemes") String scheme, @ForAll("ids") CompactId id) {
        assertEquals(id.scheme().equals(scheme), id.encode().startsWith(CompactId.schemePrefix(scheme)));
    }

    @Provide
    Arbitrary<String> schemes() {
        return Arbitraries.of("a", "ab", "art", "article", "article.v2", "author", "author-x", "A_1");
    }

    @Provide
    Arbitrary<CompactId> ids() {
        return Combinators.combine(schemes(), KeyArbitraries.strings().list().ofMinSize(1).ofMaxSize(4))
                .as(CompactId::new);
    }

    /** An id and another that shares its scheme and some leading segments more often than not. */
    @Provide
    Arbitrary<List<CompactId>> relatedIds() {
        return Combinators.combine(ids(), ids(), Arbitraries.integers().between(0, 4), Arbitraries.of(true, false))
                .as((a, b, shared, sameScheme) -> {
                    int n = Math.min(shared, a.segments().size());
                    List<Object> segments = KeyArbitraries.splice(a.segments(), n,
                            n <= b.segments().size() ? b.segments() : a.segments().subList(0, n));
                    List<String> strings = segments.stream().map(String.class::cast).toList();
                    if (strings.isEmpty()) {
                        strings = b.segments();
                    }
                    return List.of(a, new CompactId(sameScheme ? a.scheme() : b.scheme(), strings));
                });
    }
}
