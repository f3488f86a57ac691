package dev.nosqlpatterns.index;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import java.util.List;

/**
 * The layout of index entries. An entry's partition key is the index value; its sort key is the base
 * item's encoded key (non-unique) or a constant (unique, so a value can have one entry only). Each
 * entry names its base item in {@code ref} and carries the time it was written in {@code at}: an entry
 * that does not match its item is only treated as stale once it is older than the claim lease, so an
 * entry written just before its item is never removed or taken over while that write is in flight.
 */
final class Entries {
    static final String REF = "ref";
    static final String AT = "at";
    static final String UNIQUE_SORT = "~unique";
    private static final CompositeKeyCodec REF_CODEC = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);

    private final boolean unique;

    Entries(boolean unique) {
        this.unique = unique;
    }

    static String ref(Key base) {
        return REF_CODEC.encode(base.partition(), base.sort());
    }

    static Key base(String ref) {
        List<Object> parts = REF_CODEC.decode(ref);
        return Key.of((String) parts.get(0), (String) parts.get(1));
    }

    Key entryKey(String value, Key base) {
        return Key.of(value, unique ? UNIQUE_SORT : ref(base));
    }

    Item entry(String value, Key base, long writtenAtMillis) {
        return Item.builder(entryKey(value, base)).put(REF, ref(base)).put(AT, writtenAtMillis).build();
    }

    static Key baseOf(Item entry) {
        return base(entry.getString(REF).orElseThrow(() -> new IllegalStateException(
                "index entry " + entry.key() + " has no '" + REF + "' attribute")));
    }

    static long writtenAt(Item entry) {
        return entry.getLong(AT).orElse(0L);
    }

    static Value refValue(Key base) {
        return Value.of(ref(base));
    }
}
