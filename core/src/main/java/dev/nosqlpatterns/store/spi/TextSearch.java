package dev.nosqlpatterns.store.spi;

import java.util.List;
import java.util.Map;

/**
 * Full-text and proximity search over documents of named text fields (Lucene): the capability behind
 * the nested-document flattening techniques.
 */
public interface TextSearch {

    /** Indexes (or replaces) a document; each field holds analysed text. */
    void indexDocument(String index, String id, Map<String, String> fields, CostMeter meter);

    void deleteDocument(String index, String id, CostMeter meter);

    /**
     * Removes every document of {@code index}, in as few requests as the store allows, and nothing else: other
     * indexes, tables and geo sets are left as they were. Dropping an index that holds nothing, or was dropped
     * already, does nothing; documents indexed afterwards are found as in a new index.
     *
     * <p>Every adapter of the library overrides it. The default refuses, for a port written before the method
     * existed: it has no way to know where the index's documents are kept.
     *
     * @throws UnsupportedOperationException by default
     */
    default void dropIndex(String index, CostMeter meter) {
        throw new UnsupportedOperationException(getClass().getName() + " cannot drop the text index '" + index
                + "': it does not implement TextSearch.dropIndex");
    }

    /** Ids of documents whose {@code field} holds the words of {@code phrase} within {@code slop} moves. */
    List<String> searchPhrase(String index, String field, String phrase, int slop, int limit, CostMeter meter);
}
