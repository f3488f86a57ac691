package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.key.CompositeKeyCodec;
import dev.nosqlpatterns.key.SegmentType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * A read that follows links from item to item inside one partition, the way an adjacency list reaches a
 * whole subtree: the items at the {@code start} sort keys, then the items their links name, then the items
 * those name, down to {@code maxDepth} levels below the start.
 *
 * <p>An item's links are the strings of its {@code links} attribute, a string or a list of strings (other
 * values and elements link nowhere). The link {@code s} names the item of the same partition whose sort key
 * is {@code targetPrefix} followed by {@code s} written as one {@link SegmentType#STRING} segment of a
 * {@link CompositeKeyCodec} ({@link #targetOf}), the way techniques key items by id.
 *
 * <p>The answer is every item reached, each once, in breadth-first order: the start items in the order
 * given, then each level in the order its items were first named. Links to absent (or expired) items are
 * left out and lead nowhere; cycles end where they meet an item already read. A store that follows links
 * itself ({@link Capability#NATIVE_LINKED_READS}) reads it all in one request; elsewhere it takes one batch
 * read per level.
 *
 * @param table        the table read
 * @param partition    the partition every item read lies in
 * @param start        sort keys of the first items, distinct, in the order to answer them
 * @param links        the attribute holding each item's links
 * @param targetPrefix what precedes a link's encoded value in the sort key it names (may be empty)
 * @param maxDepth     how many levels of links to follow: 0 reads the start items only
 */
public record LinkedRead(String table, String partition, List<String> start, String links, String targetPrefix,
                         int maxDepth) {
    private static final CompositeKeyCodec LINK = CompositeKeyCodec.of(SegmentType.STRING);

    /** Checks every argument and keeps the first of any repeated start key. */
    public LinkedRead {
        List<String> problems = new ArrayList<>();
        if (table == null || table.isBlank()) {
            problems.add("table must not be null or blank, got " + quoted(table));
        }
        if (partition == null) {
            problems.add("partition must not be null");
        }
        if (start == null) {
            problems.add("start sort keys must not be null");
        } else if (start.stream().anyMatch(Objects::isNull)) {
            problems.add("start sort keys must not contain null, got " + start);
        }
        if (links == null || links.isBlank()) {
            problems.add("links attribute must not be null or blank, got " + quoted(links));
        }
        if (targetPrefix == null) {
            problems.add("target prefix must not be null (use \"\" for none)");
        }
        if (maxDepth < 0) {
            problems.add("max depth must be at least 0, got " + maxDepth);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid linked read: " + String.join("; ", problems));
        }
        start = List.copyOf(new LinkedHashSet<>(start));
    }

    /** A read of the items at {@code start}, following {@code links} to items keyed {@code targetPrefix + link}. */
    public static LinkedRead of(String table, String partition, List<String> start, String links,
                                String targetPrefix, int maxDepth) {
        return new LinkedRead(table, partition, start, links, targetPrefix, maxDepth);
    }

    /** The sort key the link {@code link} names. */
    public String targetOf(String link) {
        return targetPrefix + LINK.encode(link);
    }

    private static String quoted(String s) {
        return s == null ? "null" : "'" + s + "'";
    }
}
