package dev.nosqlpatterns.lucene;

import java.util.List;

/**
 * Lucene's span-near queries over the documents of the store's text search ({@code store.textSearch()}): words
 * found close to each other, in order or not, with a bounded number of other words between them. Get it with
 * {@code store.extension(ProximitySearch.class)}.
 */
public interface ProximitySearch {

    /**
     * Ids of documents of {@code index} whose {@code field} holds all {@code words} with at most
     * {@code maxGap} other words between the first and the last, in the given order when {@code inOrder}.
     * Best matches first, at most {@code limit}.
     */
    List<String> searchNear(String index, String field, List<String> words, int maxGap, boolean inOrder, int limit);
}
