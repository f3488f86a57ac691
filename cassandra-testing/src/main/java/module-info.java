/**
 * For tests only: a Cassandra node started in a forked JVM, on free ports.
 */
module dev.nosqlpatterns.cassandra.testing {
    // Only the forked node's main class uses the server, and the node runs on a class path of its own
    // (EmbeddedCassandra.Builder#classPath), so the server is needed to compile this module, not to
    // resolve it. The name is derived from the jar's file name: cassandra-all has no Automatic-Module-Name.
    requires static cassandra.all;

    exports dev.nosqlpatterns.cassandra.embedded;
}
