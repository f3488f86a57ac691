package dev.nosqlpatterns.store.model;

import dev.nosqlpatterns.key.Utf8Order;
import java.util.Objects;
import java.util.Optional;

/**
 * Which sort keys of one partition a query selects, in UTF-8 byte order.
 *
 * <p>Each condition is also a range: {@link #lower()} and {@link #upper()} give its bounds, so a
 * store without a native operator (a prefix, say) can still run it as a range.
 *
 * <p>A bound holding an unpaired surrogate cannot be encoded in UTF-8, so no sort key can equal it; the
 * {@code Store} refuses such a condition before anything is read, with the message a key gets.
 */
public sealed interface SortKeyCondition {

    /** True when {@code sortKey} satisfies this condition. */
    boolean matches(String sortKey);

    /** The lower bound, if any. */
    Optional<Bound> lower();

    /** The upper bound, if any. */
    Optional<Bound> upper();

    /** One end of a range of sort keys. */
    record Bound(String value, boolean inclusive) {
        public Bound {
            Objects.requireNonNull(value, "bound must not be null");
        }
    }

    static SortKeyCondition all() {
        return All.INSTANCE;
    }

    static SortKeyCondition equalTo(String value) {
        return new EqualTo(value);
    }

    static SortKeyCondition beginsWith(String prefix) {
        return new BeginsWith(prefix);
    }

    /** Sort keys from {@code low} to {@code high}, both inclusive. */
    static SortKeyCondition between(String low, String high) {
        return new Between(low, high);
    }

    static SortKeyCondition greaterThan(String value) {
        return new Compare(value, Operator.GT);
    }

    static SortKeyCondition greaterOrEqual(String value) {
        return new Compare(value, Operator.GE);
    }

    static SortKeyCondition lessThan(String value) {
        return new Compare(value, Operator.LT);
    }

    static SortKeyCondition lessOrEqual(String value) {
        return new Compare(value, Operator.LE);
    }

    /** Every sort key. */
    record All() implements SortKeyCondition {
        static final All INSTANCE = new All();

        @Override
        public boolean matches(String sortKey) {
            return true;
        }

        @Override
        public Optional<Bound> lower() {
            return Optional.empty();
        }

        @Override
        public Optional<Bound> upper() {
            return Optional.empty();
        }
    }

    /** Exactly one sort key. */
    record EqualTo(String value) implements SortKeyCondition {
        public EqualTo {
            Objects.requireNonNull(value, "sort key must not be null");
        }

        @Override
        public boolean matches(String sortKey) {
            return value.equals(sortKey);
        }

        @Override
        public Optional<Bound> lower() {
            return Optional.of(new Bound(value, true));
        }

        @Override
        public Optional<Bound> upper() {
            return Optional.of(new Bound(value, true));
        }
    }

    /** Sort keys starting with a prefix: the range {@code [prefix, Utf8Order.prefixUpperBound(prefix))}. */
    record BeginsWith(String prefix) implements SortKeyCondition {
        public BeginsWith {
            Objects.requireNonNull(prefix, "prefix must not be null");
        }

        @Override
        public boolean matches(String sortKey) {
            return sortKey.startsWith(prefix);
        }

        @Override
        public Optional<Bound> lower() {
            return prefix.isEmpty() ? Optional.empty() : Optional.of(new Bound(prefix, true));
        }

        @Override
        public Optional<Bound> upper() {
            return Utf8Order.prefixUpperBound(prefix).map(p -> new Bound(p, false));
        }
    }

    /** Sort keys from {@code low} to {@code high}, both inclusive. */
    record Between(String low, String high) implements SortKeyCondition {
        public Between {
            Objects.requireNonNull(low, "low bound must not be null");
            Objects.requireNonNull(high, "high bound must not be null");
            // A bound with an unpaired surrogate is refused by the Store with the message a key gets; no order here.
            if (Utf8Order.firstUnpairedSurrogate(low) < 0 && Utf8Order.firstUnpairedSurrogate(high) < 0
                    && Utf8Order.compare(low, high) > 0) {
                throw new IllegalArgumentException("between('" + low + "', '" + high
                        + "'): the low bound sorts after the high bound");
            }
        }

        @Override
        public boolean matches(String sortKey) {
            return Utf8Order.compare(sortKey, low) >= 0 && Utf8Order.compare(sortKey, high) <= 0;
        }

        @Override
        public Optional<Bound> lower() {
            return Optional.of(new Bound(low, true));
        }

        @Override
        public Optional<Bound> upper() {
            return Optional.of(new Bound(high, true));
        }
    }

    /** Comparison operators for {@link Compare}. */
    enum Operator { GT, GE, LT, LE }

    /** Sort keys greater or less than a value. */
    record Compare(String value, Operator operator) implements SortKeyCondition {
        public Compare {
            Objects.requireNonNull(value, "sort key must not be null");
            Objects.requireNonNull(operator, "operator must not be null");
        }

        @Override
        public boolean matches(String sortKey) {
            int c = Utf8Order.compare(sortKey, value);
            return switch (operator) {
                case GT -> c > 0;
                case GE -> c >= 0;
                case LT -> c < 0;
                case LE -> c <= 0;
            };
        }

        @Override
        public Optional<Bound> lower() {
            return switch (operator) {
                case GT -> Optional.of(new Bound(value, false));
                case GE -> Optional.of(new Bound(value, true));
                default -> Optional.empty();
            };
        }

        @Override
        public Optional<Bound> upper() {
            return switch (operator) {
                case LT -> Optional.of(new Bound(value, false));
                case LE -> Optional.of(new Bound(value, true));
                default -> Optional.empty();
            };
        }
    }
}
