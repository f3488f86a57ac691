package dev.nosqlpatterns.spark;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Runs a graph job over a graph table as a Spark job and prints one {@code vertex<TAB>value} line per vertex:
 * {@code spark-submit --class dev.nosqlpatterns.spark.GraphMain nosqlpatterns-spark.jar --uri URI --table GRAPH
 * --job distances --sources a,b} (or {@code --job components}, or {@code --job pagerank [--damping 0.85]
 * [--tolerance 1e-6] [--iterations 100]}) {@code [--segments N]}.
 * With {@code --tenancy bridge|pool --tenant ID [--registryTable NAME]} it runs in one tenant of a shared store.
 */
public final class GraphMain {
    private GraphMain() {
    }

    /** Runs the graph job the arguments describe and prints its values; see the class description. */
    public static void main(String[] args) {
        MainArgs a = new MainArgs("--uri STORE_URI --table GRAPH_TABLE --job distances|components|pagerank"
                + " [--sources a,b] [--damping D] [--tolerance T] [--iterations N] [--segments N]"
                + MainArgs.TENANT_USAGE, args, List.of());
        TableOptions graph = a.table("table");
        String job = a.required("job");
        Map<String, ?> values = MainArgs.run("nosqlpatterns graph " + job, spark -> {
            GraphJobs jobs = new GraphJobs(spark, System.out);
            return switch (job) {
                case "distances" -> {
                    Set<String> sources = new LinkedHashSet<>(List.of(a.required("sources").split(",")));
                    yield jobs.distances(graph, sources);
                }
                case "components" -> jobs.components(graph);
                case "pagerank" -> jobs.pageRank(graph, Double.parseDouble(a.optional("damping", "0.85")),
                        Double.parseDouble(a.optional("tolerance", "1e-6")), a.number("iterations", 100));
                default -> throw a.fail("unknown job '" + job + "'");
            };
        });
        new TreeMap<>(values).forEach((v, x) -> System.out.println(v + "\t" + x));
    }
}
