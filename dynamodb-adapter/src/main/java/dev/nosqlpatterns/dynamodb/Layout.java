package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.key.Utf8Order;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import dev.nosqlpatterns.item.Value;

/**
 * Where logical tables and items live in DynamoDB.
 *
 * <p>Single-table layout (the default): every logical table shares one physical table, and the partition
 * key attribute holds {@code <logical table>#<partition>}; logical table names cannot contain {@code #},
 * so the first {@code #} always ends the table name. Per-table layout: each logical table is its own
 * physical table named {@code <prefix><logical table>}, and keys are stored as given.
 *
 * <p>User attributes keep their names, except names that equal a key attribute or start with {@code ~},
 * which get one more {@code ~} in front: names starting with a single {@code ~} are the adapter's own
 * (the derived keys of secondary indexes, and the padding below), so no user attribute can shadow them
 * or the key.
 *
 * <p>Padding: in the single-table layout a short table name leaves its items more room than a long one.
 * So that DynamoDB's own 400 KB check, made atomically with every update, refuses exactly the items
 * larger than the store's declared limit, each item carries a hidden attribute {@code ~} that fills up
 * what its table name is shorter than the longest possible one (at most 48 bytes per item).
 */
final class Layout {
    /** DynamoDB's item size limit, which counts attribute names and key values too. */
    static final int MAX_PHYSICAL_ITEM_BYTES = 400 * 1024;
    static final int MAX_PARTITION_KEY_BYTES = 2048;
    static final int MAX_SORT_KEY_BYTES = 1024;
    static final String SEPARATOR = "#";
    static final String ESCAPE = "~";
    static final String PADDING = "~";
    /**
     * The adapter's own attribute holding an expiring item's expiry ({@link dev.nosqlpatterns.item.Expiry}) in
     * epoch seconds, rounded up: the table's time-to-live attribute.
     */
    static final String TTL = "~ttl";
    /** Longest logical table name (see TableSpec) plus the separator. */
    private static final int MAX_TABLE_PREFIX_BYTES = 48 + 1;

    private final boolean singleTable;
    private final String tableName;
    private final String tablePrefix;
    private final String pk;
    private final String sk;

    Layout(boolean singleTable, String tableName, String tablePrefix, String pk, String sk) {
        this.singleTable = singleTable;
        this.tableName = tableName;
        this.tablePrefix = tablePrefix;
        this.pk = pk;
        this.sk = sk;
    }

    boolean singleTable() {
        return singleTable;
    }

    String pk() {
        return pk;
    }

    String sk() {
        return sk;
    }

    String physicalTable(String logical) {
        return singleTable ? tableName : tablePrefix + logical;
    }

    /** The logical table stored in {@code physical}, in the per-table layout. */
    String logicalOf(String physical) {
        return physical.substring(tablePrefix.length());
    }

    /** Bytes a key may lose to the layout: the table name prefix of the single-table layout. */
    int partitionPrefixBytes() {
        return singleTable ? MAX_TABLE_PREFIX_BYTES : 0;
    }

    /** Bytes of every item beyond what {@link Item#sizeInBytes()} counts: key attribute names and prefix. */
    int itemOverheadBytes() {
        return Utf8Order.utf8Length(pk) + Utf8Order.utf8Length(sk) + partitionPrefixBytes();
    }

    String pkValue(String logical, String partition) {
        return singleTable ? logical + SEPARATOR + partition : partition;
    }

    /** The prefix every partition key of a logical table starts with (single-table layout). */
    String pkPrefix(String logical) {
        return logical + SEPARATOR;
    }

    Map<String, AttributeValue> key(String logical, Key key) {
        Map<String, AttributeValue> m = new LinkedHashMap<>(2);
        m.put(pk, AttributeValue.fromS(pkValue(logical, key.partition())));
        m.put(sk, AttributeValue.fromS(key.sort()));
        return m;
    }

    /** The stored attribute name of a user attribute. */
    String attribute(String name) {
        return name.startsWith(ESCAPE) || name.equals(pk) || name.equals(sk) ? ESCAPE + name : name;
    }

    /** The user attribute a stored name holds, or empty for the key and the adapter's own attributes. */
    Optional<String> userAttribute(String stored) {
        if (stored.equals(pk) || stored.equals(sk)) {
            return Optional.empty();
        }
        if (!stored.startsWith(ESCAPE)) {
            return Optional.of(stored);
        }
        String rest = stored.substring(ESCAPE.length());
        return rest.startsWith(ESCAPE) || rest.equals(pk) || rest.equals(sk) ? Optional.of(rest) : Optional.empty();
    }

    /** The stored form of an item: key attributes, escaped user attributes and padding (no index keys). */
    Map<String, AttributeValue> encode(String logical, Item item) {
        Map<String, AttributeValue> m = key(logical, item.key());
        int escapes = 0;
        for (Map.Entry<String, Value> e : item.attributes().entrySet()) {
            String stored = attribute(e.getKey());
            escapes += stored.length() - e.getKey().length();
            m.put(stored, Values.of(e.getValue()));
        }
        padding(logical, escapes).ifPresent(p -> m.put(PADDING, p));
        dev.nosqlpatterns.item.Expiry.millis(item).ifPresent(at -> m.put(TTL,
                AttributeValue.fromN(Long.toString(Math.floorDiv(at + 999, 1000)))));
        return m;
    }

    /** The padding of an item of {@code logical} whose names take {@code escapes} extra bytes, if any. */
    Optional<AttributeValue> padding(String logical, int escapes) {
        int bytes = partitionPrefixBytes() - Utf8Order.utf8Length(logical) - SEPARATOR.length() - escapes;
        return singleTable && bytes > 0 ? Optional.of(AttributeValue.fromS("-".repeat(bytes - PADDING.length())))
                : Optional.empty();
    }

    /** The logical table of a stored item, read from its partition key in the single-table layout. */
    String logicalOfItem(String physicalTable, Map<String, AttributeValue> stored) {
        if (!singleTable) {
            return logicalOf(physicalTable);
        }
        String p = stored.get(pk).s();
        return p.substring(0, p.indexOf(SEPARATOR));
    }

    Key keyOf(Map<String, AttributeValue> stored) {
        String p = stored.get(pk).s();
        String partition = singleTable ? p.substring(p.indexOf(SEPARATOR) + 1) : p;
        return Key.of(partition, stored.get(sk).s());
    }

    Item decode(Map<String, AttributeValue> stored) {
        // a map, then the item: Item's constructor checks and orders the names once, where a builder would twice
        Map<String, Value> attributes = new java.util.HashMap<>(stored.size() * 2);
        stored.forEach((name, value) -> userAttribute(name).ifPresent(user -> attributes.put(user, Values.from(value))));
        return new Item(keyOf(stored), attributes);
    }

    /** The size DynamoDB counts for an encoded item: its logical size plus key names, prefix, escapes and index keys. */
    int physicalSize(String logical, Item item, Map<String, AttributeValue> stored) {
        int size = item.sizeInBytes() + Utf8Order.utf8Length(pk) + Utf8Order.utf8Length(sk)
                + (singleTable ? Utf8Order.utf8Length(logical) + SEPARATOR.length() : 0);
        for (Map.Entry<String, AttributeValue> e : stored.entrySet()) {
            String name = e.getKey();
            Optional<String> user = userAttribute(name);
            if (user.isPresent()) {
                size += name.length() - user.get().length();
            } else if (!name.equals(pk) && !name.equals(sk)) {
                AttributeValue v = e.getValue();
                size += Utf8Order.utf8Length(name) + Utf8Order.utf8Length(v.s() != null ? v.s() : v.n() != null ? v.n() : "");
            }
        }
        return size;
    }
}
