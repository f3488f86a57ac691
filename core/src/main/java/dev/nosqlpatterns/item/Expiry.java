package dev.nosqlpatterns.item;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The time an item expires: the number attribute {@value #ATTRIBUTE} holding epoch milliseconds.
 *
 * <p>An item with an expiry instant at or before the store's clock is expired: every read of the store
 * ({@code get}, {@code getAll}, {@code query}, {@code scan}, native index reads) leaves it out, whether or
 * not the store has removed it yet. A condition that fails on it is judged again as if it were absent (a put
 * if absent succeeds), and an update starts from nothing. A condition that an item exists or holds a value
 * may still be met by an item that expired after the writer read it: the write then acts as if it had come
 * just before the expiry, as it would have a moment earlier. Stores with
 * their own expiry (a TTL attribute, a TTL per row, a key expiry, a TTL index) are handed the instant
 * too and remove the item some time later; the others remove it in a sweep. Data derived from an item (index
 * entries, copies, cells, postings, shadow rows) carries the item's expiry ({@link #copy}), so that it
 * expires with it.
 *
 * <p>A put sets or clears the expiry with the rest of the item; an update keeps it and cannot change it.
 * The value is checked when written: a whole number of milliseconds from {@link #EARLIEST} to
 * {@link #LATEST}.
 */
public final class Expiry {
    /** The name of the attribute holding the expiry instant, in epoch milliseconds. */
    public static final String ATTRIBUTE = "~expiresAt";
    /** The earliest expiry instant an item may carry: the epoch. */
    public static final Instant EARLIEST = Instant.EPOCH;
    /** The latest expiry instant an item may carry: the end of the year 9999 (UTC). */
    public static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    private Expiry() {
    }

    /**
     * The item with its expiry set to {@code instant}, truncated to milliseconds.
     *
     * @throws IllegalArgumentException when the instant is before {@link #EARLIEST} or after {@link #LATEST}
     */
    public static Item at(Item item, Instant instant) {
        Objects.requireNonNull(item, "item must not be null");
        Objects.requireNonNull(instant, "expiry instant must not be null");
        if (instant.isBefore(EARLIEST) || instant.isAfter(LATEST)) {
            throw new IllegalArgumentException("expiry instant " + instant + " of item " + item.key()
                    + " is outside " + EARLIEST + " .. " + LATEST);
        }
        return item.toBuilder().put(ATTRIBUTE, instant.toEpochMilli()).build();
    }

    /** The item without an expiry: it stays until deleted. */
    public static Item clear(Item item) {
        Objects.requireNonNull(item, "item must not be null");
        return item.has(ATTRIBUTE) ? item.toBuilder().remove(ATTRIBUTE).build() : item;
    }

    /**
     * {@code derived} with the expiry of {@code source}: set to it when the source has one, removed when
     * it has none. Used for index entries, copies, cells, postings and shadow rows of an item.
     */
    public static Item copy(Item source, Item derived) {
        Objects.requireNonNull(source, "source item must not be null");
        Objects.requireNonNull(derived, "derived item must not be null");
        Optional<Value> expiry = source.get(ATTRIBUTE);
        if (expiry.isEmpty()) {
            return clear(derived);
        }
        return derived.toBuilder().put(ATTRIBUTE, expiry.get()).build();
    }

    /**
     * The expiry instant of the item, or empty when it has none.
     *
     * @throws IllegalStateException when the attribute holds something other than a number
     */
    public static Optional<Instant> of(Item item) {
        return millis(item).map(Instant::ofEpochMilli);
    }

    /** The expiry of the item in epoch milliseconds, or empty when it has none. */
    public static Optional<Long> millis(Item item) {
        Objects.requireNonNull(item, "item must not be null");
        return item.getNumber(ATTRIBUTE).map(BigDecimal::longValue);
    }

    /** True when the item has an expiry at or before {@code nowMillis} (epoch milliseconds). */
    public static boolean isExpired(Item item, long nowMillis) {
        Value v = item.attributes().get(ATTRIBUTE);
        return v instanceof Value.Num n && n.value().longValue() <= nowMillis;
    }

    /**
     * The problem with an expiry attribute value, or empty when it is a valid one: a whole number of epoch
     * milliseconds from {@link #EARLIEST} to {@link #LATEST}.
     */
    public static Optional<String> problem(Value value) {
        if (!(value instanceof Value.Num n)) {
            return Optional.of("the expiry attribute '" + ATTRIBUTE + "' must be a number of epoch milliseconds, got "
                    + value.type() + " " + value);
        }
        BigDecimal v = n.value();
        if (v.stripTrailingZeros().scale() > 0 || v.compareTo(BigDecimal.valueOf(EARLIEST.toEpochMilli())) < 0
                || v.compareTo(BigDecimal.valueOf(LATEST.toEpochMilli())) > 0) {
            return Optional.of("the expiry attribute '" + ATTRIBUTE + "' must be whole epoch milliseconds from "
                    + EARLIEST.toEpochMilli() + " to " + LATEST.toEpochMilli() + ", got " + v.toPlainString());
        }
        return Optional.empty();
    }
}
