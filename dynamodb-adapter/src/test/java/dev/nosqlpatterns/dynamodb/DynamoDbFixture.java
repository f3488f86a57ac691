package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The DynamoDB the tests run against, chosen once per JVM: the URI in {@code NOSQLPATTERNS_DYNAMODB_URI}
 * (environment variable or system property) when given, else DynamoDB Local in this JVM. Testcontainers is
 * not used: DynamoDB Local in process needs no Docker engine and starts faster.
 */
final class DynamoDbFixture {
    static final String URI_VARIABLE = "NOSQLPATTERNS_DYNAMODB_URI";
    /** The physical table tests use, so they never touch an application's default table. */
    static final String TEST_TABLE = "nosqlpatterns_test";

    private static DynamoDbClient client;
    private static String uri;

    private DynamoDbFixture() {
    }

    /** The store URI under test (without options). */
    static synchronized String uri() {
        if (uri == null) {
            String given = System.getProperty(URI_VARIABLE, System.getenv(URI_VARIABLE));
            uri = given != null && !given.isBlank() ? given : DynamoDbLocal.shared().storeUri();
        }
        return uri;
    }

    /** A client shared by every test, for stores built with {@code client(...)}. */
    static synchronized DynamoDbClient client() {
        if (client == null) {
            client = DynamoDbStore.builder().uri(uri()).clientSettings().build();
        }
        return client;
    }

    /** A builder on the shared client and the test table. */
    static DynamoDbStore.Builder builder() {
        return DynamoDbStore.builder().client(client()).singleTable(TEST_TABLE);
    }
}
