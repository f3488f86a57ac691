package dev.nosqlpatterns.item;

import dev.nosqlpatterns.key.Utf8Order;
import java.math.BigDecimal;

/** DynamoDB's item-size arithmetic, shared by the value types. */
final class Sizes {
    static final int CONTAINER_OVERHEAD = 3;

    private Sizes() {
    }

    static int utf8(String s) {
        return Utf8Order.utf8Length(s);
    }

    /**
     * About one byte per two significant digits, plus one. {@code normalized} has no trailing zeros (as
     * {@link Value.Num} holds its value), so its precision is its count of significant digits: no
     * digits are printed, as every item read and written is sized for its cost report.
     */
    static int number(BigDecimal normalized) {
        return (normalized.precision() + 1) / 2 + 1;
    }
}
