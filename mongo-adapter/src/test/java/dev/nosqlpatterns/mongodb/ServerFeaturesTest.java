package dev.nosqlpatterns.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** Feature discovery from recorded server replies: with and without sessions, transactions, geo and indexes. */
class ServerFeaturesTest {
    /** What mongo-java-server 1.47 answers to isMaster and buildInfo (it has no "hello"). */
    static final BsonDocument JAVA_SERVER_HELLO = BsonDocument.parse("{\"ismaster\": true, \"maxBsonObjectSize\": 16777216,"
            + " \"maxWriteBatchSize\": 1000, \"maxMessageSizeBytes\": 48000000, \"maxWireVersion\": 8,"
            + " \"minWireVersion\": 0, \"ok\": 1.0}");
    static final BsonDocument JAVA_SERVER_BUILD_INFO = BsonDocument.parse("{\"version\": \"5.0.0\","
            + " \"versionArray\": [5, 0, 0], \"maxBsonObjectSize\": 16777216, \"ok\": 1.0}");

    /** A MongoDB 7.0 single-node replica set primary. */
    static final BsonDocument REPLICA_SET_HELLO = BsonDocument.parse("{\"topologyVersion\": {\"processId\": {\"$oid\":"
            + " \"65a0c1d2e3f4a5b6c7d8e9f0\"}, \"counter\": 6}, \"hosts\": [\"localhost:27017\"], \"setName\": \"rs0\","
            + " \"setVersion\": 1, \"isWritablePrimary\": true, \"secondary\": false, \"primary\": \"localhost:27017\","
            + " \"me\": \"localhost:27017\", \"maxBsonObjectSize\": 16777216, \"maxMessageSizeBytes\": 48000000,"
            + " \"maxWriteBatchSize\": 100000, \"localTime\": {\"$date\": \"2024-01-12T10:00:00Z\"},"
            + " \"logicalSessionTimeoutMinutes\": 30, \"connectionId\": 12, \"minWireVersion\": 0,"
            + " \"maxWireVersion\": 21, \"readOnly\": false, \"ok\": 1.0}");
    static final BsonDocument MONGOD_BUILD_INFO = BsonDocument.parse("{\"version\": \"7.0.5\", \"gitVersion\":"
            + " \"7809d71e84e314b497f282ea8aa06d7ded3eb205\", \"versionArray\": [7, 0, 5, 0], \"bits\": 64,"
            + " \"maxBsonObjectSize\": 16777216, \"ok\": 1.0}");
    /** A standalone mongod 7.0: sessions, but no replica set, so no transactions. */
    static final BsonDocument STANDALONE_HELLO = BsonDocument.parse("{\"isWritablePrimary\": true,"
            + " \"topologyVersion\": {\"processId\": {\"$oid\": \"65a0c1d2e3f4a5b6c7d8e9f1\"}, \"counter\": 0},"
            + " \"maxBsonObjectSize\": 16777216, \"maxMessageSizeBytes\": 48000000, \"maxWriteBatchSize\": 100000,"
            + " \"logicalSessionTimeoutMinutes\": 30, \"connectionId\": 3, \"minWireVersion\": 0,"
            + " \"maxWireVersion\": 21, \"readOnly\": false, \"ok\": 1.0}");
    /** A mongos router of a sharded cluster. */
    static final BsonDocument MONGOS_HELLO = BsonDocument.parse("{\"isWritablePrimary\": true, \"msg\": \"isdbgrid\","
            + " \"maxBsonObjectSize\": 16777216, \"maxMessageSizeBytes\": 48000000, \"maxWriteBatchSize\": 100000,"
            + " \"logicalSessionTimeoutMinutes\": 30, \"maxWireVersion\": 21, \"minWireVersion\": 0, \"ok\": 1.0}");

    private static final ServerFeatures.Probes ALL = new ServerFeatures.Probes(true, true, true, true, true);
    /** Ports over no server: these tests only ask which ones a server's features give. */
    private static final ServerFeatures.Ports PORTS = new ServerFeatures.Ports(new Indexes(null), new Geo(null),
            new Nested(null), new MongoFootprint(null), calls -> new Graphs(null, calls));

    @Test
    void theEmbeddedServerHasNoSessionsSoNoTransactions() {
        ServerFeatures f = ServerFeatures.fromHandshake(JAVA_SERVER_HELLO, JAVA_SERVER_BUILD_INFO);
        assertEquals("5.0.0", f.version());
        assertEquals(8, f.maxWireVersion());
        assertEquals(16777216, f.maxDocumentBytes());
        assertFalse(f.sessions());
        assertEquals(ServerFeatures.Deployment.STANDALONE, f.deployment());
        assertFalse(f.mayHaveTransactions());
        ServerFeatures probed = f.probed(new ServerFeatures.Probes(true, false, false, true, true));
        assertFalse(probed.transactions(), "a transaction probe cannot override a handshake without sessions");
        assertEquals(java.util.Set.of(Capability.SHARED_ACROSS_PROCESSES, Capability.NESTED_DOCUMENTS),
                probed.capabilities(PORTS).all());
    }

    @Test
    void aReplicaSetWithWorkingProbesHasEveryCapability() {
        ServerFeatures f = ServerFeatures.fromHandshake(REPLICA_SET_HELLO, MONGOD_BUILD_INFO);
        assertEquals("7.0.5", f.version());
        assertTrue(f.sessions());
        assertEquals(ServerFeatures.Deployment.REPLICA_SET, f.deployment());
        assertTrue(f.mayHaveTransactions());
        Capabilities caps = f.probed(ALL).capabilities(PORTS);
        assertEquals(java.util.Set.of(Capability.SHARED_ACROSS_PROCESSES, Capability.ATOMIC_WRITES,
                Capability.ATOMIC_WRITES_SINGLE_PARTITION, Capability.NATIVE_SECONDARY_INDEX,
                Capability.CONSISTENT_NATIVE_INDEX_READS, Capability.NATIVE_GEO,
                Capability.NESTED_DOCUMENTS, Capability.NATIVE_EXPIRY), caps.all());
        assertTrue(caps.extension(GraphLookup.class).isPresent());
        assertFalse(caps.has(Capability.CONSUMED_CAPACITY));
        assertFalse(caps.has(Capability.TEXT_SEARCH));
    }

    @Test
    void aFailedProbeMeansTheFeatureIsNotDeclared() {
        ServerFeatures f = ServerFeatures.fromHandshake(REPLICA_SET_HELLO, MONGOD_BUILD_INFO)
                .probed(new ServerFeatures.Probes(false, false, true, true, false));
        assertFalse(f.capabilities(PORTS).has(Capability.ATOMIC_WRITES));
        assertFalse(f.capabilities(PORTS).has(Capability.NATIVE_GEO));
        assertTrue(f.capabilities(PORTS).has(Capability.NATIVE_SECONDARY_INDEX));
    }

    @Test
    void aStandaloneMongodHasSessionsButNoTransactions() {
        ServerFeatures f = ServerFeatures.fromHandshake(STANDALONE_HELLO, MONGOD_BUILD_INFO);
        assertTrue(f.sessions());
        assertEquals(ServerFeatures.Deployment.STANDALONE, f.deployment());
        assertFalse(f.mayHaveTransactions());
        assertFalse(f.probed(ALL).capabilities(PORTS).has(Capability.ATOMIC_WRITES));
        assertTrue(f.probed(ALL).capabilities(PORTS).has(Capability.NATIVE_GEO));
    }

    @Test
    void aMongosHasTransactionsFromWireVersionEight() {
        ServerFeatures f = ServerFeatures.fromHandshake(MONGOS_HELLO, MONGOD_BUILD_INFO);
        assertEquals(ServerFeatures.Deployment.SHARDED, f.deployment());
        assertTrue(f.probed(ALL).transactions());
        BsonDocument old = MONGOS_HELLO.clone();
        old.put("maxWireVersion", new org.bson.BsonInt32(7));
        assertFalse(ServerFeatures.fromHandshake(old, MONGOD_BUILD_INFO).mayHaveTransactions(),
                "sharded transactions need MongoDB 4.2 (wire version 8)");
    }

    @Test
    void missingFieldsGetSafeDefaults() {
        ServerFeatures f = ServerFeatures.fromHandshake(new BsonDocument(), new BsonDocument());
        assertEquals("unknown", f.version());
        assertEquals(ServerFeatures.DEFAULT_MAX_DOCUMENT_BYTES, f.maxDocumentBytes());
        assertEquals(java.util.Set.of(Capability.SHARED_ACROSS_PROCESSES), f.probed(ServerFeatures.Probes.NONE).capabilities(PORTS).all());
    }
}
