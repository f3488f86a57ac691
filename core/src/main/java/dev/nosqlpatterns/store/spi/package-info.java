/**
 * What an adapter implements to bring a store to the library: {@link dev.nosqlpatterns.store.spi.StoreBackend}
 * (an ordered key-value model with conditional writes, batches and segmented scans), the
 * {@link dev.nosqlpatterns.store.spi.Capabilities} it declares (guarantees as flags, native features as typed ports
 * such as {@link dev.nosqlpatterns.store.spi.NativeIndexes} and {@link dev.nosqlpatterns.store.spi.NativeGeo}), and
 * the {@link dev.nosqlpatterns.store.spi.CostMeter} each call records its requests on.
 *
 * <p>Applications do not use this package: the store checks every request before a backend sees it, encodes every
 * cursor and meters every call. The conformance kit ({@code nosqlpatterns-testkit}) is the contract each backend
 * proves.
 */
package dev.nosqlpatterns.store.spi;
