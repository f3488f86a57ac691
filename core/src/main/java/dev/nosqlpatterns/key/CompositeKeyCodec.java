package dev.nosqlpatterns.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * Encodes a tuple of typed values (see {@link SegmentType}) as one sort-key string whose UTF-8
 * byte order ({@link Utf8Order#COMPARATOR}) is the lexicographic order of the tuples: strings by
 * code point, numbers numerically, {@code false} before {@code true}, instants chronologically.
 *
 * <p>Why: stores order sort keys only as strings, yet models need keys such as
 * (country, city, population) or (user, timestamp) to sort and range-scan by value. Every segment
 * is written as a self-delimiting token followed by '!', so {@link #prefix} of the leading values
 * selects exactly the keys with those leading values: {@code prefix("CA")} matches
 * {@code CA!!...} but not {@code CAL!!...}. Use {@link Utf8Order#prefixUpperBound} to turn a
 * prefix into a range.
 *
 * <p>For example {@code of(STRING, STRING, LONG).encode("CA", "Los Angeles", 42L)} is
 * {@code CA!!Los!_Angeles!!800000000000002A!}. Output never contains U+0000 or an unpaired
 * surrogate, and {@code decode(encode(x))} equals {@code x} after the normalisation that
 * {@link SegmentType} documents (for example {@code Integer} to {@code Long}, {@code 1.50} to
 * {@code 1.5}). Instances are immutable and thread-safe.
 *
 * @param types the segment types in key order, at least one; an unmodifiable copy
 */
public record CompositeKeyCodec(List<SegmentType> types) {

    /** Validates and copies {@code types}. */
    public CompositeKeyCodec {
        Objects.requireNonNull(types, "segment types are null");
        if (types.isEmpty()) {
            throw new IllegalArgumentException("a composite key needs at least one segment type");
        }
        for (int i = 0; i < types.size(); i++) {
            if (types.get(i) == null) {
                throw new NullPointerException("segment type " + i + " is null in " + types);
            }
        }
        types = List.copyOf(types);
    }

    /** A codec for keys with the given segment types, in order. */
    public static CompositeKeyCodec of(SegmentType... types) {
        Objects.requireNonNull(types, "segment types are null");
        return new CompositeKeyCodec(Arrays.asList(types));
    }

    /** The number of segments in a key. */
    public int arity() {
        return types.size();
    }

    /** Encodes one value per segment; see {@link #encode(List)}. */
    public String encode(Object... values) {
        Objects.requireNonNull(values, "values are null");
        return encode(Arrays.asList(values));
    }

    /**
     * Encodes one value per segment.
     *
     * @throws IllegalArgumentException for the wrong number of values, a value of the wrong type or
     *                                  a string with an unpaired surrogate, naming the segment
     * @throws NullPointerException     for a null value, naming the segment
     */
    public String encode(List<?> values) {
        Objects.requireNonNull(values, "values are null");
        if (values.size() != types.size()) {
            throw new IllegalArgumentException("expected " + types.size() + " values " + types
                    + " but got " + values.size() + ": " + describe(values));
        }
        return write(values);
    }

    /** The prefix selecting keys that start with the given values; see {@link #prefix(List)}. */
    public String prefix(Object... leadingValues) {
        Objects.requireNonNull(leadingValues, "leading values are null");
        return prefix(Arrays.asList(leadingValues));
    }

    /**
     * A string P such that an encoded key starts with P exactly when its first
     * {@code leadingValues.size()} segments equal {@code leadingValues} (decimals compared
     * numerically). With no values P is empty; with all of them P is the whole key.
     *
     * @throws IllegalArgumentException for more values than segments, or a bad value as in
     *                                  {@link #encode(List)}
     */
    public String prefix(List<?> leadingValues) {
        Objects.requireNonNull(leadingValues, "leading values are null");
        if (leadingValues.size() > types.size()) {
            throw new IllegalArgumentException("a prefix takes at most " + types.size() + " values "
                    + types + " but got " + leadingValues.size() + ": " + describe(leadingValues));
        }
        return write(leadingValues);
    }

    /**
     * Decodes a key produced by {@link #encode}, returning an unmodifiable list of
     * {@code String}, {@code Long}, {@code BigDecimal}, {@code Instant} and {@code Boolean}
     * values.
     *
     * @throws IllegalArgumentException when {@code key} is not exactly the encoding of a tuple of
     *                                  this codec's types, naming the segment and offset at fault
     */
    public List<Object> decode(String key) {
        Objects.requireNonNull(key, "key is null");
        KeyReader in = new KeyReader(key);
        List<Object> values = new ArrayList<>(types.size());
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < types.size(); i++) {
            SegmentType type = types.get(i);
            in.begin(i, type);
            int start = in.position();
            Object value = type.read(in);
            if (type.readsCanonicalOnly()) {
                values.add(value);
                continue;
            }
            expected.setLength(0);
            type.write(value, expected);
            int length = in.position() - start;
            if (length != expected.length() || !key.startsWith(expected.toString(), start)) {
                throw in.error(start, "not in canonical form: " + Checks.describeValue(value)
                        + " is written " + Checks.quote(expected.toString()) + ", not "
                        + Checks.quote(key.substring(start, in.position())));
            }
            values.add(value);
        }
        if (!in.atEnd()) {
            in.begin(-1, null);
            throw in.error("unexpected text after the last of " + types.size() + " segments: "
                    + Checks.quote(key.substring(in.position())));
        }
        return Collections.unmodifiableList(values);
    }

    private String write(List<?> values) {
        StringBuilder out = new StringBuilder(16 * values.size());
        for (int i = 0; i < values.size(); i++) {
            SegmentType type = types.get(i);
            Object value = values.get(i);
            if (value == null) {
                throw new NullPointerException(type.subject(i) + " value is null");
            }
            type.write(type.normalise(value, i), out);
        }
        return out.toString();
    }

    private static String describe(List<?> values) {
        StringJoiner joined = new StringJoiner(", ", "[", "]");
        for (Object value : values) {
            joined.add(Checks.describeValue(value));
        }
        return joined.toString();
    }
}
