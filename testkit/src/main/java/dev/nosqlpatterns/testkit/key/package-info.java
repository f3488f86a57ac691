/**
 * Conformance suite of the value order of typed sort keys on a store
 * ({@link dev.nosqlpatterns.testkit.key.TypedKeyOrderSuite}): what the key codecs promise holds on every store.
 */
package dev.nosqlpatterns.testkit.key;
