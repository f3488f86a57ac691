package dev.nosqlpatterns.cassandra.embedded;

import java.io.IOException;
import java.io.InputStream;
import org.apache.cassandra.service.CassandraDaemon;

/**
 * The main class of the forked node's JVM. It ties the node's life to its parent: when the parent
 * closes the child's standard input (or dies), the node exits through its own shutdown hooks, so no
 * orphan server outlives a test run.
 */
final class NodeMain {
    private NodeMain() {
    }

    public static void main(String[] args) {
        Thread watcher = new Thread(() -> {
            try (InputStream in = System.in) {
                byte[] buffer = new byte[256];
                while (in.read(buffer) >= 0) {
                    // the parent sends nothing; end of input is the signal
                }
            } catch (IOException e) {
                // a broken pipe means the parent is gone: stop as well
            }
            System.exit(0);
        }, "parent-watcher");
        watcher.setDaemon(true);
        watcher.start();
        CassandraDaemon.main(args);
    }
}
