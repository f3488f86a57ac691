package dev.nosqlpatterns.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A typed, human-readable identifier such as {@code author:neumann} or
 * {@code article:neumann/theory_of_automata}: a scheme naming the kind of thing, then one or
 * more path segments.
 *
 * <p>Why: ids of this shape read well in logs and consoles, carry their own type, and can be
 * listed hierarchically with a prefix query ({@link #childPrefix()}, {@link #schemePrefix}).
 *
 * <p>Encoding: {@code scheme ":" segment ("/" segment)*}. The scheme is an ASCII letter followed
 * by ASCII letters, digits, '_', '-' or '.'. Segments are arbitrary strings (possibly empty, but
 * without unpaired surrogates); in them '%', ':', '/', the C0 controls and DEL are written as
 * '%' plus two upper-case hex digits ({@code a/b} becomes {@code a%2Fb}) and nothing else is
 * escaped. {@link #parse} accepts exactly the strings {@link #encode} produces, so
 * {@code parse(id.encode()).equals(id)} and every id has one spelling. Escaping does not keep
 * the order of segments; use {@link CompositeKeyCodec} where sort order matters.
 *
 * @param scheme   the kind of thing identified, e.g. {@code article}
 * @param segments the path below the scheme, at least one element; an unmodifiable copy
 */
public record CompactId(String scheme, List<String> segments) {

    private static final PercentCodec ESCAPES = new PercentCodec(":/");

    /** Validates both components; see the class description for the rules. */
    public CompactId {
        Checks.identifier("scheme", scheme);
        segments = Checks.wellFormedStrings("segments", segments);
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("compact id with scheme " + Checks.quote(scheme)
                    + " needs at least one segment");
        }
    }

    /** The id {@code scheme:segments[0]/segments[1]/...}. */
    public static CompactId of(String scheme, String... segments) {
        Objects.requireNonNull(segments, "segments is null");
        return new CompactId(scheme, Arrays.asList(segments));
    }

    /**
     * Parses an encoded id.
     *
     * @throws IllegalArgumentException naming the text and the position of the problem when it is
     *                                  not exactly the encoding of some id
     */
    public static CompactId parse(String text) {
        Objects.requireNonNull(text, "compact id text is null");
        String what = "compact id " + Checks.quote(text);
        int colon = text.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException(what + " has no ':' after its scheme");
        }
        String scheme;
        try {
            scheme = Checks.identifier("scheme", text.substring(0, colon));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
        Checks.noUnpairedSurrogate(what, text);
        List<String> segments = new ArrayList<>();
        int start = colon + 1;
        for (int i = start; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '/') {
                segments.add(ESCAPES.unescape(text, start, i, what));
                start = i + 1;
            }
        }
        return new CompactId(scheme, segments);
    }

    /**
     * The string {@code S + ":"}: exactly the encoded ids whose scheme is {@code scheme} start
     * with it.
     */
    public static String schemePrefix(String scheme) {
        return Checks.identifier("scheme", scheme) + ":";
    }

    /** This id with {@code segment} appended, e.g. {@code author:neumann} to {@code author:neumann/x}. */
    public CompactId child(String segment) {
        List<String> longer = new ArrayList<>(segments);
        longer.add(Checks.wellFormed("segment", segment));
        return new CompactId(scheme, longer);
    }

    /**
     * The string {@code encode() + "/"}: an encoded id starts with it exactly when the id has this
     * scheme and more segments than this id, and its leading segments are this id's segments.
     * For example {@code article:neumann/} lists every article under {@code neumann}.
     */
    public String childPrefix() {
        return encode() + "/";
    }

    /** The canonical text form, {@code scheme:seg1/seg2}. */
    public String encode() {
        StringBuilder out = new StringBuilder(scheme.length() + 16).append(scheme).append(':');
        for (int i = 0; i < segments.size(); i++) {
            if (i > 0) {
                out.append('/');
            }
            ESCAPES.escape(segments.get(i), out);
        }
        return out.toString();
    }

    /** Same as {@link #encode()}. */
    @Override
    public String toString() {
        return encode();
    }
}
