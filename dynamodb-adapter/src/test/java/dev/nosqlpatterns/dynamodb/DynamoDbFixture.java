package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.dynamodb.embedded.DynamoDbLocal;
import java.io.File;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The DynamoDB the tests run against, chosen once per JVM, first found wins: the URI in
 * {@code NOSQLPATTERNS_DYNAMODB_URI} (environment variable or system property); the official
 * {@code amazon/dynamodb-local} image when a Docker engine answers; else DynamoDB Local in this JVM.
 */
final class DynamoDbFixture {
    static final String URI_VARIABLE = "NOSQLPATTERNS_DYNAMODB_URI";
    /** The physical table tests use, so they never touch an application's default table. */
    static final String TEST_TABLE = "nosqlpatterns_test";
    private static final int LOCAL_PORT = 8000;

    private static DynamoDbClient client;
    private static String uri;

    private DynamoDbFixture() {
    }

    /** The store URI under test (without options). */
    static synchronized String uri() {
        if (uri == null) {
            String given = System.getProperty(URI_VARIABLE, System.getenv(URI_VARIABLE));
            if (given != null && !given.isBlank()) {
                uri = given;
            } else {
                String container = containerIfDocker();
                uri = container != null ? container : DynamoDbLocal.shared().storeUri();
            }
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

    /** Starts the official image when a Docker engine answers (the probe is skipped when none is likely). */
    private static String containerIfDocker() {
        boolean likely = System.getenv("DOCKER_HOST") != null || new File("/var/run/docker.sock").exists();
        if (!likely || !DockerClientFactory.instance().isDockerAvailable()) {
            return null;
        }
        GenericContainer<?> local = new GenericContainer<>("amazon/dynamodb-local").withExposedPorts(LOCAL_PORT)
                .withCommand("-jar", "DynamoDBLocal.jar", "-inMemory", "-sharedDb", "-disableTelemetry");
        local.start();
        Runtime.getRuntime().addShutdownHook(new Thread(local::stop, "dynamodb-local-container-stop"));
        return "dynamodb://" + local.getHost() + ":" + local.getMappedPort(LOCAL_PORT);
    }
}
