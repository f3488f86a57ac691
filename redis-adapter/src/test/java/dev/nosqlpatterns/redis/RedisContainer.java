package dev.nosqlpatterns.redis;

import java.io.File;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

/** The official {@code redis:7} image in a container, for test runs on machines with a Docker engine. */
final class RedisContainer {
    private RedisContainer() {
    }

    /** True when a Docker engine is likely to be there: a socket or DOCKER_HOST (saves a slow probe). */
    static boolean dockerLikely() {
        return System.getenv("DOCKER_HOST") != null || new File("/var/run/docker.sock").exists();
    }

    /** Starts a container (stopped when the JVM exits) and gives its URI, or null when Docker does not answer. */
    static String startIfDocker() {
        if (!dockerLikely() || !DockerClientFactory.instance().isDockerAvailable()) {
            return null;
        }
        GenericContainer<?> redis = new GenericContainer<>("redis:7").withExposedPorts(6379)
                .withCommand("redis-server", "--save", "", "--appendonly", "no");
        redis.start();
        Runtime.getRuntime().addShutdownHook(new Thread(redis::stop, "redis-test-container-stop"));
        return "redis://" + redis.getHost() + ":" + redis.getMappedPort(6379);
    }
}
