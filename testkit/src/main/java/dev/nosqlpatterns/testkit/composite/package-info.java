/** Conformance suite of composite-key indexes ({@link dev.nosqlpatterns.testkit.composite.CompositeIndexSuite}). */
package dev.nosqlpatterns.testkit.composite;
