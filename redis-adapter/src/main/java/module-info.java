/**
 * The Redis adapter: a {@code Store} over Redis through Jedis, opened from a client the application built
 * or from a {@code redis://} or {@code rediss://} URI.
 */
module dev.nosqlpatterns.redis {
    requires transitive dev.nosqlpatterns.core;
    requires transitive redis.clients.jedis;

    exports dev.nosqlpatterns.redis;

    provides dev.nosqlpatterns.store.spi.StoreProvider with
            dev.nosqlpatterns.redis.RedisStoreProvider,
            dev.nosqlpatterns.redis.RedisTlsStoreProvider;
}
