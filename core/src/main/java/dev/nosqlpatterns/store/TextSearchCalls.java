package dev.nosqlpatterns.store;

import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.spi.TextSearch;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The store's full-text search ({@code Capability.TEXT_SEARCH}) through {@link Store#textSearch()}: every call's
 * arguments checked before the store sees them, and its cost reported to the store's listeners like any other
 * call.
 */
public final class TextSearchCalls {
    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");

    private final Store store;
    private final TextSearch search;

    TextSearchCalls(Store store, TextSearch search) {
        this.store = store;
        this.search = search;
    }

    /** Indexes (or replaces) document {@code id} of {@code index}; each field holds analysed text. */
    public void indexDocument(String index, String id, Map<String, String> fields) {
        checkIndex(index);
        checkId(index, id);
        Objects.requireNonNull(fields, "fields must not be null");
        fields.forEach((name, text) -> {
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("field name '" + name + "' of document '" + id
                        + "' is invalid: use 1 to 48 letters, digits or underscores, starting with a letter");
            }
            checkText(text, "field '" + name + "' of document '" + id + "'");
        });
        long bytes = fields.values().stream().mapToLong(Utf8Order::utf8Length).sum();
        store.run("textIndex", index, call -> {
            search.indexDocument(index, id, fields, call.meter);
            call.counted(0, 0, 1, bytes);
        });
    }

    /** Removes document {@code id} from {@code index}, if it is there. */
    public void deleteDocument(String index, String id) {
        checkIndex(index);
        checkId(index, id);
        store.run("textDelete", index, call -> {
            search.deleteDocument(index, id, call.meter);
            call.counted(0, 0, 1, 0);
        });
    }

    /**
     * Removes every document of {@code index} and nothing else; repeatable (an index already empty is left as it
     * is), and the index can be filled again afterwards. Reported as {@code textDrop}, with no item counted: the
     * store does not say how many documents it removed.
     */
    public void dropIndex(String index) {
        checkIndex(index);
        store.run("textDrop", index, call -> search.dropIndex(index, call.meter));
    }

    /**
     * Ids of documents whose {@code field} holds the words of {@code phrase} within {@code slop} moves, at most
     * {@code limit} of them.
     */
    public List<String> searchPhrase(String index, String field, String phrase, int slop, int limit) {
        checkIndex(index);
        if (field == null || !NAME.matcher(field).matches()) {
            throw new IllegalArgumentException("field name '" + field + "' is invalid: use 1 to 48 letters, digits "
                    + "or underscores, starting with a letter");
        }
        checkText(phrase, "the phrase");
        if (slop < 0) {
            throw new IllegalArgumentException("slop must be zero or more, got " + slop);
        }
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + limit);
        }
        return store.call("textSearch", index, call -> {
            List<String> ids = search.searchPhrase(index, field, phrase, slop, limit, call.meter);
            call.counted(ids.size(), ids.stream().mapToLong(Utf8Order::utf8Length).sum(), 0, 0);
            return ids;
        });
    }

    private static void checkIndex(String index) {
        if (index == null || !NAME.matcher(index).matches()) {
            throw new IllegalArgumentException("text index name '" + index + "' is invalid: use 1 to 48 letters, "
                    + "digits or underscores, starting with a letter");
        }
    }

    private static void checkId(String index, String id) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("a document id of text index '" + index + "' must be non-empty, got "
                    + (id == null ? "null" : "\"\""));
        }
        checkText(id, "document id '" + id + "'");
    }

    private static void checkText(String text, String what) {
        Objects.requireNonNull(text, () -> what + " must not be null");
        int at = Utf8Order.firstUnpairedSurrogate(text);
        if (at >= 0) {
            throw new IllegalArgumentException(what + " holds an unpaired surrogate U+"
                    + Integer.toHexString(text.charAt(at)).toUpperCase(java.util.Locale.ROOT) + " at index " + at
                    + ", which no store can hold");
        }
    }
}
