package dev.nosqlpatterns.testkit.bulk;

import dev.nosqlpatterns.index.IndexConsistency;
import java.util.function.Function;

/** The bulk paths {@link BulkCrashSuite} walks, each opened over the store under test. */
enum BulkPaths {
    ENTITY_SAVE_ALL(kit -> new EntityPaths(kit, EntityPaths.Call.SAVE_ALL, IndexConsistency.REPAIRABLE)),
    ENTITY_BATCH(kit -> new EntityPaths(kit, EntityPaths.Call.BATCH, IndexConsistency.AUTO)),
    ENTITY_LOAD(kit -> new EntityPaths(kit, EntityPaths.Call.LOAD, IndexConsistency.AUTO)),
    INDEX_REPAIR(IndexRepairPath::new),
    MIGRATION_ADD_INDEX(MigrationPath::new),
    GEO_PUT_ALL(GeoPath::new),
    SEARCH_INDEX_ALL(SearchPath::new),
    TREE_LOAD(TreePath::new),
    GRAPH_ADD_EDGES(GraphPath::new),
    DENORMALIZER_PUT_TARGETS(DenormalizerPath::new);

    private final Function<BulkPath.Kit, BulkPath<?>> open;

    BulkPaths(Function<BulkPath.Kit, BulkPath<?>> open) {
        this.open = open;
    }

    BulkPath<?> open(BulkPath.Kit kit) {
        return open.apply(kit);
    }
}
