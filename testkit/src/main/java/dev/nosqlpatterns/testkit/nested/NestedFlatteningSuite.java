package dev.nosqlpatterns.testkit.nested;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.nested.NestedFlattening;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.testkit.StoreSuite;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Nested documents flattening, on stores with text search: the resumes of the example,
 * where "Excellent Poetry" must find the poet and not the person excellent at something else who is a
 * poor poet, as a naive flat document would.
 */
public abstract class NestedFlatteningSuite extends StoreSuite {
    private static final Map<String, List<Map<String, String>>> RESUMES = new LinkedHashMap<>();

    static {
        RESUMES.put("alice", List.of(skill("Poetry", "Excellent"), skill("Painting", "Basic")));
        RESUMES.put("bob", List.of(skill("Poetry", "Basic"), skill("Painting", "Excellent")));
        RESUMES.put("carol", List.of(skill("Chess", "Good"), skill("Poetry", "Good"), skill("Poetry Editing", "Excellent")));
        RESUMES.put("dave", List.of(skill("Painting", "Excellent")));
    }

    private static Map<String, String> skill(String name, String level) {
        return Map.of("skill", name, "level", level);
    }

    @ParameterizedTest
    @EnumSource(NestedFlattening.Strategy.class)
    void oneElementMustMatchEveryField(NestedFlattening.Strategy strategy) {
        assumeCapability(Capability.TEXT_SEARCH);
        NestedFlattening resumes = NestedFlattening.open(store, "resumes_" + strategy.name().toLowerCase() + newTable(),
                List.of("level", "skill"), strategy, 4);
        RESUMES.forEach(resumes::put);
        assertEquals(Set.of("alice"), resumes.findElement(Map.of("level", "Excellent", "skill", "Poetry"), 10));
        assertEquals(Set.of("bob", "dave"), resumes.findElement(Map.of("level", "Excellent", "skill", "Painting"), 10));
        assertEquals(Set.of(), resumes.findElement(Map.of("level", "Basic", "skill", "Chess"), 10));
        resumes.delete("alice");
        assertEquals(Set.of(), resumes.findElement(Map.of("level", "Excellent", "skill", "Poetry"), 10));
        assertThrows(IllegalArgumentException.class, () -> resumes.put("erin", List.of(skill("a", "b"), skill("c", "d"),
                skill("e", "f"), skill("g", "h"), skill("i", "j"))));
    }

    @Test
    void aNaiveFlatDocumentGivesTheFalseMatchTheTechniquesAvoid() {
        assumeCapability(Capability.TEXT_SEARCH);
        dev.nosqlpatterns.store.TextSearchCalls text = store.textSearch();
        String index = "naive" + newTable();
        RESUMES.forEach((id, skills) -> text.indexDocument(index, id, Map.of(
                "skills", String.join(" ", skills.stream().map(s -> s.get("skill")).toList()),
                "levels", String.join(" ", skills.stream().map(s -> s.get("level")).toList()))));
        Set<String> bySkill = new HashSet<>(text.searchPhrase(index, "skills", "Poetry", 0, 10));
        bySkill.retainAll(text.searchPhrase(index, "levels", "Excellent", 0, 10));
        assertTrue(bySkill.contains("bob"), "the naive model matches bob, excellent at painting and basic at poetry");
    }

    @Test
    void nativeNestedDocumentsMatchWithinOneElement() {
        assumeCapability(Capability.NESTED_DOCUMENTS);
        String table = newTable();
        RESUMES.forEach((id, skills) -> store.put(table, Item.builder(id, "<BASE>").put("skills", Value.list(
                skills.stream().map(s -> (Value) Value.map(Map.of("skill", Value.of(s.get("skill")), "level", Value.of(s.get("level")))))
                        .toList())).build()));
        List<Key> found = store.nestedDocuments().findByElement(table, "skills",
                Map.of("skill", Value.of("Poetry"), "level", Value.of("Excellent")), 10);
        assertEquals(List.of(Key.of("alice", "<BASE>")), found);
    }

    @Test
    void storesWithoutTextSearchRefuseClearly() {
        org.junit.jupiter.api.Assumptions.assumeFalse(store.has(Capability.TEXT_SEARCH), "the store has text search");
        UnsupportedCapabilityException e = assertThrows(UnsupportedCapabilityException.class,
                () -> NestedFlattening.open(store, "resumes", List.of("level", "skill"), NestedFlattening.Strategy.PROXIMITY, 4));
        assertEquals(Capability.TEXT_SEARCH, e.capability());
    }
}
