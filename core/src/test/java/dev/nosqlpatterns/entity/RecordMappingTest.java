package dev.nosqlpatterns.entity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Records to items and back: every supported component type, absent values, and precise errors. */
class RecordMappingTest {

    enum Status { ACTIVE, BLOCKED }

    record Address(String street, String city, Optional<String> zip) {
    }

    record Everything(String id, char c, Character boxedC, boolean flag, Boolean boxedFlag, byte b, short sh, int i,
                      long l, float f, double d, Integer boxedI, Long boxedL, BigInteger bi, BigDecimal bd,
                      Status status, Instant at, LocalDate day, YearMonth month, UUID uuid, Value raw, Address address,
                      Optional<Address> maybe, Optional<Instant> when, List<String> names, List<Address> addresses,
                      List<List<Integer>> matrix, Set<String> tags, Set<Integer> numbers, Set<Status> statuses,
                      Map<String, Integer> counts, Map<String, Address> places) {
    }

    record Blob(String id, byte[] data) {
    }

    record Node(String id, String label, List<Node> children) {
    }

    static <T extends Record> EntityType<T> type(Class<T> c) {
        return EntityType.builder(c).table("t").partitionKey("e:{id}").sortKey("<BASE>").build();
    }

    static Everything full() {
        Address home = new Address("1 Main St", "Springfield", Optional.of("12345"));
        Map<String, Address> places = new LinkedHashMap<>();
        places.put("home", home);
        places.put("nowhere", null);
        return new Everything("x", 'q', 'Z', true, false, (byte) -7, (short) 300, -42, Long.MIN_VALUE, 0.1f, 1e-300,
                7, 9_000_000_000L, new BigInteger("123456789012345678901234567890"), new BigDecimal("-3.14159"),
                Status.BLOCKED, Instant.parse("2012-01-15T10:30:00.000000001Z"), LocalDate.of(2012, 2, 29),
                YearMonth.of(2011, 12), UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
                Value.list(Value.of(1), Value.of("two")), home, Optional.empty(), Optional.of(Instant.EPOCH),
                java.util.Arrays.asList("a", null, ""), List.of(home, new Address("", "", Optional.empty())),
                List.of(List.of(1, 2), List.of()), Set.of("#sports", "#baseball"), Set.of(1, -1, 1000),
                Set.of(Status.ACTIVE), Map.of("clicks", 3), places);
    }

    @Test
    void everySupportedTypeRoundTrips() {
        EntityType<Everything> type = type(Everything.class);
        Everything e = full();
        Item item = type.toItem(e);
        assertEquals(Key.of("e:x", "<BASE>"), item.key());
        assertEquals(e, type.fromItem(item));
        assertEquals(Value.of("2012-01-15T10:30:00.000000001Z"), item.attributes().get("at"));
        assertEquals(Value.of("BLOCKED"), item.attributes().get("status"));
        assertEquals(Value.of(new BigDecimal("0.1")), item.attributes().get("f"));
        assertEquals(Value.stringSet("#sports", "#baseball"), item.attributes().get("tags"));
        assertEquals(Value.numberSet(1, -1, 1000), item.attributes().get("numbers"));
        assertFalse(item.has("id"), "key components are not repeated as attributes");
        assertFalse(item.has("maybe"), "an empty Optional is an absent attribute");
        assertEquals(Value.of("Everything"), item.attributes().get(EntityType.TYPE_ATTRIBUTE));
    }

    @Test
    void absentAttributesReadAsNullEmptyOrEmptySet() {
        EntityType<Everything> type = type(Everything.class);
        Everything e = full();
        Item item = type.toItem(e);
        Item.Builder sparse = Item.builder(item.key()).put(EntityType.TYPE_ATTRIBUTE, "Everything");
        for (String primitive : List.of("c", "flag", "b", "sh", "i", "l", "f", "d")) {
            sparse.put(primitive, item.attributes().get(primitive));
        }
        Everything read = type.fromItem(sparse.build());
        assertEquals(Optional.empty(), read.when());
        assertEquals(Set.of(), read.tags());
        assertEquals(null, read.names());
        assertEquals(null, read.boxedI());
        assertEquals(null, read.address());

        EntityMappingException e2 = assertThrows(EntityMappingException.class,
                () -> type.fromItem(sparse.remove("i").build()));
        assertTrue(e2.getMessage().contains("Everything.i is a primitive Integer but the item has no value"),
                e2.getMessage());
    }

    @Test
    void emptySetsAndNullsAreLeftOut() {
        EntityType<Everything> type = type(Everything.class);
        Everything e = full();
        Everything sparse = new Everything("x", e.c(), null, false, null, (byte) 0, (short) 0, 0, 0, 0, 0, null, null,
                null, null, null, null, null, null, null, null, null, Optional.empty(), Optional.empty(), null, null,
                null, Set.of(), Set.of(), Set.of(), null, null);
        Item item = type.toItem(sparse);
        assertEquals(Set.of("c", "flag", "b", "sh", "i", "l", "f", "d", EntityType.TYPE_ATTRIBUTE),
                item.attributes().keySet());
        assertEquals(sparse, type.fromItem(item));
    }

    @Test
    void bytesAndRecursiveRecordsRoundTrip() {
        Blob blob = type(Blob.class).fromItem(type(Blob.class).toItem(new Blob("b", new byte[] {0, -1, 42})));
        assertArrayEquals(new byte[] {0, -1, 42}, blob.data());
        Node tree = new Node("root", "r", List.of(new Node("a", "A", List.of()), new Node("b", "B",
                List.of(new Node("c", "C", List.of())))));
        EntityType<Node> nodes = type(Node.class);
        assertEquals(tree, nodes.fromItem(nodes.toItem(tree)));
    }

    @Test
    void decimalsComeBackNumericallyEqual() {
        record Price(String id, BigDecimal amount, double ratio) {
        }
        EntityType<Price> type = type(Price.class);
        Price read = type.fromItem(type.toItem(new Price("p", new BigDecimal("1.50"), 0.1 + 0.2)));
        assertEquals(0, new BigDecimal("1.5").compareTo(read.amount()));
        assertEquals(0.1 + 0.2, read.ratio());
    }

    record Holder(String id, Object any) {
    }

    record SetOfRecords(String id, Set<Address> addresses) {
    }

    record IntKeys(String id, Map<Integer, String> byNumber) {
    }

    @SuppressWarnings("rawtypes")
    record RawList(String id, List names) {
    }

    record Wild(String id, List<?> names) {
    }

    record Generic<T>(String id, T value) {
    }

    record Outer(String id, Holder inner) {
    }

    @Test
    void unsupportedTypesAreNamedWithRecordComponentAndType() {
        assertUnsupported(Holder.class, "component 'any' of record " + Holder.class.getName()
                + " has type java.lang.Object");
        assertUnsupported(SetOfRecords.class, "a set holds strings");
        assertUnsupported(IntKeys.class, "map keys must be String");
        assertUnsupported(RawList.class, "a raw List");
        assertUnsupported(Wild.class, "not a wildcard");
        assertUnsupported(Generic.class, "type variables");
        assertUnsupported(Outer.class, "component 'any' of record " + Holder.class.getName());
    }

    private static void assertUnsupported(Class<? extends Record> c, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EntityType.builder(c));
        assertTrue(e.getMessage().contains(expected), e::getMessage);
    }

    @Test
    void valuesThatCannotBeStoredAreRefusedNamingThePath() {
        EntityType<Everything> type = type(Everything.class);
        Everything e = full();
        Everything early = new Everything("x", 'c', null, false, null, (byte) 0, (short) 0, 0, 0, 0, 0, null, null,
                null, null, null, Instant.ofEpochSecond(-62_167_219_201L), null, null, null, null, null,
                Optional.empty(), Optional.empty(), null, null, null, Set.of(), Set.of(), Set.of(), null, null);
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class, () -> type.toItem(early));
        assertTrue(range.getMessage().contains("Everything.at cannot be written")
                && range.getMessage().contains("outside the supported range"), range.getMessage());
        Everything nan = new Everything("x", 'c', null, false, null, (byte) 0, (short) 0, 0, 0, 0, Double.NaN, null,
                null, null, null, null, null, null, null, null, null, null, Optional.empty(), Optional.empty(), null,
                null, null, Set.of(), Set.of(), Set.of(), null, null);
        IllegalArgumentException notFinite = assertThrows(IllegalArgumentException.class, () -> type.toItem(nan));
        assertTrue(notFinite.getMessage().contains("Everything.d cannot be written"), notFinite.getMessage());
        Map<String, Integer> badKey = new LinkedHashMap<>();
        badKey.put("", 1);
        Everything emptyMapKey = new Everything("x", 'c', null, false, null, (byte) 0, (short) 0, 0, 0, 0, 0, null,
                null, null, null, null, null, null, null, null, null, null, Optional.empty(), Optional.empty(), null,
                null, null, Set.of(), Set.of(), Set.of(), badKey, e.places());
        IllegalArgumentException mapKey = assertThrows(IllegalArgumentException.class, () -> type.toItem(emptyMapKey));
        assertTrue(mapKey.getMessage().contains("Everything.counts cannot be written"), mapKey.getMessage());
    }

    @Test
    void storedValuesOfTheWrongShapeFailNamingThePath() {
        EntityType<Everything> type = type(Everything.class);
        Item item = type.toItem(full());
        assertReadFails(type, item.toBuilder().put("i", "forty-two").build(), "Everything.i expects a NUMBER");
        assertReadFails(type, item.toBuilder().put("i", 1L << 40).build(), "Everything.i cannot be read");
        assertReadFails(type, item.toBuilder().put("status", "GONE").build(), "Everything.status cannot be read");
        assertReadFails(type, item.toBuilder().put("at", "2012-01-15T10:30:00Z").build(), "Everything.at cannot be read");
        assertReadFails(type, item.toBuilder().put("addresses", Value.list(Value.of(1))).build(),
                "Everything.addresses[0] expects a MAP");
        assertReadFails(type, item.toBuilder().put("c", "ab").build(), "Everything.c expects a STRING of one char");
        assertReadFails(type, item.toBuilder().put(EntityType.TYPE_ATTRIBUTE, "Other").build(), "tagged \"Other\"");
    }

    private static void assertReadFails(EntityType<?> type, Item item, String expected) {
        EntityMappingException e = assertThrows(EntityMappingException.class, () -> type.fromItem(item));
        assertTrue(e.getMessage().contains(expected), e::getMessage);
    }

    record Checked(String id, int count) {
        Checked {
            if (count < 0) {
                throw new IllegalArgumentException("count must not be negative");
            }
        }
    }

    @Test
    void aConstructorThatRefusesTheValuesIsReported() {
        EntityType<Checked> type = type(Checked.class);
        Item item = type.toItem(new Checked("c", 1)).toBuilder().put("count", -1).build();
        EntityMappingException e = assertThrows(EntityMappingException.class, () -> type.fromItem(item));
        assertTrue(e.getMessage().contains("refused") && e.getMessage().contains("count must not be negative"),
                e.getMessage());
    }

    @Test
    void unknownAttributesAreIgnored() {
        EntityType<Checked> type = type(Checked.class);
        Item item = type.toItem(new Checked("c", 1)).toBuilder().put("addedLater", "x").build();
        assertEquals(new Checked("c", 1), type.fromItem(item));
    }
}
