package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.TableSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The derived key attributes behind native secondary indexes.
 *
 * <p>A physical table has numbered, overloaded global secondary indexes {@code gsi1, gsi2, ...}, keyed on
 * the string attributes {@code ~g1p}/{@code ~g1s}, {@code ~g2p}/{@code ~g2s}, and so on. The n-th index
 * a logical table declares uses slot n. Its partition value is {@code <table>#<index>#} followed by a
 * type letter and the text of the item's partition attribute, so logical tables and indexes sharing a
 * slot never mix; its sort value is {@code #} followed by the text of the item's sort attribute (the
 * {@code #} keeps an empty string a legal key). Indexes without a sort attribute order entries by the
 * item's own key, encoded so that string order is key order.
 *
 * <p>An item is in an index only when it holds every index attribute with an indexed type: a string or
 * a number as partition, a string as sort; otherwise it is left out (a sparse index), as DynamoDB does
 * with its own key attributes.
 */
final class IndexKeys {
    /** DynamoDB's default quota of global secondary indexes per table. */
    static final int MAX_SLOTS = 20;
    static final String SORT_MARK = "#";

    private IndexKeys() {
    }

    static String gsiName(int slot) {
        return "gsi" + slot;
    }

    static String pkAttribute(int slot) {
        return Layout.ESCAPE + "g" + slot + "p";
    }

    static String skAttribute(int slot) {
        return Layout.ESCAPE + "g" + slot + "s";
    }

    /** The index partition value for {@code v}, or empty when v's type is not indexed. */
    static Optional<String> partitionValue(String table, IndexSpec index, Value v) {
        String prefix = table + Layout.SEPARATOR + index.name() + Layout.SEPARATOR;
        if (v instanceof Value.Str s) {
            return Optional.of(prefix + "S" + s.value());
        }
        if (v instanceof Value.Num n) {
            return Optional.of(prefix + "N" + Values.text(n.value()));
        }
        return Optional.empty();
    }

    /** The index sort value for {@code v}, or empty when it is not a string (sort attributes are strings). */
    static Optional<String> sortValue(Value v) {
        return v instanceof Value.Str s ? Optional.of(SORT_MARK + s.value()) : Optional.empty();
    }

    /**
     * The item's own key as one string in key order: the partition with U+0000 and U+0001 escaped, then
     * U+0000, then the sort key; cut to DynamoDB's sort key limit (entries sharing so long a start tie).
     */
    static String keySort(Key key) {
        StringBuilder b = new StringBuilder(SORT_MARK);
        String p = key.partition();
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c <= '\u0001') {
                b.append('\u0001').append((char) (c + 1));
            } else {
                b.append(c);
            }
        }
        b.append('\u0000').append(key.sort());
        return truncate(b.toString(), Layout.MAX_SORT_KEY_BYTES);
    }

    private static String truncate(String s, int maxBytes) {
        if (Utf8Order.utf8Length(s) <= maxBytes) {
            return s;
        }
        int bytes = 0;
        int i = 0;
        while (i < s.length()) {
            int cp = s.codePointAt(i);
            int w = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
            if (bytes + w > maxBytes) {
                break;
            }
            bytes += w;
            i += Character.charCount(cp);
        }
        return s.substring(0, i);
    }

    /** The derived index attributes of {@code item}, by stored name; checks DynamoDB's key lengths. */
    static void addTo(TableSpec spec, Item item, Map<String, AttributeValue> stored) {
        List<IndexSpec> indexes = spec.indexes();
        for (int i = 0; i < indexes.size(); i++) {
            IndexSpec index = indexes.get(i);
            int slot = i + 1;
            Optional<String> p = item.get(index.partitionAttribute())
                    .flatMap(v -> partitionValue(spec.name(), index, v));
            if (p.isEmpty()) {
                continue;
            }
            Optional<String> s = index.sortAttribute().isPresent()
                    ? item.get(index.sortAttribute().get()).flatMap(IndexKeys::sortValue)
                    : Optional.of(keySort(item.key()));
            stored.put(pkAttribute(slot), checkedPartition(index, p.get()));
            s.ifPresent(v -> stored.put(skAttribute(slot), checkedSort(index, v)));
        }
    }

    static AttributeValue checkedPartition(IndexSpec index, String v) {
        int bytes = Utf8Order.utf8Length(v);
        if (bytes > Layout.MAX_PARTITION_KEY_BYTES) {
            throw new IllegalArgumentException("the value of '" + index.partitionAttribute() + "' makes a key of "
                    + bytes + " bytes for index '" + index.name() + "'; DynamoDB index partition keys hold at most "
                    + Layout.MAX_PARTITION_KEY_BYTES + " bytes (table and index names included)");
        }
        return AttributeValue.fromS(v);
    }

    static AttributeValue checkedSort(IndexSpec index, String v) {
        int bytes = Utf8Order.utf8Length(v);
        if (bytes > Layout.MAX_SORT_KEY_BYTES) {
            throw new IllegalArgumentException("the value of '" + index.sortAttribute().orElse("?")
                    + "' makes a key of " + bytes + " bytes for index '" + index.name()
                    + "'; DynamoDB index sort keys hold at most " + Layout.MAX_SORT_KEY_BYTES + " bytes");
        }
        return AttributeValue.fromS(v);
    }
}
