package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.denormalize.DenormalizationInterleavingSuite;
import dev.nosqlpatterns.testkit.denormalize.DenormalizationSuite;
import dev.nosqlpatterns.testkit.entity.EntityIndexSuite;
import dev.nosqlpatterns.testkit.entity.EntitySuite;
import dev.nosqlpatterns.testkit.geo.GeoCellInterleavingSuite;
import dev.nosqlpatterns.testkit.geo.GeoCellSuite;
import dev.nosqlpatterns.testkit.geo.GeoOracleSuite;
import dev.nosqlpatterns.testkit.geo.NativeGeoOracleSuite;
import dev.nosqlpatterns.testkit.geo.GeoQuerySuite;
import dev.nosqlpatterns.testkit.geo.NativeGeoQuerySuite;
import dev.nosqlpatterns.testkit.index.IndexTableCrashSuite;
import dev.nosqlpatterns.testkit.index.IndexTableInterleavingSuite;
import dev.nosqlpatterns.testkit.index.IndexTableSuite;
import dev.nosqlpatterns.testkit.keys.CompositeIndexSuite;
import dev.nosqlpatterns.testkit.keys.TypedKeyOrderSuite;
import dev.nosqlpatterns.testkit.nested.NestedFlatteningSuite;
import dev.nosqlpatterns.testkit.keys.EnumerableKeysSuite;
import dev.nosqlpatterns.testkit.keys.FrameAggregationSuite;
import dev.nosqlpatterns.testkit.relation.AggregateInterleavingSuite;
import dev.nosqlpatterns.testkit.relation.AggregateSuite;
import dev.nosqlpatterns.testkit.relation.RelationInterleavingSuite;
import dev.nosqlpatterns.testkit.relation.RelationSuite;
import dev.nosqlpatterns.testkit.scan.BulkScanSuite;
import dev.nosqlpatterns.testkit.scan.ShadowTableInterleavingSuite;
import dev.nosqlpatterns.testkit.scan.ShadowTableSuite;
import dev.nosqlpatterns.testkit.tree.TreeSuite;
import dev.nosqlpatterns.testkit.tree.TreeCostSuite;
import dev.nosqlpatterns.testkit.tree.TreeOracleSuite;
import dev.nosqlpatterns.testkit.tree.TreeConcurrencySuite;
import dev.nosqlpatterns.testkit.tree.TreeCrashSuite;
import dev.nosqlpatterns.testkit.keys.EnumerableKeysInterleavingSuite;
import dev.nosqlpatterns.testkit.tree.TreeInterleavingSuite;
import dev.nosqlpatterns.testkit.tree.TreeLayoutSuite;
import dev.nosqlpatterns.testkit.search.InvertedSearchSuite;
import dev.nosqlpatterns.testkit.search.InvertedSearchConcurrencySuite;
import dev.nosqlpatterns.testkit.search.InvertedSearchInterleavingSuite;
import dev.nosqlpatterns.testkit.search.InvertedSearchCrashSuite;
import dev.nosqlpatterns.testkit.graph.BatchGraphSuite;
import dev.nosqlpatterns.testkit.graph.BatchGraphCrashSuite;
import org.junit.jupiter.api.Nested;

/**
 * The whole storage contract for one backend. An adapter's test extends it in a few lines:
 * <pre>{@code
 * class RedisConformanceTest extends StoreConformanceKit {
 *     protected StoreBackend openBackend() { return RedisStore.builder().jedis(pool).buildBackend(); }
 * }
 * }</pre>
 * Every suite of the kit runs as a nested class, so suites added later are picked up by every adapter.
 * Tests for capabilities the store lacks report as skipped, naming the capability.
 */
public abstract class StoreConformanceKit {

    /** Opens a backend of the store under test; called before each test and closed after it. */
    protected abstract StoreBackend openBackend();

    // Each nested class runs one suite against this kit's backend.

    @Nested
    class Items extends ItemSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Conditions extends ConditionSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Updates extends UpdateSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Queries extends QuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Paging extends PagingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Utf8KeyOrder extends OrderSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Scans extends ScanSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Batches extends BatchSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class ParallelReads extends ParallelReadSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class CriticalPaths extends CriticalPathSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class AtomicWrites extends AtomicWriteSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Concurrency extends ConcurrencySuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Costs extends CostSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Errors extends ErrorSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class WriteValidation extends WriteValidationSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class LongKeys extends LongKeySuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class NativeIndexes extends NativeIndexSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    // Techniques.

    @Nested
    class IndexTables extends IndexTableSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class IndexTableCrashes extends IndexTableCrashSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class IndexTableInterleavings extends IndexTableInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class TypedKeyOrder extends TypedKeyOrderSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class CompositeIndexes extends CompositeIndexSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class EnumerableKeys extends EnumerableKeysSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class FrameAggregations extends FrameAggregationSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Aggregates extends AggregateSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class RelationInterleavings extends RelationInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Relations extends RelationSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class DenormalizationInterleavings extends DenormalizationInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Denormalization extends DenormalizationSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class AggregateInterleavings extends AggregateInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class NestedDocumentFlattening extends NestedFlatteningSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Entities extends EntitySuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class CapabilityCosts extends CapabilityCostSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class EntityIndexes extends EntityIndexSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class BulkScans extends BulkScanSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class GeoQueries extends GeoQuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class GeoCells extends GeoCellSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class GeoCellInterleavings extends GeoCellInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class NativeGeoQueries extends NativeGeoQuerySuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class GeoOracle extends GeoOracleSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class NativeGeoOracle extends NativeGeoOracleSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class Trees extends TreeSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class TreeCosts extends TreeCostSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class TreeRandomOperations extends TreeOracleSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class TreeConcurrency extends TreeConcurrencySuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class TreeCrashes extends TreeCrashSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class TreeInterleavings extends TreeInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class EnumerableKeysInterleavings extends EnumerableKeysInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class TreeLayouts extends TreeLayoutSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class InvertedSearch extends InvertedSearchSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class InvertedSearchConcurrency extends InvertedSearchConcurrencySuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class InvertedSearchCrashes extends InvertedSearchCrashSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class BatchGraphs extends BatchGraphSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class BatchGraphCrashes extends BatchGraphCrashSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class ShadowTables extends ShadowTableSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class InvertedSearchInterleavings extends InvertedSearchInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class ShadowTableInterleavings extends ShadowTableInterleavingSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }

    @Nested
    class StorageFootprints extends StorageFootprintSuite {
        @Override
        protected StoreBackend openBackend() {
            return StoreConformanceKit.this.openBackend();
        }
    }
}
