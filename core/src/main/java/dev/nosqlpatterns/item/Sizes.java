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

    /** About one byte per two significant digits, plus one. */
    static int number(BigDecimal n) {
        BigDecimal normalized = n.signum() == 0 ? BigDecimal.ZERO : n.stripTrailingZeros();
        int digits = normalized.unscaledValue().abs().toString().length();
        return (digits + 1) / 2 + 1;
    }
}
