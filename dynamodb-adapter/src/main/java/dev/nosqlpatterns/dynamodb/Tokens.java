package dev.nosqlpatterns.dynamodb;

import dev.nosqlpatterns.store.model.InvalidRequestException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Resume tokens: a DynamoDB LastEvaluatedKey (string attributes only, as every key here is) written as
 * length-prefixed {@code name} and {@code value} parts, so any character may occur in a key.
 */
final class Tokens {
    private Tokens() {
    }

    /** The token for a last evaluated key (plain text; the Store encodes scan tokens itself). */
    static String encode(Map<String, AttributeValue> key) {
        StringBuilder b = new StringBuilder();
        key.forEach((name, value) -> part(part(b, name), value.s()));
        return b.toString();
    }

    static Map<String, AttributeValue> decode(String token) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        List<String> parts = parts(token);
        if (parts.size() % 2 != 0 || parts.isEmpty()) {
            throw damaged(token);
        }
        for (int i = 0; i < parts.size(); i += 2) {
            key.put(parts.get(i), AttributeValue.fromS(parts.get(i + 1)));
        }
        return key;
    }

    private static StringBuilder part(StringBuilder b, String s) {
        return b.append(s.length()).append(':').append(s);
    }

    private static List<String> parts(String token) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < token.length()) {
            int colon = token.indexOf(':', i);
            if (colon < 0) {
                throw damaged(token);
            }
            int len;
            try {
                len = Integer.parseInt(token.substring(i, colon));
            } catch (NumberFormatException e) {
                throw damaged(token);
            }
            if (len < 0 || colon + 1 + len > token.length()) {
                throw damaged(token);
            }
            out.add(token.substring(colon + 1, colon + 1 + len));
            i = colon + 1 + len;
        }
        return out;
    }

    private static InvalidRequestException damaged(String token) {
        return new InvalidRequestException("resume token '" + token + "' is damaged");
    }
}
