package dev.nosqlpatterns.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Dataset write's {@code window} option: its default, its bounds and its errors, checked on the driver. */
class StoreWriteTest {
    @Test
    void theWindowOptionIsAWholeNumberWithinBounds() {
        assertEquals(1_000, StoreWrite.window(Map.of()));
        assertEquals(7, StoreWrite.window(Map.of("WINDOW", " 7 ")));
        IllegalArgumentException notANumber = assertThrows(IllegalArgumentException.class,
                () -> StoreWrite.window(Map.of("window", "many")));
        assertTrue(notANumber.getMessage().contains("'many'"), notANumber.getMessage());
        TableOptions options = TableOptions.of("memory://store-write-test", "t", 1);
        for (int bad : new int[] {0, 100_001}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> new StoreWrite(options, Rows.schema(Map.of()), bad));
            assertTrue(refused.getMessage().contains("between 1 and 100000, got " + bad), refused.getMessage());
        }
    }
}
