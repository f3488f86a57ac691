package dev.nosqlpatterns.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.StoreUnavailableException;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Builder checks, URI options, the provider, and errors when the server goes away. */
class MongoStoreBuilderTest {

    @Test
    void everyProblemIsReportedAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MongoStore.builder()
                .database("bad.name").collectionPrefix("system.x$").limits(new Limits(20_000_000, 100, 100, 10, 1000))
                .buildBackend());
        String m = e.getMessage();
        assertTrue(m.contains("exactly one of client") && m.contains("database name 'bad.name'")
                && m.contains("'$'") && m.contains("system.") && m.contains("maxItemBytes 20000000"), m);
        assertThrows(IllegalArgumentException.class, () -> MongoStore.builder().uri("mongodb://").buildBackend());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MongoStore.builder().uri("http://x:secret@h")
                .buildBackend()).getMessage().contains("***"));
    }

    @Test
    void theUriNamesDatabaseAndPrefixAndTheProviderOpensIt() {
        String base = MongoTestServer.uri();
        String withDb = base.replaceFirst("^(mongodb(\\+srv)?://[^/?]*)/?[^?]*", "$1/nsp_uri_test") + (base.contains("?") ? "&" : "?")
                + "collectionPrefix=pfx_";
        try (Store store = Stores.open(withDb)) {
            assertEquals("mongodb", store.kind());
            store.createTable(TableSpec.named("things"));
            store.put("things", Item.builder("p", "s").build());
            var names = MongoTestServer.client().getDatabase("nsp_uri_test").listCollectionNames().into(new ArrayList<>());
            assertTrue(names.contains("pfx_things"), names.toString());
            store.dropTable("things");
        }
    }

    @Test
    void aServerThatGoesAwayGivesStoreUnavailable() {
        EmbeddedMongo server = EmbeddedMongo.start();
        try (Store store = MongoStore.builder().uri(server.uri() + "/?serverSelectionTimeoutMS=1000&connectTimeoutMS=3000")
                .build()) {
            store.createTable(TableSpec.named("gone"));
            server.close();
            StoreUnavailableException e = assertThrows(StoreUnavailableException.class,
                    () -> store.get("gone", Key.of("p", "s")));
            assertTrue(e.getMessage().contains("gone"), e.getMessage());
            java.util.Map<String, org.junit.jupiter.api.function.Executable> calls = new java.util.LinkedHashMap<>();
            calls.put("put", () -> store.put("gone", dev.nosqlpatterns.item.Item.builder("p", "s").build()));
            calls.put("update-add", () -> store.update("gone", Key.of("p", "n"),
                    dev.nosqlpatterns.store.model.UpdateAction.add("n", 1)));
            calls.put("delete", () -> store.delete("gone", Key.of("p", "s")));
            calls.put("query", () -> store.query(dev.nosqlpatterns.store.model.Query.in("gone", "p")));
            calls.forEach((name, call) -> {
                StoreUnavailableException down = assertThrows(StoreUnavailableException.class, call, name);
                assertTrue(down.getMessage().startsWith("MongoDB"), name + ": " + down.getMessage());
            });
        } finally {
            server.close();
        }
    }
}
