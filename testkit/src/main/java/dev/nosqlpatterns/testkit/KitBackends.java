package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Supplies the backend under test to every {@link StoreSuite}: the suite's own {@link StoreSuite#openBackend()}
 * when it overrides it (a suite run on its own), else the enclosing {@link StoreConformanceKit}'s, so a suite
 * nested in the kit needs no code at all and an adapter's kit class is one method. It supplies the suite's
 * {@link KitProfile} the same way, the flags that select the suite again for a replay, and the kit's
 * {@link StoreConformanceKit#startSecondServer() second server}: started when the suite first asks for it, kept
 * for the suite's other tests and closed after the suite.
 */
public final class KitBackends implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == StoreBackend.class || type == SuiteSettings.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SuiteSettings.class ? settings(context) : backend(context);
    }

    private static StoreBackend backend(ExtensionContext context) {
        List<Object> instances = context.getRequiredTestInstances().getAllInstances();
        for (int i = instances.size() - 1; i >= 0; i--) {
            Object instance = instances.get(i);
            if (instance instanceof StoreSuite suite) {
                StoreBackend own = suite.openBackend();
                if (own != null) {
                    return own;
                }
            } else if (instance instanceof StoreConformanceKit kit) {
                return kit.backendForSuites();
            }
        }
        throw new ParameterResolutionException("no backend for " + context.getRequiredTestClass().getName()
                + ": override openBackend() in the suite, or nest it in a StoreConformanceKit");
    }

    /** The suite's own profile if it declares one, else its kit's, else {@link KitProfile#networked()}. */
    private static SuiteSettings settings(ExtensionContext context) {
        List<Object> instances = context.getRequiredTestInstances().getAllInstances();
        Object suite = instances.get(instances.size() - 1);
        Object outermost = instances.get(0);
        StoreConformanceKit enclosing = null;
        for (Object instance : instances) {
            if (instance instanceof StoreConformanceKit kit) {
                enclosing = kit;
            }
        }
        KitProfile profile = null;
        for (int i = instances.size() - 1; i >= 0 && profile == null; i--) {
            Object instance = instances.get(i);
            if (instance instanceof StoreSuite s) {
                profile = s.kitProfile();
            } else if (instance instanceof StoreConformanceKit kit) {
                profile = kit.kitProfile();
                if (profile == null) {
                    throw new ParameterResolutionException(kit.getClass().getName() + ".kitProfile() returned null");
                }
            }
        }
        String replay = "-Dtest=" + outermost.getClass().getSimpleName();
        if (outermost instanceof StoreConformanceKit && suite != outermost) {
            replay += " -D" + KitSelection.PROPERTY + "=" + suite.getClass().getSimpleName();
        }
        return new SuiteSettings(profile == null ? KitProfile.networked() : profile, replay,
                secondServer(context, enclosing));
    }

    /**
     * The kit's second server, started on the first call and closed when the suite's class is done with (the
     * server is kept in the store of the suite class's context); always empty for a suite outside a kit.
     */
    private static Supplier<Optional<SecondServer>> secondServer(ExtensionContext context, StoreConformanceKit kit) {
        if (kit == null) {
            return Optional::empty;
        }
        ExtensionContext suite = context;
        while (suite.getTestMethod().isPresent() && suite.getParent().isPresent()) {
            suite = suite.getParent().get();
        }
        ExtensionContext.Store kept = suite.getStore(ExtensionContext.Namespace.create(KitBackends.class));
        return () -> kept.getOrComputeIfAbsent(StartedServer.class, k -> new StartedServer(), StartedServer.class)
                .get(kit);
    }

    /** The second server of one suite class, started at most once and closed by JUnit after the class. */
    private static final class StartedServer implements ExtensionContext.Store.CloseableResource {
        private Optional<SecondServer> server;

        synchronized Optional<SecondServer> get(StoreConformanceKit kit) {
            if (server == null) {
                Optional<SecondServer> started = kit.startSecondServer();
                if (started == null) {
                    throw new IllegalStateException(kit.getClass().getName()
                            + ".startSecondServer() returned null; return Optional.empty() for none");
                }
                server = started;
            }
            return server;
        }

        @Override
        public synchronized void close() {
            if (server != null) {
                server.ifPresent(SecondServer::close);
            }
        }
    }

    /**
     * What a suite needs besides its backend: the store's profile, the flags that select the suite, and its kit's
     * second server, started on first use.
     */
    record SuiteSettings(KitProfile profile, String replay, Supplier<Optional<SecondServer>> secondServer) {
    }
}
