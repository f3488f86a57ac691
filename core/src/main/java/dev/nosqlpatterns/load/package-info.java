/**
 * Loads of more items than fit in memory, such as the import of a dataset or the rebuild of a search index: a
 * stream read one window at a time, each window checked whole and written by a technique's bulk write, with a
 * report of progress and cost after each window and, on failure, the position to resume from.
 */
package dev.nosqlpatterns.load;
