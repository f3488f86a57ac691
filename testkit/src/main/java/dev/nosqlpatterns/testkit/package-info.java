/**
 * The conformance kit: the storage contract every adapter must meet, as JUnit suites. An adapter's test
 * extends {@link dev.nosqlpatterns.testkit.StoreConformanceKit} and returns its backend, and every suite
 * here and in the sub-packages (one per technique) runs against it; a capability the store lacks skips
 * its tests through an assumption instead of passing them silently.
 *
 * <p>The suites extend {@link dev.nosqlpatterns.testkit.StoreSuite}, which gives each test a store over
 * fresh tables. The tools they share are usable in an adapter's own tests too: backends that hide
 * capabilities ({@link dev.nosqlpatterns.testkit.CapabilityMaskingBackend}) or die halfway through a protocol
 * ({@link dev.nosqlpatterns.testkit.FaultInjectingBackend}), chosen interleavings of concurrent writers
 * ({@link dev.nosqlpatterns.testkit.Interleaving}) and a clock moved by hand
 * ({@link dev.nosqlpatterns.testkit.ShiftingClock}).
 */
package dev.nosqlpatterns.testkit;
