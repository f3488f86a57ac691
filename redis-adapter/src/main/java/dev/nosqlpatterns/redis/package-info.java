/**
 * The Redis adapter: {@link dev.nosqlpatterns.redis.RedisStore} opens a store on Redis through Jedis;
 * everything else here is its implementation of the storage SPI.
 */
package dev.nosqlpatterns.redis;
