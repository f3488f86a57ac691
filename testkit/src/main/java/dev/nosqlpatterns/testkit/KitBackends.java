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
 * nested in the kit needs no code at all and an adapter's kit class is one method. It supplies the suite's
 * {@link KitProfile} the same way, and the flags that select the suite again for a replay.
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
        return new SuiteSettings(profile == null ? KitProfile.networked() : profile, replay);
    }

    /** What a suite needs besides its backend: the store's profile, and the flags that select the suite. */
    record SuiteSettings(KitProfile profile, String replay) {
    }
}
