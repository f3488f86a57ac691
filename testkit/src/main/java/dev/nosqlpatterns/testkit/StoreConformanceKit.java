package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.spi.StoreBackend;
import org.junit.jupiter.api.Nested;

/**
 * The whole storage contract for one backend. An adapter's test extends it in a few lines:
 * <pre>{@code
 * class RedisConformanceTest extends StoreConformanceKit {
 *     protected StoreBackend openBackend() { return RedisStore.builder().jedis(pool).buildBackend(); }
 * }
 * }</pre>
 * Every suite of the kit runs as a nested class; suites added later are picked up by every adapter.
 * Tests for capabilities the store lacks report as skipped.
 */
public abstract class StoreConformanceKit {

    /** Opens a backend of the store under test; called before each test and closed after it. */
    protected abstract StoreBackend openBackend();

    @Nested
    class Items extends ItemSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }
}
