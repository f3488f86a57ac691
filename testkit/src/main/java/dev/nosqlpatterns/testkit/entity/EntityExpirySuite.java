package dev.nosqlpatterns.testkit.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityIndex;
import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.index.IndexConsistency;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.testkit.ClockedStoreSuite;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Entity types that declare a time to live, or a component holding the expiry: the repository gives each
 * saved item its expiry, its index entries expire with it, and reads by key and by index leave it out from
 * then on, before the store's own removal has run. Time moves on a store whose clock the test controls.
 */
public abstract class EntityExpirySuite extends ClockedStoreSuite {
    /** A session: found by user, expiring a while after each save. */
    public record Session(String id, String user) {
    }

    /** A coupon: found by code, expiring at its own instant (never when null). */
    public record Coupon(String id, String code, Instant validUntil) {
    }

    private EntityRepository open(EntityType<?> type) {
        EntityRepository repo = EntityRepository.of(later, type);
        for (EntityIndex ix : type.indexes()) {
            dropAfterwards(type.table() + "_" + ix.name());
        }
        repo.createTables();
        return repo;
    }

    @ParameterizedTest
    @EnumSource(names = {"AUTO", "REPAIRABLE"})
    void entitiesAndTheirIndexEntriesExpireTheirTimeToLiveAfterEachSave(IndexConsistency mode) {
        EntityType<Session> type = EntityType.builder(Session.class).table(reserveTable()).partitionKey("session:{id}")
                .sortKey("<S>").index(EntityIndex.named("byUser", "{user}").consistency(mode))
                .timeToLive(Duration.ofMinutes(30)).build();
        EntityRepository repo = open(type);
        repo.save(new Session("s1", "ada"));
        clock.advance(Duration.ofMinutes(20));
        repo.save(new Session("s2", "ada"));
        assertEquals(2, repo.query(type, "byUser").eq("ada").list().size());

        clock.advance(Duration.ofMinutes(15));
        assertTrue(repo.get(type, Map.of("id", "s1")).isEmpty());
        assertEquals(List.of(new Session("s2", "ada")), repo.query(type, "byUser").eq("ada").list());
        assertTrue(repo.verify().consistent(), () -> "drift: " + repo.verify());

        repo.save(new Session("s2", "ada"));
        clock.advance(Duration.ofMinutes(20));
        assertEquals(List.of(new Session("s2", "ada")), repo.query(type, "byUser").eq("ada").list(),
                "a save starts the time to live again");
        clock.advance(Duration.ofMinutes(11));
        assertEquals(List.of(), repo.query(type, "byUser").eq("ada").list());
        store.createTable(TableSpec.named(type.table()));
        List<Item> stored = store.scanAll(Scan.of(type.table())).toList();
        assertTrue(!stored.isEmpty() && stored.stream().allMatch(i -> Expiry.of(i).isPresent()),
                () -> "every stored session carries its expiry: " + stored);
    }

    @Test
    void anEntityExpiresAtTheInstantItsComponentHolds() {
        EntityType<Coupon> type = EntityType.builder(Coupon.class).table(reserveTable()).partitionKey("coupon:{id}")
                .sortKey("<C>").index(EntityIndex.named("byCode", "{code}").unique().consistency(IndexConsistency.REPAIRABLE))
                .expiresAt("validUntil").build();
        EntityRepository repo = open(type);
        Instant soon = clock.instant().plusSeconds(60);
        repo.save(new Coupon("c1", "SPRING", soon));
        repo.save(new Coupon("c2", "FOREVER", null));
        assertEquals("c1", repo.query(type, "byCode").eq("SPRING").one().orElseThrow().id());
        clock.advance(Duration.ofSeconds(61));
        assertTrue(repo.get(type, Map.of("id", "c1")).isEmpty());
        assertTrue(repo.query(type, "byCode").eq("SPRING").one().isEmpty());
        repo.insert(new Coupon("c3", "SPRING", null));
        assertEquals("c3", repo.query(type, "byCode").eq("SPRING").one().orElseThrow().id(),
                "the unique code of an expired coupon is free again");
        assertTrue(repo.get(type, Map.of("id", "c2")).isPresent());
    }

    @Test
    void aBadExpiryDeclarationIsRefused() {
        IllegalArgumentException both = assertThrows(IllegalArgumentException.class, () -> EntityType
                .builder(Coupon.class).table("t").partitionKey("c:{id}").sortKey("<C>")
                .timeToLive(Duration.ofSeconds(5)).expiresAt("code").build());
        assertTrue(both.getMessage().contains("declare one") && both.getMessage().contains("an expiry is an Instant"),
                both.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EntityType.builder(Coupon.class).timeToLive(Duration.ZERO));
    }
}
