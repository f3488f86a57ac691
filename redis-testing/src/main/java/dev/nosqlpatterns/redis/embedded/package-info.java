/**
 * A real redis-server for tests, examples and benchmarks, started from the PATH or from the binary of the
 * optional embedded-redis dependency: see {@link dev.nosqlpatterns.redis.embedded.EmbeddedRedis}.
 */
package dev.nosqlpatterns.redis.embedded;
