/**
 * Inverted search with direct aggregation: posting lists of dense document ids stored in
 * chunks and combined as compressed bitmaps (or sorted id lists) to select an audience, and a direct index
 * of each document's values to count an audience's values, for many audiences in one scan.
 * Start with {@link dev.nosqlpatterns.search.InvertedSearch}.
 */
package dev.nosqlpatterns.search;
