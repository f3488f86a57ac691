package dev.nosqlpatterns.cassandra;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.store.model.TableSpec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One logical table as a CQL table: its name in CQL, its typed columns, its indexes and the text of the
 * statements on it. Identifiers in the text come only from validated names and derived column names;
 * every value is a bind marker.
 */
final class TableInfo {
    private static final String KEY = " WHERE pk = ? AND sk = ?";

    final String name;
    final String cqlName;
    final List<Projection> projections;
    final Map<String, IndexSpec> indexes;
    final Map<String, Projection> byAttribute;

    final String insert;
    final String insertIfAbsent;
    final String update;
    final String updateIfExists;
    final String updateIfAttribute;
    final String updateIfStamp;
    /** {@link #updateIfStamp} that writes only the attributes given, leaving the others as they are. */
    final String mergeIfStamp;
    final String touchIfStamp;
    final String delete;
    final String deleteIfExists;
    final String deleteIfAttribute;
    final String deleteIfStamp;
    final String get;
    final String getMany;
    final String getInPartition;
    final String getAcrossPartitions;
    final String scanAll;
    final String scanRange;

    TableInfo(String keyspace, TableSpec spec) {
        this.name = spec.name();
        this.cqlName = quote(keyspace) + "." + quote(spec.name());
        Map<String, Projection> projected = new LinkedHashMap<>();
        spec.declaredAttributes().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> projected.put(e.getKey(), Projection.of(e.getKey(), e.getValue())));
        for (IndexSpec index : spec.indexes()) {
            for (String attribute : index.attributes()) {
                projected.computeIfAbsent(attribute, a -> Projection.of(a, null));
            }
        }
        this.byAttribute = Map.copyOf(projected);
        this.projections = List.copyOf(projected.values());
        Map<String, IndexSpec> ix = new LinkedHashMap<>();
        spec.indexes().forEach(i -> ix.put(i.name(), i));
        this.indexes = Map.copyOf(ix);

        String cols = projections.stream().map(p -> ", " + quote(p.column())).collect(Collectors.joining());
        String marks = ", ?".repeat(projections.size());
        String insertRow = "INSERT INTO " + cqlName + " (pk, sk, attrs, stamp" + cols + ") VALUES (?, ?, ?, ?" + marks + ")";
        this.insert = insertRow + " USING TTL ?";
        this.insertIfAbsent = insertRow + " IF NOT EXISTS USING TTL ?";
        String sets = projections.stream().map(p -> ", " + quote(p.column()) + " = ?").collect(Collectors.joining());
        this.update = "UPDATE " + cqlName + " SET attrs = ?, stamp = ?" + sets + KEY;
        this.updateIfExists = update + " IF EXISTS";
        this.updateIfAttribute = update + " IF attrs[?] = ?";
        this.updateIfStamp = update + " IF stamp = ?";
        this.mergeIfStamp = "UPDATE " + cqlName + " SET attrs = attrs + ?, stamp = ?" + sets + KEY + " IF stamp = ?";
        this.touchIfStamp = "UPDATE " + cqlName + " SET stamp = ?" + KEY + " IF stamp = ?";
        this.delete = "DELETE FROM " + cqlName + KEY;
        this.deleteIfExists = delete + " IF EXISTS";
        this.deleteIfAttribute = delete + " IF attrs[?] = ?";
        this.deleteIfStamp = delete + " IF stamp = ?";
        this.get = "SELECT attrs, stamp FROM " + cqlName + KEY;
        this.getMany = "SELECT sk, attrs, stamp FROM " + cqlName + " WHERE pk = ? AND sk IN ?";
        this.getInPartition = "SELECT pk, sk, attrs FROM " + cqlName + " WHERE pk = ? AND sk IN ?";
        this.getAcrossPartitions = "SELECT pk, sk, attrs FROM " + cqlName + " WHERE pk IN ? AND sk = ?";
        this.scanAll = "SELECT pk, sk, attrs FROM " + cqlName;
        this.scanRange = "SELECT pk, sk, attrs, token(pk) FROM " + cqlName + " WHERE token(pk) > ? AND token(pk) <= ?";
    }

    /** Cassandra's largest time to live: 20 years. */
    static final long MAX_TTL_SECONDS = 630_720_000L;

    /** The CREATE TABLE statement; a negative {@code gcGraceSeconds} keeps the server's default. */
    String createTable(int gcGraceSeconds) {
        StringBuilder sb = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(cqlName)
                .append(" (pk text, sk text, attrs map<text, blob>, stamp bigint");
        for (Projection p : projections) {
            sb.append(", ").append(quote(p.column())).append(' ').append(p.cqlType());
        }
        sb.append(", PRIMARY KEY ((pk), sk)) WITH CLUSTERING ORDER BY (sk ASC)");
        return (gcGraceSeconds < 0 ? sb : sb.append(" AND gc_grace_seconds = ").append(gcGraceSeconds)).toString();
    }

    /** The index name in CQL: index names are per keyspace, so the table name and a hash are part of it. */
    String cqlIndexName(IndexSpec index) {
        return name + "_" + index.name() + "_" + Projection.hash(name + "\u0000" + index.name());
    }

    /** A partition read: bounds are "&gt;", "&gt;=" or null, "&lt;", "&lt;=" or null. */
    String query(String lowerOp, String upperOp, boolean descending) {
        StringBuilder sb = new StringBuilder("SELECT sk, attrs FROM ").append(cqlName).append(" WHERE pk = ?");
        if (lowerOp != null) {
            sb.append(" AND sk ").append(lowerOp).append(" ?");
        }
        if (upperOp != null) {
            sb.append(" AND sk ").append(upperOp).append(" ?");
        }
        return sb.append(" ORDER BY sk ").append(descending ? "DESC" : "ASC").append(" LIMIT ?").toString();
    }

    /** The bind values of {@link #insert}: key, attributes, stamp, projected columns. */
    Object[] insertValues(Item item, long stamp) {
        List<Object> v = new ArrayList<>(4 + projections.size());
        v.add(item.key().partition());
        v.add(item.key().sort());
        v.add(ItemRows.encode(item));
        v.add(stamp);
        projections.forEach(p -> v.add(p.columnValue(item)));
        v.add(ttlSeconds(item, System.currentTimeMillis()));
        return v.toArray();
    }

    /**
     * The time to live of an insert of {@code item}: the seconds to its expiry ({@link dev.nosqlpatterns.item.Expiry}),
     * rounded up, at least 1; 0 (none) when it has no expiry or one further than Cassandra's maximum of 20 years.
     * Only inserts carry it, so that the row's own liveness expires with its cells; an update leaves the cells it
     * writes without one, and reads leave the expired item out until a removal of expired items deletes it.
     */
    static int ttlSeconds(Item item, long nowMillis) {
        return dev.nosqlpatterns.item.Expiry.millis(item).map(at -> {
            long seconds = Math.max(1, Math.floorDiv(at - nowMillis + 999, 1000));
            return seconds > MAX_TTL_SECONDS ? 0 : (int) seconds;
        }).orElse(0);
    }

    /** The bind values of {@link #update} and its conditional forms, with {@code condition} appended. */
    Object[] updateValues(Item item, long stamp, Object... condition) {
        List<Object> v = new ArrayList<>(4 + projections.size() + condition.length);
        v.add(ItemRows.encode(item));
        v.add(stamp);
        projections.forEach(p -> v.add(p.columnValue(item)));
        v.add(item.key().partition());
        v.add(item.key().sort());
        v.addAll(List.of(condition));
        return v.toArray();
    }

    /**
     * The bind values of {@link #mergeIfStamp} turning {@code before} into {@code after}: only the attributes
     * whose encoded value changed, so the row keeps its other map cells and gets no tombstone for the whole
     * map, as rewriting it would give it; null when {@code after} lacks an attribute {@code before} has (a
     * removal takes the whole rewrite of {@link #updateValues}), or when either has an expiry: the cells an
     * insert wrote carry its time to live, and an item must not outlive some of its attributes.
     */
    Object[] mergeValues(Item before, Item after, long stamp, long expectedStamp) {
        if (dev.nosqlpatterns.item.Expiry.millis(before).isPresent()
                || dev.nosqlpatterns.item.Expiry.millis(after).isPresent()) {
            return null;
        }
        Map<String, ByteBuffer> old = ItemRows.encode(before);
        Map<String, ByteBuffer> now = ItemRows.encode(after);
        if (!now.keySet().containsAll(old.keySet())) {
            return null;
        }
        Map<String, ByteBuffer> changed = new HashMap<>();
        now.forEach((name, value) -> {
            if (!value.equals(old.get(name))) {
                changed.put(name, value);
            }
        });
        List<Object> v = new ArrayList<>(5 + projections.size());
        v.add(changed);
        v.add(stamp);
        projections.forEach(p -> v.add(p.columnValue(after)));
        v.add(after.key().partition());
        v.add(after.key().sort());
        v.add(expectedStamp);
        return v.toArray();
    }

    /** The bind value of an attribute condition: the canonical bytes of the expected value. */
    static ByteBuffer expected(Value value) {
        return ByteBuffer.wrap(dev.nosqlpatterns.item.ValueCodec.encode(value));
    }

    static String quote(String identifier) {
        return '"' + identifier.replace("\"", "\"\"") + '"';
    }
}
