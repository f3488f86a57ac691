package dev.nosqlpatterns.mongodb;

import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.spi.MeteredCalls;
import dev.nosqlpatterns.store.spi.NativeGeo;
import dev.nosqlpatterns.store.spi.NativeIndexes;
import dev.nosqlpatterns.store.spi.NestedDocuments;
import dev.nosqlpatterns.store.spi.StorageFootprint;
import dev.nosqlpatterns.store.model.Capability;
import org.bson.BsonDocument;
import org.bson.BsonValue;

/**
 * What the connected server can do, read from its handshake reply ({@code hello}) and the outcome of
 * small live probes, and the capabilities that follow. Pure, so it is tested against recorded replies.
 *
 * @param version           the server's version, as buildInfo reports it
 * @param maxWireVersion    the newest wire protocol version it speaks
 * @param maxDocumentBytes  the largest BSON document it stores
 * @param maxWriteBatch     the most writes it takes in one write command; the driver splits a larger bulk write
 * @param sessions          it has logical sessions (the reply names a session timeout)
 * @param deployment        a replica set member, a mongos router, or a standalone server
 * @param transactions      multi-document transactions work (replica set or sharded, and the probe committed)
 * @param geo               {@code $geoWithin} and {@code $geoNear} on a 2dsphere index answered the probe
 * @param indexes           the server really uses secondary indexes (an explained probe query shows an index scan)
 * @param nested            {@code $elemMatch} matched one array element on all fields, and only that
 * @param graph             {@code $graphLookup} followed a link
 */
record ServerFeatures(String version, int maxWireVersion, int maxDocumentBytes, int maxWriteBatch, boolean sessions, Deployment deployment,
                      boolean transactions, boolean geo, boolean indexes, boolean nested, boolean graph) {

    /** How the server is deployed, as its handshake tells. */
    enum Deployment { STANDALONE, REPLICA_SET, SHARDED }

    /** Results of the live probes. */
    record Probes(boolean transactions, boolean geo, boolean indexes, boolean nested, boolean graph) {
        static final Probes NONE = new Probes(false, false, false, false, false);
    }

    static final int DEFAULT_MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;
    /** The most writes per write command of servers that do not say (MongoDB before 3.6). */
    static final int DEFAULT_MAX_WRITE_BATCH = 1000;

    /** What the handshake reply says, before probing: whether transactions are worth probing. */
    static ServerFeatures fromHandshake(BsonDocument hello, BsonDocument buildInfo) {
        int wire = intOf(hello.get("maxWireVersion"), 0);
        int maxBytes = intOf(hello.get("maxBsonObjectSize"), DEFAULT_MAX_DOCUMENT_BYTES);
        int maxWriteBatch = Math.max(1, intOf(hello.get("maxWriteBatchSize"), DEFAULT_MAX_WRITE_BATCH));
        boolean sessions = hello.containsKey("logicalSessionTimeoutMinutes")
                && !hello.get("logicalSessionTimeoutMinutes").isNull();
        Deployment deployment = hello.containsKey("setName") ? Deployment.REPLICA_SET
                : "isdbgrid".equals(stringOf(hello.get("msg"))) ? Deployment.SHARDED : Deployment.STANDALONE;
        String version = stringOf(buildInfo.get("version"));
        return new ServerFeatures(version == null ? "unknown" : version, wire, maxBytes, maxWriteBatch, sessions, deployment,
                false, false, false, false, false);
    }

    /** True when the handshake allows transactions: sessions, and a replica set (wire 7+) or mongos (wire 8+). */
    boolean mayHaveTransactions() {
        return sessions && ((deployment == Deployment.REPLICA_SET && maxWireVersion >= 7)
                || (deployment == Deployment.SHARDED && maxWireVersion >= 8));
    }

    /** These features with the probes' outcome; a transaction probe counts only where the handshake allows it. */
    ServerFeatures probed(Probes p) {
        return new ServerFeatures(version, maxWireVersion, maxDocumentBytes, maxWriteBatch, sessions, deployment,
                mayHaveTransactions() && p.transactions(), p.geo(), p.indexes(), p.nested(), p.graph());
    }

    /** The capabilities a store on this server declares: the flags, with the ports of the features it has. */
    Capabilities capabilities(Ports ports) {
        Capabilities.Builder caps = Capabilities.builder().with(Capability.SHARED_ACROSS_PROCESSES)
                .footprints(ports.footprint());
        if (transactions) {
            caps.with(Capability.ATOMIC_WRITES, Capability.ATOMIC_WRITES_SINGLE_PARTITION);
        }
        if (indexes) {
            // a server that plans queries on secondary indexes runs the TTL monitor on TTL indexes too
            caps.nativeIndexes(ports.indexes()).with(Capability.CONSISTENT_NATIVE_INDEX_READS, Capability.NATIVE_EXPIRY);
        }
        if (geo) {
            caps.nativeGeo(ports.geo());
        }
        if (nested) {
            caps.nestedDocuments(ports.nested());
        }
        if (graph) {
            caps.extension(GraphLookup.class, ports.graphs());
        }
        return caps.build();
    }

    /** The ports a backend offers for the features a server may have. */
    record Ports(NativeIndexes indexes, NativeGeo geo, NestedDocuments nested, StorageFootprint footprint,
                 java.util.function.Function<MeteredCalls, GraphLookup> graphs) {
    }

    private static int intOf(BsonValue v, int otherwise) {
        return v != null && v.isNumber() ? v.asNumber().intValue() : otherwise;
    }

    private static String stringOf(BsonValue v) {
        return v != null && v.isString() ? v.asString().getValue() : null;
    }
}
