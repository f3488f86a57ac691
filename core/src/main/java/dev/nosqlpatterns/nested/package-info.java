/**
 * Nested documents flattened for a search engine: documents holding a list of nested elements (a
 * resume's skills, each with a level) indexed as flat fields so that a query for one element matching
 * several fields finds only documents where one element matches them all
 * ({@link dev.nosqlpatterns.nested.NestedFlattening}).
 *
 * <p>Come here when a store with text search must answer "an element with this and that", which plain
 * flattening into one field per attribute gets wrong.
 */
package dev.nosqlpatterns.nested;
