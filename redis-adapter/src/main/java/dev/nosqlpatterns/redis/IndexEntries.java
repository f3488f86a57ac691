package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.store.spi.IndexPosition;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.item.ValueCodec;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;

/**
 * Members of the lexicographic sorted sets that serve as native secondary indexes. One member per indexed
 * item, all with score 0, so Redis orders them by bytes:
 * <pre>  esc(partition value) esc(sort value) esc(item partition) esc(item sort) item-hash-key</pre>
 * where esc doubles every 0x00 as 0x00 0xFF and ends with 0x00 0x01. The escaping keeps byte order
 * part by part, so one ZRANGEBYLEX reads one index partition in sort-value order (ties in item-key
 * order), and the terminator 0x00 0x01 never occurs inside a part, so a script finds the item's hash key
 * after the fourth terminator.
 */
final class IndexEntries {
    private static final byte[] END = {0, 1};
    private static final byte[] PAST_END = {0, 2};

    private IndexEntries() {
    }

    /** The entry of {@code item} in the index, or empty when the item lacks the index attributes. */
    static Optional<byte[]> member(IndexSpec index, Item item, byte[] itemKey) {
        Value partition = item.attributes().get(index.partitionAttribute());
        if (partition == null) {
            return Optional.empty();
        }
        byte[] sort = new byte[0];
        if (index.sortAttribute().isPresent()) {
            Optional<byte[]> s = sortBytes(item.attributes().get(index.sortAttribute().get()));
            if (s.isEmpty()) {
                return Optional.empty();
            }
            sort = s.get();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        escape(out, ValueCodec.encode(partition));
        escape(out, sort);
        escape(out, Keys.utf8(item.key().partition()));
        escape(out, Keys.utf8(item.key().sort()));
        out.writeBytes(itemKey);
        return Optional.of(out.toByteArray());
    }

    /** Sort values are strings, ordered by their UTF-8 bytes; an item with another type there is not indexed. */
    private static Optional<byte[]> sortBytes(Value v) {
        return v instanceof Value.Str s ? Optional.of(Keys.utf8(s.value())) : Optional.empty();
    }

    /** The item key (partition and sort) an entry belongs to. */
    static Key keyOf(byte[] member) {
        int[] at = {0};
        part(member, at);
        part(member, at);
        String partition = new String(part(member, at), StandardCharsets.UTF_8);
        String sort = new String(part(member, at), StandardCharsets.UTF_8);
        return Key.of(partition, sort);
    }

    /** The place of an entry in its index: its sort value (none for an index without sort attribute) and item key. */
    static IndexPosition position(IndexSpec index, byte[] member) {
        int[] at = {0};
        part(member, at);
        byte[] sort = part(member, at);
        String partition = new String(part(member, at), StandardCharsets.UTF_8);
        String sortKey = new String(part(member, at), StandardCharsets.UTF_8);
        Optional<Value> sortValue = index.sortAttribute().map(a -> Value.of(new String(sort, StandardCharsets.UTF_8)));
        return new IndexPosition(sortValue, Key.of(partition, sortKey));
    }

    /** ZRANGEBYLEX bounds {min, max} of the entries whose partition value and sort value match. */
    static byte[][] bounds(Value partitionValue, SortKeyCondition condition) {
        ByteArrayOutputStream p = new ByteArrayOutputStream();
        escape(p, ValueCodec.encode(partitionValue));
        byte[] head = p.toByteArray();
        byte[] min = Keys.concat((byte) '[', head);
        byte[] max = Keys.concat((byte) '(', withLastIncremented(head));
        Optional<SortKeyCondition.Bound> lower = condition.lower();
        Optional<SortKeyCondition.Bound> upper = condition.upper();
        if (lower.isPresent()) {
            // Entries with sort value v start with esc(v) 00 01; longer values continue above 00 01.
            min = Keys.concat((byte) '[', sortBound(head, lower.get().value(), lower.get().inclusive() ? END : PAST_END));
        }
        if (upper.isPresent()) {
            max = Keys.concat((byte) '(', sortBound(head, upper.get().value(), upper.get().inclusive() ? PAST_END : END));
        }
        return new byte[][] {min, max};
    }

    private static byte[] sortBound(byte[] head, String value, byte[] tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head);
        escapeBody(out, Keys.utf8(value));
        out.writeBytes(tail);
        return out.toByteArray();
    }

    private static byte[] withLastIncremented(byte[] escaped) {
        byte[] copy = Arrays.copyOf(escaped, escaped.length);
        copy[copy.length - 1]++;
        return copy;
    }

    private static void escape(ByteArrayOutputStream out, byte[] bytes) {
        escapeBody(out, bytes);
        out.writeBytes(END);
    }

    private static void escapeBody(ByteArrayOutputStream out, byte[] bytes) {
        for (byte b : bytes) {
            out.write(b);
            if (b == 0) {
                out.write(0xFF);
            }
        }
    }

    private static byte[] part(byte[] member, int[] at) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = at[0];
        while (true) {
            byte b = member[i];
            if (b == 0) {
                if (member[i + 1] == 1) {
                    at[0] = i + 2;
                    return out.toByteArray();
                }
                i += 2;
                out.write(0);
            } else {
                out.write(b);
                i++;
            }
        }
    }
}
