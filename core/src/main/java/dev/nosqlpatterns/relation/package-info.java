/**
 * Relations between items without a join in the store: a many-to-many relation kept as forward and
 * inverse adjacency lists ({@link dev.nosqlpatterns.relation.AdjacencyList}), so both directions are one
 * query, and application-side joins ({@link dev.nosqlpatterns.relation.Joins}) that resolve the references a
 * page of results holds with one batched read instead of one request per reference.
 *
 * <p>Come here for "the keywords of an article and the articles of a keyword", friends lists, or
 * whenever items name other items by key and a read needs both.
 */
package dev.nosqlpatterns.relation;
