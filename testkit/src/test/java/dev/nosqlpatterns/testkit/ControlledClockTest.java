package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.entity.EntityRepository;
import dev.nosqlpatterns.entity.EntityType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.memory.MemoryStore;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The README's test of expiring entities with a clock the test moves, as a user writes it. */
class ControlledClockTest {
    /** A login session, expiring half an hour after each save. */
    record Session(String id, String user) {
    }

    @Test
    void anEntityExpiresWhenTheTestMovesTheClockPastItsTimeToLive() {
        EntityType<Session> sessions = EntityType.builder(Session.class).table("sessions")
                .partitionKey("session:{id}").sortKey("<SESSION>").timeToLive(Duration.ofMinutes(30)).build();
        ShiftingClock clock = new ShiftingClock();
        try (Store store = MemoryStore.create(clock)) {
            EntityRepository repo = EntityRepository.of(store, sessions);
            repo.createTables();
            repo.save(new Session("s1", "ada"));
            clock.advance(Duration.ofMinutes(29));
            assertEquals("ada", repo.get(sessions, Map.of("id", "s1")).orElseThrow().user(), "alive before its time");
            clock.advance(Duration.ofMinutes(2));
            assertTrue(repo.get(sessions, Map.of("id", "s1")).isEmpty(), "expired, without waiting");
        }
    }
}
