package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.AtomicWriteSuite;
import dev.nosqlpatterns.testkit.BatchSuite;
import dev.nosqlpatterns.testkit.ConditionSuite;
import dev.nosqlpatterns.testkit.ErrorSuite;
import dev.nosqlpatterns.testkit.ItemSuite;
import dev.nosqlpatterns.testkit.PagingSuite;
import dev.nosqlpatterns.testkit.QuerySuite;
import dev.nosqlpatterns.testkit.ScanSuite;
import dev.nosqlpatterns.testkit.UpdateSuite;
import org.junit.jupiter.api.Nested;

/**
 * The storage-contract suites of the kit on the per-table layout (one physical table per logical table).
 * The whole kit, technique suites included, runs on the default single-table layout in
 * {@link DynamoDbConformanceTest}; the layouts differ only in where keys and items live, which these
 * suites cover.
 */
class DynamoDbPerTableLayoutTest {

    static StoreBackend perTable() {
        return DynamoDbStore.builder().client(DynamoDbFixture.client()).tablePerLogicalTable("nsp_test.").buildBackend();
    }

    @Nested
    class Items extends ItemSuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }

    @Nested
    class Conditions extends ConditionSuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }

    @Nested
    class Updates extends UpdateSuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }

    @Nested
    class Queries extends QuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }

    @Nested
    class Paging extends PagingSuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }

    @Nested
    class Scans extends ScanSuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }

    @Nested
    class Batches extends BatchSuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }

    @Nested
    class AtomicWrites extends AtomicWriteSuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }

    @Nested
    class Errors extends ErrorSuite {
        @Override
        protected StoreBackend openBackend() {
            return perTable();
        }
    }
}
