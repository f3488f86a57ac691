package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.index.IndexVerification;
import java.util.List;

/**
 * Verifies an index table against its base table, or repairs it with {@code --repair}, as a Spark job:
 * {@code spark-submit --class dev.nosqlpatterns.spark.IndexVerifyMain nosqlpatterns-spark.jar --uri URI
 * --table BASE --index INDEX --attribute NAME [--unique] [--repair]}. Exits with status 3 when a verify finds
 * drift. Takes the options of {@link IndexBackfillMain}, the tenant's too.
 */
public final class IndexVerifyMain {
    private IndexVerifyMain() {
    }

    /** Runs the verify or repair the arguments describe; see the class description. */
    public static void main(String[] args) {
        MainArgs a = new MainArgs(IndexBackfillMain.USAGE + " [--repair]", args, List.of("unique", "repair"));
        IndexDefinition index = IndexBackfillMain.definition(a);
        boolean repair = a.flag("repair");
        IndexVerification drift = MainArgs.run("nosqlpatterns index " + (repair ? "repair" : "verify"), spark -> {
            IndexJobs jobs = new IndexJobs(spark, System.out);
            return repair ? jobs.repair(index) : jobs.verify(index);
        });
        System.out.println((repair ? "repair" : "verify") + " of " + index.indexTable() + ": " + drift.examined()
                + " items and entries checked, " + (drift.consistent() ? "no drift" : String.join("; ", drift.findings())));
        if (!repair && !drift.consistent()) {
            System.exit(3);
        }
    }
}
