package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import java.util.List;

/**
 * Subtree reads of materialized paths: string attributes named with
 * {@code LuceneStore.builder().pathAttribute(name)} are indexed with every ancestor path (Lucene's path
 * hierarchy tokenizer, on {@code '/'}), so all items at or below a path are found with one term query
 * instead of a prefix scan. Get it with {@code store.extension(MaterializedPaths.class)}.
 */
public interface MaterializedPaths {

    /**
     * Items of {@code table} whose {@code attribute} is {@code path} or lies below it ({@code /a/b} holds
     * {@code /a/b} and {@code /a/b/c}, not {@code /a/bc}), ordered by key, at most {@code limit}.
     */
    List<Item> subtree(String table, String attribute, String path, int limit);
}
