package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.spi.StoreBackend;
import dev.nosqlpatterns.testkit.denormalize.DenormalizationInterleavingSuite;
import dev.nosqlpatterns.testkit.denormalize.DenormalizationSuite;
import dev.nosqlpatterns.testkit.entity.EntityIndexSuite;
import dev.nosqlpatterns.testkit.entity.EntityPatchSuite;
import dev.nosqlpatterns.testkit.entity.EntitySuite;
import dev.nosqlpatterns.testkit.entity.EntityVersionSuite;
import dev.nosqlpatterns.testkit.geo.GeoCellInterleavingSuite;
import dev.nosqlpatterns.testkit.geo.GeoCellSuite;
import dev.nosqlpatterns.testkit.geo.GeoOracleSuite;
import dev.nosqlpatterns.testkit.geo.NearestSuite;
import dev.nosqlpatterns.testkit.geo.NativeGeoOracleSuite;
import dev.nosqlpatterns.testkit.geo.GeoQuerySuite;
import dev.nosqlpatterns.testkit.geo.NativeGeoQuerySuite;
import dev.nosqlpatterns.testkit.geo.PolygonOracleSuite;
import dev.nosqlpatterns.testkit.index.IndexTableCrashSuite;
import dev.nosqlpatterns.testkit.index.IndexTableInterleavingSuite;
import dev.nosqlpatterns.testkit.index.IndexTableSuite;
import dev.nosqlpatterns.testkit.composite.CompositeIndexSuite;
import dev.nosqlpatterns.testkit.key.TypedKeyOrderSuite;
import dev.nosqlpatterns.testkit.nested.NestedFlatteningSuite;
import dev.nosqlpatterns.testkit.enumerable.EnumerableKeysSuite;
import dev.nosqlpatterns.testkit.rollup.FrameAggregationSuite;
import dev.nosqlpatterns.testkit.aggregate.AggregateInterleavingSuite;
import dev.nosqlpatterns.testkit.aggregate.AggregateSuite;
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
import dev.nosqlpatterns.testkit.enumerable.EnumerableKeysInterleavingSuite;
import dev.nosqlpatterns.testkit.tree.TreeInterleavingSuite;
import dev.nosqlpatterns.testkit.tree.TreeLayoutSuite;
import dev.nosqlpatterns.testkit.search.InvertedSearchSuite;
import dev.nosqlpatterns.testkit.search.InvertedSearchConcurrencySuite;
import dev.nosqlpatterns.testkit.search.InvertedSearchInterleavingSuite;
import dev.nosqlpatterns.testkit.search.InvertedSearchCrashSuite;
import dev.nosqlpatterns.testkit.search.TextSearchSuite;
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
 * Tests for capabilities the store lacks report as skipped, naming the capability. How many random schedules
 * the randomized suites draw, and which costlier modes run, is the store's {@link #kitProfile()}; their seeds
 * come from the {@link KitRun}'s kit seed, which a failure names.
 */
public abstract class StoreConformanceKit {

    /** Opens a backend of the store under test; called before each test and closed after it. */
    protected abstract StoreBackend openBackend();

    /**
     * How much of the kit's configuration space this store explores: how many random schedules the randomized
     * suites draw and which optional modes run. By default {@link KitProfile#networked()}, sized for a store
     * whose every call crosses a network within CI's time; a store whose calls are as cheap as the in-memory
     * store's returns {@link KitProfile#inProcess()}, and any store may tune its own.
     */
    protected KitProfile kitProfile() {
        return KitProfile.networked();
    }

    /**
     * Starts a second server of the store under test, independent of the one {@link #openBackend()} reaches, for
     * the suites that need two (a silo tenant on a server of its own:
     * {@link dev.nosqlpatterns.testkit.tenant.TenantSiloSuite}). Called when such a suite first asks for it, at most
     * once per suite, and the server is closed after that suite. Empty by default: a store whose second server is
     * not cheap to start (a container, a cluster, a JVM of its own) keeps the default, and those tests report as
     * skipped.
     */
    protected java.util.Optional<SecondServer> startSecondServer() {
        return java.util.Optional.empty();
    }

    /** The backend for a suite nested in this kit, found by {@link KitBackends}. */
    final StoreBackend backendForSuites() {
        return openBackend();
    }

    // Each nested class runs one suite against this kit's backend, which KitBackends hands it.

    @Nested
    class Items extends ItemSuite {
    }

    @Nested
    class Conditions extends ConditionSuite {
    }

    @Nested
    class Updates extends UpdateSuite {
    }

    @Nested
    class Queries extends QuerySuite {
    }

    @Nested
    class Paging extends PagingSuite {
    }

    @Nested
    class Utf8KeyOrder extends OrderSuite {
    }

    @Nested
    class Scans extends ScanSuite {
    }

    @Nested
    class PrefixScans extends PrefixScanSuite {
    }

    @Nested
    class BulkInputs extends BulkInputSuite {
    }

    @Nested
    class Batches extends BatchSuite {
    }

    @Nested
    class EachWrites extends EachWriteSuite {
    }

    @Nested
    class ParallelReads extends ParallelReadSuite {
    }

    @Nested
    class LargeFanOut extends LargeFanOutSuite {
    }

    @Nested
    class LinkedReads extends LinkedReadSuite {
    }

    @Nested
    class CriticalPaths extends CriticalPathSuite {
    }

    @Nested
    class AtomicWrites extends AtomicWriteSuite {
    }

    @Nested
    class Concurrency extends ConcurrencySuite {
    }

    @Nested
    class Costs extends CostSuite {
    }

    @Nested
    class Errors extends ErrorSuite {
    }

    @Nested
    class WriteValidation extends WriteValidationSuite {
    }

    @Nested
    class LongKeys extends LongKeySuite {
    }

    @Nested
    class NativeIndexes extends NativeIndexSuite {
    }

    @Nested
    class Expiry extends ExpirySuite {
    }

    @Nested
    class ExpiryOfDerivedData extends dev.nosqlpatterns.testkit.index.ExpiryDerivedSuite {
    }

    @Nested
    class ExpiryOfEntities extends dev.nosqlpatterns.testkit.entity.EntityExpirySuite {
    }

    @Nested
    class ExpiryOfGeoPoints extends dev.nosqlpatterns.testkit.geo.ExpiryGeoSuite {
    }

    @Nested
    class ExpiryOfSearchDocuments extends dev.nosqlpatterns.testkit.search.ExpirySearchSuite {
    }

    // Techniques.

    @Nested
    class IndexTables extends IndexTableSuite {
    }

    @Nested
    class IndexTableCrashes extends IndexTableCrashSuite {
    }

    @Nested
    class IndexTableInterleavings extends IndexTableInterleavingSuite {
    }

    @Nested
    class TypedKeyOrder extends TypedKeyOrderSuite {
    }

    @Nested
    class CompositeIndexes extends CompositeIndexSuite {
    }

    @Nested
    class EnumerableKeys extends EnumerableKeysSuite {
    }

    @Nested
    class FrameAggregations extends FrameAggregationSuite {
    }

    @Nested
    class Aggregates extends AggregateSuite {
    }

    @Nested
    class RelationInterleavings extends RelationInterleavingSuite {
    }

    @Nested
    class Relations extends RelationSuite {
    }

    @Nested
    class DenormalizationInterleavings extends DenormalizationInterleavingSuite {
    }

    @Nested
    class Denormalization extends DenormalizationSuite {
    }

    @Nested
    class AggregateInterleavings extends AggregateInterleavingSuite {
    }

    @Nested
    class NestedDocumentFlattening extends NestedFlatteningSuite {
    }

    @Nested
    class Entities extends EntitySuite {
    }

    @Nested
    class CapabilityCosts extends CapabilityCostSuite {
    }

    @Nested
    class EntityIndexes extends EntityIndexSuite {
    }

    @Nested
    class EntityVersions extends EntityVersionSuite {
    }

    @Nested
    class TenantIsolation extends dev.nosqlpatterns.testkit.tenant.TenantIsolationSuite {
    }

    @Nested
    class TenantProperties extends dev.nosqlpatterns.testkit.tenant.TenantPropertySuite {
    }

    @Nested
    class TenantLifecycle extends dev.nosqlpatterns.testkit.tenant.TenantLifecycleSuite {
    }

    @Nested
    class TenantTechniques extends dev.nosqlpatterns.testkit.tenant.TenantTechniqueSuite {
    }

    @Nested
    class TenantMoves extends dev.nosqlpatterns.testkit.tenant.TenantMoveSuite {
    }

    @Nested
    class TenantOffboarding extends dev.nosqlpatterns.testkit.tenant.TenantOffboardingSuite {
    }

    @Nested
    class TenantSilos extends dev.nosqlpatterns.testkit.tenant.TenantSiloSuite {
    }

    @Nested
    class TenantDerivedData extends dev.nosqlpatterns.testkit.tenant.TenantDerivedDataSuite {
    }

    @Nested
    class TenantExpiry extends dev.nosqlpatterns.testkit.tenant.TenantExpirySuite {
    }

    @Nested
    class EntityBulkSaves extends dev.nosqlpatterns.testkit.entity.EntityBulkSuite {
    }

    @Nested
    class EntityPatches extends EntityPatchSuite {
    }

    @Nested
    class BulkScans extends BulkScanSuite {
    }

    @Nested
    class GeoQueries extends GeoQuerySuite {
    }

    @Nested
    class GeoCells extends GeoCellSuite {
    }

    @Nested
    class GeoCellInterleavings extends GeoCellInterleavingSuite {
    }

    @Nested
    class NativeGeoQueries extends NativeGeoQuerySuite {
    }

    @Nested
    class GeoOracle extends GeoOracleSuite {
    }

    @Nested
    class NearestNeighbours extends NearestSuite {
    }

    @Nested
    class NativeGeoOracle extends NativeGeoOracleSuite {
    }

    @Nested
    class PolygonOracle extends PolygonOracleSuite {
    }

    @Nested
    class Trees extends TreeSuite {
    }

    @Nested
    class TreeCosts extends TreeCostSuite {
    }

    @Nested
    class TreeRandomOperations extends TreeOracleSuite {
    }

    @Nested
    class TreeConcurrency extends TreeConcurrencySuite {
    }

    @Nested
    class TreeCrashes extends TreeCrashSuite {
    }

    @Nested
    class TreeInterleavings extends TreeInterleavingSuite {
    }

    @Nested
    class EnumerableKeysInterleavings extends EnumerableKeysInterleavingSuite {
    }

    @Nested
    class TreeLayouts extends TreeLayoutSuite {
    }

    @Nested
    class InvertedSearch extends InvertedSearchSuite {
    }

    @Nested
    class TextSearchIndexes extends TextSearchSuite {
    }

    @Nested
    class InvertedSearchConcurrency extends InvertedSearchConcurrencySuite {
    }

    @Nested
    class InvertedSearchCrashes extends InvertedSearchCrashSuite {
    }

    @Nested
    class BatchGraphs extends BatchGraphSuite {
    }

    @Nested
    class BatchGraphCrashes extends BatchGraphCrashSuite {
    }

    @Nested
    class ShadowTables extends ShadowTableSuite {
    }

    @Nested
    class InvertedSearchInterleavings extends InvertedSearchInterleavingSuite {
    }

    @Nested
    class ShadowTableInterleavings extends ShadowTableInterleavingSuite {
    }

    @Nested
    class StorageFootprints extends StorageFootprintSuite {
    }

    @Nested
    class Migrations extends dev.nosqlpatterns.testkit.migration.MigrationSuite {
    }

    @Nested
    class MigrationCrashes extends dev.nosqlpatterns.testkit.migration.MigrationCrashSuite {
    }

    @Nested
    class MigrationWriters extends dev.nosqlpatterns.testkit.migration.MigrationWritersSuite {
    }

    @Nested
    class BulkCrashes extends dev.nosqlpatterns.testkit.bulk.BulkCrashSuite {
    }
}
