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

    /** Ids of documents whose {@code field} holds the words of {@code phrase} within {@code slop} moves. */
    List<String> searchPhrase(String index, String field, String phrase, int slop, int limit, CostMeter meter);
}
