package dev.nosqlpatterns.key;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A sort key naming an entity type and then the parts that identify one item of it, in the style
 * of single-table designs: {@code REGN|NZ}, {@code DETL|tt0111161}, or just {@code RTNG} for a
 * type with one item per partition.
 *
 * <p>Why: when several entity types share one partition, a type tag at the front of the sort key
 * groups each type's items together, so "all regions of this title" is one prefix query
 * ({@link #prefixOf}).
 *
 * <p>Encoding: {@code type ("|" part)*}. The type is an ASCII letter followed by ASCII letters,
 * digits, '_', '-' or '.'. Parts are arbitrary strings (possibly empty, but without unpaired
 * surrogates); in them '%', '|', the C0 controls and DEL are written as '%' plus two upper-case
 * hex digits ({@code a|b} becomes {@code a%7Cb}). {@code RTNG} has no parts while {@code RTNG|}
 * has one empty part. {@link #parse} accepts exactly the strings {@link #encode} produces.
 * Escaping does not keep the order of parts; use {@link CompositeKeyCodec} where sort order
 * matters.
 *
 * @param type  the entity type tag, e.g. {@code REGN}
 * @param parts the identifying parts, possibly none; an unmodifiable copy
 */
public record EntityKey(String type, List<String> parts) {

    private static final PercentCodec ESCAPES = new PercentCodec("|");

    /** Validates both components; see the class description for the rules. */
    public EntityKey {
        Checks.identifier("entity type", type);
        parts = Checks.wellFormedStrings("parts", parts);
    }

    /** The key {@code type|parts[0]|parts[1]...}, or just {@code type} when there are no parts. */
    public static EntityKey of(String type, String... parts) {
        Objects.requireNonNull(parts, "parts is null");
        return new EntityKey(type, Arrays.asList(parts));
    }

    /**
     * Parses an encoded key.
     *
     * @throws IllegalArgumentException naming the text and the position of the problem when it is
     *                                  not exactly the encoding of some key
     */
    public static EntityKey parse(String text) {
        Objects.requireNonNull(text, "entity key text is null");
        String what = "entity key " + Checks.quote(text);
        int bar = text.indexOf('|');
        int typeEnd = bar < 0 ? text.length() : bar;
        String type;
        try {
            type = Checks.identifier("entity type", text.substring(0, typeEnd));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(what + ": " + e.getMessage(), e);
        }
        Checks.noUnpairedSurrogate(what, text);
        List<String> parts = new ArrayList<>();
        if (bar >= 0) {
            int start = bar + 1;
            for (int i = start; i <= text.length(); i++) {
                if (i == text.length() || text.charAt(i) == '|') {
                    parts.add(ESCAPES.unescape(text, start, i, what));
                    start = i + 1;
                }
            }
        }
        return new EntityKey(type, parts);
    }

    /**
     * The string {@code type + "|"}: an encoded key starts with it exactly when the key has this
     * type and at least one part. It never matches another type that merely begins with the same
     * letters ({@code REG|} does not match {@code REGN|NZ}). The part-less key of the type, if
     * used, is the string {@code type} itself and is fetched by equality, not by this prefix.
     */
    public static String prefixOf(String type) {
        return Checks.identifier("entity type", type) + "|";
    }

    /**
     * The string {@code encode() + "|"}: an encoded key starts with it exactly when the key has
     * this type, more parts than this key, and this key's parts as its leading parts.
     */
    public String childPrefix() {
        return encode() + "|";
    }

    /** The canonical text form, e.g. {@code REGN|NZ}. */
    public String encode() {
        StringBuilder out = new StringBuilder(type.length() + 16).append(type);
        for (String part : parts) {
            ESCAPES.escape(part, out.append('|'));
        }
        return out.toString();
    }

    /** Same as {@link #encode()}. */
    @Override
    public String toString() {
        return encode();
    }
}
