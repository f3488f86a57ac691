/** Conformance suite of frame-by-frame roll-ups ({@link dev.nosqlpatterns.testkit.rollup.FrameAggregationSuite}). */
package dev.nosqlpatterns.testkit.rollup;
