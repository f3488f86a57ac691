package dev.nosqlpatterns.spark;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;

/**
 * The command line of the jobs' main classes: {@code --name value} options and {@code --flag} switches. Every main
 * class also takes {@code --tenancy bridge|pool --tenant ID [--registryTable NAME]} to work inside one tenant of a
 * shared store (see {@link TenantOptions}).
 */
final class MainArgs {
    /** The tenant options of every main class, for its usage line. */
    static final String TENANT_USAGE = " [--tenancy bridge|pool --tenant TENANT_ID [--registryTable NAME]]";

    private final String usage;
    private final Map<String, String> values = new HashMap<>();
    private final Set<String> flags = new HashSet<>();

    MainArgs(String usage, String[] args, List<String> switches) {
        this.usage = usage;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw fail("unexpected argument '" + a + "'");
            }
            String name = a.substring(2);
            if (switches.contains(name)) {
                flags.add(name);
            } else if (i + 1 < args.length) {
                values.put(name, args[++i]);
            } else {
                throw fail("option " + a + " needs a value");
            }
        }
    }

    String required(String name) {
        String v = values.get(name);
        if (v == null) {
            throw fail("option --" + name + " is required");
        }
        return v;
    }

    String optional(String name, String otherwise) {
        return values.getOrDefault(name, otherwise);
    }

    int number(String name, int otherwise) {
        String v = values.get(name);
        try {
            return v == null ? otherwise : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw fail("option --" + name + " must be a whole number, got '" + v + "'");
        }
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    /** The base table's options: --uri, --table, --attributes (declared types), --segments, and the tenant's. */
    TableOptions table(String tableOption) {
        Map<String, String> o = new HashMap<>();
        o.put("uri", required("uri"));
        o.put("table", required(tableOption));
        o.put("attributes", optional("attributes", ""));
        o.put("segments", optional("segments", "8"));
        TableOptions options = TableOptions.parse(o);
        return tenant().map(options::tenant).orElse(options);
    }

    /** The tenant of --tenancy, --tenant and --registryTable; empty when none of them is given. */
    java.util.Optional<TenantOptions> tenant() {
        Map<String, String> o = new HashMap<>();
        for (String name : List.of(TenantOptions.TENANCY, TenantOptions.TENANT, TenantOptions.REGISTRY_TABLE)) {
            if (values.containsKey(name)) {
                o.put(name, values.get(name));
            }
        }
        try {
            return TenantOptions.parse(o);
        } catch (IllegalArgumentException e) {
            throw fail(e.getMessage().replace("option '", "option '--"));
        }
    }

    IllegalArgumentException fail(String problem) {
        return new IllegalArgumentException(problem + "\nusage: " + usage);
    }

    /**
     * Runs {@code job} in the session spark-submit configured (master and all), or in a local one when the class
     * is run on its own, and stops the session it started (a session that was running before is left running).
     */
    static <T> T run(String appName, java.util.function.Function<SparkSession, T> job) {
        boolean running = SparkSession.getDefaultSession().isDefined();
        SparkSession.Builder b = SparkSession.builder().appName(appName);
        if (!running && System.getProperty("spark.master") == null) {
            b = b.master("local[*]");
        }
        SparkSession spark = b.getOrCreate();
        try {
            return job.apply(spark);
        } finally {
            if (!running) {
                spark.stop();
            }
        }
    }
}
