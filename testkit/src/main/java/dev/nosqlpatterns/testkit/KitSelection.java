package dev.nosqlpatterns.testkit;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs only some suites of a {@link StoreConformanceKit} when the system property {@value #PROPERTY} names
 * them: a comma-separated list of suite class names ({@code ExpirySuite}) or the kit's names for them
 * ({@code Expiry}), each optionally ending in {@code *} to match a prefix. The others report as skipped.
 * Without the property every suite runs; suites not nested in a kit always run.
 */
public final class KitSelection implements ExecutionCondition {
    /** The system property listing the suites to run. */
    public static final String PROPERTY = "nosqlpatterns.kit.suites";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        String selection = System.getProperty(PROPERTY, "").trim();
        Optional<Class<?>> type = context.getTestClass();
        if (selection.isEmpty() || type.isEmpty() || type.get().getEnclosingClass() == null
                || !StoreConformanceKit.class.isAssignableFrom(type.get().getEnclosingClass())) {
            return ConditionEvaluationResult.enabled("every suite runs, and suites outside a kit always run");
        }
        List<String> wanted = Arrays.stream(selection.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
        for (Class<?> c = type.get(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (String w : wanted) {
                if (matches(w, c.getSimpleName())) {
                    return ConditionEvaluationResult.enabled(c.getSimpleName() + " is selected by " + PROPERTY);
                }
            }
        }
        return ConditionEvaluationResult.disabled(type.get().getSimpleName() + " is not selected by " + PROPERTY
                + "=" + selection);
    }

    private static boolean matches(String pattern, String name) {
        return pattern.endsWith("*") ? name.startsWith(pattern.substring(0, pattern.length() - 1)) : name.equals(pattern);
    }
}
