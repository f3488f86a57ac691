/**
 * For tests only: a {@code redis-server} process (from the {@code PATH} or the binary embedded-redis
 * ships) on a free port.
 */
module dev.nosqlpatterns.redis.testing {
    // embedded-redis has no Automatic-Module-Name: this name is derived from the jar's file name
    requires embedded.redis;

    exports dev.nosqlpatterns.redis.embedded;
}
