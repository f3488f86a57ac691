package dev.nosqlpatterns.redis;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.IndexSpec;
import dev.nosqlpatterns.item.ValueCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Collects the KEYS and ARGV of one call of {@code write.lua} (see the script for their layout). */
final class WriteArgs {
    private static final byte[] NONE = new byte[0];

    private final Keys keys;
    private final boolean registryInScript;
    private final List<byte[]> keyList = new ArrayList<>();
    private final List<byte[]> argList = new ArrayList<>();
    private int count;
    private boolean conditions;

    /**
     * @param registryInScript whether the script also maintains the partition registry (false in a
     *                         cluster, where the registry lives in another slot)
     */
    WriteArgs(Keys keys, boolean registryInScript) {
        this.keys = keys;
        this.registryInScript = registryInScript;
        argList.add(null);
    }

    /** A condition as the script checks it. */
    record Check(String type, byte[] field, byte[] value) {
        static Check of(Condition c) {
            if (c instanceof Condition.None) {
                return new Check("", NONE, NONE);
            }
            if (c instanceof Condition.Absent) {
                return new Check("A", NONE, NONE);
            }
            if (c instanceof Condition.Exists) {
                return new Check("E", NONE, NONE);
            }
            if (c instanceof Condition.AttributeEquals eq) {
                return new Check("Q", Keys.utf8(eq.name()), ValueCodec.encode(eq.value()));
            }
            throw new IllegalArgumentException("unknown condition " + c);
        }

        /** The item's version must still be {@code version} (empty: the item must still be absent). */
        static Check version(byte[] version) {
            return new Check("V", NONE, version);
        }
    }

    void put(String table, Item item, Check check, List<IndexSpec> indexes) {
        Key key = item.key();
        byte[] hash = keys.item(table, key.partition(), key.sort());
        header(table, key, hash, "P", check, indexes.size());
        for (IndexSpec index : indexes) {
            Optional<byte[]> entry = IndexEntries.member(index, item, hash);
            keyList.add(keys.index(table, index.name()));
            argList.add(ItemHash.indexField(index.name()));
            argList.add(entry.orElse(NONE));
        }
        List<byte[]> fields = new java.util.ArrayList<>(ItemHash.fields(item));
        dev.nosqlpatterns.item.Expiry.millis(item).ifPresent(at -> {
            fields.add(ItemHash.EXPIRY);
            fields.add(Keys.utf8(Long.toString(at)));
        });
        argList.add(Keys.utf8(Integer.toString(fields.size() / 2)));
        argList.addAll(fields);
    }

    void delete(String table, Key key, Check check, List<IndexSpec> indexes) {
        removeOrCheck(table, key, "D", check, indexes);
    }

    void check(String table, Key key, Check check) {
        removeOrCheck(table, key, "C", check, List.of());
    }

    private void removeOrCheck(String table, Key key, String op, Check check, List<IndexSpec> indexes) {
        header(table, key, keys.item(table, key.partition(), key.sort()), op, check, indexes.size());
        for (IndexSpec index : indexes) {
            keyList.add(keys.index(table, index.name()));
            argList.add(ItemHash.indexField(index.name()));
            argList.add(NONE);
        }
        argList.add(Keys.utf8("0"));
    }

    private void header(String table, Key key, byte[] hash, String op, Check check, int indexCount) {
        count++;
        byte[] sortKeys = keys.sortKeys(table, key.partition());
        keyList.add(hash);
        keyList.add(sortKeys);
        // In a cluster the registry is another slot: name a key of this slot instead and leave it alone.
        keyList.add(registryInScript ? keys.partitions(table) : sortKeys);
        argList.add(Keys.utf8(op));
        conditions |= !check.type().isEmpty();
        argList.add(Keys.utf8(check.type()));
        argList.add(check.field());
        argList.add(check.value());
        argList.add(registryInScript ? Keys.utf8(key.partition()) : NONE);
        argList.add(Keys.utf8(key.sort()));
        argList.add(ItemHash.newVersion());
        argList.add(Keys.utf8(Integer.toString(indexCount)));
    }

    /**
     * Adds a request token after the writes: the script applies the writes only if the token's key is
     * absent, and sets it (for {@code ttlMs}) when it applied them, so sending the call again is harmless.
     */
    WriteArgs token(String table, String partition, long ttlMs) {
        keyList.add(keys.requestToken(table, partition));
        argList.add(Keys.utf8(Long.toString(ttlMs)));
        return this;
    }

    /** Whether any write added has a condition (a compare-and-set's version included). */
    boolean hasConditions() {
        return conditions;
    }

    List<byte[]> keys() {
        return keyList;
    }

    List<byte[]> args() {
        argList.set(0, Keys.utf8(Integer.toString(count)));
        return argList;
    }
}
