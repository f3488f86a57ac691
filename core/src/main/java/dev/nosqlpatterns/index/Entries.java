package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.model.Condition;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The layout of index entries. An entry's partition key is the index value; its sort key is the base
 * item's encoded key (non-unique) or a constant (unique, so a value can have one entry only). Each
 * entry names its base item in {@code ref} and carries the time it was written in {@code at}: an entry
 * that does not match its item is only treated as stale once it is older than the claim lease, so an
 * entry written just before its item is never removed or taken over while that write is in flight.
 * Each put of an item also gives the entry it writes a random token {@code tok}, and every write of an
 * entry a random generation {@code gen}. A writer removes the entry of its item's old value only while
 * the entry still carries the token it read before writing the item, so it never removes an entry that a
 * later put of the same item rewrote; a takeover, a refresh or a repair changes an entry only while its
 * generation is still the one read, so a decision taken on a stale read never lands. An entry carries the
 * expiry of its item ({@link Expiry}), so that both expire together.
 *
 * <p>An index with a sort value orders the entries of one value by it: their sort key is the sort value and
 * the base item's encoded key, encoded together so that the order is the sort value's, then the base key's.
 */
final class Entries {
    static final String REF = "ref";
    static final String AT = "at";
    static final String TOKEN = "tok";
    static final String GENERATION = "gen";
    static final String UNIQUE_SORT = "~unique";
    private static final CompositeKeyCodec REF_CODEC = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);

    private final boolean unique;
    private final Function<Item, Optional<String>> sortOf;

    Entries(boolean unique, Function<Item, Optional<String>> sortOf) {
        this.unique = unique;
        this.sortOf = sortOf;
    }

    static String ref(Key base) {
        return REF_CODEC.encode(base.partition(), base.sort());
    }

    static Key base(String ref) {
        List<Object> parts = REF_CODEC.decode(ref);
        return Key.of((String) parts.get(0), (String) parts.get(1));
    }

    /** The key of the entry that indexes {@code item} under {@code value}. */
    Key entryKey(String value, Item item) {
        return unique ? Key.of(value, UNIQUE_SORT) : entryKey(value, item, ref(item.key()));
    }

    private Key entryKey(String value, Item item, String ref) {
        if (unique) {
            return Key.of(value, UNIQUE_SORT);
        }
        Optional<String> sort = sortOf.apply(item);
        return Key.of(value, sort.isPresent() ? REF_CODEC.encode(sort.get(), ref) : ref);
    }

    Item entry(String value, Item item, long writtenAtMillis) {
        String ref = ref(item.key());
        return Expiry.copy(item, Item.builder(entryKey(value, item, ref)).put(REF, ref).put(AT, writtenAtMillis)
                .put(TOKEN, ThreadLocalRandom.current().nextLong()).put(GENERATION, ThreadLocalRandom.current().nextLong())
                .build());
    }

    /** The same write of the entry, with a new time and generation: a claim confirmed once its item is written. */
    static Item confirmed(Item entry, long nowMillis) {
        return entry.toBuilder().put(AT, nowMillis).put(GENERATION, ThreadLocalRandom.current().nextLong()).build();
    }

    /** The same entry with a new token, time and generation: no writer that read it before can remove it. */
    static Item fenced(Item entry, long nowMillis) {
        return confirmed(entry, nowMillis).toBuilder().put(TOKEN, ThreadLocalRandom.current().nextLong()).build();
    }

    static Key baseOf(Item entry) {
        return base(entry.getString(REF).orElseThrow(() -> new IllegalStateException(
                "index entry " + entry.key() + " has no '" + REF + "' attribute")));
    }

    static long writtenAt(Item entry) {
        return entry.getLong(AT).orElse(0L);
    }

    /** The condition that the entry is exactly as read: no write of any kind since (older entries: same time). */
    static Condition unchanged(Item entry) {
        return entry.get(GENERATION).map(g -> Condition.attributeEquals(GENERATION, g))
                .orElseGet(() -> Condition.attributeEquals(AT, Value.of(writtenAt(entry))));
    }

    /** The condition that the entry is still the one the same put wrote, confirmed or not (older entries: same time). */
    static Condition sameWrite(Item entry) {
        return entry.get(TOKEN).map(t -> Condition.attributeEquals(TOKEN, t))
                .orElseGet(() -> Condition.attributeEquals(AT, Value.of(writtenAt(entry))));
    }

    /**
     * An entry's shape as a {@link RepairCursor.EntryTally}: a 128-bit hash of its key and the item it names, what
     * a base item alone tells of the entry it must have.
     */
    static RepairCursor.EntryTally shape(Key entryKey, Key base) {
        return new EntryHash().add(entryKey.partition()).add(entryKey.sort()).add(base.partition()).add(base.sort())
                .tally();
    }

    /**
     * The entry alone as a {@link RepairCursor.EntryTally}: a 128-bit hash of its key, the item it names and its
     * write generation (the time it was written for older entries without one). Two writes of one entry differ in
     * their generation, so a tally tells an entry rewritten since from the one read before.
     */
    static RepairCursor.EntryTally tally(Item entry) {
        EntryHash hash = new EntryHash().add(entry.key().partition()).add(entry.key().sort())
                .add(entry.getString(REF).orElse(""));
        Optional<Long> generation = entry.getLong(GENERATION);
        return hash.add(generation.isPresent() ? 1 : 0).add(generation.orElseGet(() -> writtenAt(entry))).tally();
    }
}
