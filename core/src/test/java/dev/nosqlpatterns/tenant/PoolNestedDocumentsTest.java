package dev.nosqlpatterns.tenant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.ForwardingCapabilities;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.NestedDocuments;
import dev.nosqlpatterns.store.spi.ScanRequest;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Queries on elements of nested documents through pool tenants, on a store that answers them over the whole table
 * with a limit (as MongoDB and Lucene do): each tenant's query matches and limits its own elements alone.
 */
class PoolNestedDocumentsTest {
    private static final Map<String, Value> POET = Map.of("skill", Value.of("Poetry"), "level", Value.of("Excellent"));

    /** The store's side: every item of the table with an element holding all the fields, in key order, limited. */
    private static NestedDocuments port(StoreBackend items) {
        return (table, list, fields, limit, meter) -> items.scan(new ScanRequest(table, 0, 1, 100_000,
                Optional.empty()), meter).items().stream()
                .filter(i -> i.get(list).filter(v -> v instanceof Value.ListValue).map(v -> ((Value.ListValue) v)
                        .value().stream().anyMatch(e -> e instanceof Value.MapValue m
                                && fields.entrySet().stream().allMatch(f -> f.getValue().equals(m.value()
                                .get(f.getKey()))))).orElse(false))
                .map(Item::key).sorted(Comparator.comparing(Key::partition).thenComparing(Key::sort))
                .limit(limit).toList();
    }

    private static Item resume(String id, boolean poet) {
        Value skills = poet ? Value.list(Value.map(POET))
                : Value.list(Value.map(Map.of("skill", Value.of("Java"), "level", Value.of("Excellent"))),
                        Value.map(Map.of("skill", Value.of("Poetry"), "level", Value.of("Poor"))));
        return Item.builder(id, "<BASE>").put("skills", skills).build();
    }

    @Test
    void eachTenantsQueriesOnElementsMatchAndLimitItsOwn() {
        MemoryBackend memory = new MemoryBackend();
        Capabilities withNested = memory.capabilities().toBuilder().nestedDocuments(port(memory)).build();
        try (Store store = Store.of(new ForwardingCapabilities(memory, withNested))) {
            Tenants tenants = Tenants.builder(store).model(TenancyModel.POOL).build();
            Store a = tenants.forTenant("a");
            Store b = tenants.forTenant("a#");
            assertTrue(a.has(Capability.NESTED_DOCUMENTS));
            for (Store on : List.of(a, b)) {
                on.createTable(TableSpec.named("resumes"));
            }
            // Tenant b's poets come first in the shared table's key order; a limit of 1 must still find a's.
            b.put("resumes", resume("r|0", true));
            b.put("resumes", resume("r|1", true));
            a.put("resumes", resume("r|1", false));
            a.put("resumes", resume("r|2", true));
            assertEquals(List.of(Key.of("r|2", "<BASE>")), a.nestedDocuments().findByElement("resumes", "skills", POET, 1));
            assertEquals(List.of(Key.of("r|0", "<BASE>"), Key.of("r|1", "<BASE>")),
                    b.nestedDocuments().findByElement("resumes", "skills", POET, 10));

            assertEquals(resume("r|1", false), a.get("resumes", Key.of("r|1", "<BASE>")).orElseThrow(),
                    "the code is taken off what is read back");
            store.createTable(TableSpec.named("resumes"));
            assertFalse(store.scanAll(Scan.of("resumes")).anyMatch(i -> ((Value.ListValue) i.get("skills")
                    .orElseThrow()).value().stream().anyMatch(e -> !((Value.MapValue) e).value()
                    .containsKey(PoolBackend.ELEMENT_TENANT))), "every stored element carries its tenant's code");

            Item updated = a.update(Write.update("resumes", Key.of("r|1", "<BASE>"), UpdateAction.set("skills",
                    resume("r|1", true).get("skills").orElseThrow())).when(Condition.attributeEquals("skills",
                    resume("r|1", false).get("skills").orElseThrow())));
            assertEquals(resume("r|1", true), updated, "a list compared and set as the tenant wrote it");
            assertEquals(List.of(Key.of("r|1", "<BASE>"), Key.of("r|2", "<BASE>")),
                    a.nestedDocuments().findByElement("resumes", "skills", POET, 10));

            Item forged = Item.builder("r|9", "<BASE>").put("skills", Value.list(Value.map(Map.of("skill",
                    Value.of("Poetry"), PoolBackend.ELEMENT_TENANT, Value.of(tenants.codeOf("a#").orElseThrow())))))
                    .build();
            InvalidRequestException refused = assertThrows(InvalidRequestException.class, () -> a.put("resumes", forged));
            assertTrue(refused.getMessage().contains(PoolBackend.ELEMENT_TENANT), refused.getMessage());
        }
    }

    @Test
    void withoutTheStoresQueriesOnElementsNothingIsTagged() {
        try (Store store = Store.of(new MemoryBackend())) {
            Store a = Tenants.builder(store).model(TenancyModel.POOL).build().forTenant("a");
            a.createTable(TableSpec.named("resumes"));
            a.put("resumes", resume("r|1", true));
            store.createTable(TableSpec.named("resumes"));
            assertEquals(resume("r|1", true).attributes(), store.scanAll(Scan.of("resumes")).findFirst().orElseThrow()
                    .attributes());
            assertFalse(a.has(Capability.NESTED_DOCUMENTS));
            assertTrue(a.maintenance().footprint("resumes").isEmpty(), "a shared table's footprint is every tenant's");
        }
    }
}
