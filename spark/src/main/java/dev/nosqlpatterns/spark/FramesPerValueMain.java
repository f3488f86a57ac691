package dev.nosqlpatterns.spark;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts in how many frames (partitions) each value of a string attribute appears, as a Spark job:
 * {@code spark-submit --class dev.nosqlpatterns.spark.FramesPerValueMain nosqlpatterns-spark.jar --uri URI
 * --table TABLE --attribute NAME [--segments N]}; prints one {@code value<TAB>frames} line per value.
 * With {@code --tenancy bridge|pool --tenant ID [--registryTable NAME]} it runs in one tenant of a shared store.
 */
public final class FramesPerValueMain {
    private FramesPerValueMain() {
    }

    /** Runs the count the arguments describe and prints it; see the class description. */
    public static void main(String[] args) {
        MainArgs a = new MainArgs("--uri STORE_URI --table TABLE --attribute NAME [--segments N]"
                + MainArgs.TENANT_USAGE, args, List.of());
        TableOptions table = a.table("table");
        ItemValue value = ItemValue.attribute(a.required("attribute"));
        Map<String, Long> counts = MainArgs.run("nosqlpatterns frames per value",
                spark -> new FrameJobs(spark, System.out).framesPerValue(table, value));
        new TreeMap<>(counts).forEach((v, n) -> System.out.println(v + "\t" + n));
    }
}
