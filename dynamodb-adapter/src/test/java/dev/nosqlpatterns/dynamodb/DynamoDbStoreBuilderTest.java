package dev.nosqlpatterns.dynamodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.Stores;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;

/** Building stores: settings checked all at once, URIs, the provider, attaching to an existing table. */
class DynamoDbStoreBuilderTest {
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000, 36);

    @Test
    void everyBadSettingIsReportedAtOnce() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DynamoDbStore.builder()
                .singleTable("x").keyAttributes("id", "id").retries(0, Duration.ofMillis(10), Duration.ofMillis(1))
                .buildBackend());
        String m = e.getMessage();
        assertTrue(m.contains("client(...)"), m);
        assertTrue(m.contains("physical table name 'x'"), m);
        assertTrue(m.contains("must differ"), m);
        assertTrue(m.contains("max attempts"), m);
        assertTrue(m.contains("max retry delay"), m);
        assertThrows(IllegalArgumentException.class, () -> DynamoDbStore.builder().client(DynamoDbFixture.client())
                .keyAttributes("~pk", "sk").buildBackend());
        assertThrows(IllegalArgumentException.class, () -> DynamoDbStore.builder().client(DynamoDbFixture.client())
                .tablePerLogicalTable("bad prefix").buildBackend());
    }

    @Test
    void badUrisAreRefusedWithTheirProblems() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DynamoDbStore.open("dynamodb://localhost:1?colour=blue&maxAttempts=many"));
        assertTrue(e.getMessage().contains("unknown option 'colour'") && e.getMessage().contains("maxAttempts"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DynamoDbStore.open("dynamodb:///"));
        assertThrows(IllegalArgumentException.class, () -> DynamoDbStore.open("redis://localhost"));
    }

    @Test
    void storesOpenDynamoDbUris() {
        String t = "uri" + RUN;
        try (Store store = Stores.open(withOptions("table=" + DynamoDbFixture.TEST_TABLE + "&maxAttempts=3"))) {
            assertEquals("dynamodb", store.kind());
            store.createTable(TableSpec.named(t));
            store.put(t, Item.builder("p", "s").put("v", "x").build());
            assertEquals("x", store.get(t, Key.of("p", "s")).orElseThrow().getString("v").orElseThrow());
            store.dropTable(t);
        }
    }

    @Test
    void anExistingTableIsUsedWithItsOwnKeyAttributeNames() {
        DynamoDbClient client = DynamoDbFixture.client();
        String physical = "library_" + RUN;
        client.createTable(b -> b.tableName(physical).billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(string("prefix"), string("suffix"))
                .keySchema(KeySchemaElement.builder().attributeName("prefix").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("suffix").keyType(KeyType.RANGE).build()));
        try {
            InvalidRequestException wrongKeys = assertThrows(InvalidRequestException.class, () -> {
                try (Store store = DynamoDbStore.builder().client(client).singleTable(physical).build()) {
                    store.createTable(TableSpec.named("articles"));
                }
            });
            assertTrue(wrongKeys.getMessage().contains("prefix="), wrongKeys.getMessage());
            try (Store store = DynamoDbStore.open(withOptions("table=" + physical
                    + "&prefix=prefix&suffix=suffix&create=false"))) {
                store.createTable(TableSpec.named("articles"));
                store.put("articles", Item.builder("author:neumann", "article:theory_of_automata").put("year", 1966).build());
                assertEquals(List.of("article:theory_of_automata"), store.query(Query.in("articles", "author:neumann"))
                        .items().stream().map(i -> i.key().sort()).toList());
            }
            var raw = client.scan(b -> b.tableName(physical)).items();
            assertEquals(AttributeValue.fromS("articles#author:neumann"), raw.get(0).get("prefix"));
        } finally {
            client.deleteTable(b -> b.tableName(physical));
        }
    }

    @Test
    void withoutTableCreationAMissingTableIsAClearError() {
        try (Store store = DynamoDbStore.builder().client(DynamoDbFixture.client()).singleTable("absent_" + RUN)
                .createTables(false).build()) {
            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> store.createTable(TableSpec.named("t")));
            assertTrue(e.getMessage().contains("absent_" + RUN) && e.getMessage().contains("does not exist"), e.getMessage());
        }
    }

    /** The fixture's URI with more options, whether or not it already has some. */
    private static String withOptions(String options) {
        String uri = DynamoDbFixture.uri();
        return uri + (uri.contains("?") ? "&" : "?") + options;
    }

    private static AttributeDefinition string(String name) {
        return AttributeDefinition.builder().attributeName(name).attributeType("S").build();
    }
}
