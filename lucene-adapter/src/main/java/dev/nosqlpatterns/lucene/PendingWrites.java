package dev.nosqlpatterns.lucene;

import dev.nosqlpatterns.item.Item;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.apache.lucene.util.BytesRef;

/**
 * Item writes that searchers may not show yet, so that reads see them without a refresh (a refresh
 * flushes a segment, far dearer than a write). Each write of an item carries a version, also stored in
 * its document; a read takes, per item, the newer of the pending entry and the indexed document, so a
 * searcher refreshed after the read looked here cannot make it return an older state.
 *
 * <p>Entries leave once a refresh covers their writer sequence number. A read that combines several
 * entries takes them in one snapshot, so it sees every item of an atomic write or none of its entries.
 */
final class PendingWrites {
    private static final int MAX_ENTRIES = 2048;
    private static final long MAX_BYTES = 32L * 1024 * 1024;

    /** The item a write left (null when deleted), its version, and the writer's sequence number of the write. */
    record Entry(Item item, long version, long sequence) {
    }

    private final ConcurrentSkipListMap<BytesRef, Entry> entries = new ConcurrentSkipListMap<>();
    /** Shared to record one write's entries, exclusive to take a snapshot of several. */
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final AtomicLong versions;
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    PendingWrites(long highestIndexedVersion) {
        versions = new AtomicLong(highestIndexedVersion);
    }

    /** A version above every version written so far; taken while holding the item's lock. */
    long nextVersion() {
        return versions.incrementAndGet();
    }

    void record(long version, long sequence, Map<BytesRef, Item> items) {
        lock.readLock().lock();
        try {
            items.forEach((term, item) -> {
                if (entries.put(term, new Entry(item, version, sequence)) == null) {
                    count.incrementAndGet();
                }
                bytes.addAndGet(item == null ? term.length : item.sizeInBytes());
            });
        } finally {
            lock.readLock().unlock();
        }
    }

    /** True when the entries take enough memory that a refresh should let them go. */
    boolean large() {
        return count.get() > MAX_ENTRIES || bytes.get() > MAX_BYTES;
    }

    /**
     * The entry of one term, or null: one read of the map, which sees a write's entry whole or not at all,
     * so that a single term needs no snapshot of several.
     */
    Entry one(BytesRef term) {
        return entries.get(term);
    }

    /** The entries of these terms, in one snapshot. */
    Map<BytesRef, Entry> snapshot(Collection<BytesRef> terms) {
        Map<BytesRef, Entry> found = new HashMap<>();
        lock.writeLock().lock();
        try {
            for (BytesRef t : terms) {
                Entry e = entries.get(t);
                if (e != null) {
                    found.put(t, e);
                }
            }
        } finally {
            lock.writeLock().unlock();
        }
        return found;
    }

    /** The entries of a range of terms, in one snapshot. */
    NavigableMap<BytesRef, Entry> snapshot(ItemReads.Range range) {
        lock.writeLock().lock();
        try {
            return new TreeMap<>(entries.subMap(range.lower(), range.lowerInclusive(), range.upper(),
                    range.upperInclusive()));
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Forgets the entries of writes up to {@code sequence}, which a refresh has made visible. */
    void visibleUpTo(long sequence) {
        long left = 0;
        for (Map.Entry<BytesRef, Entry> e : entries.entrySet()) {
            Entry entry = e.getValue();
            if (entry.sequence() <= sequence && entries.remove(e.getKey(), entry)) {
                count.decrementAndGet();
            } else {
                left += entry.item() == null ? e.getKey().length : entry.item().sizeInBytes();
            }
        }
        bytes.set(left);
    }

    /** Forgets every entry between two terms (a dropped table, once its delete is visible). */
    void clear(BytesRef from, BytesRef to) {
        NavigableMap<BytesRef, Entry> range = entries.subMap(from, true, to, false);
        int n = range.size();
        range.clear();
        count.addAndGet(-n);
    }

    /** The newer of an indexed item and a pending entry: what a read should return (empty: absent). */
    static Optional<Item> newer(ItemReads.Found indexed, Entry pending) {
        if (pending != null && (indexed == null || pending.version() >= indexed.version())) {
            return Optional.ofNullable(pending.item());
        }
        return indexed == null ? Optional.empty() : Optional.of(indexed.item());
    }
}
