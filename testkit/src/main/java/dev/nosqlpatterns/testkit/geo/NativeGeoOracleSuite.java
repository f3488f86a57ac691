package dev.nosqlpatterns.testkit.geo;

import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.store.model.Capability;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;

/**
 * The scenarios of {@link GeoOracleSuite} on the store's native geo search, both through the
 * {@link dev.nosqlpatterns.store.spi.NativeGeo} capability itself and through a
 * {@link GeoIndex} with the native strategy, held to the same oracle as the cell strategy. Skipped on
 * stores without {@link Capability#NATIVE_GEO}.
 */
public abstract class NativeGeoOracleSuite extends GeoOracleSuite {

    @BeforeEach
    void needsNativeGeo() {
        assumeCapability(Capability.NATIVE_GEO);
    }

    @Override
    protected boolean wholeSphereIsCheap() {
        return true;
    }

    @Override
    protected List<GeoOracle.Path> paths() {
        return List.of(GeoOracle.capability(store, newTable()), GeoOracle.index(store, newTable(), GeoIndex.Strategy.NATIVE));
    }
}
