package dev.nosqlpatterns.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.IndexQuery;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;
import dev.nosqlpatterns.store.spi.NativeIndexes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The store checks every native index query against the table's declaration before a backend sees it, and alone
 * turns the positions a backend answers into cursors and back: a port that records what it was handed, over
 * the memory store's items.
 */
class IndexQueryChecksTest {
    private final List<IndexRead> handed = new ArrayList<>();
    private final MemoryBackend memory = new MemoryBackend();

    /** Items of the table holding the partition value, by sort value then key, from the memory store. */
    private final NativeIndexes port = (read, meter) -> {
        handed.add(read);
        meter.roundTrip();
        String attribute = read.index().partitionAttribute();
        String sort = read.index().sortAttribute().orElseThrow();
        Comparator<Item> order = Comparator.comparing((Item i) -> i.getString(sort).orElseThrow())
                .thenComparing(i -> i.key().partition());
        List<Item> all = memory.scan(new dev.nosqlpatterns.store.spi.ScanRequest(read.tableName(), 0, 1, 1000,
                Optional.empty()), meter).items().stream()
                .filter(i -> read.partitionValue().equals(i.attributes().get(attribute)))
                .sorted(order).toList();
        List<Item> page = new ArrayList<>();
        for (Item item : all) {
            IndexPosition at = IndexPosition.of(read.index(), item);
            if (read.after().isPresent() && order.compare(item, read.after().get().asItem(read.index(),
                    read.partitionValue())) <= 0) {
                continue;
            }
            if (page.size() == read.limit()) {
                return new IndexResult(page, Optional.of(IndexPosition.of(read.index(), page.get(page.size() - 1))));
            }
            page.add(item);
        }
        return IndexResult.last(page);
    };

    private Store store(boolean withIndexes) {
        Store store = Store.of(new ForwardingCapabilities(memory, withIndexes ? memory.capabilities().toBuilder()
                .nativeIndexes(port).build() : memory.capabilities()));
        if (withIndexes) {
            store.createTable(TableSpec.builder("users").index(IndexSpec.of("byCity", "city", "name"))
                    .index(IndexSpec.of("byTeam", "team")).build());
            for (String[] u : new String[][] {{"u1", "Oslo", "ada"}, {"u2", "Oslo", "bob"}, {"u3", "Oslo", "cy"},
                {"u4", "Rome", "di"}}) {
                store.put("users", Item.builder(u[0], "profile").put("city", u[1]).put("name", u[2]).build());
            }
        }
        return store;
    }

    @Test
    void cursorsCarryTheLastPositionAndAreBoundToTheirQuery() {
        try (Store store = store(true)) {
            IndexQuery oslo = IndexQuery.of("users", "byCity", Value.of("Oslo")).limit(2);
            Page first = store.queryIndex(oslo);
            assertEquals(List.of("u1", "u2"), first.items().stream().map(i -> i.key().partition()).toList());
            Cursor cursor = first.next().orElseThrow();
            Page second = store.queryIndex(oslo.after(cursor));
            assertEquals(List.of("u3"), second.items().stream().map(i -> i.key().partition()).toList());
            assertTrue(second.next().isEmpty());
            assertEquals(Optional.of(new IndexPosition(Optional.of(Value.of("bob")), Key.of("u2", "profile"))),
                    handed.get(handed.size() - 1).after(), "the backend resumes after the last item's entry");
            int asked = handed.size();
            InvalidRequestException foreign = assertThrows(InvalidRequestException.class, () -> store.queryIndex(
                    IndexQuery.of("users", "byCity", Value.of("Rome")).after(cursor)));
            assertTrue(foreign.getMessage().contains("another index query"), foreign.getMessage());
            assertThrows(InvalidRequestException.class, () -> store.queryIndex(oslo.after(new Cursor("i.x.y"))));
            String token = cursor.token();
            assertThrows(InvalidRequestException.class, () -> store.queryIndex(
                    oslo.after(new Cursor(token.substring(0, token.lastIndexOf('.') + 1) + "!!"))));
            assertEquals(asked, handed.size(), "a refused cursor never reaches the backend");
        }
    }

    @Test
    void requestsAreCheckedAgainstTheDeclarationBeforeTheBackendSeesThem() {
        try (Store store = store(true)) {
            InvalidRequestException noIndex = assertThrows(InvalidRequestException.class,
                    () -> store.queryIndex(IndexQuery.of("users", "byAge", Value.of(3))));
            assertTrue(noIndex.getMessage().contains("byAge") && noIndex.getMessage().contains("[byCity, byTeam]"),
                    noIndex.getMessage());
            InvalidRequestException noSort = assertThrows(InvalidRequestException.class, () -> store.queryIndex(
                    IndexQuery.of("users", "byTeam", Value.of("red")).where(SortKeyCondition.beginsWith("a"))));
            assertTrue(noSort.getMessage().contains("no sort attribute"), noSort.getMessage());
            InvalidRequestException badValue = assertThrows(InvalidRequestException.class,
                    () -> store.queryIndex(IndexQuery.of("users", "byCity", Value.of(true))));
            assertTrue(badValue.getMessage().contains("BOOLEAN"), badValue.getMessage());
            assertEquals(List.of(), handed);
            assertEquals(store.tableSpec("users").orElseThrow(), store.tableSpec("users").orElseThrow());
            assertTrue(store.tableSpec("nobody").isEmpty());
        }
    }

    @Test
    void aStoreWithoutThePortRefusesIndexQueries() {
        try (Store store = store(false)) {
            store.createTable(TableSpec.named("plain"));
            assertThrows(UnsupportedCapabilityException.class,
                    () -> store.queryIndex(IndexQuery.of("plain", "byCity", Value.of("Oslo"))));
            assertThrows(UnsupportedCapabilityException.class, () -> store.createTable(
                    TableSpec.builder("indexed").index(IndexSpec.of("byCity", "city")).build()));
        }
    }
}
