package dev.nosqlpatterns.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.nosqlpatterns.mongodb.embedded.EmbeddedMongo;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** Live discovery against the embedded server: it finds what that server lacks and leaves nothing behind. */
class DiscoveryTest {
    @Test
    void theEmbeddedServerIsProbedForWhatItReallyHas() {
        try (EmbeddedMongo server = EmbeddedMongo.start(); MongoClient client = MongoClients.create(server.uri())) {
            var db = client.getDatabase("discovery");
            ServerFeatures f = Discovery.features(client, db, "_probe");
            assertFalse(f.sessions());
            assertFalse(f.transactions(), "mongo-java-server has no sessions");
            assertFalse(f.geo(), "mongo-java-server has no $geoWithin / $geoNear");
            assertFalse(f.indexes(), "mongo-java-server accepts secondary indexes but never uses them (no explain)");
            assertTrue(f.nested(), "mongo-java-server has $elemMatch");
            assertFalse(f.graph(), "mongo-java-server's $graphLookup does not follow dotted paths");
            assertEquals(16 * 1024 * 1024, f.maxDocumentBytes());
            assertFalse(db.listCollectionNames().into(new java.util.ArrayList<>()).contains("_probe"),
                    "the probe collection is dropped");
            assertTrue(f == Discovery.features(client, db, "_probe"), "probed once per client and database");
            assertEquals(ServerFeatures.fromHandshake(ServerFeaturesTest.JAVA_SERVER_HELLO,
                    ServerFeaturesTest.JAVA_SERVER_BUILD_INFO).deployment(), f.deployment());
            assertTrue(db.runCommand(new BsonDocument("ping", new org.bson.BsonInt32(1))).containsKey("ok"));
        }
    }
}
