package dev.nosqlpatterns.relation;

import dev.nosqlpatterns.store.TechniqueCalls;
import dev.nosqlpatterns.verify.Verification;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import dev.nosqlpatterns.store.model.BatchGetResult;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.ConcurrentUpdateException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.Page;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.Scan;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.Store;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.Write;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A many-to-many relation as forward and inverse adjacency lists: for a link from
 * {@code a} to {@code b}, an item under partition {@code a} names {@code b} (articles of an author,
 * keywords of an article) and an item under partition {@code b} names {@code a} (articles of a keyword),
 * so both directions are one query. A symmetric relation (friends) keeps the two directions as one.
 *
 * <p>Both sides are written together with an atomic write where the store has one; otherwise the
 * inverse is written first and the forward item last (symmetric: the side under the larger id first),
 * so after a crash the forward list is the truth:
 * {@link #sources} checks inverse items against their forward items (one batch read per page) and
 * skips orphans, and {@link #repair()} completes or removes one-sided pairs. In that ordered protocol a
 * link or unlink ends by reading the side it did not write last, and, while that side disagrees, rewrites
 * the first side from the truth and reads the truth again.
 *
 * <p><b>Under concurrent writers</b> (no crash), with or without atomic writes: once every link and
 * unlink has returned, each link has both its items or neither, with the same attributes, both
 * directions read the same links, and {@link #repair()} finds nothing to fix; a pair ends as the last
 * write of its forward side left it. While ordered writes are in flight, a reader of the inverse
 * direction may miss a link whose inverse is being rewritten.
 *
 * <p><b>Under crashes</b>: an atomic write leaves nothing behind. An ordered writer that dies leaves at
 * most one one-sided pair, which reads skip when the forward side is missing and {@link #repair()}
 * completes or removes; when it died while correcting a pair another writer changed concurrently, the
 * forward side may lack its inverse until {@link #repair()} completes it.
 */
public final class AdjacencyList {
    private static final CompositeKeyCodec EDGE = CompositeKeyCodec.of(SegmentType.STRING, SegmentType.STRING);
    private static final String FORWARD = ">";
    private static final String INVERSE = "<";
    private static final int MAX_SETTLE_ATTEMPTS = 20;
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
        TechniqueCalls.run(store, "adjacencyList.link", table, () -> {
            check(from, to);
            Objects.requireNonNull(attributes, "attributes must not be null (use an empty map)");
            Key[] sides = sides(from, to);
            Item first = new Item(sides[0], attributes);
            Item truth = new Item(sides[1], attributes);
            if (sides[0].equals(sides[1])) {
                store.put(table, truth);
                return;
            }
            if (store.has(Capability.ATOMIC_WRITES)) {
                store.writeAtomically(List.of(Write.put(table, first), Write.put(table, truth)));
                return;
            }
            store.put(table, first);
            store.put(table, truth);
            settle(sides, true, Optional.of(truth.attributes()));
        });
    }

    public void link(String from, String to) {
        link(from, to, Map.of());
    }

    /** Removes the link; the forward item goes first, so a crash leaves an orphan inverse that reads skip. */
    public void unlink(String from, String to) {
        TechniqueCalls.run(store, "adjacencyList.unlink", table, () -> {
            check(from, to);
            Key[] sides = sides(from, to);
            if (sides[0].equals(sides[1])) {
                store.delete(table, sides[1]);
                return;
            }
            if (store.has(Capability.ATOMIC_WRITES)) {
                store.writeAtomically(List.of(Write.delete(table, sides[1]), Write.delete(table, sides[0])));
                return;
            }
            store.delete(table, sides[1]);
            store.delete(table, sides[0]);
            settle(sides, false, Optional.empty());
        });
    }

    /**
     * After an ordered write, makes the side written first agree with the truth. A writer that has just
     * written one side reads the other: when it holds what was written, the pair agrees; otherwise the
     * first side is rewritten (from what was written, or from the truth as read) and the truth is read
     * again, until they agree. Since every writer checks after its last write, the last write of all is
     * always followed by a check of the other side, so concurrent links and unlinks of one pair always
     * end with both items or neither, carrying the same attributes.
     *
     * @param wroteTruth whether the last write was to the truth side ({@code sides[1]}) rather than the first
     * @param wrote      what that write left: the attributes written, or empty for a delete
     */
    private void settle(Key[] sides, boolean wroteTruth, Optional<Map<String, Value>> wrote) {
        for (int attempt = 1; ; attempt++) {
            Optional<Map<String, Value>> other = store.get(table, wroteTruth ? sides[0] : sides[1]).map(Item::attributes);
            if (other.equals(wrote)) {
                return;
            }
            if (attempt >= MAX_SETTLE_ATTEMPTS) {
                throw new ConcurrentUpdateException(table, sides[1], attempt, "The link kept changing while its two"
                        + " sides were made to agree; retry, or call repair() once writers have stopped.", null);
            }
            Optional<Map<String, Value>> truth = wroteTruth ? wrote : other;
            if (truth.isPresent()) {
                store.put(table, new Item(sides[0], truth.get()));
            } else {
                store.delete(table, sides[0]);
            }
            wroteTruth = false;
            wrote = truth;
        }
    }

    /**
     * The ids {@code from} links to, in id order (UTF-8). For a symmetric relation, a side that was
     * written first (under the larger id) is checked against the side written last, in one batch read,
     * so a link left half-written by a crash is never returned.
     */
    public List<String> targets(String from) {
        return TechniqueCalls.call(store, "adjacencyList.targets", table, () -> targetsOf(from));
    }

    private List<String> targetsOf(String from) {
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
        return TechniqueCalls.call(store, "adjacencyList.sources", table, () -> {
            if (symmetric) {
                return targetsOf(to);
            }
            List<String> candidates = others(to, INVERSE);
            if (candidates.isEmpty()) {
                return candidates;
            }
            BatchGetResult forwards = store.getAll(table, candidates.stream().map(c -> forwardKey(c, to)).toList());
            return candidates.stream().filter(c -> forwards.get(new ItemRef(table, forwardKey(c, to))).isPresent()).toList();
        });
    }

    /** The link's attributes, if the link exists. */
    public java.util.Optional<Map<String, Value>> attributes(String from, String to) {
        return TechniqueCalls.call(store, "adjacencyList.attributes", table, () -> {
            return store.get(table, forwardKey(from, to)).map(Item::attributes);
        });
    }

    /**
     * Completes pairs with only a forward side and removes inverse items with no forward side (for a
     * symmetric relation: removes one-sided pairs where the smaller id's side is missing, completes the
     * others); answers how many link items it read and how many pairs it fixed. Reads the whole table
     * page by page.
     */
    public Verification repair() {
        return TechniqueCalls.call(store, "adjacencyList.repair", table, () -> {
            long fixed = 0;
            long examined = 0;
            Scan scan = Scan.of(table).limit(200);
            Page page = store.scan(scan);
            while (true) {
                examined += page.items().size();
                fixed += repairPage(page.items());
                if (page.next().isEmpty()) {
                    return Verification.of(examined, Map.of("link pairs whose sides disagreed", fixed));
                }
                page = store.scan(scan.after(page.next().get()));
            }
        });
    }

    /**
     * Checks a page of link items against their partners with one batch read, then makes each pair whose
     * sides disagree (one missing, or other attributes) agree with its truth side, as a writer would.
     */
    private long repairPage(List<Item> items) {
        Map<Key, Key[]> pairs = new java.util.LinkedHashMap<>();
        Map<Key, Item> seen = new java.util.HashMap<>();
        for (Item item : items) {
            List<Object> edge = edgeOf(item.key().sort());
            if (edge != null) {
                String other = (String) edge.get(1);
                String self = item.key().partition();
                Key[] sides = edge.get(0).equals(FORWARD) ? sides(self, other) : sides(other, self);
                pairs.putIfAbsent(sides[0], sides);
                seen.put(item.key(), item);
            }
        }
        List<Key> unseen = pairs.values().stream().flatMap(p -> java.util.stream.Stream.of(p[0], p[1]))
                .filter(k -> !seen.containsKey(k)).distinct().toList();
        if (!unseen.isEmpty()) {
            store.getAll(table, unseen).items().forEach(i -> seen.put(i.key(), i));
        }
        long fixed = 0;
        for (Key[] sides : pairs.values()) {
            Optional<Map<String, Value>> first = Optional.ofNullable(seen.get(sides[0])).map(Item::attributes);
            Optional<Map<String, Value>> truth = Optional.ofNullable(seen.get(sides[1])).map(Item::attributes);
            if (sides[0].equals(sides[1]) || first.equals(truth)) {
                continue;
            }
            if (truth.isPresent()) {
                store.put(table, new Item(sides[0], truth.get()));
            } else {
                store.delete(table, sides[0]);
            }
            settle(sides, false, truth);
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
