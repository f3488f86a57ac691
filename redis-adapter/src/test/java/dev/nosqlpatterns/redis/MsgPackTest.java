package dev.nosqlpatterns.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * What the server's {@code cmsgpack.pack} makes of a Lua table reads back as the same table returned as a
 * plain reply: strings of every length class as bytes (binary ones too), integers of every width and sign,
 * arrays short and long, nested.
 */
class MsgPackTest {
    private static final String TABLE = """
            local t = {'', 'a', string.rep('b', 31), string.rep('c', 32), string.rep('d', 255), string.rep('e', 256),
                       string.rep('f', 65535), string.rep('g', 65536), '\\0\\1\\255\\254', 0, 1, 127, 128, 255, 256, 65535,
                       65536, 4294967295, 4294967296, 1099511627776, -1, -32, -33, -128, -129, -32768, -32769,
                       -2147483648, -2147483649, -1099511627776}
            local long = {}
            for i = 1, 70000 do long[i] = i % 300 end
            t[#t + 1] = long
            t[#t + 1] = {1, {2, {'x'}}}
            local sixteen = {}
            for i = 1, 16 do sixteen[i] = 'x' .. i end
            t[#t + 1] = sixteen
            """;

    /** Byte arrays as lists of numbers, so that equal contents compare equal. */
    private static Object comparable(Object value) {
        if (value instanceof byte[] bytes) {
            List<Integer> out = new ArrayList<>(bytes.length);
            for (byte b : bytes) {
                out.add((int) b);
            }
            return out;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(MsgPackTest::comparable).toList();
        }
        return value;
    }

    @Test
    void aPackedTableReadsAsTheSameTableReturnedPlain() {
        try (Jedis jedis = new Jedis(java.net.URI.create(RedisTestServer.uri()))) {
            Object plain = jedis.eval((TABLE + " return t").getBytes(), 0);
            byte[] packed = (byte[]) jedis.eval((TABLE + " return cmsgpack.pack(t)").getBytes(), 0);
            List<?> unpacked = MsgPack.reply(packed);
            assertEquals(comparable(plain), comparable(unpacked));
            assertEquals(33, unpacked.size());
            assertEquals(-1099511627776L, unpacked.get(29));
            assertEquals(Arrays.toString(new byte[] {0, 1, -1, -2}), Arrays.toString((byte[]) unpacked.get(8)));
            assertEquals(plain, MsgPack.reply(plain), "a plain reply passes through");
        }
    }

    @Test
    void aReplyThatIsNotOneWholeValueIsRefused() {
        assertThrows(IllegalStateException.class, () -> MsgPack.decode(new byte[] {(byte) 0x91, 1, 2}));
        assertThrows(IllegalStateException.class, () -> MsgPack.decode(new byte[] {(byte) 0xc1}));
    }
}
