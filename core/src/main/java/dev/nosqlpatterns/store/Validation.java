package dev.nosqlpatterns.store;

import dev.nosqlpatterns.store.spi.Capabilities;
import dev.nosqlpatterns.store.model.Capability;
import dev.nosqlpatterns.store.model.Condition;
import dev.nosqlpatterns.store.model.InvalidKeyException;
import dev.nosqlpatterns.store.model.InvalidRequestException;
import dev.nosqlpatterns.store.model.ItemRef;
import dev.nosqlpatterns.store.model.ItemTooLargeException;
import dev.nosqlpatterns.store.model.Limits;
import dev.nosqlpatterns.store.model.Query;
import dev.nosqlpatterns.store.model.SortKeyCondition;
import dev.nosqlpatterns.store.model.TableNotFoundException;
import dev.nosqlpatterns.store.model.TableSpec;
import dev.nosqlpatterns.store.model.UnsupportedCapabilityException;
import dev.nosqlpatterns.store.model.UpdateAction;
import dev.nosqlpatterns.store.model.Write;
import dev.nosqlpatterns.item.Expiry;
import dev.nosqlpatterns.item.Key;
import dev.nosqlpatterns.item.Value;
import dev.nosqlpatterns.key.Utf8Order;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

/** Checks requests against the declared tables and the store's limits before any of them reaches a backend. */
final class Validation {
    private final Limits limits;
    private final Set<String> tables;

    Validation(Limits limits, Set<String> tables) {
        this.limits = limits;
        this.tables = tables;
    }

    void table(String table) {
        if (table == null) {
            throw new NullPointerException("table must not be null");
        }
        if (!tables.contains(table)) {
            TableSpec.checkName(table);
            throw new TableNotFoundException(table);
        }
    }

    void key(String table, Key key) {
        table(table);
        if (key == null) {
            throw new NullPointerException("key must not be null (table '" + table + "')");
        }
        part(table, key, "partition", key.partition(), limits.maxPartitionKeyBytes());
        part(table, key, "sort", key.sort(), limits.maxSortKeyBytes());
    }

    /** Whether the store could hold an item at {@code key} of a known table: {@link #key} would pass it. */
    boolean storable(String table, Key key) {
        try {
            key(table, key);
            return true;
        } catch (dev.nosqlpatterns.store.model.InvalidKeyException e) {
            return false;
        }
    }

    private static void part(String table, Key key, String which, String value, int maxBytes) {
        if (value.isEmpty()) {
            throw new InvalidKeyException(table, key, "the " + which + " key is empty");
        }
        encodable(table, key, "the " + which + " key", value);
        int bytes = Utf8Order.utf8Length(value);
        if (bytes > maxBytes) {
            throw new InvalidKeyException(table, key, "the " + which + " key is " + bytes
                    + " UTF-8 bytes, more than the store's limit of " + maxBytes);
        }
    }

    /**
     * Refuses text UTF-8 cannot encode (an unpaired surrogate), for keys and for sort-key bounds alike:
     * no store can hold it, and each would answer differently.
     */
    private static void encodable(String table, Key key, String what, String value) {
        int bad = Utf8Order.firstUnpairedSurrogate(value);
        if (bad >= 0) {
            throw new InvalidKeyException(table, key, what + " has an unpaired surrogate U+"
                    + Integer.toHexString(value.charAt(bad)).toUpperCase() + " at index " + bad);
        }
    }

    /** Refuses a sort-key condition with a bound no sort key can hold, before anything is read. */
    static void sortCondition(String table, Key key, SortKeyCondition condition) {
        Objects.requireNonNull(condition, "sort key condition must not be null");
        String[] bounds = condition instanceof SortKeyCondition.BeginsWith b ? new String[] {b.prefix()}
                : condition instanceof SortKeyCondition.EqualTo e ? new String[] {e.value()}
                : condition instanceof SortKeyCondition.Between b ? new String[] {b.low(), b.high()}
                : condition instanceof SortKeyCondition.Compare c ? new String[] {c.value()} : new String[0];
        for (String bound : bounds) {
            encodable(table, key, "the bound of the sort key condition " + name(condition), bound);
        }
    }

    private static String name(SortKeyCondition condition) {
        String type = condition.getClass().getSimpleName();
        return condition instanceof SortKeyCondition.Compare c ? c.operator().name()
                : Character.toLowerCase(type.charAt(0)) + type.substring(1);
    }

    void write(Write write) {
        key(write.table(), write.key());
        condition(write);
        if (write instanceof Write.Put put) {
            put.item().attributes().forEach((name, value) -> refuse(write,
                    TextChecks.valueProblem(value, () -> "attribute " + TextChecks.quote(name))));
            put.item().get(Expiry.ATTRIBUTE).ifPresent(v -> refuse(write, Expiry.problem(v)));
        }
        if (write instanceof Write.Update update) {
            for (UpdateAction a : update.actions()) {
                if (a.attribute().equals(Expiry.ATTRIBUTE)) {
                    refuse(write, java.util.Optional.of("an update cannot change the expiry attribute '"
                            + Expiry.ATTRIBUTE + "' (" + a + "); put the whole item to set or clear its expiry"));
                }
                refuse(write, TextChecks.nameProblem(a.attribute(), () -> "the attribute name " + TextChecks.quote(a.attribute())
                        + " of an update"));
                Value v = a instanceof UpdateAction.Set s ? s.value() : a instanceof UpdateAction.AddToSet add
                        ? add.members() : a instanceof UpdateAction.RemoveFromSet rm ? rm.members() : null;
                if (v != null) {
                    refuse(write, TextChecks.valueProblem(v, () -> "attribute " + TextChecks.quote(a.attribute()) + " of an update"));
                }
            }
        }
        if (write instanceof Write.Put put) {
            int size = put.item().sizeInBytes();
            if (size > limits.maxItemBytes()) {
                throw new ItemTooLargeException(put.table(), put.key(), "the item is " + size
                        + " bytes, more than the store's limit of " + limits.maxItemBytes() + "; its largest "
                        + "attributes: " + largest(put.item()));
            }
        }
        if (write instanceof Write.Update update) {
            for (UpdateAction a : update.actions()) {
                if (a instanceof UpdateAction.Set s && s.value().sizeInBytes() > limits.maxItemBytes()) {
                    throw new ItemTooLargeException(update.table(), update.key(), "the value set on '"
                            + a.attribute() + "' alone exceeds the store's item limit of " + limits.maxItemBytes());
                }
            }
        }
    }

    /** The three largest attributes of {@code item}, each named with its size, largest first. */
    static String largest(dev.nosqlpatterns.item.Item item) {
        return item.attributes().entrySet().stream()
                .sorted(java.util.Map.Entry.<String, Value>comparingByValue(
                        java.util.Comparator.comparingInt(Value::sizeInBytes)).reversed())
                .limit(3).map(e -> TextChecks.quote(e.getKey()) + " (" + e.getValue().sizeInBytes() + " bytes)")
                .collect(java.util.stream.Collectors.joining(", "));
    }

    void query(Query query) {
        table(query.table());
        Key key = new Key(query.partition(), "");
        part(query.table(), key, "partition", query.partition(), limits.maxPartitionKeyBytes());
        sortCondition(query.table(), key, query.condition());
    }

    private static void condition(Write write) {
        if (write.condition() instanceof Condition.AttributeEquals eq) {
            refuse(write, TextChecks.nameProblem(eq.name(), () -> "the attribute name " + TextChecks.quote(eq.name()) + " of a condition")
                    .or(() -> TextChecks.valueProblem(eq.value(), () -> "the value of the condition on " + TextChecks.quote(eq.name()))));
        }
    }

    private static void refuse(Write write, java.util.Optional<String> problem) {
        problem.ifPresent(p -> {
            throw new InvalidRequestException(write.table(), write.key(), p + "; nothing was written");
        });
    }


    void batchWrite(Write write) {
        if (write == null) {
            throw new NullPointerException("a batch must not contain null writes");
        }
        if (!(write instanceof Write.Put) && !(write instanceof Write.Delete)) {
            throw new InvalidRequestException(write.table(), write.key(),
                    "a batch takes only puts and deletes, got " + write.getClass().getSimpleName()
                            + "; use update() or writeAtomically()");
        }
        if (!(write.condition() instanceof Condition.None)) {
            throw new InvalidRequestException(write.table(), write.key(),
                    "a batch write cannot have a condition (" + write.condition() + "); use writeAtomically()");
        }
        write(write);
    }

    void atomicWrite(List<Write> writes, Capabilities capabilities, String kind) {
        Set<ItemRef> seen = new HashSet<>();
        long bytes = 0;
        for (Write w : writes) {
            if (w == null) {
                throw new NullPointerException("an atomic write must not contain null writes");
            }
            write(w);
            if (!seen.add(new ItemRef(w.table(), w.key()))) {
                throw new InvalidRequestException(w.table(), w.key(),
                        "an atomic write may touch each item once; merge the writes to this item");
            }
            if (w instanceof Write.Put p) {
                bytes += p.item().sizeInBytes();
            }
        }
        if (writes.isEmpty()) {
            return;
        }
        boolean onePartition = writes.stream().map(w -> w.table() + '\u0000' + w.key().partition())
                .distinct().count() == 1;
        if (!capabilities.canWriteAtomically(onePartition)) {
            throw new UnsupportedCapabilityException(kind, onePartition
                    ? Capability.ATOMIC_WRITES_SINGLE_PARTITION : Capability.ATOMIC_WRITES,
                    writes.size() + " writes" + (onePartition ? " in one partition" : " across partitions"));
        }
        if (writes.size() > limits.maxAtomicWriteItems()) {
            throw new InvalidRequestException("an atomic write of " + writes.size()
                    + " items exceeds the store's limit of " + limits.maxAtomicWriteItems()
                    + " items; it is refused rather than split, since split parts would not be atomic");
        }
        if (bytes > limits.maxAtomicWriteBytes()) {
            throw new ItemTooLargeException(writes.get(0).table(), writes.get(0).key(), "the atomic write holds "
                    + bytes + " bytes of items, more than the store's limit of " + limits.maxAtomicWriteBytes());
        }
    }

    /** The one table a list of requests touches, or "*" when several. */
    static <T> String tableOf(List<T> items, Function<T, String> table) {
        String first = table.apply(items.get(0));
        for (T t : items) {
            if (!first.equals(table.apply(t))) {
                return "*";
            }
        }
        return first;
    }
}
