package dev.nosqlpatterns.lucene;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@code lucene:} URIs into a builder: where the index is, and the commit policy option. */
final class LuceneUris {
    private static final Pattern MILLIS = Pattern.compile("(\\d{1,9})ms");

    private LuceneUris() {
    }

    static void apply(URI uri, LuceneStore.Builder b, List<String> problems) {
        if (!"lucene".equalsIgnoreCase(uri.getScheme())) {
            b.memoryFromUri();
            problems.add("URI '" + uri + "' is not a lucene: URI; use lucene:memory or lucene:/absolute/path");
            return;
        }
        String query;
        if (uri.isOpaque()) {
            String part = uri.getSchemeSpecificPart();
            int q = part.indexOf('?');
            query = q < 0 ? null : part.substring(q + 1);
            String where = q < 0 ? part : part.substring(0, q);
            if (where.equals("memory")) {
                b.memoryFromUri();
            } else {
                b.pathFromUri(Path.of(where));
                problems.add("URI '" + uri + "' names a relative path; use lucene:/absolute/path or lucene:memory");
            }
        } else {
            query = uri.getQuery();
            if (uri.getAuthority() != null && !uri.getAuthority().isEmpty()) {
                b.pathFromUri(Path.of("/"));
                problems.add("URI '" + uri + "' has a host; a Lucene index is local: use lucene:/absolute/path");
            } else if (uri.getPath() == null || uri.getPath().isEmpty() || uri.getPath().equals("/")) {
                b.pathFromUri(Path.of("/"));
                problems.add("URI '" + uri + "' names no directory; use lucene:/absolute/path or lucene:memory");
            } else {
                b.pathFromUri(Path.of(uri.getPath()));
            }
        }
        if (query != null && !query.isEmpty()) {
            for (String option : query.split("&")) {
                commitOption(uri, option, b, problems);
            }
        }
    }

    private static void commitOption(URI uri, String option, LuceneStore.Builder b, List<String> problems) {
        if (!option.startsWith("commit=")) {
            problems.add("URI '" + uri + "' has an unknown option '" + option + "'; known: commit=write|explicit|<n>ms");
            return;
        }
        String value = option.substring("commit=".length());
        Matcher ms = MILLIS.matcher(value);
        if (value.equals("write")) {
            b.commitsFromUri(CommitPolicy.EVERY_WRITE);
        } else if (value.equals("explicit")) {
            b.commitsFromUri(CommitPolicy.EXPLICIT);
        } else if (ms.matches() && Long.parseLong(ms.group(1)) > 0) {
            b.commitsFromUri(CommitPolicy.every(Duration.ofMillis(Long.parseLong(ms.group(1)))));
        } else {
            problems.add("URI '" + uri + "' has commit='" + value + "'; use write, explicit or a positive <n>ms");
        }
    }
}
