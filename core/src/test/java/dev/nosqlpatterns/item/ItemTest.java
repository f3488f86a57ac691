package dev.nosqlpatterns.item;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemTest {

    @Test
    void sizeCountsKeysNamesAndValuesAsDynamoDbDoes() {
        Item item = Item.builder("ab", "c").put("name", "héllo").put("n", 12345).put("flag", true)
                .put("nothing", Value.nullValue()).build();
        // keys 2 + 1; "name" 4 + "héllo" 6; "n" 1 + 12345 (5 digits -> 3 + 1); "flag" 4 + 1; "nothing" 7 + 1
        assertEquals(3 + 10 + 5 + 5 + 8, item.sizeInBytes());
    }

    @Test
    void numbersCostOneBytePerTwoSignificantDigitsPlusOne() {
        assertEquals(2, Value.of(0).sizeInBytes());
        assertEquals(2, Value.of(new BigDecimal("-0.001")).sizeInBytes());
        assertEquals(3, Value.of(new BigDecimal("12300")).sizeInBytes(), "trailing zeros are not significant");
        assertEquals(3, Value.of(new BigDecimal("1.2300")).sizeInBytes());
        assertEquals(6, Value.of(123456789).sizeInBytes());
        assertEquals(11, Value.of(Long.MIN_VALUE).sizeInBytes(), "19 digits");
        assertEquals(20, Value.of(new BigDecimal("1.234567890123456789012345678901234567E+100")).sizeInBytes(), "37 digits");
    }

    @Test
    void containersCostThreeBytesPlusOnePerElement() {
        assertEquals(3, Value.list().sizeInBytes());
        // "a" 1, true 1, 7 is one digit: 2; each element adds 1
        assertEquals(3 + (1 + 1) + (1 + 1) + (2 + 1), Value.list(Value.of("a"), Value.of(true), Value.of(7)).sizeInBytes());
        assertEquals(3 + 1 + 1 + 1, Value.map(Map.of("k", Value.of("v"))).sizeInBytes());
        assertEquals(2 + 4, Value.stringSet("ab", "𝄞").sizeInBytes());
    }

    @Test
    void numbersAreNormalized() {
        assertEquals(Value.of(new BigDecimal("1.50")), Value.of(new BigDecimal("1.5")));
        assertEquals(Value.of(100), Value.of(new BigDecimal("1E+2")));
        assertEquals(Value.of(0), Value.of(new BigDecimal("0.000")));
        assertEquals(Value.numberSet(1, 2), Value.numberSet(new BigDecimal("2.0"), new BigDecimal("1.00")));
        assertEquals("0.1", Value.of(0.1).toString());
        assertThrows(IllegalArgumentException.class, () -> Value.of(Double.NaN));
    }

    @Test
    void binaryIsCopiedAndComparedByContent() {
        byte[] bytes = {1, 2, 3};
        Value.Bin bin = Value.of(bytes);
        bytes[0] = 9;
        assertEquals(Value.of(new byte[] {1, 2, 3}), bin);
        bin.value()[1] = 9;
        assertEquals(Value.of(new byte[] {1, 2, 3}), bin);
        assertNotEquals(Value.of(new byte[] {1, 2}), bin);
    }

    @Test
    void emptySetsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Value::stringSet);
        assertTrue(e.getMessage().contains("remove the attribute"));
        assertThrows(IllegalArgumentException.class, () -> Value.numberSet());
    }

    @Test
    void attributeNamesAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> Item.builder("p", "s").put("", "x"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Item.builder("p", "s").put("a\uD800", "x"));
        assertTrue(e.getMessage().contains("unpaired surrogate"));
        assertThrows(IllegalArgumentException.class, () -> Item.builder("p", "s").put("x".repeat(256), "x"));
        assertThrows(NullPointerException.class, () -> Item.builder("p", "s").put("a", (Value) null));
    }

    @Test
    void itemsAreImmutableValuesWithAReadableForm() {
        Item a = Item.builder("p", "s").put("b", 2).put("a", "x").build();
        Item b = Item.builder("p", "s").put("a", "x").put("b", 2).build();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals("Item(p, s) {a=\"x\", b=2}", a.toString());
        assertThrows(UnsupportedOperationException.class, () -> a.attributes().put("c", Value.of(1)));
        assertEquals(a, a.toBuilder().build());
        assertNotEquals(a, a.toBuilder().put("c", 1).build());
    }

    @Test
    void typedGettersFailOnTheWrongType() {
        Item item = Item.builder("p", "s").put("n", 3).build();
        assertEquals(3L, item.getLong("n").orElseThrow());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> item.getString("n"));
        assertTrue(e.getMessage().contains("'n'") && e.getMessage().contains("NUMBER"), e.getMessage());
        assertTrue(item.getString("absent").isEmpty());
    }
}
