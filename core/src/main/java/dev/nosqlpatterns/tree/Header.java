package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import java.util.Optional;

/**
 * The header item of a tree partition: the root's id, the version every change increments (the
 * optimistic lock that serializes changes), the journaled change still being applied, if any, and the
 * time a bulk load started when one is writing the tree (or stopped before finishing): while it is
 * there, the tree reads as empty and refuses changes ({@link TreeLoadWrites}).
 */
record Header(boolean exists, long version, Optional<String> root, Optional<Intent> intent, Optional<Long> loading) {
    private static final String VERSION = "version";
    private static final String ROOT = "root";
    private static final String TOKEN = "intent";
    private static final String AT = "intentAt";
    private static final String CHUNKS = "intentChunks";
    private static final String INLINE = "intentWrites";
    private static final String LOADING = "loadingSince";

    /**
     * A committed change whose writes may not all be applied yet: in the header itself ({@code inline})
     * or in {@code chunks} journal items named by {@code token}; {@code at} is when it was committed.
     */
    record Intent(String token, long at, int chunks, Optional<Value> inline) {
    }

    static Header read(Optional<Item> item) {
        if (item.isEmpty()) {
            return new Header(false, 0, Optional.empty(), Optional.empty(), Optional.empty());
        }
        Item h = item.get();
        Optional<Intent> intent = h.getString(TOKEN).map(token -> new Intent(token,
                h.getLong(AT).orElse(0L), h.getLong(CHUNKS).orElse(0L).intValue(), h.get(INLINE)));
        return new Header(true, h.getLong(VERSION).orElse(0L), h.getString(ROOT), intent, h.getLong(LOADING));
    }

    /** The header after a change: next version, the given root, nothing pending. */
    Header next(Optional<String> newRoot) {
        return new Header(true, version + 1, newRoot, Optional.empty(), Optional.empty());
    }

    Header withIntent(Intent pending) {
        return new Header(true, version, root, Optional.of(pending), loading);
    }

    /** The header that claims an empty tree for a bulk load started at {@code at}: next version, no root. */
    Header loadingSince(long at) {
        return new Header(true, version + 1, Optional.empty(), Optional.empty(), Optional.of(at));
    }

    Item toItem(String partition) {
        Item.Builder b = Item.builder(Key.of(partition, Layout.HEADER)).put(VERSION, version);
        root.ifPresent(r -> b.put(ROOT, r));
        intent.ifPresent(i -> {
            b.put(TOKEN, i.token()).put(AT, i.at()).put(CHUNKS, i.chunks());
            i.inline().ifPresent(v -> b.put(INLINE, v));
        });
        loading.ifPresent(at -> b.put(LOADING, at));
        return b.build();
    }

    /** The condition that the header still holds the change named {@code token}, not yet cleared. */
    static dev.nosqlpatterns.store.model.Condition pending(String token) {
        return dev.nosqlpatterns.store.model.Condition.attributeEquals(TOKEN, Value.of(token));
    }

    /** The condition a write of the next header needs: this header is still the current one. */
    dev.nosqlpatterns.store.model.Condition unchanged() {
        return exists ? dev.nosqlpatterns.store.model.Condition.attributeEquals(VERSION, Value.of(version))
                : dev.nosqlpatterns.store.model.Condition.ifAbsent();
    }
}
