package dev.nosqlpatterns.testkit.search;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;
import org.junit.jupiter.api.Nested;

/**
 * Every inverted-search suite on the in-memory store, once as it is (atomic writes) and once with atomic
 * writes hidden, so that both the atomic and the ordered write protocols run.
 */
class MemorySearchSuitesTest {

    @Nested
    class Search extends InvertedSearchSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class Concurrency extends InvertedSearchConcurrencySuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class Crashes extends InvertedSearchCrashSuite {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @Nested
    class SearchWithoutAtomicWrites extends InvertedSearchSuite {
        @Override
        protected StoreBackend openBackend() {
            return new WithoutAtomicWrites(new MemoryBackend());
        }
    }

    @Nested
    class ConcurrencyWithoutAtomicWrites extends InvertedSearchConcurrencySuite {
        @Override
        protected StoreBackend openBackend() {
            return new WithoutAtomicWrites(new MemoryBackend());
        }
    }

    @Nested
    class CrashesWithoutAtomicWrites extends InvertedSearchCrashSuite {
        @Override
        protected StoreBackend openBackend() {
            return new WithoutAtomicWrites(new MemoryBackend());
        }
    }
}
