package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.key.Utf8Order;
import dev.nosqlpatterns.store.model.LatLon;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The item layout of a cell index, in one table.
 *
 * <p>An <em>entry</em> lists a point under its cell: partition {@code (geo.cell, index, scope, first
 * characters of the geohash)}, sort key {@code (12-character geohash, id)}, so the points of a cover
 * range are one range query in one partition. A <em>point record</em> says where an id is now:
 * partition {@code (geo.point, index, scope, id)}, sort key {@code point}; it carries the cell, the
 * coordinates, the write token the entry must match, and, while a move is unfinished, the old entries
 * ({@code "cell token"}) still to delete. A point put with an expiry has it ({@link Expiry}) on its record
 * and its entry, so both expire together and the store's reads leave them out from then on. Keys are {@link CompositeKeyCodec} tuples, so any scope or
 * id works and items of other indexes or techniques in the table are told apart.
 */
final class CellKeys {
    static final String LAT = "lat";
    static final String LON = "lon";
    static final String TOKEN = "w";
    static final String CELL = "cell";
    static final String STALE = "stale";
    private static final String CELL_KIND = "geo.cell";
    private static final String POINT_KIND = "geo.point";
    private static final String POINT_SORT = "point";
    private static final CompositeKeyCodec PARTITION = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.STRING, SegmentType.STRING);
    private static final CompositeKeyCodec SORT = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);

    final String name;
    final int partitionChars;
    private final String cellPrefix;
    private final String pointPrefix;

    CellKeys(String name, int partitionChars) {
        this.name = name;
        this.partitionChars = partitionChars;
        this.cellPrefix = PARTITION.prefix(CELL_KIND, name);
        this.pointPrefix = PARTITION.prefix(POINT_KIND, name);
    }

    /** A cell entry as read back, with the expiry (epoch milliseconds) of its point. */
    record Entry(Key key, String scope, String id, String cell, LatLon point, long token, OptionalLong expiry) {
    }

    /**
     * A point record as read back; {@code stale} lists {@code "cell token"} of entries still to delete;
     * {@code expiry} is the point's expiry in epoch milliseconds, which its entry carries too.
     */
    record Point(Key key, String scope, String id, String cell, LatLon point, long token, Set<String> stale,
                 OptionalLong expiry) {
    }

    Key pointKey(String scope, String id) {
        return Key.of(PARTITION.encode(POINT_KIND, name, scope, id), POINT_SORT);
    }

    Key entryKey(String scope, String cell, String id) {
        return Key.of(entryPartition(scope, cell), SORT.encode(cell, id));
    }

    String entryPartition(String scope, String cell) {
        return PARTITION.encode(CELL_KIND, name, scope, cell.substring(0, partitionChars));
    }

    /** The partition a cover range lies in. */
    String partition(String scope, CodeRange range) {
        return entryPartition(scope, cellOf(range.first()));
    }

    /** The sort keys of the entries whose cells lie in a cover range. */
    SortKeyCondition condition(CodeRange range) {
        String low = SORT.prefix(cellOf(range.first()));
        String high = Utf8Order.prefixUpperBound(SORT.prefix(cellOf(range.last()))).orElseThrow();
        return SortKeyCondition.between(low, high);
    }

    /** The 12-character geohash of a 64-bit code. */
    static String cellOf(long code) {
        return GeoHash.toBase32(code >>> 4, 60);
    }

    Item entry(String scope, String cell, String id, LatLon point, long token, OptionalLong expiry) {
        Item.Builder b = Item.builder(entryKey(scope, cell, id)).put(LAT, Value.of(point.latitude()))
                .put(LON, Value.of(point.longitude())).put(TOKEN, token);
        expiry.ifPresent(at -> b.put(Expiry.ATTRIBUTE, at));
        return b.build();
    }

    Item entry(Point p) {
        return entry(p.scope(), p.cell(), p.id(), p.point(), p.token(), p.expiry());
    }

    Item point(String scope, String id, String cell, LatLon point, long token, Set<String> stale,
               OptionalLong expiry) {
        Item.Builder b = Item.builder(pointKey(scope, id)).put(CELL, cell).put(LAT, Value.of(point.latitude()))
                .put(LON, Value.of(point.longitude())).put(TOKEN, token);
        if (!stale.isEmpty()) {
            b.put(STALE, Value.stringSet(stale));
        }
        expiry.ifPresent(at -> b.put(Expiry.ATTRIBUTE, at));
        return b.build();
    }

    /** The expiry an entry or point record carries, in epoch milliseconds. */
    static OptionalLong expiryOf(Item item) {
        return Expiry.millis(item).map(OptionalLong::of).orElse(OptionalLong.empty());
    }

    /** The entry an item is, when it is one of this index's. */
    Optional<Entry> entryOf(Item item) {
        if (!item.key().partition().startsWith(cellPrefix)) {
            return Optional.empty();
        }
        try {
            List<Object> partition = PARTITION.decode(item.key().partition());
            List<Object> sort = SORT.decode(item.key().sort());
            return Optional.of(new Entry(item.key(), (String) partition.get(2), (String) sort.get(1),
                    (String) sort.get(0), coordinates(item), item.getLong(TOKEN).orElse(0L), expiryOf(item)));
        } catch (IllegalArgumentException | IllegalStateException e) {
            return Optional.empty();
        }
    }

    /** The point record an item is, when it is one of this index's. */
    Optional<Point> pointOf(Item item) {
        if (!item.key().partition().startsWith(pointPrefix) || !item.key().sort().equals(POINT_SORT)) {
            return Optional.empty();
        }
        try {
            List<Object> partition = PARTITION.decode(item.key().partition());
            return Optional.of(new Point(item.key(), (String) partition.get(2), (String) partition.get(3),
                    item.getString(CELL).orElseThrow(), coordinates(item), item.getLong(TOKEN).orElse(0L),
                    item.getStringSet(STALE), expiryOf(item)));
        } catch (IllegalArgumentException | IllegalStateException | java.util.NoSuchElementException e) {
            return Optional.empty();
        }
    }

    static LatLon coordinates(Item item) {
        return new LatLon(item.getNumber(LAT).orElseThrow().doubleValue(),
                item.getNumber(LON).orElseThrow().doubleValue());
    }

    static String staleMember(String cell, long token) {
        return cell + " " + token;
    }

    static String staleCell(String member) {
        return member.substring(0, member.indexOf(' '));
    }

    static long staleToken(String member) {
        return Long.parseLong(member.substring(member.indexOf(' ') + 1));
    }

    /** Problems that would make a key of this scope and id exceed the store's limits, none when it fits. */
    List<String> tooLong(String scope, String id, Limits limits) {
        List<String> problems = new ArrayList<>(0);
        String cell = "0".repeat(GeoHash.MAX_CHARS);
        fits(problems, "point record partition key", pointKey(scope, id).partition(), limits.maxPartitionKeyBytes());
        Key entry = entryKey(scope, cell, id);
        fits(problems, "entry partition key", entry.partition(), limits.maxPartitionKeyBytes());
        fits(problems, "entry sort key", entry.sort(), limits.maxSortKeyBytes());
        return problems;
    }

    private static void fits(List<String> problems, String what, String key, int max) {
        int bytes = Utf8Order.utf8Length(key);
        if (bytes > max) {
            problems.add("its " + what + " would be " + bytes + " UTF-8 bytes, more than the store's limit of " + max);
        }
    }
}
