package dev.nosqlpatterns.store;

import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.IndexQuery;
import dev.nosqlpatterns.store.spi.IndexPosition;
import dev.nosqlpatterns.item.ValueCodec;
import java.util.List;
import java.util.Optional;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Cursor tokens: printable, and bound to the read that issued them so that a cursor handed to another
 * query or scan is refused instead of silently returning wrong items.
 */
final class CursorCodec {
    private static final Base64.Encoder ENC = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder DEC = Base64.getUrlDecoder();

    private CursorCodec() {
    }

    static Cursor encodeQuery(String lastSortKey, Query query) {
        return new Cursor("q." + fingerprint(query) + "." + ENC.encodeToString(lastSortKey.getBytes(StandardCharsets.UTF_8)));
    }

    static String decodeQuery(Cursor cursor, Query query) {
        String[] parts = cursor.token().split("\\.", -1);
        if (parts.length != 3 || !parts[0].equals("q")) {
            throw new InvalidRequestException("cursor " + cursor + " is not a query cursor");
        }
        if (!parts[1].equals(fingerprint(query))) {
            throw new InvalidRequestException("cursor " + cursor + " was issued by another query (table, partition,"
                    + " condition or direction differ) than the one on '" + query.table() + "', partition '"
                    + query.partition() + "'");
        }
        return new String(decode(cursor, parts[2]), StandardCharsets.UTF_8);
    }

    static Cursor encodeIndex(IndexPosition position, IndexQuery query) {
        Value place = Value.list(position.sortValue().orElse(Value.nullValue()), Value.of(position.key().partition()),
                Value.of(position.key().sort()));
        return new Cursor("i." + indexFingerprint(query) + "." + ENC.encodeToString(ValueCodec.encode(place)));
    }

    static IndexPosition decodeIndex(Cursor cursor, IndexQuery query) {
        String[] parts = cursor.token().split("\\.", -1);
        if (parts.length != 3 || !parts[0].equals("i")) {
            throw new InvalidRequestException("cursor " + cursor + " is not an index query cursor");
        }
        if (!parts[1].equals(indexFingerprint(query))) {
            throw new InvalidRequestException("cursor " + cursor + " was issued by another index query (table, index,"
                    + " value, condition or direction differ) than the one on index '" + query.index() + "' of '"
                    + query.table() + "'");
        }
        try {
            List<Value> place = ((Value.ListValue) ValueCodec.decode(decode(cursor, parts[2]))).value();
            Optional<Value> sort = place.get(0) instanceof Value.Null ? Optional.empty() : Optional.of(place.get(0));
            return new IndexPosition(sort, Key.of(((Value.Str) place.get(1)).value(), ((Value.Str) place.get(2)).value()));
        } catch (RuntimeException e) {
            throw new InvalidRequestException("cursor " + cursor + " is damaged: " + e.getMessage());
        }
    }

    static Cursor encodeScan(String backendToken, Scan scan) {
        return new Cursor("s." + scanFingerprint(scan) + "." + ENC.encodeToString(backendToken.getBytes(StandardCharsets.UTF_8)));
    }

    static String decodeScan(Cursor cursor, Scan scan) {
        String[] parts = cursor.token().split("\\.", -1);
        if (parts.length != 3 || !parts[0].equals("s")) {
            throw new InvalidRequestException("cursor " + cursor + " is not a scan cursor");
        }
        if (!parts[1].equals(scanFingerprint(scan))) {
            throw new InvalidRequestException("cursor " + cursor + " was issued by another scan (table or segment"
                    + " differ) than segment " + scan.segment() + "/" + scan.totalSegments() + " of '" + scan.table() + "'");
        }
        return new String(decode(cursor, parts[2]), StandardCharsets.UTF_8);
    }

    private static byte[] decode(Cursor cursor, String payload) {
        try {
            return DEC.decode(payload);
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException("cursor " + cursor + " is damaged: " + e.getMessage());
        }
    }

    private static String fingerprint(Query q) {
        return hash(q.table() + '\u0001' + q.partition() + '\u0001' + q.condition() + '\u0001' + q.direction());
    }

    private static String indexFingerprint(IndexQuery q) {
        return hash(q.table() + '\u0001' + q.index() + '\u0001' + q.partitionValue() + '\u0001' + q.sortCondition()
                + '\u0001' + q.direction());
    }

    private static String scanFingerprint(Scan s) {
        return hash(s.table() + '\u0001' + s.segment() + '\u0001' + s.totalSegments());
    }

    private static String hash(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return Long.toHexString(h);
    }
}
