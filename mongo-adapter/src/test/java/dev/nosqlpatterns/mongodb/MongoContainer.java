package dev.nosqlpatterns.mongodb;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The official {@code mongo:7} image started as a single-node replica set, so that transactions, indexes
 * and geo run for real; used only when a Docker engine answers. Connections go straight to the mapped
 * port ({@code directConnection=true}), since the replica set names its member by the container's address.
 */
final class MongoContainer {
    private MongoContainer() {
    }

    /** The URI of a started replica set, or empty when no Docker engine answers. */
    static Optional<String> start() {
        if (!dockerMayRun() || !DockerClientFactory.instance().isDockerAvailable()) {
            return Optional.empty();
        }
        GenericContainer<?> mongo = new GenericContainer<>(DockerImageName.parse("mongo:7"))
                .withExposedPorts(27017)
                .withCommand("--replSet", "rs0", "--bind_ip_all")
                .waitingFor(Wait.forLogMessage("(?i).*waiting for connections.*", 1))
                .withStartupTimeout(Duration.ofMinutes(2));
        mongo.start();
        Runtime.getRuntime().addShutdownHook(new Thread(mongo::stop, "mongo-container-stop"));
        try {
            mongo.execInContainer("mongosh", "--quiet", "--eval",
                    "rs.initiate({_id: 'rs0', members: [{_id: 0, host: 'localhost:27017'}]})");
            long deadline = System.currentTimeMillis() + 60_000;
            while (!mongo.execInContainer("mongosh", "--quiet", "--eval", "db.hello().isWritablePrimary")
                    .getStdout().trim().equals("true")) {
                if (System.currentTimeMillis() > deadline) {
                    throw new IllegalStateException("the mongo:7 replica set elected no primary within a minute");
                }
                Thread.sleep(200);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return Optional.of("mongodb://" + mongo.getHost() + ":" + mongo.getMappedPort(27017) + "/?directConnection=true");
    }

    /** A cheap look for signs of a Docker engine, to spare loading Testcontainers (seconds) where there is none. */
    private static boolean dockerMayRun() {
        String home = System.getProperty("user.home");
        String runtime = System.getenv("XDG_RUNTIME_DIR");
        return System.getenv("DOCKER_HOST") != null || System.getenv("TESTCONTAINERS_HOST_OVERRIDE") != null
                || Files.exists(Path.of("/var/run/docker.sock")) || Files.exists(Path.of(home, ".docker", "run", "docker.sock"))
                || Files.exists(Path.of(home, ".testcontainers.properties"))
                || (runtime != null && Files.exists(Path.of(runtime, "docker.sock")));
    }
}
