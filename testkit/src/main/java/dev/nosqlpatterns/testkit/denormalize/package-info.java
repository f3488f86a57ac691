/**
 * Conformance suites of denormalization ({@link dev.nosqlpatterns.denormalize.Denormalizer}): copies filled
 * in and fanned out on every store ({@link dev.nosqlpatterns.testkit.denormalize.DenormalizationSuite}), and
 * under writers interleaved step by step ({@link
 * dev.nosqlpatterns.testkit.denormalize.DenormalizationInterleavingSuite}), where every copy must match its
 * source once repaired.
 */
package dev.nosqlpatterns.testkit.denormalize;
