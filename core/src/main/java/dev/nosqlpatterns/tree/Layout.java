package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Sort keys and attribute names of the items of a tree partition. Every kind of item has its own
 * prefix, so a range read of one kind never meets another: the header {@code #}, id pointers
 * {@code I:}, adjacency-list nodes {@code N:}, path nodes {@code P:}, nested-set nodes {@code L:},
 * journal chunks {@code J:} and the aggregate {@code T}. Ids and numbers inside keys go through
 * {@link CompositeKeyCodec}, so keys sort by value and no id can forge another key.
 */
final class Layout {
    static final String HEADER = "#";
    static final String AGGREGATE = "T";
    static final String POINTERS = "I:";
    static final String ADJACENCY = "N:";
    static final String PATHS = "P:";
    static final String NUMBERS = "L:";
    static final String JOURNAL = "J:";

    static final String ID = "id";
    static final String PARENT = "parent";
    static final String PAYLOAD = "payload";
    static final String CHILDREN = "children";
    static final String DEPTH = "depth";
    static final String PATH = "path";
    static final String KEY = "key";
    static final String LEFT = "lft";
    static final String RIGHT = "rgt";
    static final String PARENT_LEFT = "parentLft";
    static final String NODES = "nodes";
    /** The token of the change that last wrote an item: the fence of journaled writes. */
    static final String STAMP = "w";
    /**
     * On a tombstone, the time its change deleted the item. Changes applied through the fenced journal
     * leave a tombstone, stamped by the deleting change, where they delete an item: a writer resuming an
     * older change then finds the item not absent, as it expected, and cannot re-create it. Reads skip
     * tombstones; changes and repair remove those older than the tree's tombstone grace.
     */
    static final String GONE = "gone";

    private static final CompositeKeyCodec ID_KEY = CompositeKeyCodec.of(SegmentType.STRING);
    private static final CompositeKeyCodec NUMBER_KEY = CompositeKeyCodec.of(SegmentType.LONG);

    private Layout() {
    }

    /** True when {@code item} marks a deleted item rather than holding one. */
    static boolean tombstone(Item item) {
        return item.attributes().containsKey(GONE);
    }

    /** True when {@code item} is a tombstone at least {@code grace} milliseconds old at {@code now}. */
    static boolean expired(Item item, long now, long grace) {
        return tombstone(item) && now - item.getLong(GONE).orElse(0L) >= grace;
    }

    static String pointer(String id) {
        return POINTERS + ID_KEY.encode(id);
    }

    static String adjacency(String id) {
        return ADJACENCY + ID_KEY.encode(id);
    }

    static String number(long left) {
        return NUMBERS + NUMBER_KEY.encode(left);
    }

    static String path(String pathKey) {
        return PATHS + pathKey;
    }

    static String string(Item item, String attribute) {
        return item.getString(attribute).orElseThrow(() -> new IllegalStateException(
                "item " + item.key() + " lacks its '" + attribute + "' attribute"));
    }

    static long number(Item item, String attribute) {
        return item.getLong(attribute).orElseThrow(() -> new IllegalStateException(
                "item " + item.key() + " lacks its '" + attribute + "' attribute"));
    }

    static Optional<String> parent(Item item) {
        return item.getString(PARENT);
    }

    static Value strings(List<String> values) {
        return Value.list(values.stream().map(Value::of).toList());
    }

    static List<String> strings(Item item, String attribute) {
        Optional<Value> v = item.get(attribute);
        if (v.isEmpty()) {
            return List.of();
        }
        if (!(v.get() instanceof Value.ListValue list)) {
            throw new IllegalStateException("attribute '" + attribute + "' of item " + item.key() + " is not a list");
        }
        List<String> out = new ArrayList<>(list.value().size());
        for (Value e : list.value()) {
            if (!(e instanceof Value.Str s)) {
                throw new IllegalStateException("attribute '" + attribute + "' of item " + item.key()
                        + " holds a non-string " + e);
            }
            out.add(s.value());
        }
        return out;
    }
}
