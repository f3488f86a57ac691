/**
 * The article library: authors, articles and keyword lists in one table with typed compact ids, articles by
 * category and date through an index, and reading figures counted by partial updates
 * ({@link dev.nosqlpatterns.examples.library.Library}; with sample data,
 * {@link dev.nosqlpatterns.examples.library.LibraryExample}).
 */
package dev.nosqlpatterns.examples.library;
