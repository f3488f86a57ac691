package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.internal.LinkedWalk;
import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.store.spi.LinkedReads;
import dev.nosqlpatterns.store.model.LinkedRead;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.spi.CostMeter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.BytesRef;

/**
 * Linked reads in one pass over one searcher: each level of the walk is one term lookup of its keys, read
 * as a batch get reads them (the newer of the indexed document and the pending write), so a whole subtree
 * of an adjacency list is one request and one consistent view, without a refresh. The pending writes of the
 * partition are taken in one snapshot before the searcher, as a batch get takes those of its keys.
 */
final class LuceneLinkedReads implements LinkedReads {
    private final SharedIndex index;
    private final Limits limits;

    LuceneLinkedReads(SharedIndex index, Limits limits) {
        this.index = index;
        this.limits = limits;
    }

    @Override
    public List<Item> follow(LinkedRead read, CostMeter meter) {
        meter.roundTrip();
        byte[] prefix = Keys.prefix(read.table(), read.partition());
        return Failures.run(read.table(), null, () -> {
            Map<BytesRef, PendingWrites.Entry> pending = index.pending.snapshot(
                    new ItemReads.Range(new BytesRef(prefix), true, ItemReads.end(prefix), false));
            IndexSearcher searcher = index.acquireSearcher();
            try {
                return LinkedWalk.walk(read, this::storable, level -> level(searcher, read, level, pending));
            } catch (UncheckedIOException e) {
                throw e.getCause();
            } finally {
                index.releaseSearcher(searcher);
            }
        });
    }

    /** A target longer than any sort key the store takes names no item, and no term is made for it. */
    private boolean storable(String sort) {
        return sort.getBytes(StandardCharsets.UTF_8).length <= limits.maxSortKeyBytes();
    }

    /** The current items of one level, by sort key. */
    private static Map<String, Item> level(IndexSearcher searcher, LinkedRead read, List<String> sorts,
                                           Map<BytesRef, PendingWrites.Entry> pending) {
        List<BytesRef> terms = new ArrayList<>(sorts.size());
        for (String sort : sorts) {
            terms.add(Keys.item(read.table(), Key.of(read.partition(), sort)));
        }
        Map<BytesRef, Optional<Item>> current;
        try {
            current = ItemReads.current(searcher, terms, pending);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, Item> found = new HashMap<>();
        for (int i = 0; i < sorts.size(); i++) {
            String sort = sorts.get(i);
            current.get(terms.get(i)).ifPresent(item -> found.put(sort, item));
        }
        return found;
    }
}
