package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.model.InvalidRequestException;
import org.bson.BsonDocument;
import org.bson.BsonString;

/** Scan resume tokens: the last {@code _id} read, as {@code <length of p>:<p><stored s>}. */
final class ScanTokens {
    private ScanTokens() {
    }

    static String encode(BsonDocument id) {
        String p = id.getString(Documents.PARTITION).getValue();
        return p.length() + ":" + p + id.getString(Documents.SORT).getValue();
    }

    static BsonDocument decode(String token, String table) {
        try {
            int colon = token.indexOf(':');
            int length = Integer.parseInt(token.substring(0, colon));
            String p = token.substring(colon + 1, colon + 1 + length);
            String s = token.substring(colon + 1 + length);
            return Documents.bound(p, new BsonString(s));
        } catch (RuntimeException e) {
            throw new InvalidRequestException("scan token of table '" + table + "' is damaged: " + e.getMessage());
        }
    }
}
