package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A second server of the store under test, independent of the one the kit's backends reach: its own process,
 * index or memory, so that data written to one can never be read from the other. Some guarantees need two
 * servers to be proven at all, e.g. that a silo tenant on a server of its own shares nothing with the tenants of
 * the main server ({@link dev.nosqlpatterns.testkit.tenant.TenantSiloSuite}). A conformance test that can start one
 * cheaply returns it from {@link StoreConformanceKit#startSecondServer()}; the kit starts it only when a suite
 * first asks for it and closes it after that suite.
 *
 * @param description what the server is, for messages (e.g. "a second redis-server on port 41234")
 * @param backends    opens a backend on the server, as a client of it; whoever opens one closes it, and the
 *                    server and its data outlive it
 * @param shutdown    stops the server and discards its data
 */
public record SecondServer(String description, Supplier<StoreBackend> backends, AutoCloseable shutdown)
        implements AutoCloseable {

    /** Checks that nothing is missing. */
    public SecondServer {
        Objects.requireNonNull(description, "description must not be null");
        Objects.requireNonNull(backends, "backends must not be null");
        Objects.requireNonNull(shutdown, "shutdown must not be null");
    }

    /**
     * A server that is one backend in this process (a memory store, an index in memory): every backend opened on
     * it passes its calls to {@code backend} and leaves it open when closed; closing the server closes it.
     */
    public static SecondServer sharing(String description, StoreBackend backend) {
        Objects.requireNonNull(backend, "backend must not be null");
        return new SecondServer(description, () -> new ForwardingBackend(backend) {
            @Override
            public void close() {
                // a client's close: the server's data stays
            }
        }, backend::close);
    }

    /** Opens a backend on this server; the caller (or the store that wraps it) closes it. */
    public StoreBackend openBackend() {
        return Objects.requireNonNull(backends.get(), () -> description + " opened no backend");
    }

    /** Stops the server; its data is gone. */
    @Override
    public void close() {
        try {
            shutdown.close();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop " + description, e);
        }
    }

    @Override
    public String toString() {
        return description;
    }
}
