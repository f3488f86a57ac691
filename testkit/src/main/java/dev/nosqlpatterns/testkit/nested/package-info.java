/**
 * The conformance suite of nested-document flattening ({@link dev.nosqlpatterns.nested.NestedFlattening}) on
 * stores with text search: a query for one element matching several fields must not match fields of
 * different elements ({@link dev.nosqlpatterns.testkit.nested.NestedFlatteningSuite}).
 */
package dev.nosqlpatterns.testkit.nested;
