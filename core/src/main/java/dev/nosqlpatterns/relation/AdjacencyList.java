package dev.nosqlpatterns.relation;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.BatchGetResult;
import dev.nosqlpatterns.store.Capability;
import dev.nosqlpatterns.store.ItemRef;
import dev.nosqlpatterns.store.Page;
import dev.nosqlpatterns.store.Query;
import dev.nosqlpatterns.store.Scan;
import dev.nosqlpatterns.store.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.TableSpec;
import dev.nosqlpatterns.store.Write;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A many-to-many relation as forward and inverse adjacency lists (seeds 001 and 003): for a link from
 * {@code a} to {@code b}, an item under partition {@code a} names {@code b} (articles of an author,
 * keywords of an article) and an item under partition {@code b} names {@code a} (articles of a keyword),
 * so both directions are one query. A symmetric relation (friends) keeps the two directions as one.
 *
 * <p>Both sides are written together with an atomic write where the store has one; otherwise the
 * inverse is written first and the forward item last (symmetric: the side under the larger id first),
 * so after a crash the forward list is the truth:
 * {@link #inverse} checks inverse items against their forward items (one batch read per page) and
 * skips orphans, and {@link #repair()} completes or removes one-sided pairs.
 *
 * <p><b>Under concurrent writers</b> (no crash): once every call has returned, every link has both sides
 * and {@link #repair()} finds nothing to fix; both sides carry the token of the call that wrote them, and
 * {@link #unlink} removes a side only if it still carries the token it read. <b>Under crashes</b>: a
 * link may be left with one side; reads never return it, and {@link #repair()} completes or removes it.
 */
public final class AdjacencyList {
    private static final CompositeKeyCodec EDGE = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);
    private static final String FORWARD = ">";
    private static final String INVERSE = "<";
    /** The attribute both sides of a link carry: a random token of the link() call that wrote them. */
    static final String TOKEN = "_link";
    private final Store store;
    private final String table;
    private final String relation;
    private final boolean symmetric;

    private AdjacencyList(Store store, String table, String relation, boolean symmetric) {
        this.store = store;
        this.table = table;
        this.relation = relation;
        this.symmetric = symmetric;
    }

    /** A relation named {@code relation} in {@code table} (created when absent); several relations may share a table. */
    public static AdjacencyList directed(Store store, String table, String relation) {
        return create(store, table, relation, false);
    }

    /** A symmetric relation: linking a to b also links b to a. */
    public static AdjacencyList symmetric(Store store, String table, String relation) {
        return create(store, table, relation, true);
    }

    private static AdjacencyList create(Store store, String table, String relation, boolean symmetric) {
        Objects.requireNonNull(store, "store must not be null");
        if (relation == null || !relation.matches("[A-Za-z0-9_]{1,64}")) {
            throw new IllegalArgumentException("relation name '" + relation
                    + "' is invalid: use 1 to 64 letters, digits or underscores");
        }
        store.createTable(TableSpec.named(table));
        return new AdjacencyList(store, table, relation, symmetric);
    }

    /** Links {@code from} to {@code to}, with attributes kept on both sides (e.g. a role or a date). */
    public void link(String from, String to, Map<String, Value> attributes) {
        check(from, to);
        if (attributes.containsKey(TOKEN)) {
            throw new IllegalArgumentException("the attribute name '" + TOKEN + "' is reserved for the link's own token;"
                    + " rename the attribute of the link from '" + from + "' to '" + to + "'");
        }
        Key[] sides = sides(from, to);
        Map<String, Value> stored = new java.util.HashMap<>(attributes);
        stored.put(TOKEN, Value.of(java.util.concurrent.ThreadLocalRandom.current().nextLong()));
        Item inverse = new Item(sides[0], stored);
        Item forward = new Item(sides[1], stored);
        if (sides[0].equals(sides[1])) {
            store.put(table, forward);
            return;
        }
        if (store.has(Capability.ATOMIC_WRITES)) {
            store.writeAtomically(List.of(Write.put(table, inverse), Write.put(table, forward)));
        } else {
            store.put(table, inverse);
            store.put(table, forward);
        }
    }

    public void link(String from, String to) {
        link(from, to, Map.of());
    }

    /**
     * Removes the link; the forward item goes first, so a crash leaves an orphan inverse that reads skip.
     * Without atomic writes each side is removed only if it is still the one read before (its token), so
     * a link written meanwhile by another writer is never left with one side; when the forward side is
     * absent there is no link to remove, and an inverse side being written by a link() in flight is left.
     */
    public void unlink(String from, String to) {
        check(from, to);
        Key[] sides = sides(from, to);
        Key inverse = sides[0];
        Key forward = sides[1];
        if (store.has(Capability.ATOMIC_WRITES) && !forward.equals(inverse)) {
            store.writeAtomically(List.of(Write.delete(table, forward), Write.delete(table, inverse)));
            return;
        }
        for (int attempt = 0; attempt < 20; attempt++) {
            java.util.Optional<Item> truth = store.get(table, forward);
            if (truth.isEmpty()) {
                return;
            }
            java.util.Optional<Item> other = forward.equals(inverse) ? java.util.Optional.empty() : store.get(table, inverse);
            try {
                store.delete(new Write.Delete(table, forward, sameLink(truth.get())));
            } catch (dev.nosqlpatterns.store.ConditionFailedException relinked) {
                continue;
            }
            other.ifPresent(i -> {
                try {
                    store.delete(new Write.Delete(table, inverse, sameLink(i)));
                } catch (dev.nosqlpatterns.store.ConditionFailedException relinked) {
                    // A link() rewrote this side since: it belongs to that link now.
                }
            });
            return;
        }
        throw new dev.nosqlpatterns.store.ConcurrentUpdateException(table, forward, 20,
                "the link from '" + from + "' to '" + to + "' keeps changing; retry later", null);
    }

    private static dev.nosqlpatterns.store.Condition sameLink(Item side) {
        return side.get(TOKEN).map(t -> dev.nosqlpatterns.store.Condition.attributeEquals(TOKEN, t))
                .orElse(dev.nosqlpatterns.store.Condition.ifExists());
    }

    /**
     * The ids {@code from} links to, in id order (UTF-8). For a symmetric relation, a side that was
     * written first (under the larger id) is checked against the side written last, in one batch read,
     * so a link left half-written by a crash is never returned.
     */
    public List<String> targets(String from) {
        List<String> candidates = others(from, FORWARD);
        if (!symmetric) {
            return candidates;
        }
        List<String> unconfirmed = candidates.stream()
                .filter(other -> dev.nosqlpatterns.key.Utf8Order.compare(from, other) > 0).toList();
        if (unconfirmed.isEmpty()) {
            return candidates;
        }
        BatchGetResult truth = store.getAll(table, unconfirmed.stream().map(other -> forwardKey(other, from)).toList());
        return candidates.stream().filter(other -> dev.nosqlpatterns.key.Utf8Order.compare(from, other) <= 0
                || truth.get(new ItemRef(table, forwardKey(other, from))).isPresent()).toList();
    }

    /**
     * The ids linking to {@code to}, in id order. For a directed relation each inverse item is checked
     * against its forward item in one batch read, so an inverse left by a crash is never returned.
     */
    public List<String> sources(String to) {
        if (symmetric) {
            return targets(to);
        }
        List<String> candidates = others(to, INVERSE);
        if (candidates.isEmpty()) {
            return candidates;
        }
        BatchGetResult forwards = store.getAll(table, candidates.stream().map(c -> forwardKey(c, to)).toList());
        return candidates.stream().filter(c -> forwards.get(new ItemRef(table, forwardKey(c, to))).isPresent()).toList();
    }

    /** The link's attributes, if the link exists. */
    public java.util.Optional<Map<String, Value>> attributes(String from, String to) {
        return store.get(table, forwardKey(from, to)).map(i -> {
            Map<String, Value> shown = new java.util.HashMap<>(i.attributes());
            shown.remove(TOKEN);
            return Map.copyOf(shown);
        });
    }

    /**
     * Completes pairs with only a forward side and removes inverse items with no forward side (for a
     * symmetric relation: removes one-sided pairs where the smaller id's side is missing, completes the
     * others); returns how many pairs it fixed. Reads the whole table page by page.
     */
    public long repair() {
        long fixed = 0;
        Scan scan = Scan.of(table).limit(200);
        Page page = store.scan(scan);
        while (true) {
            fixed += repairPage(page.items());
            if (page.next().isEmpty()) {
                return fixed;
            }
            page = store.scan(scan.after(page.next().get()));
        }
    }

    /** Checks a page of link items against their partners with one batch read, then fixes the one-sided ones. */
    private long repairPage(List<Item> items) {
        Map<Item, Key> partners = new java.util.LinkedHashMap<>();
        for (Item item : items) {
            List<Object> edge = edgeOf(item.key().sort());
            if (edge != null) {
                String other = (String) edge.get(1);
                String self = item.key().partition();
                partners.put(item, edge.get(0).equals(FORWARD)
                        ? (symmetric ? forwardKey(other, self) : inverseKey(other, self))
                        : forwardKey(other, self));
            }
        }
        if (partners.isEmpty()) {
            return 0;
        }
        BatchGetResult found = store.getAll(table, List.copyOf(new java.util.LinkedHashSet<>(partners.values())));
        long fixed = 0;
        for (Map.Entry<Item, Key> e : partners.entrySet()) {
            Item item = e.getKey();
            Key partner = e.getValue();
            if (found.get(new ItemRef(table, partner)).isPresent()) {
                continue;
            }
            List<Object> edge = edgeOf(item.key().sort());
            boolean truth = edge.get(0).equals(FORWARD)
                    && (!symmetric || dev.nosqlpatterns.key.Utf8Order.compare(item.key().partition(), (String) edge.get(1)) <= 0);
            if (truth) {
                store.put(table, new Item(partner, item.attributes()));
            } else {
                store.delete(table, item.key());
            }
            fixed++;
        }
        return fixed;
    }

    private List<String> others(String self, String direction) {
        String prefix = EDGE.prefix(relation + direction);
        return store.queryAll(Query.in(table, self).where(SortKeyCondition.beginsWith(prefix)).limit(500))
                .map(i -> (String) EDGE.decode(i.key().sort()).get(1)).toList();
    }

    private List<Object> edgeOf(String sort) {
        try {
            List<Object> parts = EDGE.decode(sort);
            String tag = (String) parts.get(0);
            if (!tag.startsWith(relation) || tag.length() != relation.length() + 1) {
                return null;
            }
            return List.of(tag.substring(relation.length()), parts.get(1));
        } catch (IllegalArgumentException notAnEdge) {
            return null;
        }
    }

    /**
     * The two items of a link, in write order: the one written first (and deleted last) and the one that
     * is the truth, written last. For a symmetric relation the truth is the side under the smaller id.
     */
    private Key[] sides(String from, String to) {
        if (!symmetric) {
            return new Key[] {inverseKey(to, from), forwardKey(from, to)};
        }
        boolean fromFirst = dev.nosqlpatterns.key.Utf8Order.compare(from, to) <= 0;
        String low = fromFirst ? from : to;
        String high = fromFirst ? to : from;
        return new Key[] {forwardKey(high, low), forwardKey(low, high)};
    }

    private Key forwardKey(String from, String to) {
        return Key.of(from, EDGE.encode(relation + FORWARD, to));
    }

    private Key inverseKey(String to, String from) {
        return Key.of(to, EDGE.encode(relation + INVERSE, from));
    }

    private static void check(String from, String to) {
        if (from == null || from.isEmpty() || to == null || to.isEmpty()) {
            throw new IllegalArgumentException("a link needs two non-empty ids, got '" + from + "' and '" + to + "'");
        }
    }

    @Override
    public String toString() {
        return "AdjacencyList[" + table + ", " + relation + (symmetric ? ", symmetric" : "") + "]";
    }
}
