package dev.nosqlpatterns.spark;

import dev.nosqlpatterns.scan.ShadowVerification;
import java.util.Arrays;
import java.util.List;

/**
 * Rebuilds a shadow table from its primary table, or verifies it with {@code --verify}, as a Spark job:
 * {@code spark-submit --class dev.nosqlpatterns.spark.ShadowRebuildMain nosqlpatterns-spark.jar --uri URI
 * --table PRIMARY --shadow SHADOW --keep NAME,NAME... [--verify] [--segments N] [--attributes name:TYPE,...]}.
 * The shadow holds the attributes named by {@code --keep}. Exits with status 3 when a verify finds drift.
 * With {@code --tenancy bridge|pool --tenant ID [--registryTable NAME]} it runs in one tenant of a shared store.
 */
public final class ShadowRebuildMain {
    static final String USAGE = "--uri STORE_URI --table PRIMARY_TABLE --shadow SHADOW_TABLE --keep NAME,NAME..."
            + " [--verify] [--segments N] [--attributes name:TYPE,...]" + MainArgs.TENANT_USAGE;

    private ShadowRebuildMain() {
    }

    /** Runs the rebuild or verify the arguments describe; see the class description. */
    public static void main(String[] args) {
        MainArgs a = new MainArgs(USAGE, args, List.of("verify"));
        List<String> kept = Arrays.stream(a.required("keep").split(",")).map(String::trim).filter(s -> !s.isEmpty())
                .toList();
        if (kept.isEmpty()) {
            throw a.fail("option --keep names no attribute");
        }
        ShadowDefinition shadow = ShadowDefinition.keeping(a.table("table"), a.required("shadow"), kept);
        boolean verify = a.flag("verify");
        ShadowVerification drift = MainArgs.run("nosqlpatterns shadow " + (verify ? "verify" : "rebuild"), spark -> {
            ShadowJobs jobs = new ShadowJobs(spark, System.out);
            return verify ? jobs.verify(shadow) : jobs.rebuild(shadow);
        });
        System.out.println((verify ? "verify" : "rebuild") + " of " + shadow.shadowTable() + ": " + drift.checked()
                + " items and shadows checked, " + drift.wrong() + (verify ? " wrong" : " shadows written or removed"));
        if (verify && !drift.consistent()) {
            System.exit(3);
        }
    }
}
