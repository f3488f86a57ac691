package dev.nosqlpatterns.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.model.OperationCost;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CapacityMeterTest {
    private static OperationCost cost(String op, long read, long written, long bytesRead, long bytesWritten) {
        return new OperationCost(op, "t", 1, 1, read, written, bytesRead, bytesWritten, 0, 0, false, Duration.ZERO, false);
    }

    @Test
    void estimatesFollowDynamoDbsUnits() {
        assertEquals(1, CapacityMeter.estimate(cost("get", 1, 0, 100, 0)));
        assertEquals(2, CapacityMeter.estimate(cost("query", 3, 0, 4097, 0)));
        assertEquals(1, CapacityMeter.estimate(cost("get", 0, 0, 0, 0)), "a miss still costs a read unit");
        assertEquals(3, CapacityMeter.estimate(cost("put", 0, 1, 0, 2049)));
        assertEquals(25, CapacityMeter.estimate(cost("writeBatch", 0, 25, 0, 2500)), "at least one unit per item");
        assertEquals(0, CapacityMeter.estimate(new OperationCost("get", "t", 0, 0, 0, 0, 0, 0, 0, 0, false, Duration.ZERO, false)));
    }

    @Test
    void reportedUnitsWinOnlyWhenEveryCallReportedThem() {
        CapacityMeter m = new CapacityMeter();
        m.onCost(new OperationCost("get", "t", 1, 1, 1, 0, 10, 0, 0.5, 0, true, Duration.ZERO, false));
        assertTrue(m.capacityReported());
        assertEquals(0.5, m.capacityUnits(), 1e-9);
        m.onCost(cost("get", 1, 0, 10, 0));
        assertFalse(m.capacityReported());
        assertEquals(2, m.capacityUnits(), 1e-9);
        m.reset();
        assertEquals(0, m.calls());
    }
}
