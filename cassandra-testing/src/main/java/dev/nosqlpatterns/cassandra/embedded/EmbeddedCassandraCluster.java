package dev.nosqlpatterns.cassandra.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A real multi-node Apache Cassandra cluster on one machine, for tests of replication and node faults:
 * node {@code i} (from 0) runs in its own JVM on the loopback address {@code 127.0.0.(i+1)}, all nodes on
 * the same storage and client ports, the first one the seed. Nodes can be killed as a crash would kill them
 * ({@link #kill}) and started again on their own data ({@link #restart}).
 *
 * <p>Started by {@link EmbeddedCassandra.Builder#startCluster(int)}; each node holds its data in its own
 * fresh temporary directory, with the single node's speed-over-durability settings, which a process kill
 * does not defeat (the operating system still holds what the node wrote).
 */
public final class EmbeddedCassandraCluster implements AutoCloseable {
    private final NodeLaunch launch;
    private final List<NodeProcess> nodes;
    private final List<Path> directories;
    private final int nativePort;
    private final Duration startupTime;

    private EmbeddedCassandraCluster(NodeLaunch launch, List<NodeProcess> nodes, List<Path> directories,
                                     int nativePort, Duration startupTime) {
        this.launch = launch;
        this.nodes = nodes;
        this.directories = directories;
        this.nativePort = nativePort;
        this.startupTime = startupTime;
    }

    static EmbeddedCassandraCluster start(NodeLaunch launch, int count) {
        if (count < 1 || count > 9) {
            throw new IllegalArgumentException("a local cluster has 1 to 9 nodes, got " + count);
        }
        long begin = System.nanoTime();
        List<String> hosts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            hosts.add(host(i));
        }
        List<Path> dirs = new ArrayList<>();
        List<NodeProcess> started = new ArrayList<>();
        try {
            int storagePort = NodeProcess.freePort(hosts);
            int nativePort = NodeProcess.freePort(hosts);
            for (int i = 0; i < count; i++) {
                Path dir = NodeProcess.newDirectory();
                dirs.add(dir);
                // the cluster holds no data yet: later nodes join without streaming
                NodeFiles.write(dir, hosts.get(i), hosts.get(0), storagePort, nativePort, false, launch);
                started.add(NodeProcess.start(launch, dir, hosts.get(i), nativePort, true));
            }
            return new EmbeddedCassandraCluster(launch, List.copyOf(started), List.copyOf(dirs), nativePort,
                    Duration.ofNanos(System.nanoTime() - begin));
        } catch (IOException | RuntimeException e) {
            started.forEach(NodeProcess::kill);
            dirs.forEach(NodeProcess::deleteTree);
            throw e instanceof IOException io ? new UncheckedIOException("cannot start a Cassandra cluster", io)
                    : (RuntimeException) e;
        }
    }

    private static String host(int node) {
        return "127.0.0." + (node + 1);
    }

    public int size() {
        return nodes.size();
    }

    /** The client addresses of every node, in node order. */
    public List<InetSocketAddress> addresses() {
        List<InetSocketAddress> all = new ArrayList<>();
        for (int i = 0; i < nodes.size(); i++) {
            all.add(new InetSocketAddress(host(i), nativePort));
        }
        return all;
    }

    /**
     * A store URI naming every node, for {@code keyspace} replicated to every node, with writes and reads at
     * LOCAL_QUORUM and conditions at SERIAL: the settings under which a minority of nodes may fail.
     */
    public URI uri(String keyspace) {
        String contactPoints = addresses().stream().map(a -> a.getHostString() + ":" + a.getPort())
                .collect(Collectors.joining(","));
        return URI.create("cassandra://" + contactPoints + "/" + keyspace + "?datacenter="
                + EmbeddedCassandra.DATACENTER + "&consistency=LOCAL_QUORUM&serialConsistency=SERIAL&replication="
                + nodes.size());
    }

    /** How long the whole cluster took to accept clients. */
    public Duration startupTime() {
        return startupTime;
    }

    public boolean isRunning(int node) {
        return node(node).isRunning();
    }

    /** Node {@code node}'s output, for diagnosing a failure. */
    public Path logFile(int node) {
        return node(node).logFile();
    }

    /** Kills node {@code node} at once ({@code SIGKILL}): no flush, no goodbye to the other nodes. */
    public void kill(int node) {
        node(node).kill();
    }

    /** Starts a killed or stopped node again on its own data, and waits until it accepts clients. */
    public void restart(int node) {
        node(node).launch(launch.startupTimeout());
    }

    private NodeProcess node(int node) {
        if (node < 0 || node >= nodes.size()) {
            throw new IllegalArgumentException("node " + node + " is not in this cluster of " + nodes.size()
                    + " nodes (0 to " + (nodes.size() - 1) + ")");
        }
        return nodes.get(node);
    }

    /** Stops every node, the seed last, then deletes their files. */
    @Override
    public void close() {
        for (int i = nodes.size() - 1; i >= 0; i--) {
            nodes.get(i).stop();
        }
        directories.forEach(NodeProcess::deleteTree);
    }

    @Override
    public String toString() {
        return "EmbeddedCassandraCluster[" + nodes.size() + " nodes on port " + nativePort + "]";
    }
}
