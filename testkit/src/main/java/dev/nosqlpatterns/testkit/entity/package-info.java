/**
 * Conformance suites of entities and repositories: records mapped to items and back
 * ({@link dev.nosqlpatterns.testkit.entity.EntitySuite}), declared indexes kept in step
 * ({@link dev.nosqlpatterns.testkit.entity.EntityIndexSuite}), optimistic versions, partial updates and
 * expiring entities. {@link dev.nosqlpatterns.testkit.entity.SampleEntities} holds the entity types the
 * suites share, with components of every kind the mapping supports.
 */
package dev.nosqlpatterns.testkit.entity;
