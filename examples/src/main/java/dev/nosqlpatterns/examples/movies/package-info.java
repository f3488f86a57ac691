/**
 * The movie database: an adjacency list with overloaded sort keys under each title (credits, regions,
 * rating), a person's credits through an index, and an online migration that re-keys the credits
 * ({@link dev.nosqlpatterns.examples.movies.MovieDatabase}; loaded from a small IMDb-layout sample by
 * {@link dev.nosqlpatterns.examples.movies.MoviesExample}).
 */
package dev.nosqlpatterns.examples.movies;
