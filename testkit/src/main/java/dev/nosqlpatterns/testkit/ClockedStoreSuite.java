package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;

/**
 * A suite that moves time on: beside the store under test, a second {@link Store} over the same backend
 * judges expiry by a clock the test moves forward, so that what has expired can be read before the store
 * itself has removed anything.
 */
public abstract class ClockedStoreSuite extends StoreSuite {
    /** A clock the test moves forward; it starts at the real time. */
    protected ShiftingClock clock;
    /** A store over the backend under test whose reads judge expiry by {@link #clock}. */
    protected Store later;

    @BeforeEach
    void openLater() {
        clock = new ShiftingClock();
        later = Store.of(backend, clock);
    }

    /** A new table declared on both {@link #store} and {@link #later}. */
    protected String table() {
        String t = newTable();
        later.createTable(TableSpec.named(t));
        return t;
    }

    /** The instant {@code seconds} from the test clock's now. */
    protected Instant in(long seconds) {
        return clock.instant().plusSeconds(seconds);
    }
}
