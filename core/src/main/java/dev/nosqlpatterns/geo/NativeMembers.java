package dev.nosqlpatterns.geo;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.ConditionFailedException;
import dev.nosqlpatterns.store.model.Cursor;
import dev.nosqlpatterns.store.model.GeoHit;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.Write;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * The members of a native geo index whose points may expire. A store's geo set (a Redis sorted set, a
 * Lucene or MongoDB collection of points) keeps a member until it is removed, so an expiring point is
 * placed under the member {@code id + U+001F + expiry in epoch milliseconds}: a search knows from the
 * member alone whether it has expired by the store's clock, with no read beyond the search itself.
 *
 * <p>A <em>member record</em> per expiring point, in the index's table (partition {@code (geo.member,
 * index, scope, id)}, sort key {@code member}), names the member and its expiry. It carries no expiry of its
 * own, so it stays after the point expired: a move or remove finds the member to take out of the set, and
 * {@link GeoIndex#verify()} counts the expired members still in the sets and {@link GeoIndex#repair()}
 * removes them with their records. Every write of such an index reads the member record of its id first
 * (one get more than a plain native write); a put with an expiry also removes a plain member of the id.
 * Writes of one id are not guarded against concurrent writers or crashes, which may leave a member behind.
 */
final class NativeMembers {
    /** The character between an id and its expiry in a member name; ids of expiring indexes may not hold it. */
    static final char SEPARATOR = '\u001f';
    private static final String KIND = "geo.member";
    private static final String SORT = "member";
    private static final String MEMBER = "member";
    private static final String UNTIL = "until";
    private static final int PAGE = 200;
    private static final CompositeKeyCodec PARTITION = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING,
            SegmentType.STRING, SegmentType.STRING);

    private final Store store;
    private final String table;
    private final String name;
    private final String prefix;

    NativeMembers(Store store, String table, String name) {
        this.store = store;
        this.table = table;
        this.name = name;
        this.prefix = PARTITION.prefix(KIND, name);
    }

    private Key key(String scope, String id) {
        return Key.of(PARTITION.encode(KIND, name, scope, id), SORT);
    }

    private static String member(String id, OptionalLong expiry) {
        return expiry.isPresent() ? id + SEPARATOR + expiry.getAsLong() : id;
    }

    private Optional<String> recorded(Key key) {
        return store.get(table, key).flatMap(item -> item.getString(MEMBER));
    }

    /** Places the point through {@code place}, taking out through {@code unplace} the member it replaces. */
    void put(String set, String scope, String id, OptionalLong expiry, Consumer<String> place,
             Consumer<String> unplace) {
        Key key = key(scope, id);
        Optional<String> old = recorded(key);
        String member = member(id, expiry);
        place.accept(member);
        if (old.isPresent() && !old.get().equals(member)) {
            unplace.accept(old.get());
        } else if (old.isEmpty() && expiry.isPresent()) {
            unplace.accept(id);
        }
        if (expiry.isPresent()) {
            store.put(table, Item.builder(key).put(MEMBER, member).put(UNTIL, expiry.getAsLong()).build());
        } else if (old.isPresent()) {
            store.delete(table, key);
        }
    }

    /** Takes the point of {@code id} out through {@code unplace}, whatever its member. */
    void remove(String scope, String id, Consumer<String> unplace) {
        Key key = key(scope, id);
        Optional<String> old = recorded(key);
        unplace.accept(id);
        if (old.isPresent()) {
            if (!old.get().equals(id)) {
                unplace.accept(old.get());
            }
            store.delete(table, key);
        }
    }

    /** The hits whose member has not expired by the store's clock, named by their ids. */
    List<GeoHit> live(List<GeoHit> hits) {
        long now = store.clock().millis();
        List<GeoHit> out = new ArrayList<>(hits.size());
        for (GeoHit hit : hits) {
            int at = hit.id().lastIndexOf(SEPARATOR);
            if (at < 0) {
                out.add(hit);
            } else if (Long.parseLong(hit.id().substring(at + 1)) > now) {
                out.add(new GeoHit(hit.id().substring(0, at), hit.point(), hit.distanceMeters()));
            }
        }
        return out;
    }

    /**
     * Counts the expired members still placed, by their records; with {@code fix} takes each out through
     * {@code unplace} (scope, member) and deletes its record unless it was rewritten meanwhile.
     */
    long expired(boolean fix, BiConsumer<String, String> unplace) {
        long now = store.clock().millis();
        long found = 0;
        Scan scan = Scan.of(table).limit(PAGE);
        Optional<Cursor> at = Optional.empty();
        do {
            Page page = store.scan(at.map(scan::after).orElse(scan));
            for (Item item : page.items()) {
                if (!item.key().partition().startsWith(prefix) || !item.key().sort().equals(SORT)) {
                    continue;
                }
                Optional<String> member = item.getString(MEMBER);
                Optional<Long> until = item.getLong(UNTIL);
                if (member.isEmpty() || until.isEmpty() || until.get() > now) {
                    continue;
                }
                found++;
                if (fix) {
                    unplace.accept((String) PARTITION.decode(item.key().partition()).get(2), member.get());
                    try {
                        store.delete(new Write.Delete(table, item.key(),
                                Condition.attributeEquals(MEMBER, Value.of(member.get()))));
                    } catch (ConditionFailedException e) {
                        // Written again since it was read: the new member is the writer's.
                    }
                }
            }
            at = page.next();
        } while (at.isPresent());
        return found;
    }
}
