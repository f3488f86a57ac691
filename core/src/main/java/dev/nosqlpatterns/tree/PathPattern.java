package dev.nosqlpatterns.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A pattern over the label paths of a {@link PathTree}, written like a path from the root:
 * <code>/Apparel/&#42;/Shoes</code> (any node labelled Shoes two levels below Apparel),
 * <code>/&#42;&#42;/Shoes/&#42;&#42;</code> (every node labelled Shoes and everything under one),
 * <code>/&#42;&#42;/Shoes/&#42;/&#42;&#42;</code> (only what lies under one).
 *
 * <p>Segments are separated by {@code '/'} (a leading one is optional): {@code *} matches exactly one
 * label, {@code **} any number of labels including none, anything else one label exactly. The pattern
 * matches a node when it matches the node's whole path from the root. {@link #regex()} gives the
 * equivalent regular expression over the stored path string, which is what a store or search engine
 * that evaluates regular expressions can run itself.
 *
 * @param segments the segments, each {@code *}, {@code **} or a label; at least one
 */
public record PathPattern(List<String> segments) {

    /** Matches exactly one label. */
    public static final String ONE = "*";
    /** Matches any number of labels, including none. */
    public static final String ANY = "**";

    public PathPattern {
        Objects.requireNonNull(segments, "pattern segments must not be null");
        segments = List.copyOf(segments);
        if (segments.isEmpty()) {
            throw new IllegalArgumentException("a path pattern needs at least one segment");
        }
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            String s = segments.get(i);
            if (!s.equals(ONE) && !s.equals(ANY)) {
                String problem = NodeNames.labelProblem(s);
                if (problem != null) {
                    problems.add("segment " + i + " " + problem);
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid path pattern " + segments + ": " + String.join("; ", problems));
        }
    }

    /** Parses a pattern such as <code>/a/&#42;/b/&#42;&#42;</code>; see the class description. */
    public static PathPattern parse(String pattern) {
        Objects.requireNonNull(pattern, "pattern must not be null");
        String body = pattern.startsWith("/") ? pattern.substring(1) : pattern;
        if (body.isEmpty()) {
            throw new IllegalArgumentException("path pattern '" + pattern + "' has no segment");
        }
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= body.length(); i++) {
            if (i == body.length() || body.charAt(i) == '/') {
                String part = body.substring(start, i);
                if (part.isEmpty()) {
                    throw new IllegalArgumentException("path pattern '" + pattern + "' has an empty segment at index "
                            + (start + (pattern.length() - body.length())));
                }
                parts.add(part);
                start = i + 1;
            }
        }
        return new PathPattern(parts);
    }

    /** Every node at or below a node labelled {@code label}, anywhere in the tree. */
    public static PathPattern atOrUnder(String label) {
        return new PathPattern(List.of(ANY, label, ANY));
    }

    /** Every node strictly below a node labelled {@code label}, anywhere in the tree. */
    public static PathPattern under(String label) {
        return new PathPattern(List.of(ANY, label, ONE, ANY));
    }

    /** The anchored regular expression over a stored label path that matches what this pattern matches. */
    public String regex() {
        StringBuilder out = new StringBuilder("^");
        for (String s : segments) {
            switch (s) {
                case ONE -> out.append("/[^/]+");
                case ANY -> out.append("(?:/[^/]+)*");
                default -> out.append('/').append(Pattern.quote(s));
            }
        }
        return out.append('$').toString();
    }

    /** True when this pattern matches a label path such as {@code /Apparel/Men/Shoes}. */
    public boolean matches(String labelPath) {
        return compiled().matcher(labelPath).matches();
    }

    Pattern compiled() {
        return Pattern.compile(regex());
    }

    @Override
    public String toString() {
        return "/" + String.join("/", segments);
    }
}
