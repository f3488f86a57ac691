package dev.nosqlpatterns.mongodb;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.ReplaceOptions;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * Finds out, when a store connects, what the server can really do: the handshake reply for sessions and
 * deployment, then probes on a scratch collection ({@code _probe}, dropped afterwards) for transactions,
 * 2dsphere geo, secondary indexes that queries use, {@code $elemMatch} and {@code $graphLookup}. A feature whose probe fails
 * for any reason (missing support, missing privileges) is not declared. Results are kept per client and
 * database, so stores opened again on one client probe once.
 */
final class Discovery {
    private static final Map<MongoClient, Map<String, ServerFeatures>> CACHE =
            Collections.synchronizedMap(new WeakHashMap<>());

    private Discovery() {
    }

    static ServerFeatures features(MongoClient client, MongoDatabase db, String probeCollection) {
        Map<String, ServerFeatures> perDb = CACHE.computeIfAbsent(client, c -> Collections.synchronizedMap(new HashMap<>()));
        return perDb.computeIfAbsent(db.getName() + "/" + probeCollection, k -> discover(client, db, probeCollection));
    }

    private static ServerFeatures discover(MongoClient client, MongoDatabase db, String probeCollection) {
        BsonDocument hello;
        try {
            hello = db.runCommand(new BsonDocument("hello", new BsonInt32(1)), BsonDocument.class);
        } catch (MongoCommandException e) {
            hello = db.runCommand(new BsonDocument("isMaster", new BsonInt32(1)), BsonDocument.class);
        }
        BsonDocument buildInfo;
        try {
            buildInfo = db.runCommand(new BsonDocument("buildInfo", new BsonInt32(1)), BsonDocument.class);
        } catch (MongoException e) {
            buildInfo = new BsonDocument();
        }
        ServerFeatures base = ServerFeatures.fromHandshake(hello, buildInfo);
        MongoCollection<BsonDocument> probe = db.getCollection(probeCollection, BsonDocument.class);
        try {
            probe.replaceOne(new BsonDocument("_id", new BsonString("probe")), probeDocument(), new ReplaceOptions().upsert(true));
            boolean nested = nested(probe);
            boolean geo = geo(probe);
            boolean indexes = indexes(db, probe);
            boolean graph = graph(probe);
            boolean tx = base.mayHaveTransactions() && transactions(client, probe);
            return base.probed(new ServerFeatures.Probes(tx, geo, indexes, nested, graph));
        } catch (MongoException e) {
            return base.probed(ServerFeatures.Probes.NONE);
        } finally {
            try {
                probe.drop();
            } catch (MongoException ignored) {
                // The scratch collection stays; it holds one document and is dropped by the next probe.
            }
        }
    }

    private static BsonDocument probeDocument() {
        return new BsonDocument("g", point(0, 0)).append("k", new BsonInt32(1))
                .append("l", new BsonArray(List.of(
                        new BsonDocument("x", new BsonInt32(1)).append("y", new BsonInt32(2)),
                        new BsonDocument("x", new BsonInt32(3)).append("y", new BsonInt32(4)))));
    }

    static BsonDocument point(double longitude, double latitude) {
        return new BsonDocument("type", new BsonString("Point"))
                .append("coordinates", new BsonArray(List.of(new BsonDouble(longitude), new BsonDouble(latitude))));
    }

    private static boolean nested(MongoCollection<BsonDocument> probe) {
        try {
            BsonDocument hit = new BsonDocument("l", new BsonDocument("$elemMatch",
                    new BsonDocument("x", new BsonInt32(1)).append("y", new BsonInt32(2))));
            BsonDocument spread = new BsonDocument("l", new BsonDocument("$elemMatch",
                    new BsonDocument("x", new BsonInt32(1)).append("y", new BsonInt32(4))));
            return probe.find(hit).first() != null && probe.find(spread).first() == null;
        } catch (MongoException e) {
            return false;
        }
    }

    private static boolean geo(MongoCollection<BsonDocument> probe) {
        try {
            probe.createIndex(Indexes.geo2dsphere("g"));
            BsonDocument within = new BsonDocument("g", new BsonDocument("$geoWithin", new BsonDocument("$centerSphere",
                    new BsonArray(List.of(new BsonArray(List.of(new BsonDouble(0), new BsonDouble(0))), new BsonDouble(0.001))))));
            BsonDocument near = new BsonDocument("$geoNear", new BsonDocument("near", point(0.001, 0))
                    .append("distanceField", new BsonString("d")).append("key", new BsonString("g"))
                    .append("spherical", BsonBoolean.TRUE));
            return probe.find(within).first() != null && probe.aggregate(List.of(near)).first() != null;
        } catch (MongoException e) {
            return false;
        }
    }

    private static boolean indexes(MongoDatabase db, MongoCollection<BsonDocument> probe) {
        try {
            probe.createIndex(Indexes.ascending("k"));
            BsonDocument explain = db.runCommand(new BsonDocument("explain", new BsonDocument("find",
                    new BsonString(probe.getNamespace().getCollectionName())).append("filter", new BsonDocument("k", new BsonInt32(1))))
                    .append("verbosity", new BsonString("queryPlanner")), BsonDocument.class);
            return explain.toJson().contains("IXSCAN");
        } catch (MongoException e) {
            return false;
        }
    }

    /** Follows a two-level chain of dotted links, as {@link Graphs} does: exactly n2 at depth 0 and n3 at 1. */
    private static boolean graph(MongoCollection<BsonDocument> probe) {
        try {
            probe.insertMany(List.of(BsonDocument.parse("{\"_id\": \"n1\", \"a\": {\"id\": \"n1\"}}"),
                    BsonDocument.parse("{\"_id\": \"n2\", \"a\": {\"id\": \"n2\", \"parent\": \"n1\"}}"),
                    BsonDocument.parse("{\"_id\": \"n3\", \"a\": {\"id\": \"n3\", \"parent\": \"n2\"}}")));
            BsonDocument lookup = new BsonDocument("$graphLookup", new BsonDocument("from",
                    new BsonString(probe.getNamespace().getCollectionName()))
                    .append("startWith", new BsonString("$_start"))
                    .append("connectFromField", new BsonString("a.id")).append("connectToField", new BsonString("a.parent"))
                    .append("as", new BsonString("g")).append("maxDepth", new BsonInt32(5))
                    .append("depthField", new BsonString("d")));
            BsonDocument out = probe.aggregate(List.of(new BsonDocument("$match", new BsonDocument("_id", new BsonString("n1"))),
                    new BsonDocument("$addFields", new BsonDocument("_start", new BsonDocument("$literal", new BsonString("n1")))),
                    lookup)).first();
            if (out == null || !out.isArray("g") || out.getArray("g").size() != 2) {
                return false;
            }
            Map<String, Integer> depths = new HashMap<>();
            out.getArray("g").forEach(v -> depths.put(v.asDocument().getString("_id").getValue(),
                    v.asDocument().get("d").asNumber().intValue()));
            return depths.equals(Map.of("n2", 0, "n3", 1));
        } catch (MongoException | ClassCastException | org.bson.BsonInvalidOperationException e) {
            return false;
        }
    }

    private static boolean transactions(MongoClient client, MongoCollection<BsonDocument> probe) {
        try (ClientSession session = client.startSession()) {
            session.startTransaction();
            probe.find(session, new BsonDocument("_id", new BsonString("probe"))).first();
            session.commitTransaction();
            return true;
        } catch (MongoException | IllegalStateException e) {
            return false;
        }
    }
}
