package dev.nosqlpatterns.examples.socblog;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A SocBlog post as its head item holds it: the latest title and how many versions it has.
 *
 * @param postId    the post's id, e.g. {@code p345}
 * @param author    the author's user id
 * @param title     the title of the latest version
 * @param category  the category
 * @param published when the first version was published
 * @param versions  how many versions exist, at least 1
 */
public record Post(String postId, String author, String title, String category, Instant published, int versions) {
    public Post {
        List<String> problems = new ArrayList<>();
        SocBlog.checkId(problems, "post id", postId);
        SocBlog.checkId(problems, "author", author);
        if (title == null || title.isBlank()) {
            problems.add("title of post '" + postId + "' must not be blank");
        }
        if (category == null || !category.matches("[a-z0-9-]{1,40}")) {
            problems.add("category '" + category + "' must be 1 to 40 lower-case letters, digits or '-'");
        }
        if (published == null) {
            problems.add("publication instant of post '" + postId + "' must not be null");
        }
        if (versions < 1) {
            problems.add("post '" + postId + "' must have at least one version, got " + versions);
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", problems));
        }
    }
}
