package dev.nosqlpatterns.tree;

import dev.nosqlpatterns.item.Item;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.EntityKey;
import dev.nosqlpatterns.store.Store;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * Everything a tree of any layout shares: where it lives, how payloads convert, and the loops that run
 * a change or a read against the header: retry on a lost race, wait for or complete a pending change.
 */
final class TreeContext<T> {
    private final Store store;
    private final String table;
    private final TreeStrategy strategy;
    private final String name;
    private final PayloadCodec<T> codec;
    private final TreeOptions<T> options;
    private final String partition;

    TreeContext(Store store, String table, TreeStrategy strategy, String name, PayloadCodec<T> codec,
                TreeOptions<T> options) {
        this.store = store;
        this.table = table;
        this.strategy = strategy;
        this.name = name;
        this.codec = codec;
        this.options = options;
        this.partition = EntityKey.of(strategy.tag(), name).encode();
    }

    Store store() {
        return store;
    }

    String table() {
        return table;
    }

    TreeStrategy strategy() {
        return strategy;
    }

    String name() {
        return name;
    }

    TreeOptions<T> options() {
        return options;
    }

    String partition() {
        return partition;
    }

    Key key(String sortKey) {
        return Key.of(partition, sortKey);
    }

    /**
     * Times an attempt that found its reads in disagreement, with the header unchanged, is run again before
     * the tree is called broken: a store may show a range read part of an atomic write whose header write
     * is not yet visible to a get (DynamoDB's queries are only read-committed against transactions), and
     * on a loaded server the rest may take tens of milliseconds to show. The pauses double from 2 ms, so
     * a tree is called broken after about a quarter of a second of disagreement.
     */
    static final int MAX_SUSPECT_ATTEMPTS = 8;

    /** A pause after a change lost a race or while another writer's change is pending. */
    static final class Retry extends RuntimeException {
        final boolean conflict;
        /** What is wrong if the disagreement persists; null when a concurrent change explains it. */
        final RuntimeException suspect;

        Retry(boolean conflict) {
            this(conflict, null);
        }

        Retry(boolean conflict, RuntimeException suspect) {
            super(null, null, false, false);
            this.conflict = conflict;
            this.suspect = suspect;
        }
    }

    /**
     * Runs a change until it commits, retrying lost races up to the configured number of attempts. An
     * attempt whose reads disagreed because a concurrent change landed between them is retried too.
     */
    <R> R mutate(String operation, Function<Tx<T>, R> change) {
        return run(operation, change, true);
    }

    /** Runs a read, first completing or waiting out any pending change. */
    <R> R read(Function<Tx<T>, R> read) {
        return run("read", read, false);
    }

    private <R> R run(String operation, Function<Tx<T>, R> body, boolean commit) {
        int conflicts = 0;
        int suspects = 0;
        while (true) {
            Tx<T> tx = new Tx<>(this, commit);
            try {
                R result = body.apply(tx);
                if (commit) {
                    tx.commit();
                }
                return result;
            } catch (IllegalStateException | IndexOutOfBoundsException | ClassCastException
                     | java.util.NoSuchElementException | NullPointerException broken) {
                // what reads that disagree raise (a node listed twice, a number missing): retried while a
                // concurrent change explains it, and thrown once it has persisted with nothing to explain it
                if (!tx.overtaken()) {
                    suspect(broken, ++suspects);
                } else {
                    retry(operation, ++conflicts);
                }
            } catch (Retry retry) {
                if (retry.suspect != null) {
                    suspect(retry.suspect, ++suspects);
                } else if (retry.conflict) {
                    retry(operation, ++conflicts);
                }
            }
        }
    }

    /** Throws {@code broken} once reads disagreed that many times with no change to explain it, else pauses. */
    private void suspect(RuntimeException broken, int suspects) {
        if (suspects >= MAX_SUSPECT_ATTEMPTS) {
            throw broken;
        }
        sleep(1L << suspects);
    }

    /** Pauses before another attempt, or gives up after the configured number. */
    private void retry(String operation, int conflicts) {
        if (conflicts >= options.maxAttempts()) {
            throw new TreeConflictException(name, operation, conflicts);
        }
        sleep(ThreadLocalRandom.current().nextLong(1, 2L + Math.min(64, 1L << Math.min(conflicts, 6))));
    }

    /**
     * Deals with a pending change found in the header: completes it when its lease has run out (or when
     * {@code force}), otherwise waits a little for its writer to finish.
     */
    void settle(Header header, boolean force) {
        Header.Intent intent = header.intent().orElseThrow();
        long age = System.currentTimeMillis() - intent.at();
        long lease = options.lease().toMillis();
        if (force || age >= lease) {
            Journal.rollForward(this, header);
        } else {
            sleep(Math.max(1, Math.min(25, lease - age)));
        }
    }

    /** Sleeps; an interrupt ends the operation with a {@link TreeException}, keeping the interrupt flag. */
    void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TreeException(name, "interrupted while waiting to retry; nothing more was written", e);
        }
    }

    /** A payload's attributes as stored, checked to be present. */
    Value encode(String id, T payload) {
        Objects.requireNonNull(payload, () -> "payload of node '" + id + "' must not be null");
        Map<String, Value> attributes = codec.encode(payload);
        if (attributes == null) {
            throw new IllegalArgumentException("the payload codec returned null for node '" + id + "'");
        }
        return Value.map(attributes);
    }

    T decode(Value stored) {
        if (!(stored instanceof Value.MapValue map)) {
            throw new IllegalStateException("a stored payload of tree '" + name + "' is not a map: " + stored);
        }
        return codec.decode(map.value());
    }

    /** The node an item of any layout holds: its id, parent and payload attributes. */
    TreeNode<T> node(Item item) {
        return new TreeNode<>(Layout.string(item, Layout.ID), Layout.parent(item),
                decode(item.get(Layout.PAYLOAD).orElseThrow(() -> new IllegalStateException(
                        "item " + item.key() + " of tree '" + name + "' lacks its payload"))));
    }

    /** The label of a node in readable paths: the configured function of its payload, or its id. */
    String label(String id, T payload) {
        if (options.label() == null) {
            return id;
        }
        String label = options.label().apply(payload);
        String problem = NodeNames.labelProblem(label);
        if (problem != null) {
            throw new IllegalArgumentException("the label of node '" + id + "' " + problem);
        }
        return label;
    }

    /** Optional-returning lookup used by layouts: the item at a sort key among those read. */
    static Optional<Item> at(Map<String, Item> read, String sortKey) {
        return Optional.ofNullable(read.get(sortKey));
    }
}
