package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.migration.Migration;
import java.io.Serializable;

/**
 * How the driver and every executor build the same {@link Migration}: entity types hold functions that need not
 * be serializable, so each JVM builds them itself from this factory. A definition named to {@link MigrationMain}
 * is a class with a public no-argument constructor.
 */
@FunctionalInterface
public interface MigrationDefinition extends Serializable {
    /** The migration to run; the same one (name, types, segments) every time it is called. */
    Migration<?, ?> migration();
}
