package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.spi.CostMeter;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.store.spi.IndexRead;
import dev.nosqlpatterns.store.spi.IndexResult;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.IndexQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The index reads' filters, order and cursors, run on whatever server the tests use. On the embedded
 * server, which answers these queries by scanning, the store does not declare NATIVE_SECONDARY_INDEX;
 * the reader is called directly to check its logic, not offered as a capability.
 */
class IndexQueryTest {
    private MongoBackend backend;
    private Store store;
    private String table;

    @BeforeEach
    void open() {
        backend = (MongoBackend) MongoTestServer.backend();
        store = Store.of(backend);
        table = "ix_" + System.nanoTime() % 1_000_000;
        store.createTable(TableSpec.named(table));
        backend.createTable(spec(), new CostMeter());
        String[][] rows = {{"tt1", "nm1", "1994", "Shawshank"}, {"tt2", "nm1", "1989", "Glory"},
            {"tt3", "nm2", "2001", "Amelie"}, {"tt4", "nm1", "2003", "Mystic River"}, {"tt5", "nm1", "1999", "Life"}};
        for (String[] r : rows) {
            store.put(table, Item.builder(r[0], "crew|" + r[1]).put("person", r[1]).put("year", r[2])
                    .put("title", r[3]).put("city", "Paris").build());
        }
        store.put(table, Item.builder("tt6", "DETL").put("title", "no person").put("year", "2000").build());
        store.put(table, Item.builder("tt9", "DETL").put("title", "no year").put("person", "nm1").build());
        store.put(table, Item.builder("n1", "x").put("title", "numeric").put("person", 7).put("year", "2000").build());
    }

    @AfterEach
    void close() {
        store.dropTable(table);
        store.close();
    }

    /** The declaration the store checks reads against; the embedded server's store has no index port to check. */
    private TableSpec spec() {
        return TableSpec.builder(table).index(IndexSpec.of("byPerson", "person", "year"))
                .index(IndexSpec.of("byCity", "city")).build();
    }

    /** Every page of a read of the adapter's index port, each resumed after the position the last one ended at. */
    private List<String> read(IndexQuery q) {
        IndexSpec index = spec().indexes().stream().filter(i -> i.name().equals(q.index())).findFirst().orElseThrow();
        List<String> out = new ArrayList<>();
        Optional<IndexPosition> after = Optional.empty();
        for (int guard = 0; guard < 100; guard++) {
            IndexResult page = backend.indexes().read(new IndexRead(spec(), index, q.partitionValue(), q.sortCondition(),
                    q.direction(), q.limit(), after), new CostMeter());
            assertTrue(page.items().size() <= q.limit());
            page.items().forEach(i -> out.add(i.getString("title").orElseThrow()));
            if (page.next().isEmpty()) {
                return out;
            }
            after = page.next();
        }
        throw new AssertionError("index read did not end");
    }

    @Test
    void readsAreSparseOrderedByTheSortAttributeAndPaged() {
        assertEquals(List.of("Glory", "Shawshank", "Life", "Mystic River"),
                read(IndexQuery.of(table, "byPerson", Value.of("nm1")).limit(2)));
        assertEquals(List.of("Mystic River", "Life", "Shawshank"), read(IndexQuery.of(table, "byPerson", Value.of("nm1"))
                .where(SortKeyCondition.between("1990", "2010")).descending().limit(1)));
        assertEquals(List.of("Amelie"), read(IndexQuery.of(table, "byPerson", Value.of("nm2"))));
        assertEquals(List.of("numeric"), read(IndexQuery.of(table, "byPerson", Value.of(7))));
        assertEquals(List.of(), read(IndexQuery.of(table, "byPerson", Value.of("nm9"))));
    }

    @Test
    void sortValuesOrderByUtf8OnARealMongoDb() {
        Assumptions.assumeFalse(MongoTestServer.embedded(),
                "the embedded server compares strings in UTF-16 order, MongoDB by UTF-8 bytes");
        store.put(table, Item.builder("tt7", "c").put("person", "nm3").put("year", "\uD83D\uDE00").put("title", "Emoji").build());
        store.put(table, Item.builder("tt8", "c").put("person", "nm3").put("year", "\uE000").put("title", "Private").build());
        assertEquals(List.of("Private", "Emoji"), read(IndexQuery.of(table, "byPerson", Value.of("nm3"))));
    }

    @Test
    void anIndexWithoutSortOrdersByItemKey() {
        assertEquals(List.of("Shawshank", "Glory", "Amelie", "Mystic River", "Life"),
                read(IndexQuery.of(table, "byCity", Value.of("Paris")).limit(3)));
    }

    @Test
    void indexKeysRoundTrip() {
        assertEquals(Optional.of(IndexSpec.of("byPerson", "person", "year")),
                Tables.fromKeys("byPerson", Tables.indexKeys(IndexSpec.of("byPerson", "person", "year"))));
        assertEquals(Optional.of(IndexSpec.of("odd", "a.b", "$c")),
                Tables.fromKeys("odd", Tables.indexKeys(IndexSpec.of("odd", "a.b", "$c"))));
        assertTrue(Tables.indexKeys(IndexSpec.of("x", "$p")).containsKey("a.%24p"));
        BsonDocument keys = Tables.indexKeys(IndexSpec.of("x", "p", "s"));
        assertEquals(List.of("a.p", "a.s", "_id"), List.copyOf(keys.keySet()));
        assertEquals(MongoTestServer.embedded(), !store.has(Capability.NATIVE_SECONDARY_INDEX));
    }
}
