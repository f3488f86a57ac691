package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.redis.embedded.EmbeddedRedis;
import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.SecondServer;
import dev.nosqlpatterns.testkit.StoreConformanceKit;
import java.net.URI;
import java.util.Optional;
import redis.clients.jedis.JedisPooled;

/**
 * The whole conformance kit against a real redis-server; the suites that need a second server get another
 * embedded redis-server, started in well under a second.
 */
class RedisConformanceTest extends StoreConformanceKit {
    @Override
    protected StoreBackend openBackend() {
        return RedisStore.builder().client(RedisTestServer.client()).keyPrefix("nspt:").buildBackend();
    }

    @Override
    protected Optional<SecondServer> startSecondServer() {
        EmbeddedRedis server = EmbeddedRedis.start();
        JedisPooled client = new JedisPooled(URI.create(server.uri()));
        return Optional.of(new SecondServer("a second redis-server on port " + server.port(),
                () -> RedisStore.builder().client(client).keyPrefix("nspt:").buildBackend(), () -> {
                    try (server) {
                        client.close();
                    }
                }));
    }
}
