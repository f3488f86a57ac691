package dev.nosqlpatterns.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Terms, documents and criteria check their arguments at once and normalize what they keep. */
class SearchValuesTest {

    @Test
    void termsCheckFieldAndValue() {
        assertEquals("site=a.example", Term.of("site", "a.example").toString());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Term.of("si te", "x")).getMessage()
                .contains("field 'si te' is invalid"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Term.of("site", "")).getMessage()
                .contains("must not be empty"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Term.of("site", "a\uD800")).getMessage()
                .contains("unpaired surrogate at index 1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Term.of("site", "é".repeat(257))).getMessage()
                .contains("514 UTF-8 bytes"));
        assertThrows(NullPointerException.class, () -> Term.of(null, "x"));
    }

    @Test
    void documentsNameEveryProblemAtOnce() {
        Map<String, Set<String>> fields = new HashMap<>();
        fields.put("ok", Set.of("1"));
        fields.put("bad field", Set.of("1"));
        fields.put("empty", Set.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Document("d", fields));
        assertTrue(e.getMessage().contains("'bad field'") && e.getMessage().contains("'empty' has no values"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Document.builder("x".repeat(513)).build());
    }

    @Test
    void documentsKeepFieldsAndValuesSortedAndDistinct() {
        Document d = Document.builder("d").add("b", "z", "\uD83D\uDE00", "\uE000").add("a", "1").add("b", "z").build();
        assertEquals(List.of("a", "b"), List.copyOf(d.fields().keySet()));
        assertEquals(List.of("z", "\uE000", "\uD83D\uDE00"), List.copyOf(d.values("b")), "values in UTF-8 order");
        assertEquals(4, d.terms().size());
        assertEquals(Set.of(), d.values("c"));
    }

    @Test
    void criteriaNeedOperandsAndListTheirTerms() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Criteria.or()).getMessage().contains("OR needs"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Criteria.and(Criteria.all(), null)).getMessage()
                .contains("AND operand 1 is null"));
        Criteria c = Criteria.and(Criteria.has("a", "1"), Criteria.or(Criteria.has("b", "2"), Criteria.not(Criteria.has("a", "1"))));
        assertEquals(Set.of(Term.of("a", "1"), Term.of("b", "2")), c.terms());
        assertEquals("(a=1 AND (b=2 OR NOT a=1))", c.toString());
    }

    @Test
    void audiencesCombineWithoutTheStore() {
        Audience a = new Audience(IdSets.of(PostingFormat.BITMAP, 1, 2, 3));
        Audience b = new Audience(IdSets.of(PostingFormat.SORTED_IDS, 3, 4));
        assertEquals(new Audience(IdSets.of(PostingFormat.SORTED_IDS, 3)), a.and(b), "equal across representations");
        assertEquals(4, a.or(b).size());
        assertTrue(a.andNot(b).contains(2));
        assertEquals(List.of(1, 2), a.andNot(b).stream().boxed().toList());
        assertThrows(IllegalArgumentException.class, () -> IdSets.of(PostingFormat.BITMAP, -1));
    }
}
