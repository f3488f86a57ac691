package dev.nosqlpatterns.testkit;

import dev.nosqlpatterns.store.spi.StoreBackend;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Supplies the backend under test to every {@link StoreSuite}: the suite's own {@link StoreSuite#openBackend()}
 * when it overrides it (a suite run on its own), else the enclosing {@link StoreConformanceKit}'s, so a suite
 * nested in the kit needs no code at all and an adapter's kit class is one method.
 */
public final class KitBackends implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == StoreBackend.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
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
}
