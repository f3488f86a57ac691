package dev.nosqlpatterns.testkit.geo;

import static dev.nosqlpatterns.testkit.geo.GeoFixtures.destination;
import static dev.nosqlpatterns.testkit.geo.GeoFixtures.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.geo.GeoVerification;
import dev.nosqlpatterns.geo.GeoIndex;
import dev.nosqlpatterns.geo.LatLonBox;
import dev.nosqlpatterns.geo.LatLonPolygon;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.testkit.ClockedStoreSuite;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Geo points expire with what they locate, on cells and on the store's native geo search: from the expiry
 * on, by the clock of the store searched, no radius, box, polygon or k-nearest search returns the point,
 * though nothing has removed it yet (a native geo set cannot expire one member); {@code verify()} counts the
 * exact leftovers, {@code repair()} removes them and verify is clean afterwards. One test waits for a real
 * expiry of about a second, as a store's own expiry would meet it.
 */
public abstract class ExpiryGeoSuite extends ClockedStoreSuite {
    private static final LatLon CENTRE = LatLon.of(48.8566, 2.3522);
    private static final LatLon A = destination(CENTRE, 10, 100);
    private static final LatLon B = destination(CENTRE, 100, 200);
    private static final LatLon C = destination(CENTRE, 200, 300);
    private static final LatLon D = destination(CENTRE, 300, 400);
    private static final LatLonBox BOX = LatLonBox.of(48.84, 2.33, 48.87, 2.37);
    private static final LatLonPolygon POLYGON = LatLonPolygon.of(List.of(LatLon.of(48.84, 2.33),
            LatLon.of(48.84, 2.37), LatLon.of(48.87, 2.37), LatLon.of(48.87, 2.33), LatLon.of(48.84, 2.33)));

    private GeoIndex index(Store on, GeoIndex.Strategy strategy) {
        if (strategy == GeoIndex.Strategy.NATIVE) {
            assumeCapability(Capability.NATIVE_GEO);
        }
        return GeoIndex.builder(on, table()).name("places").strategy(strategy).expiringPoints(true).build();
    }

    /** The expired leftovers one expired point leaves: its entry and point record, or its native member. */
    private static long leftovers(GeoIndex.Strategy strategy) {
        return strategy == GeoIndex.Strategy.CELLS ? 2 : 1;
    }

    private static void assertSearches(GeoIndex ix, List<String> expected) {
        assertEquals(expected, ids(ix.withinRadius("shops", CENTRE, 5_000, 10)), "radius");
        assertEquals(expected, ids(ix.withinBox("shops", BOX, 10)).stream().sorted().toList(), "box");
        assertEquals(expected, ids(ix.withinPolygon("shops", POLYGON, 10)).stream().sorted().toList(), "polygon");
        assertEquals(expected, ids(ix.nearest("shops", CENTRE, expected.size())), "nearest");
        assertEquals(expected.subList(0, 1), ids(ix.nearest("shops", CENTRE, 1)), "nearest one");
        assertEquals(expected.subList(0, 1), ids(ix.withinRadius("shops", CENTRE, 5_000, 1)), "radius, limit 1");
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void expiredPointsLeaveEverySearchBeforeAnythingRemovesThem(GeoIndex.Strategy strategy) {
        GeoIndex ix = index(later, strategy);
        ix.put("shops", "a", A, in(60));
        ix.put("shops", "b", B);
        ix.put("shops", "c", C, in(600));
        ix.put("shops", "d", D, in(30));
        ix.put("shops", "d", D);
        assertSearches(ix, List.of("a", "b", "c", "d"));

        clock.advance(Duration.ofSeconds(61));
        assertSearches(ix, List.of("b", "c", "d"));
        GeoVerification found = ix.verify();
        assertEquals(leftovers(strategy), found.expired(), () -> "audit: " + found);
        assertEquals(found.expired(), found.disagreements(), () -> "audit: " + found);
        assertEquals(leftovers(strategy), ix.repair().expired());
        assertTrue(ix.verify().consistent(), () -> "after repair: " + ix.verify());
        assertSearches(ix, List.of("b", "c", "d"));

        clock.advance(Duration.ofSeconds(600));
        assertSearches(ix, List.of("b", "d"));
        ix.put("shops", "a", A);
        assertSearches(ix, List.of("a", "b", "d"));
        assertEquals(leftovers(strategy), ix.repair().expired());
        assertTrue(ix.verify().consistent(), () -> "after the second repair: " + ix.verify());
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void aMoveOrRemoveOfAnExpiringPointLeavesNothingBehind(GeoIndex.Strategy strategy) {
        GeoIndex ix = index(later, strategy);
        ix.put("shops", "a", A, in(60));
        ix.put("shops", "a", C, in(120));
        ix.put("shops", "b", B, in(60));
        ix.remove("shops", "b");
        assertEquals(List.of("a"), ids(ix.withinRadius("shops", CENTRE, 5_000, 10)));
        assertEquals(C, ix.withinRadius("shops", CENTRE, 5_000, 10).get(0).point());
        clock.advance(Duration.ofSeconds(121));
        assertEquals(List.of(), ids(ix.withinRadius("shops", CENTRE, 5_000, 10)));
        assertEquals(leftovers(strategy), ix.verify().expired(), () -> "audit: " + ix.verify());
    }

    @Test
    void aNativeIndexTakesExpiringPointsOnlyWhenBuiltForThem() {
        assumeCapability(Capability.NATIVE_GEO);
        GeoIndex plain = GeoIndex.builder(later, table()).strategy(GeoIndex.Strategy.NATIVE).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> plain.put("a", A, in(60)));
        assertTrue(e.getMessage().contains("expiringPoints"), e.getMessage());
        GeoIndex expiring = index(later, GeoIndex.Strategy.NATIVE);
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> expiring.put("a\u001fb", A, in(60)));
        assertTrue(bad.getMessage().contains("a\u001fb"), bad.getMessage());
    }

    @ParameterizedTest
    @EnumSource(names = {"CELLS", "NATIVE"})
    void aPointExpiredInRealTimeIsNotFoundAndRepairRemovesWhatIsLeft(GeoIndex.Strategy strategy)
            throws InterruptedException {
        GeoIndex ix = index(store, strategy);
        Instant expiry = Instant.now().plusMillis(800);
        ix.put("shops", "a", A, expiry);
        ix.put("shops", "b", B);
        Thread.sleep(Math.max(0, Duration.between(Instant.now(), expiry).toMillis() + 50));
        assertEquals(List.of("b"), ids(ix.withinRadius("shops", CENTRE, 5_000, 10)));
        assertEquals(List.of("b"), ids(ix.nearest("shops", CENTRE, 1)));
        long left = ix.verify().expired();
        if (strategy == GeoIndex.Strategy.NATIVE) {
            assertEquals(1, left, "a store's geo set keeps an expired member until repair");
            assertEquals(1, ix.repair().expired());
        } else {
            // The store's own expiry may remove the entry and the point record at any moment.
            assertTrue(left <= 2, () -> "at most the entry and the point record are left: " + left);
            long removed = ix.repair().expired();
            assertTrue(removed <= left, () -> "repair removed " + removed + " of " + left);
        }
        assertTrue(ix.verify().consistent(), () -> "after repair: " + ix.verify());
        assertEquals(List.of("b"), ids(ix.withinRadius("shops", CENTRE, 5_000, 10)));
    }
}
