package dev.nosqlpatterns.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectNestedClass;

import dev.nosqlpatterns.store.memory.MemoryBackend;
import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The kit starts a store's second server only for a suite that asks for it, once for all of that suite's tests,
 * and stops it after the suite; a store without one has those tests skipped, saying why.
 */
class SecondServerTest {
    private static final AtomicInteger STARTED = new AtomicInteger();
    private static final AtomicInteger STOPPED = new AtomicInteger();
    private static final AtomicInteger STOPPED_DURING_TESTS = new AtomicInteger();
    private static final AtomicInteger RUNNING = new AtomicInteger();

    private String selection;

    /** A memory store whose second server counts its starts and stops. */
    static class WithSecondServer extends StoreConformanceKit {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }

        @Override
        protected Optional<SecondServer> startSecondServer() {
            STARTED.incrementAndGet();
            SecondServer shared = SecondServer.sharing("a counted memory store", new MemoryBackend());
            return Optional.of(new SecondServer(shared.description(), shared.backends(), () -> {
                if (RUNNING.get() > 0) {
                    STOPPED_DURING_TESTS.incrementAndGet();
                }
                STOPPED.incrementAndGet();
                shared.close();
            }));
        }
    }

    /** A memory store without a second server. */
    static class WithoutSecondServer extends StoreConformanceKit {
        @Override
        protected StoreBackend openBackend() {
            return new MemoryBackend();
        }
    }

    @BeforeEach
    void reset() {
        STARTED.set(0);
        STOPPED.set(0);
        STOPPED_DURING_TESTS.set(0);
        selection = System.clearProperty(KitSelection.PROPERTY);
    }

    @AfterEach
    void restoreSelection() {
        if (selection != null) {
            System.setProperty(KitSelection.PROPERTY, selection);
        }
    }

    /** Runs one nested suite of {@code kit}; answers each test's outcome, skip reasons included. */
    private static List<String> run(Class<? extends StoreConformanceKit> kit, Class<?> suite) {
        List<String> outcomes = new ArrayList<>();
        TestExecutionListener listener = new TestExecutionListener() {
            @Override
            public void executionStarted(TestIdentifier test) {
                if (test.isTest()) {
                    RUNNING.incrementAndGet();
                }
            }

            @Override
            public void executionSkipped(TestIdentifier test, String reason) {
                outcomes.add("skipped " + test.getDisplayName() + ": " + reason);
            }

            @Override
            public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                if (test.isTest()) {
                    RUNNING.decrementAndGet();
                    outcomes.add(result.getStatus() + " " + test.getDisplayName()
                            + result.getThrowable().map(t -> ": " + t.getMessage()).orElse(""));
                }
            }
        };
        LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectNestedClass(List.of(kit), suite)).build(), listener);
        return outcomes;
    }

    @Test
    void theServerStartsForTheSuiteThatAsksOnceAndStopsAfterIt() {
        List<String> outcomes = run(WithSecondServer.class, StoreConformanceKit.TenantSilos.class);
        assertEquals(3, outcomes.size(), outcomes.toString());
        outcomes.forEach(o -> assertTrue(o.startsWith("SUCCESSFUL"), outcomes.toString()));
        assertEquals(1, STARTED.get(), "starts");
        assertEquals(1, STOPPED.get(), "stops");
        assertEquals(0, STOPPED_DURING_TESTS.get(), "stops while a test ran");
    }

    @Test
    void aSuiteThatDoesNotAskStartsNoServer() {
        List<String> outcomes = run(WithSecondServer.class, StoreConformanceKit.Items.class);
        assertTrue(!outcomes.isEmpty() && outcomes.stream().noneMatch(o -> o.startsWith("FAILED")),
                outcomes.toString());
        assertEquals(0, STARTED.get(), "starts");
    }

    @Test
    void withoutASecondServerTheSuiteIsSkippedSayingWhy() {
        List<String> outcomes = run(WithoutSecondServer.class, StoreConformanceKit.TenantSilos.class);
        assertEquals(3, outcomes.size(), outcomes.toString());
        outcomes.forEach(o -> assertTrue(o.startsWith("ABORTED") && o.contains("offers no second server"),
                outcomes.toString()));
    }
}
