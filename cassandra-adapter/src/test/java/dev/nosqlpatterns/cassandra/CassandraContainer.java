package dev.nosqlpatterns.cassandra;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * The official {@code cassandra:5} image through Testcontainers, used only when a Docker engine answers.
 * Docker is looked for cheaply first (DOCKER_HOST, the default socket, a Testcontainers settings file), so
 * machines without it do not pay for Testcontainers' probing.
 */
final class CassandraContainer {
    private CassandraContainer() {
    }

    /** The address of a started container, or empty when there is no Docker engine. */
    static Optional<InetSocketAddress> startIfDocker() {
        if (!dockerMayBeThere() || !DockerClientFactory.instance().isDockerAvailable()) {
            return Optional.empty();
        }
        GenericContainer<?> container = new GenericContainer<>("cassandra:5")
                .withExposedPorts(9042)
                .withEnv("MAX_HEAP_SIZE", "512M")
                .withEnv("HEAP_NEWSIZE", "128M")
                .withEnv("CASSANDRA_ENDPOINT_SNITCH", "SimpleSnitch")
                .waitingFor(Wait.forLogMessage(".*Starting listening for CQL clients.*", 1)
                        .withStartupTimeout(Duration.ofMinutes(3)));
        container.start();
        Runtime.getRuntime().addShutdownHook(new Thread(container::stop, "cassandra-container-stop"));
        return Optional.of(new InetSocketAddress(container.getHost(), container.getMappedPort(9042)));
    }

    private static boolean dockerMayBeThere() {
        return System.getenv("DOCKER_HOST") != null
                || Files.exists(Path.of("/var/run/docker.sock"))
                || Files.exists(Path.of(System.getProperty("user.home"), ".testcontainers.properties"));
    }
}
