/**
 * An in-memory store that keeps every rule of the conformance kit: for unit tests and for trying the techniques
 * without a server. {@link dev.nosqlpatterns.store.memory.MemoryStore#create()} opens one; a {@code Clock} given to
 * {@code MemoryStore.create(Clock)} moves item expiry in tests.
 */
package dev.nosqlpatterns.store.memory;
