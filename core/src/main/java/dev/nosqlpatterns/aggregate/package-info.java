/**
 * Aggregates with optimistic versions: one entity, however nested, stored as one item and changed by
 * compare-and-set on a version attribute, so concurrent writers never lose each other's updates and no
 * lock is held ({@link dev.nosqlpatterns.aggregate.AggregateStore}).
 */
package dev.nosqlpatterns.aggregate;
