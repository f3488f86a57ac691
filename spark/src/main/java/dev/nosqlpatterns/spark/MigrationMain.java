package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.migration.MigrationReport;
import java.util.List;

/**
 * Runs an online migration with its backfill on Spark:
 * {@code spark-submit --class dev.nosqlpatterns.spark.MigrationMain nosqlpatterns-spark.jar --uri URI
 * --definition CLASS}, where {@code CLASS} is a {@link MigrationDefinition} with a public no-argument
 * constructor, on the classpath of the driver and the executors. Running it again resumes a migration that
 * stopped. With {@code --tenancy bridge|pool --tenant ID [--registryTable NAME]} it runs in one tenant of a shared
 * store: the migration's tables and state are the tenant's.
 */
public final class MigrationMain {
    static final String USAGE = "--uri STORE_URI --definition MIGRATION_DEFINITION_CLASS" + MainArgs.TENANT_USAGE;

    private MigrationMain() {
    }

    /** Runs the migration the arguments name; see the class description. */
    public static void main(String[] args) {
        MainArgs a = new MainArgs(USAGE, args, List.of());
        String uri = a.required("uri");
        java.util.Optional<TenantOptions> tenant = a.tenant();
        MigrationDefinition definition = definition(a, a.required("definition"));
        MigrationReport report = MainArgs.run("nosqlpatterns migration", spark -> {
            MigrationJobs jobs = new MigrationJobs(spark, System.out);
            return tenant.isPresent() ? jobs.run(uri, tenant.get(), definition) : jobs.run(uri, definition);
        });
        System.out.printf("migration %s: %d items migrated, %.0f items/s, %.2f writes per item, %d items of drift"
                        + " repaired%n", report.phase(), report.itemsMigrated(), report.itemsPerSecond(),
                report.writesPerItem(), report.driftRepaired());
    }

    static MigrationDefinition definition(MainArgs a, String className) {
        Object made;
        try {
            made = Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            throw a.fail("option --definition: cannot make a " + className + " with a public no-argument constructor ("
                    + e + ")");
        }
        if (!(made instanceof MigrationDefinition definition)) {
            throw a.fail("option --definition: " + className + " is not a " + MigrationDefinition.class.getName());
        }
        return definition;
    }
}
