package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.index.IndexVerification;
import java.util.List;

/**
 * Adds the index entries of a table's existing items, as a Spark job:
 * {@code spark-submit --class dev.nosqlpatterns.spark.IndexBackfillMain nosqlpatterns-spark.jar --uri URI
 * --table BASE --index INDEX --attribute NAME [--unique] [--segments N] [--attributes name:TYPE,...]}, and
 * {@code --tenancy bridge|pool --tenant ID [--registryTable NAME]} for one tenant's table of a shared store.
 */
public final class IndexBackfillMain {
    static final String USAGE = "--uri STORE_URI --table BASE_TABLE --index INDEX_TABLE --attribute NAME [--unique]"
            + " [--segments N] [--attributes name:TYPE,...]" + MainArgs.TENANT_USAGE;

    private IndexBackfillMain() {
    }

    /** Runs the backfill the arguments describe; see the class description. */
    public static void main(String[] args) {
        MainArgs a = new MainArgs(USAGE, args, List.of("unique"));
        IndexDefinition index = definition(a);
        IndexVerification drift = MainArgs.run("nosqlpatterns index backfill", spark -> new IndexJobs(spark, System.out).backfill(index));
        System.out.println("backfill of " + index.indexTable() + ": " + drift.baseItemsChecked() + " items checked, "
                + drift.missing() + " entries added, " + drift.duplicates() + " duplicates of a unique value");
    }

    static IndexDefinition definition(MainArgs a) {
        return IndexDefinition.onAttribute(a.table("table"), a.required("index"), a.required("attribute"),
                a.flag("unique"));
    }
}
