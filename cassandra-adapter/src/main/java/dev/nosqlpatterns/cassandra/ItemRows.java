package dev.nosqlpatterns.cassandra;

import com.datastax.oss.driver.api.core.cql.Row;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/** Items to and from the attribute map column: each value in its canonical bytes. */
final class ItemRows {
    private ItemRows() {
    }

    static Map<String, ByteBuffer> encode(Item item) {
        Map<String, ByteBuffer> out = new HashMap<>(item.attributes().size() * 2);
        for (Map.Entry<String, Value> e : item.attributes().entrySet()) {
            out.put(e.getKey(), ByteBuffer.wrap(ValueCodec.encode(e.getValue())));
        }
        return out;
    }

    /** The item of a row whose column {@code attrsColumn} holds the attribute map. */
    static Item decode(Key key, Row row, int attrsColumn) {
        Map<String, ByteBuffer> attrs = row.getMap(attrsColumn, String.class, ByteBuffer.class);
        if (attrs == null || attrs.isEmpty()) {
            return Item.of(key);
        }
        Map<String, Value> values = new HashMap<>(attrs.size() * 2);
        for (Map.Entry<String, ByteBuffer> e : attrs.entrySet()) {
            ByteBuffer b = e.getValue();
            byte[] bytes = new byte[b.remaining()];
            b.duplicate().get(bytes);
            values.put(e.getKey(), ValueCodec.decode(bytes));
        }
        return new Item(key, values);
    }
}
