package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.item.ValueCodec;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Items as bytes, to move them between tasks: the key's two strings, then the attributes as one map value. */
final class ItemBytes {
    private ItemBytes() {
    }

    static byte[] encode(Item item) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            string(out, item.key().partition());
            string(out, item.key().sort());
            out.write(ValueCodec.encode(Value.map(item.attributes())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static Item decode(byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(bytes))) {
            Key key = Key.of(string(in), string(in));
            Value.MapValue attributes = (Value.MapValue) ValueCodec.decode(in.readAllBytes());
            return new Item(key, attributes.value());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String string(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }
}
