/**
 * For tests only: an in-process server that speaks MongoDB's wire protocol, on a free port.
 */
module dev.nosqlpatterns.mongodb.testing {
    // mongo-java-server's jars have no Automatic-Module-Name, and two of them split the package
    // de.bwaldvogel.mongo, so only the core jar is read as a module (its name derived from the file name);
    // the in-memory backend's jar stays on the class path and is loaded by name (see README.md).
    requires mongo.java.server.core;

    exports dev.nosqlpatterns.mongodb.embedded;
}
