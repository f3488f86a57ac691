package dev.nosqlpatterns.cassandra.embedded;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The configuration files and JVM options of an embedded node. */
final class NodeFiles {
    private NodeFiles() {
    }

    /**
     * Writes cassandra.yaml and logback.xml into {@code dir} for a node listening on {@code host}, which
     * finds its cluster through {@code seed}; a node joining a cluster that holds no data yet skips streaming
     * ({@code bootstrap} false). With {@code batchCommitLog} a write is acknowledged only after its commit
     * log entry is marked synced; otherwise the log is marked every 10 s, and a node killed in between
     * replays only up to the last mark.
     */
    static void write(Path dir, String host, String seed, int storagePort, int nativePort, boolean bootstrap,
                      NodeLaunch launch) throws IOException {
        boolean batchCommitLog = launch.batchCommitLog();
        String tombstones = launch.tombstoneFailureThreshold() == 0 ? ""
                : "tombstone_warn_threshold: " + Math.max(1, launch.tombstoneFailureThreshold() / 2)
                + "\ntombstone_failure_threshold: " + launch.tombstoneFailureThreshold() + "\n";
        String yaml = String.join("\n",
                "cluster_name: nosqlpatterns",
                "num_tokens: 1",
                "partitioner: org.apache.cassandra.dht.Murmur3Partitioner",
                batchCommitLog ? "commitlog_sync: batch" : "commitlog_sync: periodic\ncommitlog_sync_period: 10000ms",
                "endpoint_snitch: SimpleSnitch",
                "seed_provider:",
                "  - class_name: org.apache.cassandra.locator.SimpleSeedProvider",
                "    parameters:",
                "      - seeds: \"" + seed + ":" + storagePort + "\"",
                "listen_address: " + host,
                "rpc_address: " + host,
                "auto_bootstrap: " + bootstrap,
                "storage_port: " + storagePort,
                "native_transport_port: " + nativePort,
                "start_native_transport: true",
                // dropping a table must not copy it into a snapshot first: tests drop hundreds
                "auto_snapshot: false",
                "cas_contention_timeout: 5000ms",
                tombstones);
        Files.writeString(dir.resolve("cassandra.yaml"), yaml, StandardCharsets.UTF_8);
        String logback = String.join("\n",
                "<configuration>",
                "  <appender name=\"OUT\" class=\"ch.qos.logback.core.ConsoleAppender\">",
                "    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{20} %msg%n</pattern></encoder>",
                "  </appender>",
                "  <root level=\"WARN\"><appender-ref ref=\"OUT\"/></root>",
                "  <logger name=\"org.apache.cassandra.service.CassandraDaemon\" level=\"INFO\"/>",
                "  <logger name=\"org.apache.cassandra.service.StorageService\" level=\"INFO\"/>",
                "</configuration>",
                "");
        Files.writeString(dir.resolve("logback.xml"), logback, StandardCharsets.UTF_8);
    }

    /** JVM options: the module openings Cassandra needs on JDK 17, a small heap, and test-only speed-ups. */
    static List<String> jvmOptions(Path dir, NodeLaunch launch, boolean durableSchema) {
        List<String> o = new ArrayList<>(List.of(
                "-Xms64m", "-Xmx" + launch.maxHeapMegabytes() + "m", "-Xss512k", "-XX:+UseG1GC",
                "-Djava.net.preferIPv4Stack=true",
                "-Djdk.attach.allowAttachSelf=true",
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-exports", "java.sql/java.sql=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED",
                "--add-opens", "java.base/java.io=ALL-UNNAMED",
                "--add-opens", "java.base/java.nio=ALL-UNNAMED",
                "--add-opens", "java.base/java.util=ALL-UNNAMED",
                "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
                "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
                "--add-opens", "java.base/java.net=ALL-UNNAMED",
                "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.module=ALL-UNNAMED",
                "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
                "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
                "-Dio.netty.tryReflectionSetAccessible=true",
                "-Dcassandra.config=" + dir.resolve("cassandra.yaml").toUri(),
                "-Dcassandra.storagedir=" + dir.resolve("data"),
                "-Dcassandra-foreground=yes",
                "-Dlogback.configurationFile=" + dir.resolve("logback.xml"),
                // speed-ups that are safe only for throw-away test data
                "-Dcassandra.skip_wait_for_gossip_to_settle=0",
                "-Dcassandra.ring_delay_ms=1000",
                "-Dcassandra.memtable.row_overhead_size=181",
                "-Dcassandra.test.ignore_sigar=true",
                "-Dcassandra.skip_sync=true",
                "-Dcassandra.shutdown_announce_in_ms=0"));
        if (!launch.optimizingCompiler()) {
            // the quick compiler only: a node starts and warms up sooner, and costs more CPU per request after
            o.add("-XX:TieredStopAtLevel=1");
        }
        if (!durableSchema) {
            // the system keyspaces skip the commit log: a killed node would forget tables created since its start
            o.add("-Dcassandra.unsafesystem=true");
        }
        return o;
    }
}
