package dev.nosqlpatterns.key;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Round trip and prefix properties of {@link EntityKey}. */
class EntityKeyProperties {

    @Property(tries = 10000)
    void parseInvertsEncode(@ForAll("keys") EntityKey key) {
        String text = key.encode();
        assertEquals(key, EntityKey.parse(text));
        assertEquals(text, key.toString());
        assertEquals(key.parts().size(), text.chars().filter(c -> c == '|').count());
        assertFalse(text.contains("\u0000"), text);
    }

    /** prefixOf(t) never matches a type that merely starts with the same letters, like REG and REGN. */
    @Property(tries = 10000)
    void prefixOfMatchesExactlyTheKeysOfThatTypeWithParts(@ForAll("types") String type, @ForAll("keys") EntityKey key) {
        boolean expected = key.type().equals(type) && !key.parts().isEmpty();
        assertEquals(expected, key.encode().startsWith(EntityKey.prefixOf(type)), () -> type + " / " + key);
        assertEquals(key.type().equals(type) && key.parts().isEmpty(), key.encode().equals(type));
    }

    @Property(tries = 10000)
    void childPrefixMatchesExactlyTheLongerKeys(@ForAll("relatedKeys") List<EntityKey> pair) {
        EntityKey parent = pair.get(0);
        EntityKey other = pair.get(1);
        List<String> own = parent.parts();
        List<String> theirs = other.parts();
        boolean descendant = other.type().equals(parent.type()) && theirs.size() > own.size()
                && theirs.subList(0, own.size()).equals(own);
        assertEquals(descendant, other.encode().startsWith(parent.childPrefix()), () -> parent + " / " + other);
    }

    @Provide
    Arbitrary<String> types() {
        return Arbitraries.of("R", "REG", "REGN", "RTNG", "DETL", "DETL2", "d");
    }

    @Provide
    Arbitrary<EntityKey> keys() {
        return Combinators.combine(types(), KeyArbitraries.strings().list().ofMaxSize(3)).as(EntityKey::new);
    }

    /** A key and another of the same type whose parts often begin with the first key's parts. */
    @Provide
    Arbitrary<List<EntityKey>> relatedKeys() {
        return Combinators.combine(keys(), keys(), Arbitraries.of(true, false), Arbitraries.of(true, false))
                .as((a, b, sameType, extend) -> {
                    List<String> parts = new ArrayList<>(b.parts());
                    if (extend) {
                        parts = new ArrayList<>(a.parts());
                        parts.addAll(b.parts());
                    }
                    return List.of(a, new EntityKey(sameType ? a.type() : b.type(), parts));
                });
    }
}
