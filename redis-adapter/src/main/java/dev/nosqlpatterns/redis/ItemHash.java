package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How an item is held in its Redis hash: one field per attribute (name in UTF-8, value as
 * {@link ValueCodec} bytes, so a script checks {@code attribute = value} by comparing bytes), plus hidden
 * fields whose names start with byte 0xFF, which no UTF-8 attribute name can: the version token every
 * write replaces (for compare-and-set updates, and so that an item without attributes still has a hash),
 * and one field per index holding the item's entry in that index.
 */
final class ItemHash {
    static final byte HIDDEN = (byte) 0xFF;
    static final byte[] VERSION = {HIDDEN, 'v'};
    /**
     * The hidden field of an item that expires ({@link dev.nosqlpatterns.item.Expiry}): its epoch milliseconds,
     * which the write script sets on the hash with PEXPIREAT, so that Redis removes the hash itself.
     */
    static final byte[] EXPIRY = {HIDDEN, 'e'};

    private ItemHash() {
    }

    /** The hidden field that remembers an item's entry in {@code index}. */
    static byte[] indexField(String index) {
        return Keys.concat(HIDDEN, Keys.utf8("x" + index));
    }

    /** Attribute fields and values, flattened: name, value, name, value... */
    static List<byte[]> fields(Item item) {
        List<byte[]> out = new ArrayList<>(item.attributes().size() * 2);
        for (Map.Entry<String, Value> e : item.attributes().entrySet()) {
            out.add(Keys.utf8(e.getKey()));
            out.add(ValueCodec.encode(e.getValue()));
        }
        return out;
    }

    /** Writes the attribute fields and values into {@code out} from {@code at} on; returns the next free place. */
    static int fields(Item item, byte[][] out, int at) {
        for (Map.Entry<String, Value> e : item.attributes().entrySet()) {
            out[at++] = Keys.utf8(e.getKey());
            out[at++] = ValueCodec.encode(e.getValue());
        }
        return at;
    }

    /** A fresh version token: random, so that a re-created item never repeats an old one. */
    static byte[] newVersion() {
        byte[] token = new byte[12];
        ThreadLocalRandom.current().nextBytes(token);
        return token;
    }

    /** An item read with its version: what a compare-and-set write expects to find still in place. */
    record Snapshot(Optional<Item> item, byte[] version) {
    }

    static Snapshot snapshot(Key key, Map<byte[], byte[]> hash) {
        if (hash == null || hash.isEmpty()) {
            return new Snapshot(Optional.empty(), new byte[0]);
        }
        Map<String, Value> attributes = new HashMap<>(hash.size() * 2);
        byte[] version = new byte[0];
        for (Map.Entry<byte[], byte[]> e : hash.entrySet()) {
            byte[] name = e.getKey();
            if (name.length > 0 && name[0] == HIDDEN) {
                if (java.util.Arrays.equals(name, VERSION)) {
                    version = e.getValue();
                }
                continue;
            }
            attributes.put(new String(name, StandardCharsets.UTF_8), ValueCodec.decode(e.getValue()));
        }
        return new Snapshot(Optional.of(new Item(key, attributes)), version);
    }

    /** Decodes the flat field/value list HGETALL gives inside a script reply. */
    static Optional<Item> fromFlat(Key key, List<?> flat) {
        if (flat == null || flat.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Value> attributes = new HashMap<>(flat.size());
        for (int i = 0; i + 1 < flat.size(); i += 2) {
            byte[] name = (byte[]) flat.get(i);
            if (name.length > 0 && name[0] == HIDDEN) {
                continue;
            }
            attributes.put(new String(name, StandardCharsets.UTF_8), ValueCodec.decode((byte[]) flat.get(i + 1)));
        }
        return Optional.of(new Item(key, attributes));
    }
}
