package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Value;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Converts node payloads (user records) to and from typed attributes, so trees stay generic without
 * reflection. The attributes are stored as one map value inside the node's item (or inside the tree's
 * item for {@link TreeStrategy#AGGREGATE}); their names need not avoid any reserved name.
 *
 * <p>{@code decode(encode(p))} must equal {@code p}. A codec must be thread-safe.
 *
 * @param <T> the payload type
 */
public interface PayloadCodec<T> {

    /** The attributes of a payload; never null. */
    Map<String, Value> encode(T payload);

    /** The payload stored as these attributes. */
    T decode(Map<String, Value> attributes);

    /** A codec from two functions. */
    static <T> PayloadCodec<T> of(Function<? super T, Map<String, Value>> encode,
                                  Function<Map<String, Value>, ? extends T> decode) {
        Objects.requireNonNull(encode, "encode function must not be null");
        Objects.requireNonNull(decode, "decode function must not be null");
        return new PayloadCodec<>() {
            @Override
            public Map<String, Value> encode(T payload) {
                return encode.apply(payload);
            }

            @Override
            public T decode(Map<String, Value> attributes) {
                return decode.apply(attributes);
            }
        };
    }
}
